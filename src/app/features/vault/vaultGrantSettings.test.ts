import { describe, expect, it } from 'vitest';
import { newVaultEntryConfig, newVaultOAuthSettings, vaultEntryProblems, type VaultEntryConfig } from '../../../core';
import type { AuthorizationServerMetadata } from '../../../core/oauth';
import { readVaultPayload } from './vaultPayload';
import { accessFromGrant, applyDiscovery, deviceCountdown, grantSettingsOf, serverSupportOf, suggestedAllowedHost } from './vaultGrantSettings';
import { pkceNote } from './VaultPkceNote';

const ORIGIN = 'http://127.0.0.1:4985';

function entry(patch: Partial<VaultEntryConfig> = {}, oauth: Partial<VaultEntryConfig['oauth']> = {}): VaultEntryConfig {
  return { ...newVaultEntryConfig('e'), tokenUrl: 'https://id.example.com/token', clientId: 'app', clientSecret: 's3cret', ...patch, oauth: { ...newVaultOAuthSettings(), ...oauth } };
}

const meta: AuthorizationServerMetadata = {
  issuer: 'https://id.example.com',
  authorizationEndpoint: 'https://id.example.com/authorize',
  tokenEndpoint: 'https://id.example.com/oauth/token',
  revocationEndpoint: 'https://id.example.com/revoke',
  jwksUri: 'https://id.example.com/jwks',
  responseTypesSupported: ['code'],
  grantTypesSupported: ['authorization_code'],
  codeChallengeMethodsSupported: ['S256'],
  tokenEndpointAuthMethodsSupported: ['private_key_jwt', 'none'],
  authorizationResponseIssParameterSupported: false,
  source: 'openid-configuration',
  notes: [],
};

describe('grant settings of an entry', () => {
  it('uses the loopback callback unless the entry registered its own redirect URI', () => {
    const settings = grantSettingsOf(entry({}, { grant: 'authorization_code', authorizationEndpoint: 'https://id.example.com/a', scope: ' openid ', resources: ['https://api.example.com', ' '] }), ORIGIN);
    expect(settings.ok && settings.value).toMatchObject({ redirectUri: `${ORIGIN}/oauth/callback`, scope: 'openid', resources: ['https://api.example.com'], client: { clientId: 'app', clientSecret: 's3cret' } });
    const own = grantSettingsOf(entry({}, { grant: 'authorization_code', authorizationEndpoint: 'https://id.example.com/a', manualRedirect: true, redirectUri: 'https://app.example.com/cb' }), ORIGIN);
    expect(own.ok && own.value.redirectUri).toBe('https://app.example.com/cb');
  });

  it('refuses a pasted-token entry and a grant without its endpoint, naming the field', () => {
    const manual = grantSettingsOf(entry(), ORIGIN);
    expect(!manual.ok && manual.error.field).toBe('oauth.grant');
    const code = grantSettingsOf(entry({}, { grant: 'authorization_code' }), ORIGIN);
    expect(!code.ok && code.error.field).toBe('oauth.authorizationEndpoint');
    const token = grantSettingsOf(entry({ tokenUrl: '' }, { grant: 'client_credentials' }), ORIGIN);
    expect(!token.ok && token.error.field).toBe('tokenUrl');
  });

  it('passes the password grant\'s credentials only for that grant', () => {
    const password = grantSettingsOf(entry({}, { grant: 'password', username: 'alice', password: 'pw' }), ORIGIN);
    expect(password.ok && password.value).toMatchObject({ username: 'alice', password: 'pw' });
    const cc = grantSettingsOf(entry({}, { grant: 'client_credentials', username: 'alice', password: 'pw' }), ORIGIN);
    expect(cc.ok && 'password' in cc.value).toBe(false);
  });
});

