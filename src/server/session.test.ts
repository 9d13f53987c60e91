/**
 * The session handover and its binding to this server: the page carries no token; a one-time
 * launch URL gives a session in two halves — a cookie (`Path=/api`, named after the port) and
 * the page key made for it, in the redirect's fragment; /api accepts the pair (or the header
 * token tools use), never the cookie alone, which is all another local server ever receives;
 * duplicate Host fields and cross-site or same-site (another port) fetches are refused.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptLaunchKey, PAGE_KEY_FRAGMENT as PAGE_SIDE_FRAGMENT, PAGE_KEY_STORAGE, relayToken } from '../app/base/relay/session';
import { startServer, type RunningServer } from './listen';
import { LaunchCodes, LAUNCH_CODE_TTL_MS, PAGE_KEY_FRAGMENT, pageKeyFor, sessionCookieName } from './session';

const TOKEN = 'session-test-token-0123456789';
let server: RunningServer;
let dist: string;
let printed = 0;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'wirebench-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Wirebench</title></head><body><div id="root"></div></body></html>');
  server = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN, distDir: dist, onSessionNeeded: () => printed++ });
});

afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.end(request));
    let out = '';
    socket.on('data', (c: Buffer) => (out += c.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

/** Opens a fresh launch URL as a browser from the terminal would: the cookie pair and the page key from the fragment. */
async function launch(): Promise<{ cookie: string; key: string; setCookie: string; location: string }> {
  const answer = await fetch(server.launchUrl(), { redirect: 'manual', headers: { 'sec-fetch-site': 'none' } });
  expect(answer.status).toBe(303);
  const setCookie = answer.headers.get('set-cookie') ?? '';
  const location = answer.headers.get('location') ?? '';
  const key = new URLSearchParams(new URL(location, server.origin).hash.slice(1)).get(PAGE_KEY_FRAGMENT) ?? '';
  return { cookie: setCookie.split(';')[0]!, key, setCookie, location };
}

const health = (headers: Record<string, string>) => fetch(`${server.origin}/api/health`, { headers });

