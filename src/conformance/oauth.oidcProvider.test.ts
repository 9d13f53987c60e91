/**
 * Wirebench's grants against a real authorization server not written here: panva's
 * `oidc-provider` on loopback (issue 16). Discovery with the issuer check, client
 * credentials with each client authentication method (a Basic secret full of reserved
 * characters, post, private_key_jwt), authorization code with PKCE and an ID token checked
 * against the JWKS, refresh with rotation and reuse refused, revocation, introspection,
 * the RFC 9207 `iss` of the redirect (required when advertised, else checked when present),
 * and the device grant approved and denied (its token requests without scope).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGrantTokenRequest,
  buildIntrospectionRequest,
  buildRevocationRequest,
  discover,
  runGrant,
  type GrantRunnerDeps,
  type GrantSettings,
  type GrantStep,
  type OAuthClient,
} from '../core/oauth';
import { mapTokenResponse, VAULT_DEFAULT_MAPPING, type TokenEndpointAnswer, type WireRequest } from '../core';
import type { AuthorizationServerMetadata } from '../core/oauth/discovery';
import { CONFIDENTIAL, POST_CLIENT, REDIRECT_URI, startOidcProvider, type RunningProvider } from './oidcProvider';

let op: RunningProvider;
let meta: AuthorizationServerMetadata;

async function send(wire: WireRequest) {
  const res = await fetch(wire.url, { method: wire.method, headers: wire.headers.map((h) => [h.name, h.value] as [string, string]), ...(wire.body ? { body: wire.body.map(String).join('') } : {}) });
  const answer: TokenEndpointAnswer = { status: res.status, headers: [...res.headers].map(([name, value]) => ({ name, value })), bodyText: await res.text() };
  return { ok: true as const, value: answer };
}

function deps(steps: GrantStep[], extra: Partial<GrantRunnerDeps> = {}): GrantRunnerDeps {
  return { send, now: () => Date.now(), sleep: async () => undefined, report: (s) => steps.push(s), ...extra };
}

function settingsFor(grant: GrantSettings['grant'], client: OAuthClient, more: Partial<GrantSettings> = {}): GrantSettings {
  return {
    grant,
    client,
    tokenEndpoint: meta.tokenEndpoint!,
    issuer: meta.issuer,
    ...(meta.authorizationEndpoint ? { authorizationEndpoint: meta.authorizationEndpoint } : {}),
    ...(meta.deviceAuthorizationEndpoint ? { deviceAuthorizationEndpoint: meta.deviceAuthorizationEndpoint } : {}),
    ...(meta.jwksUri ? { jwksUri: meta.jwksUri } : {}),
    ...(meta.codeChallengeMethodsSupported ? { pkceMethods: meta.codeChallengeMethodsSupported } : {}),
    redirectUri: REDIRECT_URI,
    ...more,
  };
}

beforeAll(async () => {
  op = await startOidcProvider();
  const found = await discover(op.issuer, deps([]));
  if (!found.ok) throw new Error(found.error.message);
  meta = found.value;
});

afterAll(() => op?.close());

const basic: OAuthClient = { ...CONFIDENTIAL, authMethod: 'client_secret_basic' };

describe('discovery against oidc-provider', () => {
  it('reads the OpenID configuration and refuses an issuer that differs by a slash', async () => {
    expect(meta).toMatchObject({ issuer: op.issuer, source: 'openid-configuration', codeChallengeMethodsSupported: ['S256'] });
    expect(meta.grantTypesSupported).toContain('urn:ietf:params:oauth:grant-type:device_code');
    const steps: GrantStep[] = [];
    const slashed = await discover(`${op.issuer}/`, deps(steps));
    expect(!slashed.ok && slashed.error.message).toContain('differ only in a trailing slash');
  });
});

describe('client credentials against oidc-provider', () => {
  it.each([
    ['client_secret_basic with reserved characters in the secret', basic],
    ['client_secret_post', { ...POST_CLIENT, authMethod: 'client_secret_post' } as OAuthClient],
  ])('%s', async (_label, client) => {
    const steps: GrantStep[] = [];
    const outcome = await runGrant(settingsFor('client_credentials', client, { scope: 'api:read' }), deps(steps));
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value.tokens.accessToken.length).toBeGreaterThan(20);
    expect(outcome.value.tokens.expiresInSeconds).toBe(300);
    expect(JSON.stringify(steps)).not.toContain(outcome.value.tokens.accessToken);
    expect(JSON.stringify(steps)).not.toContain(CONFIDENTIAL.clientSecret);
  });
  it('private_key_jwt, and invalid_client for a wrong secret', async () => {
    const jwt = await runGrant(settingsFor('client_credentials', { clientId: 'wb-jwt', authMethod: 'private_key_jwt', privateKey: op.privateKeyPem, signingAlg: 'ES256', keyId: 'wb-jwt-1' }), deps([]));
    expect(jwt.ok).toBe(true);
    const steps: GrantStep[] = [];
    const wrong = await runGrant(settingsFor('client_credentials', { ...basic, clientSecret: 'not-it' }), deps(steps));
    expect(!wrong.ok && wrong.error.message).toContain('invalid_client');
    expect(steps.at(-1)).toMatchObject({ step: 'token', outcome: 'error' });
  });
});

describe('authorization code with PKCE against oidc-provider', () => {
  it('signs in through the provider\'s pages, validates the ID token, rotates and revokes the refresh token', async () => {
    const steps: GrantStep[] = [];
    const pub: OAuthClient = { clientId: 'wb-public', authMethod: 'none' };
    const outcome = await runGrant(settingsFor('authorization_code', pub, { scope: 'openid offline_access' }), deps(steps, { authorize: (url) => {
      const sent = new URL(url);
      expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
      expect(sent.searchParams.get('nonce')).toBeTruthy();
      return op.browse(url);
    } }));
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value.idToken?.claims.sub).toBe('alice');
    // oidc-provider puts no at_hash in ID tokens from the token endpoint (optional there, OIDC Core §3.1.3.6).
    expect(outcome.value.idToken?.checks.map((c) => c.name)).toEqual(['signature', 'iss', 'aud', 'exp', 'iat', 'nonce']);
    const first = outcome.value.tokens.refreshToken!;
    expect(first).toBeTruthy();
    expect(steps.map((s) => `${s.step}:${s.outcome}`)).toEqual(['authorize:waiting', 'callback:ok', 'token:ok', 'id-token:ok']);

    const refresh = async (token: string) => {
      const wire = await buildGrantTokenRequest(meta.tokenEndpoint!, pub, { kind: 'refresh_token', refreshToken: token });
      if (!wire.ok) throw new Error(wire.error.message);
      return mapTokenResponse((await send(wire.value)).value, VAULT_DEFAULT_MAPPING);
    };
    const rotated = await refresh(first);
    if (!rotated.ok) throw new Error(rotated.error.message);
    expect(rotated.value.refreshToken).toBeTruthy();
    expect(rotated.value.refreshToken).not.toBe(first);
    const reused = await refresh(first);
    expect(!reused.ok && reused.error).toMatchObject({ code: 'invalid_grant', grantRevoked: true });
  });

  it('a confidential client: introspection says active, revocation ends the refresh token', async () => {
    const outcome = await runGrant(settingsFor('authorization_code', basic, { scope: 'openid offline_access' }), deps([], { authorize: (url) => op.browse(url) }));
    if (!outcome.ok) throw new Error(outcome.error.message);
    const introspect = await buildIntrospectionRequest(meta.introspectionEndpoint!, basic, outcome.value.tokens.accessToken);
    const active = JSON.parse((await send(introspect.ok ? introspect.value : (() => { throw new Error('x'); })())).value.bodyText);
    expect(active).toMatchObject({ active: true, client_id: CONFIDENTIAL.clientId, sub: 'alice' });
    const revoke = await buildRevocationRequest(meta.revocationEndpoint!, basic, outcome.value.tokens.refreshToken!, 'refresh_token');
    expect(revoke.ok && (await send(revoke.value)).value.status).toBe(200);
    const wire = await buildGrantTokenRequest(meta.tokenEndpoint!, basic, { kind: 'refresh_token', refreshToken: outcome.value.tokens.refreshToken! });
    const after = mapTokenResponse((await send(wire.ok ? wire.value : (() => { throw new Error('x'); })())).value, VAULT_DEFAULT_MAPPING);
    expect(!after.ok && after.error.code).toBe('invalid_grant');
  });

  it('denied consent is explained and a state mismatch refused', async () => {
    const pub: OAuthClient = { clientId: 'wb-public', authMethod: 'none' };
    const denied = await runGrant(settingsFor('authorization_code', pub, { scope: 'openid' }), deps([], { authorize: (url) => op.browse(url, { consent: false }) }));
    expect(!denied.ok && denied.error.message).toContain('access_denied');
    const forged = await runGrant(settingsFor('authorization_code', pub, { scope: 'openid' }), deps([], { authorize: async (url) => (await op.browse(url)).replace(/state=[^&]+/, 'state=forged') }));
    expect(!forged.ok && forged.error.kind).toBe('oauth-state-mismatch');
  });
});

describe('RFC 9207 authorization response issuer against oidc-provider', () => {
  const pub: OAuthClient = { clientId: 'wb-public', authMethod: 'none' };
  const withoutIss = (redirect: string) => {
    const url = new URL(redirect);
    url.searchParams.delete('iss');
    return url.href;
  };
  const withIss = (redirect: string, iss: string) => {
    const url = new URL(redirect);
    url.searchParams.set('iss', iss);
    return url.href;
  };
  /** The provider's discovery document with the RFC 9207 flag taken out: a server that does not advertise it. */
  const quietDiscovery = async () => {
    const quiet = await discover(op.issuer, deps([], {
      send: async (wire) => {
        const answer = await send(wire);
        if (!wire.url.includes('/.well-known/')) return answer;
        const { authorization_response_iss_parameter_supported: _flag, ...doc } = JSON.parse(answer.value.bodyText) as Record<string, unknown>;
        return { ok: true as const, value: { ...answer.value, bodyText: JSON.stringify(doc) } };
      },
    }));
    if (!quiet.ok) throw new Error(quiet.error.message);
    return quiet.value;
  };
  /** Runs the code grant with the redirect changed by `change`; counts the token requests that went out. */
  const signIn = async (requireIssParameter: boolean, change: (redirect: string) => string) => {
    const steps: GrantStep[] = [];
    let tokenRequests = 0;
    const outcome = await runGrant(settingsFor('authorization_code', pub, { scope: 'openid', requireIssParameter }), deps(steps, {
      send: async (wire) => {
        if (wire.url === meta.tokenEndpoint) tokenRequests++;
        return send(wire);
      },
      authorize: async (url) => change(await op.browse(url)),
    }));
    return { outcome, steps, tokenRequests };
  };

  it('the provider advertises authorization_response_iss_parameter_supported and sends iss', async () => {
    expect(meta.authorizationResponseIssParameterSupported).toBe(true);
    const { outcome } = await signIn(meta.authorizationResponseIssParameterSupported, (redirect) => {
      expect(new URL(redirect).searchParams.get('iss')).toBe(op.issuer);
      return redirect;
    });
    expect(outcome.ok).toBe(true);
  });

  it('advertised, and the redirect\'s iss removed: refused before any token request (RFC 9207 §2.4)', async () => {
    const { outcome, steps, tokenRequests } = await signIn(meta.authorizationResponseIssParameterSupported, withoutIss);
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'oauth-issuer-missing', field: 'iss' } });
    expect(!outcome.ok && outcome.error.message).toContain('RFC 9207 §2.4');
    expect(tokenRequests).toBe(0);
    expect(steps.at(-1)).toMatchObject({ step: 'callback', outcome: 'error' });
  });

  it('not advertised: a redirect without iss is accepted, one naming another issuer refused', async () => {
    const quiet = await quietDiscovery();
    expect(quiet.authorizationResponseIssParameterSupported).toBe(false);
    const accepted = await signIn(quiet.authorizationResponseIssParameterSupported, withoutIss);
    if (!accepted.outcome.ok) throw new Error(accepted.outcome.error.message);
    expect(accepted.outcome.value.idToken?.claims.sub).toBe('alice');
    const same = await signIn(quiet.authorizationResponseIssParameterSupported, (redirect) => redirect);
    expect(same.outcome.ok).toBe(true);
    const other = await signIn(quiet.authorizationResponseIssParameterSupported, (redirect) => withIss(redirect, 'https://attacker.example'));
    expect(other.outcome).toMatchObject({ ok: false, error: { kind: 'oauth-issuer-mismatch' } });
    expect(other.tokenRequests).toBe(0);
  });

  it('a wrong iss is refused whether or not it was advertised', async () => {
    for (const required of [true, false]) {
      const { outcome, tokenRequests } = await signIn(required, (redirect) => withIss(redirect, `${op.issuer}/`));
      expect(outcome).toMatchObject({ ok: false, error: { kind: 'oauth-issuer-mismatch' } });
      expect(tokenRequests).toBe(0);
    }
  });
});

