import { parseChallenges } from '../core';
import { LESSON_EXPIRED_TOKEN, LESSON_OTHER_AUDIENCE_TOKEN } from '../core/lessons';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSandboxClock } from './clock';
import { resetSandbox } from './reset';
import { basicHeader, startSandboxHarness, type SandboxHarness } from '../testing/sandboxHarness';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());
beforeEach(() => {
  setSandboxClock();
  resetSandbox();
});

function challengeOf(value: unknown) {
  const parsed = parseChallenges(String(value));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value[0]!;
}

async function accessToken(scope?: string): Promise<string> {
  const grant = await sb.call('/sandbox/auth/grants', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: 'demo-client', ...(scope ? { scope } : {}) }) });
  const token = await sb.call('/sandbox/auth/v1/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: 'demo-client', client_secret: 'demo-secret', refresh_token: grant.json.refresh_token, grant_type: 'refresh_token' }),
  });
  return token.json.access_token;
}

describe('Basic (/api/basic)', () => {
  it('accepts the demo user whose password contains a colon, split at the first colon', async () => {
    const answer = await sb.call('/sandbox/api/basic', { headers: { Authorization: basicHeader('aladdin', 'open:sesame') } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ scheme: 'Basic', principal: 'aladdin', access: 'read-write' });
  });

  it('answers missing and wrong credentials with 401 and the Basic challenge', async () => {
    for (const headers of [{}, { Authorization: basicHeader('aladdin', 'open') }, { Authorization: 'Bearer abc' }] as Record<string, string>[]) {
      const answer = await sb.call('/sandbox/api/basic', { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(challengeOf(answer.headers['www-authenticate'])).toMatchObject({ scheme: 'Basic', params: [{ name: 'realm', value: 'sandbox' }, { name: 'charset', value: 'UTF-8' }] });
    }
  });

  it('answers credentials that are not base64 with 400 and the position', async () => {
    const answer = await sb.call('/sandbox/api/basic', { headers: { Authorization: 'Basic YWxh*GRpbg==' } });
    expect(answer.status).toBe(400);
    expect(answer.json.position.column).toBe(11);
  });
});

describe('Bearer (/api/bearer) and JWT (/api/jwt)', () => {
  it('accepts a token of the token service under both scheme words', async () => {
    const token = await accessToken();
    expect((await sb.call('/sandbox/api/bearer', { headers: { Authorization: `Bearer ${token}` } })).json).toMatchObject({ client_id: 'demo-client', aud: 'wirebench-sandbox-api' });
    expect((await sb.call('/sandbox/api/jwt', { headers: { Authorization: `JWT ${token}` } })).status).toBe(200);
  });

  it('sends a bare challenge without credentials and names the scheme each resource wants', async () => {
    const bearer = await sb.call('/sandbox/api/bearer');
    expect(bearer.status).toBe(401);
    expect(bearer.headers['www-authenticate']).toBe('Bearer realm="sandbox"');
    const jwtWithBearer = await sb.call('/sandbox/api/jwt', { headers: { Authorization: `Bearer ${await accessToken()}` } });
    expect(jwtWithBearer.status).toBe(401);
    expect(jwtWithBearer.headers['www-authenticate']).toBe('JWT realm="sandbox"');
  });

  it('answers an expired token with RFC 6750 invalid_token and "The access token expired"', async () => {
    const answer = await sb.call('/sandbox/api/bearer', { headers: { Authorization: `Bearer ${LESSON_EXPIRED_TOKEN}` } });
    expect(answer.status).toBe(401);
    const challenge = challengeOf(answer.headers['www-authenticate']);
    expect(challenge.params).toEqual([
      { name: 'realm', value: 'sandbox' },
      { name: 'error', value: 'invalid_token' },
      { name: 'error_description', value: 'The access token expired' },
    ]);
  });

  it('refuses a validly signed token for another audience with 401', async () => {
    const answer = await sb.call('/sandbox/api/bearer', { headers: { Authorization: `Bearer ${LESSON_OTHER_AUDIENCE_TOKEN}` } });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toContain('https://billing.example/api');
  });

  it('refuses tokens minted by the billing client too (aud check, not just the signature)', async () => {
    const grant = await sb.call('/sandbox/auth/grants', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"client_id":"billing-client"}' });
    const token = await sb.call('/sandbox/auth/v1/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${grant.json.refresh_token}&client_id=billing-client&client_secret=billing-secret`,
    });
    expect((await sb.call('/sandbox/api/bearer', { headers: { Authorization: `Bearer ${token.json.access_token}` } })).status).toBe(401);
  });

  it('refuses a forged signature and a malformed token, saying which', async () => {
    const token = await accessToken();
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const bad = await sb.call('/sandbox/api/bearer', { headers: { Authorization: `Bearer ${forged}` } });
    expect(bad.status).toBe(401);
    expect(bad.headers['www-authenticate']).toContain('signature');
    const malformed = await sb.call('/sandbox/api/bearer', { headers: { Authorization: 'Bearer not.a.jwt' } });
    expect(malformed.status).toBe(401);
    expect(challengeOf(malformed.headers['www-authenticate']).params[1]).toEqual({ name: 'error', value: 'invalid_token' });
    const params = await sb.call('/sandbox/api/bearer', { headers: { Authorization: 'Bearer a=b' } });
    expect(params.status).toBe(400);
    expect(params.headers['www-authenticate']).toContain('invalid_request');
  });

  it('answers 403 insufficient_scope when a read-only token writes', async () => {
    const token = await accessToken('orders:read');
    const auth = { Authorization: `Bearer ${token}` };
    expect((await sb.call('/sandbox/api/bearer', { headers: auth })).status).toBe(200);
    const write = await sb.call('/sandbox/api/bearer', { method: 'POST', headers: auth });
    expect(write.status).toBe(403);
    expect(challengeOf(write.headers['www-authenticate']).params).toContainEqual({ name: 'error', value: 'insufficient_scope' });
  });
});

describe('API key (/api/apikey)', () => {
  const key = (value: string) => ({ 'Ocp-Apim-Subscription-Key': value });

  it('lets the read-only key read, forbids it to write (403), and lets the read-write key write', async () => {
    expect((await sb.call('/sandbox/api/apikey', { headers: key('ro-demo-key-0001') })).json.access).toBe('read');
    const forbidden = await sb.call('/sandbox/api/apikey', { method: 'POST', headers: key('ro-demo-key-0001') });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers['www-authenticate']).toBeUndefined();
    expect((await sb.call('/sandbox/api/apikey', { method: 'POST', headers: key('rw-demo-key-0002') })).json.action).toBe('written');
  });

  it('answers a missing or unknown key with 401 and a challenge naming the header', async () => {
    for (const headers of [{}, key('nope')]) {
      const answer = await sb.call('/sandbox/api/apikey', { headers });
      expect(answer.status).toBe(401);
      expect(challengeOf(answer.headers['www-authenticate'])).toMatchObject({ scheme: 'ApiKey', params: [{ name: 'realm', value: 'sandbox' }, { name: 'header', value: 'Ocp-Apim-Subscription-Key' }] });
    }
  });

  it('refuses a key in the URL', async () => {
    const answer = await sb.call('/sandbox/api/apikey?subscription-key=ro-demo-key-0001');
    expect(answer.status).toBe(400);
    expect(answer.json.detail).toMatch(/logs/);
  });
});