describe('discovery into an entry', () => {
  it('fills the endpoints and PKCE methods, and picks a listed client authentication method', () => {
    const filled = applyDiscovery(entry({}, { grant: 'authorization_code', clientAuthMethod: 'client_secret_basic', userinfoEndpoint: 'https://old.example.com/me' }), meta, 1000);
    expect(filled.tokenUrl).toBe('https://id.example.com/oauth/token');
    expect(filled.oauth).toMatchObject({ issuer: meta.issuer, authorizationEndpoint: meta.authorizationEndpoint, revocationEndpoint: meta.revocationEndpoint, userinfoEndpoint: '', pkceMethods: ['S256'], clientAuthMethod: 'none' });
    const kept = applyDiscovery(entry({}, { clientAuthMethod: 'private_key_jwt' }), meta, 1000);
    expect(kept.oauth!.clientAuthMethod).toBe('private_key_jwt');
  });

  it('keeps what the server supports on the entry, so greying out survives a reload of the sealed payload', () => {
    expect(serverSupportOf(entry().oauth!)).toBeUndefined();
    const filled = applyDiscovery(entry({}, { grant: 'authorization_code' }), meta, 1234);
    expect(filled.oauth!.discovered).toEqual({ at: 1234, source: 'openid-configuration', grantTypes: ['authorization_code'], clientAuthMethods: ['private_key_jwt', 'none'], issParameterSupported: false });
    // Sealed and opened again: the payload schema keeps it.
    const reopened = readVaultPayload(JSON.parse(JSON.stringify({ version: 1, entries: [{ config: filled, state: { phase: 'empty', rotations: 0 }, log: [] }] })));
    expect(reopened.ok).toBe(true);
    const oauth = reopened.ok ? reopened.value.entries[0]!.config.oauth! : filled.oauth!;
    const support = serverSupportOf(oauth)!;
    expect(support.grants).toMatchObject({ authorization_code: true, client_credentials: false, device_code: false, password: false });
    expect(support.clientAuth).toEqual({ client_secret_basic: false, client_secret_post: false, none: true, private_key_jwt: true });
    expect(oauth.pkceMethods).toEqual(['S256']);
  });

  it('keeps authorization_response_iss_parameter_supported as a setting the sign-in follows (RFC 9207), through a reload', () => {
    const code = { grant: 'authorization_code' as const, authorizationEndpoint: 'https://id.example.com/a' };
    const advertised = applyDiscovery(entry({}, code), { ...meta, authorizationResponseIssParameterSupported: true }, 1);
    expect(advertised.oauth).toMatchObject({ requireIssParameter: true, discovered: { issParameterSupported: true } });
    const reopened = readVaultPayload(JSON.parse(JSON.stringify({ version: 1, entries: [{ config: advertised, state: { phase: 'empty', rotations: 0 }, log: [] }] })));
    const config = reopened.ok ? reopened.value.entries[0]!.config : entry();
    expect(config.oauth).toMatchObject({ requireIssParameter: true, discovered: { issParameterSupported: true } });
    const settings = grantSettingsOf(config, ORIGIN);
    expect(settings.ok && settings.value.requireIssParameter).toBe(true);
    // Rediscovered without the flag, or a server entered by hand: iss is not required.
    const quiet = applyDiscovery(advertised, meta, 2);
    expect(quiet.oauth!.requireIssParameter).toBe(false);
    const byHand = grantSettingsOf(entry({}, code), ORIGIN);
    expect(byHand.ok && byHand.value.requireIssParameter).toBeUndefined();
    const ticked = grantSettingsOf(entry({}, { ...code, requireIssParameter: true }), ORIGIN);
    expect(ticked.ok && ticked.value.requireIssParameter).toBe(true);
  });

  it('reads a payload sealed before discovery and authorization parameters were kept', () => {
    const old = entry({}, { grant: 'client_credentials' });
    const { authorizationParameters: _a, discovered: _d, requireIssParameter: _r, ...oldOauth } = old.oauth!;
    const opened = readVaultPayload({ version: 1, entries: [{ config: { ...old, oauth: oldOauth }, state: { phase: 'empty', rotations: 0 }, log: [{ at: 1, trigger: 'manual', endpoint: 'https://id.example.com/token', bodyFormat: 'form', durationMs: 5, outcome: 'ok' }] }] });
    expect(opened.ok).toBe(true);
    expect(grantSettingsOf(opened.ok ? opened.value.entries[0]!.config : old, ORIGIN).ok).toBe(true);
  });
});

