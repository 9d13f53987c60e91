/**
 * The cookie jar through the relay, over loopback: a Set-Cookie on a redirect hop is sent by
 * the next hop of the same chain, typed cookies merge with the jar's, a cross-site redirect
 * drops Strict cookies, a malformed Set-Cookie is reported and kept out.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_COOKIE_JAR, type CookieJarState } from '../core/cookies';
import { startServer, type RunningServer } from '../server/listen';
import { callRelay } from './relayClient';

const TOKEN = 'test-token-relay-cookies';
let wb: RunningServer;
let upstream: http.Server;
/** The same server by two names: two sites for SameSite (127.0.0.1 and localhost). */
let origin = '';
let otherSite = '';

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  upstream = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    req.resume();
    if (url.pathname === '/login') {
      // The session is set on the redirect itself, as many login forms do.
      res.writeHead(303, ['Location', '/app/home', 'Set-Cookie', 'sid=s3cr3t; Path=/; HttpOnly', 'Set-Cookie', 'broken', 'Set-Cookie', 'strict=1; Path=/; SameSite=Strict']);
      return res.end();
    }
    if (url.pathname === '/bounce') {
      res.writeHead(302, ['Location', `${url.searchParams.get('to')}`]);
      return res.end();
    }
    if (url.pathname === '/app/home' || url.pathname === '/echo') {
      res.writeHead(200, ['Content-Type', 'application/json', 'Set-Cookie', 'seen=1; Path=/app']);
      return res.end(JSON.stringify({ cookie: req.headers.cookie ?? null }));
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const port = (upstream.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  otherSite = `http://localhost:${port}`;
});

afterAll(async () => {
  await wb.close();
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

async function send(url: string, cookies: CookieJarState | undefined, headers: { name: string; value: string }[] = []) {
  const result = await callRelay({ method: 'GET', url, headers, followRedirects: true, ...(cookies ? { cookies } : {}) }, { base: wb.origin, token: TOKEN, collect: true });
  expect(result.error).toBeUndefined();
  return { ...result, echoed: JSON.parse(result.body!.toString('utf8')) as { cookie: string | null } };
}

describe('relay: cookie jar per hop', () => {
  it('stores a Set-Cookie from a redirect hop and sends it on the next hop; a malformed line is reported and kept out', async () => {
    const { hops, summary, echoed } = await send(`${origin}/login`, EMPTY_COOKIE_JAR);
    expect(echoed.cookie).toBe('sid=s3cr3t; strict=1');
    expect(hops).toHaveLength(1);
    const outcomes = hops[0]!.cookies!.outcomes;
    expect(outcomes.map((o) => [o.name, o.result])).toEqual([
      ['sid', 'stored'],
      ['', 'rejected'],
      ['strict', 'stored'],
    ]);
    expect(outcomes[1]!.reason).toMatch(/Malformed.*no "="/);
    expect(summary!.cookies!.sent).toEqual(['sid', 'strict']);
    expect(summary!.cookies!.outcomes).toEqual([{ name: 'seen', result: 'stored', domain: '127.0.0.1', path: '/app' }]);
    // No report carries a value.
    expect(JSON.stringify([hops.map((h) => h.cookies), summary!.cookies])).not.toContain('s3cr3t');
    // The relay reports what it wrote: the Cookie header is in the request as sent.
    expect(summary!.sent.headers.find((h) => h.name === 'Cookie')?.value).toBe('sid=s3cr3t; strict=1');
  });

  it('merges a typed Cookie header with the jar: typed pairs first and winning by name', async () => {
    const jar: CookieJarState = {
      cookies: [
        { key: 'sid', value: 'from-jar', domain: '127.0.0.1', path: '/', hostOnly: true },
        { key: 'theme', value: 'dark', domain: '127.0.0.1', path: '/', hostOnly: true },
      ],
    };
    const { echoed, summary } = await send(`${origin}/echo`, jar, [{ name: 'Cookie', value: 'sid=typed; extra=1' }]);
    expect(echoed.cookie).toBe('sid=typed; extra=1; theme=dark');
    expect(summary!.cookies!.sent).toEqual(['theme']);
  });

  it('without a jar sends only the typed header, and reports nothing', async () => {
    const { echoed, summary } = await send(`${origin}/login`, undefined, [{ name: 'Cookie', value: 'mine=1' }]);
    expect(echoed.cookie).toBe('mine=1');
    expect(summary!.cookies).toBeUndefined();
  });

  it('a chain that crosses sites sends Lax and unmarked cookies but not Strict ones (GET)', async () => {
    const jar: CookieJarState = {
      cookies: [
        { key: 'strict', value: '1', domain: 'localhost', path: '/', hostOnly: true, sameSite: 'strict' },
        { key: 'lax', value: '1', domain: 'localhost', path: '/', hostOnly: true, sameSite: 'lax' },
        { key: 'plain', value: '1', domain: 'localhost', path: '/', hostOnly: true },
      ],
    };
    const crossing = await send(`${origin}/bounce?to=${encodeURIComponent(`${otherSite}/echo`)}`, jar);
    expect(crossing.echoed.cookie).toBe('lax=1; plain=1');
    expect(crossing.summary!.cookies!.sameSite).toBe('lax');
    const direct = await send(`${otherSite}/echo`, jar);
    expect(direct.echoed.cookie).toBe('strict=1; lax=1; plain=1');
  });
});