describe('custom scheme (/api/custom)', () => {
  const now = Date.UTC(2030, 5, 1, 12);
  const ts = String(now / 1000);
  beforeEach(() => setSandboxClock(() => now));

  it('accepts key and ts auth-params, quoted or as tokens, in any order', async () => {
    for (const value of [`Sandbox key="sandbox-demo-key", ts="${ts}"`, `sandbox ts=${ts},key=sandbox-demo-key`]) {
      const answer = await sb.call('/sandbox/api/custom', { headers: { Authorization: value } });
      expect(answer.status).toBe(200);
      expect(answer.json.skewSeconds).toBe(0);
    }
  });

  it('answers bad syntax with 400 and the position where the grammar broke', async () => {
    const answer = await sb.call('/sandbox/api/custom', { headers: { Authorization: `Sandbox key="sandbox-demo-key" ts="${ts}"` } });
    expect(answer.status).toBe(400);
    expect(answer.json.position).toMatchObject({ line: 1, column: 32 });
    expect(answer.json.detail).toContain('column 32');
  });

  it('answers a token68, a missing or repeated param and a non-numeric ts with 400', async () => {
    for (const value of ['Sandbox abc123', 'Sandbox key=sandbox-demo-key', `Sandbox key=a, key=b, ts=${ts}`, 'Sandbox key=sandbox-demo-key, ts=soon']) {
      const answer = await sb.call('/sandbox/api/custom', { headers: { Authorization: value } });
      expect(answer.status, value).toBe(400);
    }
  });

  it('answers a wrong key or a stale timestamp with 401 and the Sandbox challenge', async () => {
    const stale = await sb.call('/sandbox/api/custom', { headers: { Authorization: `Sandbox key=sandbox-demo-key, ts=${now / 1000 - 301}` } });
    expect(stale.status).toBe(401);
    expect(stale.json.detail).toMatch(/301 s in the past/);
    expect(challengeOf(stale.headers['www-authenticate'])).toMatchObject({ scheme: 'Sandbox' });
    expect((await sb.call('/sandbox/api/custom', { headers: { Authorization: `Sandbox key=other, ts=${ts}` } })).status).toBe(401);
    expect((await sb.call('/sandbox/api/custom')).status).toBe(401);
  });
});

describe('browser-style resource', () => {
  it('redirects a missing login to the access-denied page instead of answering 401', async () => {
    const answer = await sb.call('/sandbox/api/browser/profile');
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/sandbox/denied?returnUrl=%2Fsandbox%2Fapi%2Fbrowser%2Fprofile');
    const page = await sb.call(answer.headers.location!);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const ok = await sb.call('/sandbox/api/browser/profile', { headers: { Authorization: basicHeader('aladdin', 'open:sesame') } });
    expect(ok.status).toBe(200);
  });

  it('escapes the return URL on the denied page', async () => {
    const page = await sb.call(`/sandbox/denied?returnUrl=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    expect(page.text).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(page.text).not.toContain('<img');
  });
});

describe('methods on protected resources', () => {
  it('answers OPTIONS without credentials and 405 with Allow for other methods', async () => {
    const options = await sb.call('/sandbox/api/basic', { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    const del = await sb.call('/sandbox/api/basic', { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  });
});
