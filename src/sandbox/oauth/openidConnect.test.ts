import { createHash } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { setSandboxClock } from '../clock';
import { useOAuthSandbox } from '../../testing/oauthSandbox';

const t = useOAuthSandbox({ realClock: true });

const POST_CLIENT = { client_id: 'wb-post', client_secret: 'post-secret-2c1f' };

async function jwks(): Promise<JSONWebKeySet> {
  const res = await fetch(`${t.as.issuer}/jwks`);
  expect(res.headers.get('content-type')).toBe('application/jwk-set+json');
  return (await res.json()) as JSONWebKeySet;
}

async function publicTokens(): Promise<any> {
  const { code, verifier } = await t.as.publicCode({ scope: 'openid profile email orders:read' });
  const tokens = await t.as.exchangePublic(code, verifier);
  expect(tokens.status).toBe(200);
  return tokens.json;
}

describe('discovery', () => {
  it('serves the OpenID configuration and the RFC 8414 document (path insertion) with the same issuer', async () => {
    const oidc = await (await fetch(`${t.as.issuer}/.well-known/openid-configuration`)).json();
    const rfc8414 = await fetch(`${t.sb.origin}/.well-known/oauth-authorization-server/sandbox/oauth`);
    expect(rfc8414.status).toBe(200);
    expect(await rfc8414.json()).toEqual(oidc);
    expect(oidc).toMatchObject({
      issuer: t.as.issuer,
      authorization_endpoint: `${t.as.issuer}/authorize`,
      token_endpoint: `${t.as.issuer}/token`,
      device_authorization_endpoint: `${t.as.issuer}/device_authorization`,
      jwks_uri: `${t.as.issuer}/jwks`,
      userinfo_endpoint: `${t.as.issuer}/userinfo`,
      introspection_endpoint: `${t.as.issuer}/introspect`,
      revocation_endpoint: `${t.as.issuer}/revoke`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256', 'ES256'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(oidc.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'client_credentials', 'refresh_token', 'password', 'urn:ietf:params:oauth:grant-type:device_code']));
    expect(oidc.token_endpoint_auth_methods_supported).toEqual(expect.arrayContaining(['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none']));
  });

  it('names the issuer after the origin the client used (localhost or 127.0.0.1)', async () => {
    const port = new URL(t.sb.origin).port;
    const viaLocalhost = await t.sb.call('/sandbox/oauth/.well-known/openid-configuration', { headers: { Host: `localhost:${port}` } });
    expect(viaLocalhost.json.issuer).toBe(`http://localhost:${port}/sandbox/oauth`);
  });
});

describe('ID tokens', () => {
  it('verify against the JWKS with iss, aud, exp, iat, auth_time, nonce and at_hash', async () => {
    const tokens = await publicTokens();
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token, createLocalJWKSet(await jwks()), { issuer: t.as.issuer, audience: 'wb-public', algorithms: ['RS256'] });
    expect(protectedHeader.kid).toBeDefined();
    expect(payload).toMatchObject({ sub: 'alice', nonce: 'n-1' });
    expect(typeof payload.auth_time).toBe('number');
    expect(payload.exp! - payload.iat!).toBe(300);
    const digest = createHash('sha256').update(tokens.access_token).digest();
    expect(payload.at_hash).toBe(digest.subarray(0, 16).toString('base64url'));
  });

  it('are ES256 for the client registered for it', async () => {
    const legacy = await t.as.token({ grant_type: 'password', username: 'alice', password: 'wonderland-42', scope: 'openid' }, { headers: { Authorization: `Basic ${Buffer.from('wb-legacy:legacy-secret-9e4a').toString('base64')}` } });
    expect(decodeProtectedHeader(legacy.json.id_token).alg).toBe('RS256');
    const keys = await jwks();
    expect(keys.keys.map((k) => k.alg).sort()).toEqual(['ES256', 'RS256']);
  });

  it('keep verifying after a key rotation while the old key stays published', async () => {
    const before = await publicTokens();
    const oldKid = decodeProtectedHeader(before.id_token).kid;
    const rotated = await fetch(`${t.as.issuer}/rotate-keys`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    const { current, retired } = (await rotated.json()) as { current: string[]; retired: { kid: string }[] };
    expect(current).not.toContain(oldKid);
    expect(retired.map((r) => r.kid)).toContain(oldKid);
    const after = await publicTokens();
    expect(decodeProtectedHeader(after.id_token).kid).toBe(current.find((k) => k.startsWith('rs256')));
    const set = createLocalJWKSet(await jwks());
    await expect(jwtVerify(before.id_token, set, { issuer: t.as.issuer, audience: 'wb-public' })).resolves.toBeDefined();
    await expect(jwtVerify(after.id_token, set, { issuer: t.as.issuer, audience: 'wb-public' })).resolves.toBeDefined();
    // Eleven minutes later the old key is gone from the JWKS.
    const later = Date.now() + 11 * 60_000;
    setSandboxClock(() => later);
    expect((await jwks()).keys.map((k) => k.kid)).not.toContain(oldKid);
  });
});

describe('userinfo, introspection, revocation', () => {
  it('userinfo answers the claims of the granted scopes for a Bearer token', async () => {
    const tokens = await publicTokens();
    const info = await fetch(`${t.as.issuer}/userinfo`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({
      sub: 'alice',
      name: 'Alice Liddell',
      given_name: 'Alice',
      family_name: 'Liddell',
      preferred_username: 'alice',
      email: 'alice@example.com',
      email_verified: true,
    });
    const none = await fetch(`${t.as.issuer}/userinfo`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    const bad = await fetch(`${t.as.issuer}/userinfo`, { headers: { Authorization: 'Bearer abc.def.ghi' } });
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const cc = await t.as.token({ grant_type: 'client_credentials', ...POST_CLIENT });
    const machine = await fetch(`${t.as.issuer}/userinfo`, { headers: { Authorization: `Bearer ${cc.json.access_token}` } });
    expect(machine.status).toBe(403);
  });

  it('introspects access and refresh tokens (active with claims, or only active: false)', async () => {
    const tokens = await publicTokens();
    const access = await t.as.post('/introspect', { token: tokens.access_token, ...POST_CLIENT });
    expect(access.json).toMatchObject({ active: true, token_type: 'Bearer', client_id: 'wb-public', sub: 'alice', username: 'alice', scope: 'openid profile email orders:read' });
    const refresh = await t.as.post('/introspect', { token: tokens.refresh_token, token_type_hint: 'refresh_token', ...POST_CLIENT });
    expect(refresh.json).toMatchObject({ active: true, token_type: 'refresh_token', client_id: 'wb-public' });
    expect((await t.as.post('/introspect', { token: 'nonsense', ...POST_CLIENT })).json).toEqual({ active: false });
    const anonymous = await t.as.post('/introspect', { token: tokens.access_token });
    expect(anonymous).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
  });

  it('revokes an access token (introspection and the API see it) and a refresh token (its grant ends)', async () => {
    const tokens = await publicTokens();
    const revokeAccess = await t.as.post('/revoke', { token: tokens.access_token, token_type_hint: 'access_token', client_id: 'wb-public' });
    expect(revokeAccess.status).toBe(200);
    expect((await t.as.post('/introspect', { token: tokens.access_token, ...POST_CLIENT })).json).toEqual({ active: false });
    expect((await t.sb.call('/sandbox/api/bearer', { headers: { Authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
    expect((await t.as.post('/revoke', { token: tokens.refresh_token, ...POST_CLIENT })).json.error).toBe('unauthorized_client');
    expect((await t.as.post('/revoke', { token: tokens.refresh_token, client_id: 'wb-public' })).status).toBe(200);
    const refresh = await t.as.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'wb-public' });
    expect(refresh.json.error).toBe('invalid_grant');
    expect((await t.as.post('/revoke', { token: 'unknown-token', client_id: 'wb-public' })).status).toBe(200);
  });
});
