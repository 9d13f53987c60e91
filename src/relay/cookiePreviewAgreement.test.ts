/**
 * The composer's "What will be sent" and the relay's cookie stage decide alike: for the
 * first hop of a send, the Cookie header the page previews (core `previewCookies` merged by
 * `withJarCookies`, as `useJarCookiePreview` does) is the one `HopCookies` sends — domain,
 * path, Secure, expiry and SameSite (a top-level send is same-site) all counted, typed
 * pairs first and winning by name.
 */
import { describe, expect, it } from 'vitest';
import type { HeaderField } from '../core';
import { jarState, openJar, previewCookies, storeSetCookies, withJarCookies, type CookieJarState } from '../core/cookies';
import { HopCookies } from './cookieStage';

function jarOf(entries: [url: string, line: string][]): CookieJarState {
  const jar = openJar();
  for (const [url, line] of entries) storeSetCookies(jar, url, [line]);
  return jarState(jar);
}

const JAR = jarOf([
  ['https://api.example.com/', 'sid=s1; Path=/; Secure; HttpOnly; SameSite=Strict'],
  ['https://api.example.com/', 'theme=dark; Path=/; SameSite=Lax'],
  ['https://api.example.com/', 'wide=1; Domain=example.com; Path=/'],
  ['https://api.example.com/', 'deep=2; Path=/v1/orders'],
  ['https://api.example.com/', 'gone=3; Path=/; Max-Age=1'],
  ['https://other.example.org/', 'elsewhere=4; Path=/'],
]);

const cases: [url: string, headers: HeaderField[]][] = [
  ['https://api.example.com/v1/orders/7', [{ name: 'Accept', value: '*/*' }]],
  ['https://api.example.com/v1/users', [{ name: 'Cookie', value: 'theme=light; mine=x' }]],
  ['http://api.example.com/', []],
  ['https://www.example.com/', [{ name: 'Accept', value: '*/*' }, { name: 'cookie', value: 'a=1' }, { name: 'X-Y', value: 'z' }]],
  ['https://other.example.org/', []],
];

describe('the preview and the relay send the same Cookie header on the first hop', () => {
  it.each(cases)('%s', (url, headers) => {
    const later = new Date(Date.now() + 5_000);
    const typed = headers.filter((h) => /^cookie$/i.test(h.name)).map((h) => h.value);
    // Both read the jar after "gone" (Max-Age=1) has expired.
    const state = jarState(openJar(JAR), later);
    const previewed = withJarCookies(headers, previewCookies(state, url, typed, later).fromJar);
    const sent = new HopCookies(state).headersFor(new URL(url), 'GET', headers);
    expect(previewed).toEqual(sent);
  });

  it('counts path, Secure and Domain as RFC 6265bis says (longer paths first), and the typed pair wins by name', () => {
    const state = jarState(openJar(JAR), new Date(Date.now() + 5_000));
    const cookie = (url: string, headers: HeaderField[]) => withJarCookies(headers, previewCookies(state, url, headers.filter((h) => /^cookie$/i.test(h.name)).map((h) => h.value)).fromJar).find((h) => /^cookie$/i.test(h.name))?.value;
    expect(cookie('https://api.example.com/v1/orders/7', [])).toBe('deep=2; sid=s1; theme=dark; wide=1');
    expect(cookie('http://api.example.com/', [])).toBe('theme=dark; wide=1');
    expect(cookie('https://api.example.com/', [{ name: 'Cookie', value: 'theme=light' }])).toBe('theme=light; sid=s1; wide=1');
    expect(cookie('https://www.example.com/', [])).toBe('wide=1');
  });

  it('sends nothing the jar holds for a URL no cookie covers, and leaves typed headers as typed', () => {
    const headers = [{ name: 'Cookie', value: 'a=1' }];
    expect(withJarCookies(headers, previewCookies(JAR, 'https://unrelated.test/', ['a=1']).fromJar)).toEqual(headers);
  });
});
