import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { GRANT_TYPES } from './clients';
import { useOAuthSandbox } from './oauthTestSetup';
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
