import { describe, expect, it } from 'vitest';
import { describeSetCookie, explainSetCookie, parseSetCookie } from './setCookie';

const now = new Date('2025-01-01T00:00:00Z');
const ids = (value: string, url = 'https://api.example.com/login') => explainSetCookie(parseSetCookie(value, now), url).map((f) => f.id);

describe('parseSetCookie', () => {
  it('reads name, attributes and flags, without keeping the value', () => {
    const cookie = parseSetCookie('sid=s3cr3t; Path=/; Domain=.Example.com; Secure; HttpOnly; SameSite=Lax; Max-Age=3600', now);
    expect(cookie).toMatchObject({ name: 'sid', valueLength: 6, path: '/', domain: 'example.com', secure: true, httpOnly: true, sameSite: 'Lax', maxAge: 3600 });
    expect(JSON.stringify(cookie)).not.toContain('s3cr3t');
  });

  it('reads Expires as an HTTP-date and lets the last repeated attribute win', () => {
    const cookie = parseSetCookie('a=1; Path=/x; Expires=Wed, 21 Oct 2026 07:28:00 GMT; path=/y', now);
    expect(cookie.expires?.toISOString()).toBe('2026-10-21T07:28:00.000Z');
    expect(cookie.path).toBe('/y');
  });
});

describe('describeSetCookie', () => {
  it('says a cookie without lifetime is a session cookie and a past Expires deletes it', () => {
    expect(describeSetCookie(parseSetCookie('a=1', now), now)).toContainEqual({ label: 'Lifetime', value: 'session cookie: dropped when the browser session ends' });
    const deleted = describeSetCookie(parseSetCookie('a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT', now), now);
    expect(deleted.find((l) => l.label === 'Expires')?.value).toContain('deletes the cookie');
  });

  it('never shows the value, only its length', () => {
    expect(describeSetCookie(parseSetCookie('token=abcdef', now), now)).toContainEqual({ label: 'Value', value: '6 characters (not shown)' });
  });
});

describe('explainSetCookie', () => {
  it('accepts a well-formed secure cookie', () => {
    expect(ids('sid=1; Path=/; Secure; HttpOnly; SameSite=Strict')).toEqual([]);
  });

  it('rejects SameSite=None without Secure', () => {
    expect(ids('a=1; SameSite=None')).toContain('cookie-samesite-none-insecure');
  });

  it('enforces the __Secure- and __Host- prefixes', () => {
    expect(ids('__Secure-a=1')).toContain('cookie-prefix-secure');
    expect(ids('__Host-a=1; Secure; Path=/; Domain=example.com')).toContain('cookie-prefix-host');
    expect(ids('__Host-a=1; Secure; Path=/')).toEqual([]);
  });

  it('rejects a Domain that does not cover the request host', () => {
    expect(ids('a=1; Domain=other.org')).toContain('cookie-foreign-domain');
    expect(ids('a=1; Domain=example.com')).toEqual([]);
  });

  it('warns about a Secure cookie set over plain HTTP, except on loopback', () => {
    expect(ids('a=1; Secure', 'http://api.example.com/')).toContain('cookie-secure-over-http');
    expect(ids('a=1; Secure', 'http://127.0.0.1:4780/')).toEqual([]);
  });

  it('reports unreadable Expires and Max-Age, and a missing name', () => {
    expect(ids('a=1; Expires=tomorrow; Max-Age=soon')).toEqual(['cookie-expires-invalid', 'cookie-max-age-invalid']);
    expect(ids('justavalue')).toContain('cookie-no-name');
  });
});
