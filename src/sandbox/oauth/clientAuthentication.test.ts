import { randomUUID } from 'node:crypto';
import { generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { WB_JWT_PRIVATE_JWK } from './clients';
import { JWT_BEARER_ASSERTION } from './clientAuthentication';
import { formBody } from './oauthTestClient';
import { useOAuthSandbox } from '../../testing/oauthSandbox';

const t = useOAuthSandbox();

const BASIC_ID = 'urn:wirebench:basic-client';
const BASIC_SECRET = 'b4sic:s3cret/+%&= ok';
const CC = { grant_type: 'client_credentials' };

/** Basic as RFC 6749 §2.3.1 says: form-encode id and secret, then base64 of id:secret. */
function rfcBasic(id: string, secret: string): string {
  const enc = (s: string) => new URLSearchParams({ v: s }).toString().slice(2);
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
}

async function assertion(claims: Record<string, unknown>, key: JWK | CryptoKey = WB_JWT_PRIVATE_JWK): Promise<string> {
  const signingKey = 'kty' in key ? await importJWK(key, 'ES256') : key;
  const now = Math.floor(Date.now() / 1000);
  const defaults = { jti: randomUUID(), iss: 'wb-jwt', sub: 'wb-jwt', aud: `${t.as.issuer}/token`, iat: now, exp: now + 60 };
  return new SignJWT({ ...defaults, ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: 'wb-jwt-1' })
    .sign(signingKey);
}

function withAssertion(jwt: string, extra: Record<string, string> = CC): Record<string, string> {
  return { ...extra, client_assertion_type: JWT_BEARER_ASSERTION, client_assertion: jwt };
}

describe('client_secret_basic', () => {
  it('form-decodes id and secret after base64, so ":", "+", "%", "/" and spaces survive', async () => {
    const ok = await t.as.token(CC, { headers: { Authorization: rfcBasic(BASIC_ID, BASIC_SECRET) } });
    expect(ok.status).toBe(200);
    expect(ok.json.scope).toBe('orders:read orders:write');
    expect(ok.json.refresh_token).toBeUndefined();
    expect(ok.json.id_token).toBeUndefined();
  });

  it('refuses credentials that were not form-encoded, with 401 and a Basic challenge', async () => {
    const raw = `Basic ${Buffer.from(`${BASIC_ID}:${BASIC_SECRET}`).toString('base64')}`;
    const answer = await t.as.token(CC, { headers: { Authorization: raw } });
    expect(answer.status).toBe(401);
    expect(answer.json.error).toBe('invalid_client');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
  });

  it('refuses a wrong secret, an unknown client and a garbled header, each 401 with a reason', async () => {
    const wrong = await t.as.token(CC, { headers: { Authorization: rfcBasic(BASIC_ID, 'nope') } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error_description).toContain('client_secret is wrong');
    const unknown = await t.as.token(CC, { headers: { Authorization: rfcBasic('ghost', 'x') } });
    expect(unknown.json.error_description).toContain('"ghost" is not registered');
    const garbled = await t.as.token(CC, { headers: { Authorization: 'Basic %%%' } });
    expect(garbled.status).toBe(401);
    expect(garbled.headers.get('www-authenticate')).toContain('Basic');
  });

  it('refuses a basic client that sends its secret in the body instead', async () => {
    const answer = await t.as.token({ ...CC, client_id: BASIC_ID, client_secret: BASIC_SECRET });
    expect(answer.status).toBe(401);
    expect(answer.json.error_description).toContain('registered for client_secret_basic but used client_secret_post');
  });
});

describe('client_secret_post and none', () => {
  it('accepts the secret in the body, and refuses a wrong one or none', async () => {
    expect((await t.as.token({ ...CC, client_id: 'wb-post', client_secret: 'post-secret-2c1f' })).status).toBe(200);
    const wrong = await t.as.token({ ...CC, client_id: 'wb-post', client_secret: 'post-secret' });
    expect(wrong).toMatchObject({ status: 401, json: { error: 'invalid_client' } });
    expect(wrong.headers.get('www-authenticate')).toBeNull();
    const none = await t.as.token({ ...CC, client_id: 'wb-post' });
    expect(none.json.error_description).toContain('registered for client_secret_post but sent no credentials');
  });

  it('refuses two authentication methods at once', async () => {
    const both = await t.as.token({ ...CC, client_id: 'wb-post', client_secret: 'post-secret-2c1f' }, { headers: { Authorization: rfcBasic('wb-post', 'post-secret-2c1f') } });
    expect(both).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
  });

  it('refuses a public client that sends a secret, and grants it no client credentials', async () => {
    expect((await t.as.token({ ...CC, client_id: 'wb-public', client_secret: 'x' })).json.error).toBe('invalid_client');
    const cc = await t.as.token({ ...CC, client_id: 'wb-public' });
    expect(cc.json).toMatchObject({ error: 'unauthorized_client' });
  });
});

describe('private_key_jwt (RFC 7523)', () => {
  it('accepts an assertion signed with the published key, aud the token endpoint or the issuer', async () => {
    expect((await t.as.token(withAssertion(await assertion({})))).status).toBe(200);
    expect((await t.as.token(withAssertion(await assertion({ aud: t.as.issuer })))).status).toBe(200);
  });

  it('refuses another key, a replayed jti, a wrong aud, iss ≠ sub, and an expired assertion', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const cases: [string, Promise<string>, string][] = [
      ['wrong key', assertion({}, privateKey as CryptoKey), 'signature does not verify'],
      ['wrong aud', assertion({ aud: `${t.sb.origin}/sandbox/auth/v1/token` }), 'aud must be'],
      ['sub', assertion({ sub: 'someone-else' }), '"sub" claim'],
      ['expired', assertion({ exp: Math.floor(Date.now() / 1000) - 60 }), 'expired'],
      ['long-lived', assertion({ exp: Math.floor(Date.now() / 1000) + 3600 }), 'more than 300 s'],
    ];
    for (const [name, jwt, why] of cases) {
      const answer = await t.as.token(withAssertion(await jwt));
      expect(answer.status, name).toBe(401);
      expect(answer.json.error, name).toBe('invalid_client');
      expect(answer.json.error_description, name).toContain(why);
    }
    const once = await assertion({});
    expect((await t.as.token(withAssertion(once))).status).toBe(200);
    const replay = await t.as.token(withAssertion(once));
    expect(replay.json.error_description).toContain('already used');
  });

  it('refuses a wrong assertion type', async () => {
    const answer = await t.as.token({ ...CC, client_assertion_type: 'jwt', client_assertion: await assertion({}) });
    expect(answer).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
  });
});

describe('password and refresh grants', () => {
  it('allows the password grant only for wb-legacy, and rotates its refresh token', async () => {
    const legacy = { Authorization: rfcBasic('wb-legacy', 'legacy-secret-9e4a') };
    const denied = await t.as.token({ grant_type: 'password', username: 'alice', password: 'wonderland-42', client_id: 'wb-post', client_secret: 'post-secret-2c1f' });
    expect(denied.json.error).toBe('unauthorized_client');
    expect(denied.json.error_description).toContain('RFC 9700');
    const wrong = await t.as.token({ grant_type: 'password', username: 'alice', password: 'x' }, { headers: legacy });
    expect(wrong.json.error).toBe('invalid_grant');
    const first = await t.as.token({ grant_type: 'password', username: 'alice', password: 'wonderland-42', scope: 'openid orders:read' }, { headers: legacy });
    expect(first.status).toBe(200);
    const second = await t.as.token({ grant_type: 'refresh_token', refresh_token: first.json.refresh_token }, { headers: legacy, json: true });
    expect(second.status).toBe(200);
    expect(second.json.refresh_token).not.toBe(first.json.refresh_token);
    expect(second.json.id_token).toBeDefined();
    const wider = await t.as.token({ grant_type: 'refresh_token', refresh_token: second.json.refresh_token, scope: 'orders:write' }, { headers: legacy });
    expect(wider.json.error).toBe('invalid_scope');
    const reuse = await t.as.token({ grant_type: 'refresh_token', refresh_token: first.json.refresh_token }, { headers: legacy });
    expect(reuse.json.error_description).toContain('already used');
    const after = await t.as.token({ grant_type: 'refresh_token', refresh_token: second.json.refresh_token }, { headers: legacy });
    expect(after.json.error_description).toContain('revoked');
  });

  it('names an unsupported grant type and a missing one', async () => {
    const odd = await t.as.token({ grant_type: 'implicit', client_id: 'wb-post', client_secret: 'post-secret-2c1f' });
    expect(odd.json.error).toBe('unsupported_grant_type');
    const none = await t.as.token({ client_id: 'wb-post', client_secret: 'post-secret-2c1f' });
    expect(none.json.error_description).toContain('grant_type is missing');
  });

  it('refuses user scopes for client credentials', async () => {
    const answer = await t.as.token({ ...CC, client_id: 'wb-post', client_secret: 'post-secret-2c1f', scope: 'openid' });
    expect(answer.json.error).toBe('invalid_scope');
  });

  it('still refuses a form with a repeated parameter (RFC 6749 §3.2)', async () => {
    const answer = await t.sb.call('/sandbox/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `${formBody({ ...CC, client_id: 'wb-post', client_secret: 'post-secret-2c1f' })}&scope=orders%3Aread&scope=orders%3Awrite`,
    });
    expect(answer.json.error).toBe('invalid_request');
    expect(answer.json.error_description).toContain('"scope" is repeated');
  });
});
