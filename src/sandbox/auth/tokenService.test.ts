import { decodeJwt, parseChallenges } from '../../core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSandboxClock } from '../clock';
import { resetSandbox } from '../reset';
import { basicHeader, startSandboxHarness, type SandboxHarness } from '../../testing/sandboxHarness';
import { SANDBOX_AUDIENCE } from './demoCredentials';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());
beforeEach(() => {
  setSandboxClock();
  resetSandbox();
});

const json = { 'Content-Type': 'application/json' };
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

async function grant(clientId = 'demo-client', scope?: string): Promise<string> {
  const answer = await sb.call('/sandbox/auth/grants', { method: 'POST', headers: json, body: JSON.stringify({ client_id: clientId, ...(scope ? { scope } : {}) }) });
  expect(answer.status).toBe(201);
  return answer.json.refresh_token;
}

function exchange(refreshToken: string, overrides: Record<string, string> = {}) {
  const body = { client_id: 'demo-client', client_secret: 'demo-secret', refresh_token: refreshToken, grant_type: 'refresh_token', ...overrides };
  return sb.call('/sandbox/auth/v1/token', { method: 'POST', headers: json, body: JSON.stringify(body) });
}

describe('token exchange (spec §4.1)', () => {
  it('answers the spec JSON body with a rotated refresh token and an HS256 access token for the sandbox API', async () => {
    const first = await grant();
    const answer = await exchange(first);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json).toMatchObject({ token_type: 'Bearer', expires_in: 60, scope: 'orders:read orders:write' });
    expect(answer.json.refresh_token).not.toBe(first);
    const token = decodeJwt(answer.json.access_token);
    expect(token.ok && token.value.header.alg).toBe('HS256');
    expect(token.ok && token.value.claims).toMatchObject({ aud: SANDBOX_AUDIENCE, client_id: 'demo-client' });
    expect(token.ok && token.value.claims.aud).not.toBe(token.ok && token.value.claims.client_id);
  });

  it('takes the RFC 6749 form body and client credentials in Basic', async () => {
    const first = await grant();
    const answer = await sb.call('/sandbox/auth/v1/token', {
      method: 'POST',
      headers: { ...form, Authorization: basicHeader('demo-client', 'demo-secret') },
      body: `grant_type=refresh_token&refresh_token=${first}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.json.access_token).toMatch(/^eyJ/);
  });

  it('rotates on every use, and reuse of a rotated token revokes the whole grant', async () => {
    const r0 = await grant();
    const r1 = (await exchange(r0)).json.refresh_token;
    const r2 = (await exchange(r1)).json.refresh_token;
    const reuse = await exchange(r0);
    expect(reuse.status).toBe(400);
    expect(reuse.json.error).toBe('invalid_grant');
    expect(reuse.json.error_description).toMatch(/already used.*revoked/);
    const newest = await exchange(r2);
    expect(newest.status).toBe(400);
    expect(newest.json).toMatchObject({ error: 'invalid_grant' });
    expect(newest.json.error_description).toMatch(/revoked/);
  });

  it('refuses an unknown refresh token, and one issued to another client', async () => {
    expect((await exchange('rt_nope')).json).toMatchObject({ error: 'invalid_grant' });
    const shortLived = await grant('short-lived');
    const answer = await exchange(shortLived);
    expect(answer.status).toBe(400);
    expect(answer.json.error_description).toMatch(/another client/);
    // The refused attempt must not have spent the token.
    expect((await exchange(shortLived, { client_id: 'short-lived', client_secret: 'short-secret' })).status).toBe(200);
  });

  it('answers invalid_client with 401 and a Basic challenge', async () => {
    const r0 = await grant();
    for (const overrides of [{ client_secret: 'wrong' }, { client_id: 'nobody' }] as Record<string, string>[]) {
      const answer = await exchange(r0, overrides);
      expect(answer.status).toBe(401);
      expect(answer.json.error).toBe('invalid_client');
      const challenges = parseChallenges(String(answer.headers['www-authenticate']));
      expect(challenges.ok && challenges.value[0]!.scheme).toBe('Basic');
    }
    // A failed client authentication does not spend the refresh token.
    expect((await exchange(r0)).status).toBe(200);
  });

  it('answers invalid_request for a missing parameter, a repeated one, a wrong body type or malformed JSON', async () => {
    const r0 = await grant();
    const missing = await exchange('');
    expect(missing.json).toMatchObject({ error: 'invalid_request' });
    const noGrantType = await sb.call('/sandbox/auth/v1/token', { method: 'POST', headers: json, body: JSON.stringify({ client_id: 'demo-client', client_secret: 'demo-secret', refresh_token: r0 }) });
    expect(noGrantType.json.error).toBe('invalid_request');
    const repeated = await sb.call('/sandbox/auth/v1/token', { method: 'POST', headers: form, body: `grant_type=refresh_token&refresh_token=${r0}&refresh_token=x&client_id=demo-client&client_secret=demo-secret` });
    expect(repeated.json.error_description).toMatch(/repeated/);
    const plain = await sb.call('/sandbox/auth/v1/token', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(plain.status).toBe(400);
    expect(plain.json.error).toBe('invalid_request');
    const broken = await sb.call('/sandbox/auth/v1/token', { method: 'POST', headers: json, body: '{"client_id": "demo-client",\n "x": }' });
    expect(broken.json.error_description).toMatch(/line 2, column 7/);
    const nonString = await sb.call('/sandbox/auth/v1/token', { method: 'POST', headers: json, body: '{"client_id": 5}' });
    expect(nonString.json.error_description).toMatch(/must be a string/);
  });

  it('answers unsupported_grant_type and invalid_scope without rotating', async () => {
    const r0 = await grant('demo-client', 'orders:read');
    expect((await exchange(r0, { grant_type: 'password' })).json.error).toBe('unsupported_grant_type');
    const wider = await exchange(r0, { scope: 'orders:read orders:write' });
    expect(wider.json).toMatchObject({ error: 'invalid_scope' });
    const narrow = await exchange(r0, { scope: 'orders:read' });
    expect(narrow.status).toBe(200);
    expect(narrow.json.scope).toBe('orders:read');
  });

  it('only accepts POST', async () => {
    const answer = await sb.call('/sandbox/auth/v1/token');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST');
  });
});

describe('access token lifetime', () => {
  it('gives the short-lived client 5 s tokens that expire by the sandbox clock', async () => {
    let now = Date.UTC(2030, 0, 1);
    setSandboxClock(() => now);
    const r0 = await grant('short-lived');
    const answer = await exchange(r0, { client_id: 'short-lived', client_secret: 'short-secret' });
    expect(answer.json.expires_in).toBe(5);
    const bearer = { Authorization: `Bearer ${answer.json.access_token}` };
    expect((await sb.call('/sandbox/api/bearer', { headers: bearer })).status).toBe(200);
    now += 5_000;
    const expired = await sb.call('/sandbox/api/bearer', { headers: bearer });
    expect(expired.status).toBe(401);
    expect(expired.headers['www-authenticate']).toBe('Bearer realm="sandbox", error="invalid_token", error_description="The access token expired"');
  });
});

describe('revocation (RFC 7009)', () => {
  it('revokes the grant of a refresh token, answers 200 for unknown tokens, and refuses another client', async () => {
    const r0 = await grant();
    const otherClient = await sb.call('/sandbox/auth/v1/revoke', { method: 'POST', headers: form, body: `token=${r0}&client_id=short-lived&client_secret=short-secret` });
    expect(otherClient.status).toBe(400);
    expect(otherClient.json.error).toBe('invalid_grant');
    const revoked = await sb.call('/sandbox/auth/v1/revoke', { method: 'POST', headers: form, body: `token=${r0}&client_id=demo-client&client_secret=demo-secret` });
    expect(revoked.status).toBe(200);
    expect(revoked.text).toBe('');
    expect((await exchange(r0)).json.error_description).toMatch(/revoked/);
    const unknown = await sb.call('/sandbox/auth/v1/revoke', { method: 'POST', headers: form, body: 'token=whatever&client_id=demo-client&client_secret=demo-secret' });
    expect(unknown.status).toBe(200);
  });

  it('revokes the grant behind an access token', async () => {
    const r0 = await grant();
    const { access_token, refresh_token } = (await exchange(r0)).json;
    const answer = await sb.call('/sandbox/auth/v1/revoke', { method: 'POST', headers: json, body: JSON.stringify({ token: access_token, client_id: 'demo-client', client_secret: 'demo-secret' }) });
    expect(answer.status).toBe(200);
    expect((await exchange(refresh_token)).json.error).toBe('invalid_grant');
  });

  it('requires client authentication and the token', async () => {
    expect((await sb.call('/sandbox/auth/v1/revoke', { method: 'POST', headers: form, body: 'token=x' })).status).toBe(401);
    expect((await sb.call('/sandbox/auth/v1/revoke', { method: 'POST', headers: form, body: 'client_id=demo-client&client_secret=demo-secret' })).json.error).toBe('invalid_request');
  });
});
