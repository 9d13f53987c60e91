import { describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { verifyJwtSignature } from './jwtSignature';

const secret = 'sandbox-secret';
const hs256 = (key = secret, claims: Record<string, unknown> = { sub: 'alice' }) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(key));
const b64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('verifyJwtSignature', () => {
  it('accepts an HS256 token signed with the same secret', async () => {
    expect(await verifyJwtSignature(await hs256(), { secret })).toEqual({ ok: true, value: { alg: 'HS256' } });
  });

  it('accepts an HS256 token with the secret as an oct JWK', async () => {
    const jwk = { kty: 'oct', k: b64url(secret) };
    expect(await verifyJwtSignature(await hs256(), { jwk })).toEqual({ ok: true, value: { alg: 'HS256' } });
  });

  it('verifies only the signature, not the time claims', async () => {
    const expired = await hs256(secret, { exp: 1 });
    expect((await verifyJwtSignature(expired, { secret })).ok).toBe(true);
  });

  it('reports a different secret as a bad signature', async () => {
    const r = await verifyJwtSignature(await hs256(), { secret: 'other' });
    expect(r).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'jwt-bad-signature', message: expect.stringContaining('HS256 signature does not match') }),
    });
  });

  it('reports a tampered payload as a bad signature', async () => {
    const [h, , s] = (await hs256()).split('.');
    const forged = `${h}.${b64url('{"sub":"admin"}')}.${s}`;
    expect(await verifyJwtSignature(forged, { secret })).toMatchObject({ ok: false, error: { kind: 'jwt-bad-signature' } });
  });

  it('verifies RS256 with the public JWK and rejects the wrong key', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const other = await generateKeyPair('RS256');
    const token = await new SignJWT({ sub: 'a' }).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    expect(await verifyJwtSignature(token, { jwk: await exportJWK(publicKey) })).toEqual({ ok: true, value: { alg: 'RS256' } });
    expect(await verifyJwtSignature(token, { jwk: await exportJWK(other.publicKey) })).toMatchObject({
      ok: false,
      error: { kind: 'jwt-bad-signature' },
    });
  });

  it('refuses a shared secret for a public-key algorithm', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
    expect(await verifyJwtSignature(token, { secret })).toMatchObject({ ok: false, error: { kind: 'jwt-key-mismatch', field: 'secret' } });
  });

  it('refuses a JWK made for another algorithm or key type', async () => {
    const token = await hs256();
    expect(await verifyJwtSignature(token, { jwk: { kty: 'oct', k: b64url(secret), alg: 'HS512' } })).toMatchObject({
      ok: false,
      error: { kind: 'jwt-alg-mismatch', message: expect.stringContaining('signed with HS256 but the JWK is for HS512') },
    });
    expect(await verifyJwtSignature(token, { jwk: { kty: 'RSA', n: 'abc', e: 'AQAB' } })).toMatchObject({
      ok: false,
      error: { kind: 'jwt-key-mismatch', field: 'jwk' },
    });
  });

  it('refuses a malformed JWK', async () => {
    const token = await hs256();
    expect(await verifyJwtSignature(token, { jwk: { k: 'abc' } })).toMatchObject({ ok: false, error: { kind: 'jwt-key-malformed' } });
    expect(await verifyJwtSignature(token, { jwk: [] })).toMatchObject({ ok: false, error: { kind: 'jwt-key-malformed' } });
  });

  it('refuses alg none, a missing alg and an empty secret', async () => {
    const none = `${b64url('{"alg":"none"}')}.${b64url('{}')}.`;
    expect(await verifyJwtSignature(none, { secret })).toMatchObject({ ok: false, error: { kind: 'jwt-unsigned' } });
    const noAlg = `${b64url('{}')}.${b64url('{}')}.abc`;
    expect(await verifyJwtSignature(noAlg, { secret })).toMatchObject({ ok: false, error: { kind: 'jwt-alg-missing' } });
    expect(await verifyJwtSignature(await hs256(), { secret: '' })).toMatchObject({ ok: false, error: { kind: 'jwt-key-empty' } });
  });

  it('passes decode errors through and never rejects', async () => {
    expect(await verifyJwtSignature('not-a-jwt', { secret })).toMatchObject({ ok: false, error: { kind: 'jwt-segments' } });
    const unknownAlg = `${b64url('{"alg":"XX999"}')}.${b64url('{}')}.abc`;
    const r = await verifyJwtSignature(unknownAlg, { jwk: { kty: 'oct', k: 'abc' } });
    expect(r.ok).toBe(false);
  });
});
