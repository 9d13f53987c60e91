/**
 * The cookie login through the relay with a jar, as the page does it: the session set on
 * the 303 is sent by the welcome hop, /me answers with it, and without it (deleted, or after
 * logout) 401. The jar is carried from call to call the way the page carries it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jarState, openJar, storeSetCookies, type CookieJarState } from '../core/cookies';
import type { RelayHead, RelayHop } from '../core';
import { callRelay } from '../relay/relayClient';
import { startServer, type RunningServer } from '../server/listen';

const TOKEN = 'test-token-cookie-session';
let wb: RunningServer;
beforeAll(async () => (wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN })));
afterAll(() => wb.close());

/** Sends through the relay with `jar` and returns the status, the body and the jar after (stored as the page stores it). */
async function send(method: string, path: string, jar: CookieJarState, body?: string) {
  const url = `${wb.origin}${path}`;
  const headers = body ? [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }] : [];
  const result = await callRelay({ method, url, headers, followRedirects: true, cookies: jar }, { base: wb.origin, token: TOKEN, collect: true, ...(body ? { body: Buffer.from(body) } : {}) });
  expect(result.error).toBeUndefined();
  const live = openJar(jar);
  const lines = (h: { headers: { name: string; value: string }[] }) => h.headers.filter((f) => /^set-cookie$/i.test(f.name)).map((f) => f.value);
  for (const hop of result.hops as RelayHop[]) storeSetCookies(live, hop.url, lines(hop));
  storeSetCookies(live, result.summary!.sent.url, lines(result.head as RelayHead));
  return { status: result.head!.status, json: JSON.parse(result.body!.toString('utf8')) as Record<string, unknown>, jar: jarState(live), result };
}

describe('sandbox cookie session', () => {
  it('login sets the session on the redirect, /me needs it, logout or deleting it gives 401', async () => {
    const login = await send('POST', '/sandbox/cookies/login', { cookies: [] }, 'user=ada&password=lovelace');
    expect(login.status).toBe(200);
    expect(login.result.hops[0]!.status).toBe(303);
    expect(login.result.hops[0]!.cookies!.outcomes.map((o) => `${o.name}:${o.result}`)).toEqual(['sid:stored', '__Host-csrf:stored', 'prefs:stored']);
    expect(login.json.welcome).toBe('ada');
    expect(login.json.cookiesReceived).toEqual(['sid', 'prefs', '__Host-csrf']);
    expect(login.jar.cookies.map((c) => c.key).sort()).toEqual(['__Host-csrf', 'prefs', 'sid']);

    const me = await send('GET', '/sandbox/cookies/me', login.jar);
    expect(me.status).toBe(200);
    expect(me.json.user).toBe('ada');
    const sid = login.jar.cookies.find((c) => c.key === 'sid')!.value;
    expect(JSON.stringify(me.json)).not.toContain(sid);

    const withoutSid = { cookies: login.jar.cookies.filter((c) => c.key !== 'sid') };
    expect((await send('GET', '/sandbox/cookies/me', withoutSid)).status).toBe(401);

    const logout = await send('POST', '/sandbox/cookies/logout', me.jar);
    expect(logout.jar.cookies.map((c) => c.key)).toEqual(['prefs']);
    expect((await send('GET', '/sandbox/cookies/me', me.jar)).status).toBe(401);
  });

  it('a wrong password sets nothing', async () => {
    const wrong = await send('POST', '/sandbox/cookies/login', { cookies: [] }, 'user=ada&password=nope');
    expect(wrong.status).toBe(401);
    expect(wrong.jar.cookies).toEqual([]);
  });
});
