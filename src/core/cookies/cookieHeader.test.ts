import { describe, expect, it } from 'vitest';
import { mergeCookies, sameSiteContextFor, withJarCookies } from './cookieHeader';
import { describeStoredCookie, previewCookies } from './explainCookie';
import { siteOfUrl } from './jar';

const jar = [
  { name: 'sid', value: 'j' },
  { name: 'theme', value: 'dark' },
];

describe('merging a typed Cookie header with the jar', () => {
  it('typed pairs first and winning by name, jar cookies after', () => {
    expect(mergeCookies(['sid=typed; a=1'], jar)).toEqual({
      typed: [
        { name: 'sid', value: 'typed' },
        { name: 'a', value: '1' },
      ],
      fromJar: [{ name: 'theme', value: 'dark' }],
      overridden: ['sid'],
      value: 'sid=typed; a=1; theme=dark',
    });
  });

  it('one Cookie header in the place of the first typed one; untouched without jar cookies', () => {
    const headers = [
      { name: 'Accept', value: '*/*' },
      { name: 'cookie', value: 'a=1' },
      { name: 'X-Y', value: 'z' },
      { name: 'Cookie', value: 'b=2' },
    ];
    expect(withJarCookies(headers, jar)).toEqual([
      { name: 'Accept', value: '*/*' },
      { name: 'cookie', value: 'a=1; b=2; sid=j; theme=dark' },
      { name: 'X-Y', value: 'z' },
    ]);
    expect(withJarCookies(headers, [])).toEqual(headers);
    expect(withJarCookies([{ name: 'Accept', value: '*/*' }], jar).at(-1)).toEqual({ name: 'Cookie', value: 'sid=j; theme=dark' });
  });
});

describe('SameSite context of a chain', () => {
  it('strict while every URL is on the first site; lax for GET once it crossed; none for a POST', () => {
    expect(siteOfUrl('https://a.www.example.co.uk/x')).toBe('example.co.uk');
    expect(siteOfUrl('http://127.0.0.1:4780/')).toBe('127.0.0.1');
    expect(sameSiteContextFor(['https://a.example.com/', 'https://b.example.com/'], 'GET', siteOfUrl)).toBe('strict');
    expect(sameSiteContextFor(['https://a.example.com/', 'https://idp.test/', 'https://a.example.com/'], 'GET', siteOfUrl)).toBe('lax');
    expect(sameSiteContextFor(['https://a.example.com/', 'https://idp.test/'], 'POST', siteOfUrl)).toBe('none');
    expect(() => sameSiteContextFor([], 'GET', siteOfUrl)).toThrow(RangeError);
  });
});

describe('What will be sent', () => {
  const state = {
    cookies: [
      { key: 'sid', value: 's', domain: 'h.test', path: '/', hostOnly: true, httpOnly: true },
      { key: 'admin', value: 'x', domain: 'h.test', path: '/admin', hostOnly: true },
      { key: 'sec', value: 'x', domain: 'h.test', path: '/', hostOnly: true, secure: true },
      { key: 'sub', value: 'x', domain: 'api.h.test', path: '/', hostOnly: true },
      { key: 'elsewhere', value: 'x', domain: 'other.test', path: '/', hostOnly: true },
    ],
  };
  it('the merged header, and the jar cookies for this host left out with why', () => {
    const preview = previewCookies(state, 'http://h.test/app', ['lang=en']);
    expect(preview.value).toBe('lang=en; sid=s');
    expect(preview.leftOut).toEqual([
      { name: 'admin', domain: 'h.test', path: '/admin', reason: 'path /admin does not cover /app' },
      { name: 'sec', domain: 'h.test', path: '/', reason: 'Secure, and this URL is plain HTTP' },
    ]);
    expect(previewCookies(state, 'not a url', ['a=1']).value).toBe('a=1');
  });

  it('explains host-only, path, prefixes and SameSite of a stored cookie', () => {
    const lines = describeStoredCookie({ key: '__Host-id', value: 'v', domain: 'h.test', path: '/', hostOnly: true, secure: true, sameSite: 'strict' });
    const text = lines.map((l) => `${l.label}: ${l.value}`).join('\n');
    expect(text).toMatch(/Domain: Host-only.*h\.test itself/);
    expect(text).toMatch(/Path: Sent for every path/);
    expect(text).toMatch(/Expires: Session cookie/);
    expect(text).toMatch(/SameSite: Strict/);
    expect(text).toMatch(/Prefix: __Host-/);
    expect(text).not.toContain('v;');
  });
});

describe('the inspector explains a malformed Set-Cookie as the jar does', () => {
  it('one finding naming the fault, no value repeated, nothing for a good line', async () => {
    const { explainResponseHeader } = await import('../inspect');
    const request = { method: 'GET', url: 'https://h.test/', headers: [] };
    const bad = explainResponseHeader({ name: 'Set-Cookie', value: 'opaquevalue42; Path=/' }, { request })!;
    expect(bad.findings.map((f) => f.id)).toEqual(['cookie-malformed']);
    expect(bad.findings[0]!.message).toMatch(/no "="/);
    expect(JSON.stringify(bad.findings)).not.toContain('opaquevalue42');
    const good = explainResponseHeader({ name: 'Set-Cookie', value: 'a=1; Path=/; Secure' }, { request })!;
    expect(good.findings.some((f) => f.id === 'cookie-malformed')).toBe(false);
  });
});
