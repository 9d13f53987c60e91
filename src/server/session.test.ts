/**
 * The session handover: the page carries no token; a one-time launch URL is exchanged for
 * an HttpOnly, SameSite=Strict cookie named after the port; /api accepts that cookie (or
 * the header token tools use); duplicate Host fields and cross-site fetches are refused.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './listen';
import { LaunchCodes, LAUNCH_CODE_TTL_MS, sessionCookieName } from './session';

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

describe('the session handover', () => {
  it('GET / alone yields no token, and asks for a fresh launch URL to be printed', async () => {
    const before = printed;
    const page = await fetch(`${server.origin}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain(TOKEN);
    expect(html).not.toContain('wirebench-token');
    expect(printed).toBe(before + 1);
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(401);
  });

  it('a launch URL works once: 303 to / with an HttpOnly SameSite=Strict cookie for this port, then never again', async () => {
    const url = server.launchUrl();
    const first = await fetch(url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${sessionCookieName(server.port)}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const pair = cookie.split(';')[0]!;
    expect((await fetch(`${server.origin}/api/health`, { headers: { cookie: pair } })).status).toBe(200);
    const again = await fetch(url, { redirect: 'manual' });
    expect(again.status).toBe(403);
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('a cookie named for another port, or with a wrong value, opens nothing', async () => {
    expect((await fetch(`${server.origin}/api/health`, { headers: { cookie: `${sessionCookieName(server.port + 1)}=${TOKEN}` } })).status).toBe(401);
    expect((await fetch(`${server.origin}/api/health`, { headers: { cookie: `${sessionCookieName(server.port)}=wrong` } })).status).toBe(401);
    expect((await fetch(`${server.origin}/api/health`, { headers: { 'x-wirebench-token': TOKEN } })).status).toBe(200);
  });

  it('refuses Sec-Fetch-Site cross-site and same-site (another localhost port) even with the session', async () => {
    const cookie = `${sessionCookieName(server.port)}=${TOKEN}`;
    for (const site of ['cross-site', 'same-site']) {
      const res = await fetch(`${server.origin}/api/health`, { headers: { cookie, 'sec-fetch-site': site } });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('Sec-Fetch-Site');
    }
    expect((await fetch(`${server.origin}/api/health`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
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
