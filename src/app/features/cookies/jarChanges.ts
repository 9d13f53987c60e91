/**
 * Every change to the page's jar, through core's rules (tough-cookie): the Set-Cookie lines
 * of a finished exchange, hop by hop as the relay stored them in its copy, and the cookie
 * editor's edits. Each change replaces the jar state in one step.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { RelayHead, RelayHop, RelaySummary } from '../../../core';
import { jarState, openJar, storeSetCookies, type SetCookieOutcome, type StoredCookie } from '../../../core/cookies';
import type { CookieJarStoreState } from './cookieJarStore';

function setCookieLines(headers: readonly { name: string; value: string }[]): string[] {
  return headers.filter((h) => /^set-cookie$/i.test(h.name)).map((h) => h.value);
}

/**
 * Stores what an exchange's responses set: each hop's lines at the hop's URL, then the
 * final response's at the URL it came from. The same lines, URLs and rules as the relay
 * used for the chain, so the page's jar ends as the relay's copy did.
 */
export function storeExchangeCookies(store: StoreApi<CookieJarStoreState>, hops: readonly RelayHop[], final?: { head: RelayHead; summary: RelaySummary }): SetCookieOutcome[] {
  const steps = hops.map((hop) => ({ url: hop.url, lines: setCookieLines(hop.headers) }));
  if (final) steps.push({ url: final.summary.sent.url, lines: setCookieLines(final.head.headers) });
  if (steps.every((s) => s.lines.length === 0)) return [];
  const jar = openJar(store.getState().jar);
  const outcomes = steps.flatMap((s) => storeSetCookies(jar, s.url, s.lines));
  store.setState({ jar: jarState(jar) });
  return outcomes;
}

/** Where a cookie is kept: a cookie is identified by name, domain and path (RFC 6265bis §5.7). */
export interface CookiePlace {
  key: string;
  domain: string;
  path: string;
}

const samePlace = (a: CookiePlace, b: CookiePlace) => a.key === b.key && a.domain === b.domain && a.path === b.path;

/** Removes one cookie. */
export function deleteCookie(store: StoreApi<CookieJarStoreState>, place: CookiePlace): void {
  store.setState((s) => ({ jar: { cookies: s.jar.cookies.filter((c) => !samePlace(c, place)) } }));
}

/** Removes every cookie of a domain, or all of them. */
export function clearCookies(store: StoreApi<CookieJarStoreState>, domain?: string): void {
  store.setState((s) => ({ jar: { cookies: domain === undefined ? [] : s.jar.cookies.filter((c) => c.domain !== domain) } }));
}

/**
 * Adds or replaces a cookie written in the editor, as if `https://<domain><path>` had set it
 * (so the jar's own rules check it: prefixes, Domain, expiry). `replacing` is the cookie it
 * edits, removed first when the edit moved it. Returns the jar's outcome.
 */
export function saveCookie(store: StoreApi<CookieJarStoreState>, cookie: StoredCookie, replacing?: CookiePlace): SetCookieOutcome {
  const attributes = [`Path=${cookie.path || '/'}`];
  if (!cookie.hostOnly) attributes.push(`Domain=${cookie.domain}`);
  if (cookie.expires) attributes.push(`Expires=${new Date(cookie.expires).toUTCString()}`);
  if (cookie.secure) attributes.push('Secure');
  if (cookie.httpOnly) attributes.push('HttpOnly');
  if (cookie.sameSite) attributes.push(`SameSite=${cookie.sameSite}`);
  const host = cookie.domain.replace(/^\./, '');
  const jar = openJar(store.getState().jar);
  if (replacing) jar.store.removeCookie(replacing.domain, replacing.path, replacing.key, () => {});
  const [outcome] = storeSetCookies(jar, `https://${host}${cookie.path.startsWith('/') ? cookie.path : '/'}`, [`${cookie.key}=${cookie.value}; ${attributes.join('; ')}`]);
  if (outcome!.result !== 'rejected') store.setState({ jar: jarState(jar) });
  return outcome!;
}
