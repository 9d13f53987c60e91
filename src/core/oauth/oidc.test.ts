import { SignJWT, exportJWK, generateKeyPair, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { nextDevicePoll, readDeviceAuthorization, startDevicePolling } from './deviceFlow';
import { accessTokenHash, validateIdToken } from './idToken';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const seconds = Math.floor(NOW / 1000);

async function issuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwks: JSONWebKeySet = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
  const sign = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey);
  return { jwks, sign };
}

const base = { iss: 'https://as.example', sub: 'alice', aud: 'app', iat: seconds - 10, exp: seconds + 300, nonce: 'n1' };
const expect0 = { issuer: 'https://as.example', clientId: 'app', nonce: 'n1', now: NOW };

describe('ID token validation (OIDC Core §3.1.3.7)', async () => {
  const { jwks, sign } = await issuer();
  const other = await issuer();

  it('passes a good token and lists each check, at_hash included', async () => {
    const at = 'access-token-value';
    const token = await sign({ ...base, at_hash: await accessTokenHash(at, 'RS256') });
    const valid = await validateIdToken(token, jwks, { ...expect0, accessToken: at });
    if (!valid.ok) throw new Error(valid.error.message);
    expect(valid.value.checks.map((c) => c.name)).toEqual(['signature', 'iss', 'aud', 'exp', 'iat', 'nonce', 'at_hash']);
    expect(valid.value.claims.sub).toBe('alice');
  });
  it.each([
    ['a wrong nonce', { nonce: 'other' }, 'nonce" is not the one sent'],
    ['a missing nonce', { nonce: undefined }, 'carries no "nonce"'],
    ['another audience', { aud: 'someone-else' }, 'meant for "someone-else"'],
    ['another issuer', { iss: 'https://evil.example' }, 'issuer is "https://evil.example"'],
    ['an expired token', { exp: seconds - 3600 }, 'expired at'],
    ['several audiences without azp', { aud: ['app', 'api'] }, '"azp" must name this client'],
  ])('refuses %s', async (_label, change, message) => {
    const token = await sign({ ...base, ...change });
    const result = await validateIdToken(token, jwks, expect0);
    expect(!result.ok && result.error.message).toContain(message);
  });
  it('refuses a signature from another key and a swapped access token', async () => {
    const forged = await validateIdToken(await other.sign(base), { keys: [{ ...jwks.keys[0]! }] }, expect0);
    expect(!forged.ok && forged.error.message).toContain('signature does not verify');
    const swapped = await validateIdToken(await sign({ ...base, at_hash: 'AAAA' }), jwks, { ...expect0, accessToken: 'x' });
    expect(!swapped.ok && swapped.error.kind).toBe('oidc-id-token-at-hash');
    const garbage = await validateIdToken('not-a-jwt', jwks, expect0);
    expect(!garbage.ok && garbage.error.kind).toBe('oidc-id-token-format');
  });
  it('computes at_hash as the left half of SHA-256 (OIDC Core §3.2.2.9 example)', async () => {
    // The OpenID Connect Core Appendix A.3 example: this access token has at_hash 77QmUPtjPfzWtF2AnpK9RQ.
    expect(await accessTokenHash('jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y', 'RS256')).toBe('77QmUPtjPfzWtF2AnpK9RQ');
  });
});

describe('device authorization polling (RFC 8628)', () => {
  const response = { device_code: 'dc', user_code: 'WDJB-MJHT', verification_uri: 'https://as.example/device', verification_uri_complete: 'https://as.example/device?user_code=WDJB-MJHT', expires_in: 60 };
  it('reads the response with the default interval, and names a missing field', () => {
    const read = readDeviceAuthorization(response);
    expect(read.ok && read.value).toMatchObject({ userCode: 'WDJB-MJHT', intervalSeconds: 5, expiresInSeconds: 60 });
    const missing = readDeviceAuthorization({ ...response, user_code: undefined });
    expect(!missing.ok && missing.error.field).toBe('user_code');
    const google = readDeviceAuthorization({ ...response, verification_uri: undefined, verification_url: 'https://g/device' });
    expect(google.ok && google.value.notes[0]).toContain('verification_url');
  });
  it('waits on pending, adds 5 s on slow_down for good, and stops on denial and expiry', () => {
    const read = readDeviceAuthorization({ ...response, interval: 2 });
    if (!read.ok) throw new Error('unreadable');
    let state = startDevicePolling(read.value, 0);
    const pending = nextDevicePoll(state, 'authorization_pending', 2_000);
    expect(pending).toMatchObject({ action: 'wait', delaySeconds: 2 });
    state = pending.action === 'wait' ? pending.state : state;
    const slow = nextDevicePoll(state, 'slow_down', 4_000);
    expect(slow).toMatchObject({ action: 'wait', delaySeconds: 7 });
    state = slow.action === 'wait' ? slow.state : state;
    expect(nextDevicePoll(state, 'authorization_pending', 11_000)).toMatchObject({ action: 'wait', delaySeconds: 7 });
    expect(nextDevicePoll(state, 'access_denied', 12_000)).toMatchObject({ action: 'stop', error: 'access_denied' });
    expect(nextDevicePoll(state, 'authorization_pending', 61_000)).toMatchObject({ action: 'stop', error: 'expired_token' });
    expect(nextDevicePoll(state, 'expired_token', 20_000)).toMatchObject({ action: 'stop', error: 'expired_token' });
    expect(nextDevicePoll(state, undefined, 20_000)).toMatchObject({ action: 'wait', delaySeconds: 12 });
  });
});