describe('extra parameters of an entry', () => {
  const code = { grant: 'authorization_code' as const, authorizationEndpoint: 'https://id.example.com/a' };

  it('sends the authorization parameters with the sign-in and the token parameters with the token request', () => {
    const settings = grantSettingsOf(entry({ extraFields: [{ name: 'tenant', value: 'acme' }, { name: ' ', value: '' }] }, { ...code, authorizationParameters: [{ name: 'prompt', value: 'consent' }] }), ORIGIN);
    expect(settings.ok && settings.value).toMatchObject({ extra: [{ name: 'tenant', value: 'acme' }], extraAuthorize: [{ name: 'prompt', value: 'consent' }] });
  });

  it.each([
    ['an authorization parameter Wirebench writes', { authorizationParameters: [{ name: 'state', value: 'x' }] }, [], 'oauth.authorizationParameters[0]', 'Wirebench writes it itself'],
    ['an authorization parameter with its own field', { authorizationParameters: [{ name: 'audience', value: 'x' }] }, [], 'oauth.authorizationParameters[0]', 'comes from "Audience"'],
    ['a token parameter Wirebench writes', {}, [{ name: 'code_verifier', value: 'x' }], 'extraFields[0]', 'Wirebench writes it itself'],
    ['a token parameter with its own field', {}, [{ name: 'scope', value: 'x' }], 'extraFields[0]', 'comes from "Scopes asked for"'],
    ['a name given twice', {}, [{ name: 'tenant', value: 'a' }, { name: 'tenant', value: 'b' }], 'extraFields[1]', 'appears twice'],
  ])('refuses %s with a message naming the field', (_name, oauth, extraFields, field, text) => {
    const config = entry({ extraFields }, { ...code, ...oauth });
    const settings = grantSettingsOf(config, ORIGIN);
    expect(!settings.ok && settings.error).toMatchObject({ field, message: expect.stringContaining(text) });
    expect(vaultEntryProblems(config)).toContainEqual(expect.objectContaining({ field, message: expect.stringContaining(text) }));
  });

  it('keeps the spec\'s rules for a pasted-token entry: scope stays an ordinary extra field', () => {
    expect(vaultEntryProblems(entry({ extraFields: [{ name: 'scope', value: 'a' }] }, { grant: 'manual' })).filter((p) => p.field?.startsWith('extraFields'))).toEqual([]);
  });
});

describe('PKCE before the sign-in', () => {
  const code = (oauth: Partial<VaultEntryConfig['oauth']>) => entry({}, { grant: 'authorization_code', ...oauth }).oauth!;

  it('warns when the server offers only plain, and says nothing when it offers S256 or nothing', () => {
    expect(pkceNote(code({ pkceMethods: ['plain'] }))).toContain('only the "plain" PKCE method');
    expect(pkceNote(code({ pkceMethods: ['plain', 'S256'] }))).toBeUndefined();
    expect(pkceNote(code({ pkceMethods: [] }))).toBeUndefined();
  });

  it('explains what turning PKCE off gives up, only for the authorization code grant', () => {
    expect(pkceNote(code({ usePkce: false }))).toContain('RFC 9700 §2.1.1');
    expect(pkceNote(entry({}, { grant: 'client_credentials', usePkce: false }).oauth!)).toBeUndefined();
  });
});

describe('what a grant stores', () => {
  it('counts expires_in from when the request was sent, and keeps a refresh token only when given', () => {
    const held = accessFromGrant({ sentAt: 1_000, tokens: { accessToken: 'at', expiresInSeconds: 60, refreshToken: 'rt', tokenType: 'Bearer', notes: [] } });
    expect(held).toEqual({ access: { token: 'at', obtainedAt: 1_000, expiresAt: 61_000, expirySource: 'expires_in', tokenType: 'Bearer' }, refreshToken: 'rt' });
    expect(accessFromGrant({ sentAt: 0, tokens: { accessToken: 'opaque', notes: [] } })).toEqual({ access: { token: 'opaque', obtainedAt: 0 } });
  });
});

describe('the allowed host offered', () => {
  it('prefers a resource, then the audience, then the token endpoint, and offers nothing when hosts are listed', () => {
    expect(suggestedAllowedHost(entry({}, { resources: ['https://api.example.com/v1'] }))).toBe('api.example.com');
    expect(suggestedAllowedHost(entry({}, { audience: 'orders-api' }))).toBe('id.example.com');
    expect(suggestedAllowedHost(entry({ tokenUrl: 'http://127.0.0.1:4985/sandbox/oauth/token' }))).toBe('127.0.0.1:4985');
    expect(suggestedAllowedHost(entry({ allowedHosts: ['api.example.com'] }))).toBeUndefined();
  });
});

describe('the device code countdown', () => {
  it('counts down in minutes and seconds and ends expired', () => {
    expect(deviceCountdown(600_000, 0)).toEqual({ secondsLeft: 600, expired: false, label: '10:00' });
    expect(deviceCountdown(600_000, 592_500)).toEqual({ secondsLeft: 8, expired: false, label: '0:08' });
    expect(deviceCountdown(600_000, 700_000)).toEqual({ secondsLeft: 0, expired: true, label: '0:00' });
  });
});
