import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { GRANT_TYPES } from './clients';
import { useOAuthSandbox } from '../../testing/oauthSandbox';
import { breakSignature } from './testSwitches';

const t = useOAuthSandbox({ realClock: true });

const POST_CLIENT = { client_id: 'wb-post', client_secret: 'post-secret-2c1f' };

/** wb-post's tokens through the front channel, the nonce "n-1" sent. */
async function postClientTokens(): Promise<any> {
  const redirect = await t.as.authorizeThrough({ response_type: 'code', client_id: 'wb-post', redirect_uri: t.as.callback, scope: 'openid orders:read', state: 's', nonce: 'n-1' });
  const tokens = await t.as.token({ grant_type: 'authorization_code', code: redirect.searchParams.get('code') ?? '', redirect_uri: t.as.callback, ...POST_CLIENT });
  expect(tokens.status).toBe(200);
  return tokens.json;
}

const arm = (fields: Record<string, string>) => t.as.post('/test/id-token-defect', fields);

async function verify(idToken: string): Promise<unknown> {
  const jwks = (await (await fetch(`${t.as.issuer}/jwks`)).json()) as JSONWebKeySet;
  return jwtVerify(idToken, createLocalJWKSet(jwks), { issuer: t.as.issuer });
}

describe('ID token test switch', () => {
  it('makes only the next ID token of the named client carry another nonce or audience', async () => {
    expect((await arm({ client_id: 'wb-post', defect: 'nonce' })).json).toEqual({ armed: { client_id: 'wb-post', defect: 'nonce' } });
    expect(decodeJwt((await postClientTokens()).id_token).nonce).toBe('n-1-not-the-one-sent');
    expect(decodeJwt((await postClientTokens()).id_token).nonce).toBe('n-1');

    await arm({ client_id: 'wb-post', defect: 'aud' });
    expect(decodeJwt((await postClientTokens()).id_token).aud).toBe('another-client');
  });

  it('breaks the signature so the token no longer verifies against the JWKS', async () => {
    await arm({ client_id: 'wb-post', defect: 'signature' });
    const broken = (await postClientTokens()).id_token;
    await expect(verify(broken)).rejects.toThrow(/signature/);
    await expect(verify((await postClientTokens()).id_token)).resolves.toBeDefined();
    expect(breakSignature('a.b.Axyz')).toBe('a.b.Bxyz');
  });

  it('is cleared by /sandbox/reset and refuses unknown clients or defects', async () => {
    await arm({ client_id: 'wb-post', defect: 'aud' });
    await t.sb.call('/sandbox/reset', { method: 'POST' });
    expect(decodeJwt((await postClientTokens()).id_token).aud).toBe('wb-post');
    expect((await arm({ client_id: 'nobody', defect: 'aud' })).status).toBe(400);
    expect((await arm({ client_id: 'wb-post', defect: 'exp' })).json.error_description).toMatch(/nonce, aud, signature/);
  });
});

describe('device ageing switch', () => {
  it('moves one device authorization forward until its code expires', async () => {
    const started = (await t.as.post('/device_authorization', { client_id: 'wb-device', scope: 'openid' })).json;
    const aged = await t.as.post('/test/age-device', { user_code: started.user_code, seconds: '601' });
    expect(aged.json.expiresIn).toBeLessThanOrEqual(0);
    const poll = await t.as.token({ grant_type: GRANT_TYPES.deviceCode, device_code: started.device_code, client_id: 'wb-device' });
    expect(poll.json.error).toBe('expired_token');
    expect((await t.as.post('/test/age-device', { user_code: 'NOPE-NOPE', seconds: '1' })).status).toBe(400);
  });
});

const BASIC_CLIENT = { id: 'urn:wirebench:basic-client', secret: 'b4sic:s3cret/+%&= ok' };

/** Client credentials for the basic client: an access token and its jti. */
async function basicClientToken(): Promise<{ token: string; jti: string }> {
  const basic = Buffer.from(`${encodeURIComponent(BASIC_CLIENT.id)}:${encodeURIComponent(BASIC_CLIENT.secret)}`).toString('base64');
  const answer = await t.as.post('/token', { grant_type: GRANT_TYPES.clientCredentials, scope: 'orders:read' }, { headers: { Authorization: `Basic ${basic}` } });
  expect(answer.status).toBe(200);
  return { token: answer.json.access_token, jti: String(decodeJwt(answer.json.access_token).jti) };
}

const bearerStatus = async (token: string) => {
  const answer = await t.sb.call('/sandbox/api/bearer', { headers: { Authorization: `Bearer ${token}` } });
  return { status: answer.status, challenge: String(answer.headers['www-authenticate'] ?? '') };
};

describe('access token revocation switch', () => {
  it('revokes only the access token with the jti given, then all of the client\'s unexpired ones; the API answers 401 invalid_token', async () => {
    const first = await basicClientToken();
    const second = await basicClientToken();
    const revoke = (fields: Record<string, string>) => t.as.post('/test/revoke-access-tokens', fields);

    expect((await revoke({ client_id: BASIC_CLIENT.id, jti: first.jti })).json).toEqual({ revoked: 1 });
    expect(await bearerStatus(first.token)).toMatchObject({ status: 401, challenge: expect.stringContaining('error="invalid_token"') });
    expect((await bearerStatus(second.token)).status).toBe(200);

    expect((await revoke({ client_id: BASIC_CLIENT.id })).json).toEqual({ revoked: 2 });
    expect((await bearerStatus(second.token)).status).toBe(401);
    // A fresh token is not touched by the earlier revocation.
    expect((await bearerStatus((await basicClientToken()).token)).status).toBe(200);

    expect((await revoke({ client_id: BASIC_CLIENT.id, jti: 'no-such-jti' })).status).toBe(400);
    expect((await revoke({ client_id: 'nobody' })).status).toBe(400);
  });

  it('forgets the tokens it noted on /sandbox/reset', async () => {
    await basicClientToken();
    await t.sb.call('/sandbox/reset', { method: 'POST' });
    expect((await t.as.post('/test/revoke-access-tokens', { client_id: BASIC_CLIENT.id })).json).toEqual({ revoked: 0 });
  });
});

describe('refresh token replay switch', () => {
  it('presents a rotated refresh token again, so reuse detection revokes the grant and the current token stops working', async () => {
    const { code, verifier } = await t.as.publicCode({ scope: 'openid offline_access orders:read' });
    const tokens = (await t.as.exchangePublic(code, verifier)).json;
    const grantId = String(decodeJwt(tokens.access_token).gid);
    const replay = () => t.as.post('/test/replay-refresh-token', { grant_id: grantId });

    // Not rotated yet: nothing old to present.
    expect((await replay()).status).toBe(400);

    const refreshed = await t.as.token({ grant_type: GRANT_TYPES.refreshToken, refresh_token: tokens.refresh_token, client_id: 'wb-public' });
    expect(refreshed.status).toBe(200);
    expect((await replay()).json).toEqual({ outcome: 'reused' });

    const next = await t.as.token({ grant_type: GRANT_TYPES.refreshToken, refresh_token: refreshed.json.refresh_token, client_id: 'wb-public' });
    expect(next.json.error).toBe('invalid_grant');
    expect(next.json.error_description).toContain('A rotated refresh token was presented again');
    expect((await replay()).json).toEqual({ outcome: 'revoked' });
    expect((await t.as.post('/test/replay-refresh-token', { grant_id: 'g_nope' })).status).toBe(400);
  });
});
