/**
 * The workspace jar against cases from RFC 6265bis: domain and path matching, host-only vs
 * domain cookies, expiry (Max-Age over Expires, deletion), Secure, SameSite contexts,
 * prefixes, public suffixes and malformed lines. Each case: the Set-Cookie lines a response
 * from one URL carried, then the Cookie header a request to another URL gets.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookiesFor, EMPTY_COOKIE_JAR, jarState, openJar, storeSetCookies, type SameSiteContext } from './jar';

/** Stores `lines` as the answer from `from`, then returns the Cookie header sent to `to`. */
function sentTo(from: string, lines: string[], to: string, context: SameSiteContext = 'strict'): string {
  const jar = openJar();
  storeSetCookies(jar, from, lines);
  return cookiesFor(jar, to, context)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

afterEach(() => vi.useRealTimers());

describe('domain matching (RFC 6265bis §5.1.3, §5.7)', () => {
  it('a cookie without Domain is host-only: not sent to a subdomain or the parent', () => {
    expect(sentTo('https://example.com/', ['a=1'], 'https://example.com/x')).toBe('a=1');
    expect(sentTo('https://example.com/', ['a=1'], 'https://www.example.com/')).toBe('');
    expect(sentTo('https://www.example.com/', ['a=1'], 'https://example.com/')).toBe('');
  });

  it('Domain widens to the domain and its subdomains; a leading dot is ignored', () => {
    expect(sentTo('https://www.example.com/', ['a=1; Domain=example.com'], 'https://api.example.com/')).toBe('a=1');
    expect(sentTo('https://www.example.com/', ['a=1; Domain=.example.com'], 'https://example.com/')).toBe('a=1');
    expect(sentTo('https://www.example.com/', ['a=1; Domain=example.com'], 'https://notexample.com/')).toBe('');
  });

  it('a Domain that does not cover the host, or is a public suffix, is refused', () => {
    const jar = openJar();
    const [foreign, suffix] = storeSetCookies(jar, 'https://www.example.com/', ['a=1; Domain=other.com', 'b=1; Domain=co.uk']);
    expect(foreign).toMatchObject({ name: 'a', result: 'rejected', reason: expect.stringMatching(/does not cover www\.example\.com/) });
    expect(storeSetCookies(jar, 'https://a.example.co.uk/', ['b=1; Domain=co.uk'])[0]).toMatchObject({ result: 'rejected', reason: expect.stringMatching(/public suffix/) });
    expect(suffix!.result).toBe('rejected');
    expect(jarState(jar).cookies).toEqual([]);
  });
});

describe('path matching (RFC 6265bis §5.1.4)', () => {
  it('a Path covers itself and paths below it at a / boundary', () => {
    const line = ['a=1; Path=/docs'];
    expect(sentTo('https://h.test/', line, 'https://h.test/docs')).toBe('a=1');
    expect(sentTo('https://h.test/', line, 'https://h.test/docs/web')).toBe('a=1');
    expect(sentTo('https://h.test/', line, 'https://h.test/docsets')).toBe('');
    expect(sentTo('https://h.test/', line, 'https://h.test/')).toBe('');
  });

  it('without Path the default is the directory of the request path', () => {
    expect(sentTo('https://h.test/account/login', ['a=1'], 'https://h.test/account/me')).toBe('a=1');
    expect(sentTo('https://h.test/account/login', ['a=1'], 'https://h.test/other')).toBe('');
  });

  it('longer paths are sent first (RFC 6265bis §5.8.3)', () => {
    expect(sentTo('https://h.test/', ['short=1; Path=/', 'long=1; Path=/a/b'], 'https://h.test/a/b/c')).toBe('long=1; short=1');
  });
});

describe('expiry (RFC 6265bis §5.6.1, §5.6.2)', () => {
  it('Max-Age wins over Expires; a cookie past its time is not sent and leaves the jar', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const jar = openJar();
    storeSetCookies(jar, 'https://h.test/', ['a=1; Max-Age=60; Expires=Wed, 01 Jan 2020 00:00:00 GMT', 'b=1; Expires=Tue, 01 Jan 2030 00:00:30 GMT']);
    expect(cookiesFor(jar, 'https://h.test/').map((c) => c.name)).toEqual(['a', 'b']);
    vi.setSystemTime(new Date('2030-01-01T00:00:45Z'));
    expect(cookiesFor(jar, 'https://h.test/').map((c) => c.name)).toEqual(['a']);
    vi.setSystemTime(new Date('2030-01-01T00:01:01Z'));
    expect(cookiesFor(jar, 'https://h.test/')).toEqual([]);
    expect(jarState(jar).cookies).toEqual([]);
  });

  it('Max-Age=0 or an Expires in the past deletes a stored cookie', () => {
    const jar = openJar();
    storeSetCookies(jar, 'https://h.test/', ['sid=1; Path=/', 'old=1; Path=/']);
    const outcomes = storeSetCookies(jar, 'https://h.test/', ['sid=; Path=/; Max-Age=0', 'old=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(outcomes.map((o) => o.result)).toEqual(['deleted', 'deleted']);
    expect(cookiesFor(jar, 'https://h.test/')).toEqual([]);
  });

  it('the state round-trips: a jar reopened from its state sends the same cookies', () => {
    const jar = openJar();
    storeSetCookies(jar, 'https://h.test/', ['a=1; Max-Age=3600; Secure; HttpOnly; SameSite=Strict', 'b=2; Domain=h.test']);
    const state = jarState(jar);
    expect(state.cookies[0]).toMatchObject({ key: 'a', secure: true, httpOnly: true, hostOnly: true, sameSite: 'strict', expires: expect.any(String) });
    expect(state.cookies[1]).toMatchObject({ key: 'b', domain: 'h.test' });
    expect(state.cookies[1]!.hostOnly).toBeUndefined();
    expect(state.cookies[1]!.expires).toBeUndefined();
    expect(cookiesFor(openJar(state), 'https://h.test/')).toEqual(cookiesFor(jar, 'https://h.test/'));
    expect(jarState(openJar(EMPTY_COOKIE_JAR))).toEqual({ cookies: [] });
  });
});

describe('Secure (RFC 6265bis §5.6.5, §5.7)', () => {
  it('is sent over https and to loopback, not over plain http elsewhere; not settable from plain http', () => {
    expect(sentTo('https://h.test/', ['a=1; Secure'], 'http://h.test/')).toBe('');
    expect(sentTo('https://h.test/', ['a=1; Secure'], 'https://h.test/')).toBe('a=1');
    expect(sentTo('http://127.0.0.1:8080/', ['a=1; Secure'], 'http://127.0.0.1:8080/')).toBe('a=1');
    expect(storeSetCookies(openJar(), 'http://h.test/', ['a=1; Secure'])[0]).toMatchObject({ result: 'rejected', reason: expect.stringMatching(/plain HTTP/) });
  });
});

describe('SameSite (RFC 6265bis §5.6.7, §5.8.3)', () => {
  const lines = ['s=1; SameSite=Strict; Secure', 'l=1; SameSite=Lax; Secure', 'n=1; SameSite=None; Secure', 'u=1; Secure'];
  it('same-site sends all; a cross-site top-level GET all but Strict; a cross-site POST only None and unmarked (RFC default None)', () => {
    expect(sentTo('https://h.test/', lines, 'https://h.test/', 'strict')).toBe('s=1; l=1; n=1; u=1');
    expect(sentTo('https://h.test/', lines, 'https://h.test/', 'lax')).toBe('l=1; n=1; u=1');
    expect(sentTo('https://h.test/', lines, 'https://h.test/', 'none')).toBe('n=1; u=1');
  });

  it('SameSite=None without Secure is refused', () => {
    expect(storeSetCookies(openJar(), 'https://h.test/', ['n=1; SameSite=None'])[0]).toMatchObject({ name: 'n', result: 'rejected', reason: expect.stringMatching(/SameSite=None without Secure/) });
  });
});

describe('prefixes (RFC 6265bis §4.1.3)', () => {
  it('__Secure- needs Secure; __Host- needs Secure, Path=/ and no Domain', () => {
    const outcomes = storeSetCookies(openJar(), 'https://www.h.test/', [
      '__Secure-a=1',
      '__Secure-b=1; Secure',
      '__Host-c=1; Secure; Path=/',
      '__Host-d=1; Secure; Path=/app',
      '__Host-e=1; Secure; Path=/; Domain=h.test',
    ]);
    expect(outcomes.map((o) => `${o.name}:${o.result}`)).toEqual(['__Secure-a:rejected', '__Secure-b:stored', '__Host-c:stored', '__Host-d:rejected', '__Host-e:rejected']);
    expect(outcomes[3]!.reason).toMatch(/__Host- cookie must be Secure, have Path=\/ and no Domain/);
  });
});

describe('malformed Set-Cookie (RFC 6265bis §4.1.1, §5.6)', () => {
  it('is kept out of the jar with the first fault named, and the value is never repeated', () => {
    const outcomes = storeSetCookies(openJar(), 'https://h.test/', ['justavalue', '=nameless', 'bad name=1', 'a=has space', 'c=1\u0001x', 'ok=1']);
    expect(outcomes.map((o) => o.result)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'stored']);
    expect(outcomes.map((o) => o.reason ?? '').join(' ')).not.toMatch(/justavalue|nameless|has space/);
    expect(outcomes[0]!.reason).toMatch(/no "="/);
    expect(outcomes[1]!.reason).toMatch(/no name/);
    expect(outcomes[2]!.reason).toMatch(/token/);
    expect(outcomes[3]!.reason).toMatch(/encode/);
    expect(outcomes[4]!.reason).toMatch(/control character/);
  });
});

describe("the jar's bound (RFC 6265bis §5.7, §6.1: 50 per domain, 3000 in all)", () => {
  it('keeps 50 cookies per domain, evicting the least recently used, and says so for a cookie of the same answer', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const jar = openJar();
    for (let i = 0; i < 50; i++) {
      storeSetCookies(jar, 'https://shop.test/', [`c${i}=v`]);
      vi.advanceTimersByTime(1000);
    }
    // All fifty are read at once; c0 is set again after that, so it is the most recently used of them.
    expect(cookiesFor(jar, 'https://shop.test/').length).toBe(50);
    vi.advanceTimersByTime(1000);
    storeSetCookies(jar, 'https://shop.test/', ['c0=again']);
    vi.advanceTimersByTime(1000);
    const outcomes = storeSetCookies(jar, 'https://shop.test/', ['new1=v', 'new2=v']);
    expect(outcomes.map((o) => o.result)).toEqual(['stored', 'stored']);
    const names = jarState(jar).cookies.map((c) => c.key);
    expect(names).toHaveLength(50);
    expect(names).toContain('c0');
    expect(names).toContain('new2');
    // c1…c49 were last used at the same moment; among equals the older goes first.
    expect(names).not.toContain('c1');
    expect(names).not.toContain('c2');
    // One answer setting more than the bound: the first ones are evicted at once and reported as kept out.
    const flood = storeSetCookies(openJar(), 'https://flood.test/', Array.from({ length: 60 }, (_, i) => `f${i}=v`));
    expect(flood.filter((o) => o.result === 'stored')).toHaveLength(50);
    expect(flood[0]).toMatchObject({ name: 'f0', result: 'rejected', reason: expect.stringMatching(/at most 50 cookies for flood\.test .*evicted/) });
  });

  it('evicts cookies without Secure before Secure ones of the same domain', () => {
    const jar = openJar();
    storeSetCookies(jar, 'https://bank.test/', Array.from({ length: 40 }, (_, i) => `s${i}=v; Secure`));
    storeSetCookies(jar, 'https://bank.test/', Array.from({ length: 15 }, (_, i) => `p${i}=v`));
    const kept = jarState(jar).cookies.map((c) => c.key);
    expect(kept.filter((k) => k.startsWith('s'))).toHaveLength(40);
    expect(kept.filter((k) => k.startsWith('p'))).toHaveLength(10);
  });

  it('keeps 3000 cookies in all, the least recently used evicted, and bounds a jar opened over the bound', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const jar = openJar();
    for (let d = 0; d < 70; d++) {
      storeSetCookies(jar, `https://d${d}.test/`, Array.from({ length: 45 }, (_, i) => `k${i}=v`));
      vi.advanceTimersByTime(1000);
    }
    const state = jarState(jar);
    expect(state.cookies).toHaveLength(3000);
    // 70 × 45 = 3150: the 150 least recently used (the first domains' cookies) went.
    expect(state.cookies.some((c) => c.domain === 'd0.test')).toBe(false);
    expect(state.cookies.filter((c) => c.domain === 'd69.test')).toHaveLength(45);
    const oversized = { cookies: Array.from({ length: 120 }, (_, i) => ({ key: `o${i}`, value: 'v', domain: 'old.test', path: '/', hostOnly: true, creation: new Date(Date.UTC(2029, 0, 1, 0, 0, i)).toISOString() })) };
    const reopened = jarState(openJar(oversized)).cookies.map((c) => c.key);
    expect(reopened).toHaveLength(50);
    expect(reopened[0]).toBe('o70');
  });
});
