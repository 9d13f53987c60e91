import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetSandbox } from '../reset';
import { startSandboxHarness, type SandboxHarness } from '../../testing/sandboxHarness';
import { GrantStore, MAX_GRANTS, MAX_RETIRED_PER_GRANT } from './grantStore';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());
beforeEach(() => resetSandbox());

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('consent page: the user grants access', () => {
  it('asks for a registered client with its scopes as checkboxes, in a plain form without script', async () => {
    const page = await sb.call('/sandbox/auth/consent?client_id=demo-client');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).toContain('Demo Orders App');
    expect(page.text).toContain('<form method="post" action="/sandbox/auth/consent">');
    expect(page.text).toContain('value="orders:write" checked');
    expect(page.text).not.toMatch(/<script/i);
  });

  it('shows the refresh token after granting, and that token works at the token endpoint', async () => {
    const page = await sb.call('/sandbox/auth/consent', { method: 'POST', headers: form, body: 'client_id=demo-client&scope=orders%3Aread&decision=grant' });
    expect(page.status).toBe(200);
    const token = /id="refresh-token">([^<]+)</.exec(page.text)?.[1];
    expect(token).toMatch(/^rt_/);
    const exchange = await sb.call('/sandbox/auth/v1/token', {
      method: 'POST',
      headers: form,
      body: `grant_type=refresh_token&refresh_token=${token}&client_id=demo-client&client_secret=demo-secret`,
    });
    expect(exchange.status).toBe(200);
    expect(exchange.json.scope).toBe('orders:read');
  });

  it('issues nothing when the user denies', async () => {
    const page = await sb.call('/sandbox/auth/consent', { method: 'POST', headers: form, body: 'client_id=demo-client&decision=deny' });
    expect(page.text).toContain('You denied');
    expect(page.text).not.toContain('rt_');
    expect((await sb.call('/sandbox/auth/grants')).text).toContain('have not granted');
  });

  it('escapes an unknown client id instead of rendering it', async () => {
    const page = await sb.call(`/sandbox/auth/consent?client_id=${encodeURIComponent('<script>alert(1)</script>"x')}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;x');
    expect(page.text).not.toContain('<script>');
  });
});

describe('grants page: the user revokes access', () => {
  it('lists grants and revokes one with its form button (303 back to the list)', async () => {
    const created = await sb.call('/sandbox/auth/grants', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"client_id":"short-lived"}' });
    expect(created.status).toBe(201);
    const { grant_id, refresh_token } = created.json;
    const list = await sb.call('/sandbox/auth/grants');
    expect(list.text).toContain(grant_id);
    expect(list.text).toContain(`action="/sandbox/auth/grants/${grant_id}/revoke"`);
    const revoke = await sb.call(`/sandbox/auth/grants/${grant_id}/revoke`, { method: 'POST', headers: form, body: '' });
    expect(revoke.status).toBe(303);
    expect(revoke.headers.location).toBe('/sandbox/auth/grants');
    expect((await sb.call('/sandbox/auth/grants')).text).toMatch(/revoked .*by the user/);
    const exchange = await sb.call('/sandbox/auth/v1/token', {
      method: 'POST',
      headers: form,
      body: `grant_type=refresh_token&refresh_token=${refresh_token}&client_id=short-lived&client_secret=short-secret`,
    });
    expect(exchange.json.error).toBe('invalid_grant');
  });

  it('answers 404 for an unknown grant, as a page and as JSON', async () => {
    expect((await sb.call('/sandbox/auth/grants/g_nope/revoke', { method: 'POST' })).status).toBe(404);
    expect((await sb.call('/sandbox/auth/grants/g_nope', { method: 'DELETE' })).status).toBe(404);
  });

  it('creates grants programmatically only from valid JSON naming a known client and scopes', async () => {
    const call = (body: string, type = 'application/json') => sb.call('/sandbox/auth/grants', { method: 'POST', headers: { 'Content-Type': type }, body });
    expect((await call('{"client_id":"demo-client"}', 'text/plain')).status).toBe(415);
    expect((await call('{"client_id":')).status).toBe(400);
    expect((await call('{"client":"demo-client"}')).status).toBe(422);
    expect((await call('{"client_id":"nobody"}')).status).toBe(422);
    expect((await call('{"client_id":"demo-client","scope":"admin"}')).status).toBe(422);
    const ok = await call('{"client_id":"demo-client","scope":"orders:read"}');
    expect(ok.json).toMatchObject({ client_id: 'demo-client', scope: 'orders:read' });
  });
});

describe('GrantStore bounds', () => {
  it('forgets the oldest grant beyond MAX_GRANTS, and its tokens with it', () => {
    const store = new GrantStore();
    const first = store.create('demo-client', [], 0);
    for (let i = 0; i < MAX_GRANTS; i++) store.create('demo-client', [], i);
    expect(store.list()).toHaveLength(MAX_GRANTS);
    expect(store.get(first.grant.id)).toBeUndefined();
    expect(store.rotate(first.refreshToken, 'demo-client', 1).kind).toBe('unknown');
  });

  it('remembers at most MAX_RETIRED_PER_GRANT retired tokens for reuse detection', () => {
    const store = new GrantStore();
    let { refreshToken } = store.create('demo-client', [], 0);
    const retired: string[] = [];
    for (let i = 0; i < MAX_RETIRED_PER_GRANT + 1; i++) {
      retired.push(refreshToken);
      const outcome = store.rotate(refreshToken, 'demo-client', i);
      if (outcome.kind !== 'rotated') throw new Error(outcome.kind);
      refreshToken = outcome.refreshToken;
    }
    expect(store.grantOfToken(retired[0]!)).toBeUndefined();
    expect(store.rotate(retired[1]!, 'demo-client', 99).kind).toBe('reused');
  });
});
