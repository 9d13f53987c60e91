import { describe, expect, it } from 'vitest';
import { newVaultEntryConfig, newVaultOAuthSettings, type VaultEntryConfig } from '../../core';
import type { AuthorizationServerMetadata } from '../../core/oauth';
import { accessFromGrant, applyDiscovery, deviceCountdown, grantSettingsOf, suggestedAllowedHost } from './vaultGrantSettings';

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
    const filled = applyDiscovery(entry({}, { grant: 'authorization_code', clientAuthMethod: 'client_secret_basic', userinfoEndpoint: 'https://old.example.com/me' }), meta);
    expect(filled.tokenUrl).toBe('https://id.example.com/oauth/token');
    expect(filled.oauth).toMatchObject({ issuer: meta.issuer, authorizationEndpoint: meta.authorizationEndpoint, revocationEndpoint: meta.revocationEndpoint, userinfoEndpoint: '', pkceMethods: ['S256'], clientAuthMethod: 'none' });
    const kept = applyDiscovery(entry({}, { clientAuthMethod: 'private_key_jwt' }), meta);
    expect(kept.oauth!.clientAuthMethod).toBe('private_key_jwt');
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