describe('device authorization against oidc-provider', () => {
  const device: OAuthClient = { clientId: 'wb-device', authMethod: 'none' };
  it('polls until the person approves, then holds tokens', async () => {
    const steps: GrantStep[] = [];
    let shown = '';
    const bodies: URLSearchParams[] = [];
    const outcome = await runGrant(settingsFor('device_code', device, { scope: 'openid offline_access' }), deps(steps, {
      send: async (wire) => {
        if (wire.body) bodies.push(new URLSearchParams(wire.body.map(String).join('')));
        return send(wire);
      },
      showDeviceCode: (d) => {
        shown = d.userCode;
        expect(d.verificationUriComplete).toContain(encodeURIComponent(d.userCode).slice(0, 4));
      },
      sleep: async () => {
        if (steps.filter((s) => s.step === 'poll').length === 0 && shown) await op.decideDeviceCode(shown, true);
      },
    }));
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value.tokens.refreshToken).toBeTruthy();
    expect(outcome.value.idToken?.claims.sub).toBe('alice');
    // RFC 8628: scope goes with the device authorization request (§3.1), never with the token request (§3.4).
    const [authorization, ...polls] = bodies;
    expect(authorization!.get('scope')).toBe('openid offline_access');
    expect(polls.length).toBeGreaterThan(0);
    for (const poll of polls) {
      expect(poll.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:device_code');
      expect(poll.has('scope')).toBe(false);
    }
  });
  it('stops with access_denied explained when the person denies', async () => {
    let shown = '';
    const outcome = await runGrant(settingsFor('device_code', device, { scope: 'openid' }), deps([], {
      showDeviceCode: (d) => (shown = d.userCode),
      sleep: async () => op.decideDeviceCode(shown, false),
    }));
    expect(!outcome.ok && outcome.error.message).toMatch(/access_denied: The person .* declined/);
  });
});