describe('the session handover', () => {
  it('GET / alone yields no token and prints nothing; the page calling /api without a session asks for a fresh launch URL', async () => {
    const before = printed;
    const page = await fetch(`${server.origin}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain(TOKEN);
    expect(html).not.toContain('wirebench-token');
    expect(printed).toBe(before);
    expect((await health({})).status).toBe(401);
    expect(printed).toBe(before); // a tool (no fetch metadata) prints nothing
    expect((await health({ 'sec-fetch-site': 'same-origin' })).status).toBe(401);
    expect(printed).toBe(before + 1);
  });

  it('a launch URL works once: 303 to / with the page key in the fragment and an HttpOnly SameSite=Strict cookie for this port on /api only', async () => {
    const url = server.launchUrl();
    const first = await fetch(url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    const location = first.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^/#${PAGE_KEY_FRAGMENT}=[\\w-]{43}$`));
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${sessionCookieName(server.port)}=[\\w-]+;`));
    expect(cookie).toMatch(/; Path=\/api;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    // Neither half is the token, nor does either carry it.
    expect(cookie).not.toContain(TOKEN);
    expect(location).not.toContain(TOKEN);
    const again = await fetch(url, { redirect: 'manual' });
    expect(again.status).toBe(403);
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('the cookie alone, as any other local server receives it, opens nothing — replayed with any headers a client can forge', async () => {
    const { cookie, key } = await launch();
    expect((await health({ cookie, 'x-wirebench-token': key, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    const sessionId = cookie.split('=')[1]!;
    const forgeries: Record<string, string>[] = [
      { cookie },
      { cookie, 'sec-fetch-site': 'same-origin', origin: server.origin },
      { cookie, 'x-wirebench-token': sessionId },
      { cookie, 'x-wirebench-token': sessionId, 'sec-fetch-site': 'same-origin', origin: server.origin },
      { cookie: `${sessionCookieName(server.port)}=${TOKEN}` },
    ];
    for (const forged of forgeries) {
      const res = await health(forged);
      expect(res.status).toBe(401);
      expect(await res.text()).toContain('no Wirebench session');
    }
    const relayed = await fetch(`${server.origin}/api/relay`, { method: 'POST', headers: { cookie, 'sec-fetch-site': 'same-origin', origin: server.origin }, body: new Uint8Array(4) });
    expect(relayed.status).toBe(401);
  });

  it('the page key works only with the cookie of its own session, on its own port', async () => {
    const one = await launch();
    const two = await launch();
    expect(one.key).not.toBe(two.key);
    expect((await health({ 'x-wirebench-token': one.key })).status).toBe(401);
    expect((await health({ cookie: two.cookie, 'x-wirebench-token': one.key })).status).toBe(401);
    expect((await health({ cookie: two.cookie, 'x-wirebench-token': two.key })).status).toBe(200);
    const sessionId = one.cookie.split('=')[1]!;
    expect(one.key).toBe(pageKeyFor(TOKEN, server.port, sessionId));
    // Made for another port, or with another token: refused.
    expect((await health({ cookie: one.cookie, 'x-wirebench-token': pageKeyFor(TOKEN, server.port + 1, sessionId) })).status).toBe(401);
    expect((await health({ cookie: one.cookie, 'x-wirebench-token': pageKeyFor(`${TOKEN}x`, server.port, sessionId) })).status).toBe(401);
    // A cookie named for another port, even with its right key, opens nothing here.
    expect((await health({ cookie: `${sessionCookieName(server.port + 1)}=${sessionId}`, 'x-wirebench-token': one.key })).status).toBe(401);
    // Tools keep the whole token in the header.
    expect((await health({ 'x-wirebench-token': TOKEN })).status).toBe(200);
  });

  it('refuses Sec-Fetch-Site cross-site and same-site (another localhost port) and a foreign Origin even with the whole session', async () => {
    const { cookie, key } = await launch();
    for (const site of ['cross-site', 'same-site']) {
      const res = await health({ cookie, 'x-wirebench-token': key, 'sec-fetch-site': site });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('Sec-Fetch-Site');
    }
    expect((await health({ cookie, 'x-wirebench-token': key, origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(403);
    expect((await health({ cookie, 'x-wirebench-token': key, 'sec-fetch-site': 'same-origin', origin: server.origin })).status).toBe(200);
  });

  it('a page on another port cannot launch: a same-site or cross-site navigation to the launch URL is refused and the code stays valid', async () => {
    const url = server.launchUrl();
    for (const site of ['same-site', 'cross-site']) {
      const res = await fetch(url, { redirect: 'manual', headers: { 'sec-fetch-site': site } });
      expect(res.status).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect((await fetch(url, { redirect: 'manual', headers: { 'sec-fetch-site': 'none' } })).status).toBe(303);
  });

  it('the page takes its key from the fragment once, clears the address, and both sides name the fragment alike', () => {
    expect(PAGE_SIDE_FRAGMENT).toBe(PAGE_KEY_FRAGMENT);
    const stored = new Map<string, string>();
    const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
    const g = globalThis as { localStorage?: unknown };
    const had = g.localStorage;
    g.localStorage = storage;
    try {
      const replaced: string[] = [];
      const history = { state: null, replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)) };
      const key = 'k'.repeat(43);
      expect(adoptLaunchKey({ hash: `#${PAGE_KEY_FRAGMENT}=${key}`, pathname: '/', search: '' }, history)).toBe(true);
      expect(replaced).toEqual(['/']);
      expect(stored.get(PAGE_KEY_STORAGE)).toBe(key);
      expect(relayToken()).toBe(key);
      // No fragment, or another one: nothing changes.
      expect(adoptLaunchKey({ hash: '', pathname: '/', search: '' }, history)).toBe(false);
      expect(adoptLaunchKey({ hash: '#section', pathname: '/', search: '' }, history)).toBe(false);
      // A malformed key is cleared from the address but not kept.
      expect(adoptLaunchKey({ hash: `#${PAGE_KEY_FRAGMENT}=<script>`, pathname: '/', search: '?x=1' }, history)).toBe(false);
      expect(replaced).toEqual(['/', '/?x=1']);
      expect(relayToken()).toBe(key);
    } finally {
      g.localStorage = had;
    }
    expect(relayToken()).toBe('');
  });

  it('refuses a request with two Host fields with 400', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nHost: evil.test\r\nX-Wirebench-Token: ${TOKEN}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('more than one Host');
  });

  it('launch codes expire', () => {
    let now = 1_000;
    const codes = new LaunchCodes(() => now);
    const code = codes.mint();
    now += LAUNCH_CODE_TTL_MS + 1;
    expect(codes.redeem(code)).toBe(false);
    const fresh = codes.mint();
    expect(codes.redeem(`${fresh}x`)).toBe(false);
    expect(codes.redeem(fresh)).toBe(true);
    expect(codes.redeem(fresh)).toBe(false);
  });
});
