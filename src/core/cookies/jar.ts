/**
 * A workspace's cookie jar (RFC 6265bis) as plain data the page can keep in IndexedDB and
 * hand to the relay, and the two operations on it: store a response's `Set-Cookie` lines,
 * and pick the cookies a request carries. The rules themselves are tough-cookie's (domain
 * and path matching, host-only cookies, public suffixes, expiry, prefixes, Secure); this
 * module fixes the jar's options once, so the page and the relay decide alike, and turns
 * every refusal into a plain reason. Cookie values travel here but never into an outcome,
 * a reason or an error message.
 */
import { Cookie, CookieJar, getPublicSuffix } from 'tough-cookie';
import { siteOf } from './cookieHeader';
import { EMPTY_COOKIE_JAR, isStoredCookie, type CookieJarState, type StoredCookie } from './storedCookie';
import { enforceJarLimits } from './jarLimits';
import { explainJarRefusal } from './refusal';

export { EMPTY_COOKIE_JAR, isStoredCookie, type CookieJarState, type StoredCookie } from './storedCookie';
import type { CookiePair, SameSiteContext } from './storedCookie';
export type { SameSiteContext, CookiePair } from './storedCookie';

/**
 * The jar's options, the same in the page and the relay: strict parsing (a malformed line
 * is refused, not guessed at), prefixes enforced, public suffixes refused, and loopback
 * treated as a secure context as browsers do (so a sandbox on http://127.0.0.1 can set a
 * `__Host-` cookie).
 */
const JAR_OPTIONS = {
  rejectPublicSuffixes: true,
  looseMode: false,
  prefixSecurity: 'strict',
  allowSpecialUseDomain: true,
  allowSecureOnLocal: true,
} as const;

/** What became of one `Set-Cookie` line. Never holds the value. */
export interface SetCookieOutcome {
  /** The cookie's name, or empty when the line could not be read at all. */
  name: string;
  /** `stored`: added or replaced; `deleted`: an expiry in the past removed it; `rejected`: kept out of the jar. */
  result: 'stored' | 'deleted' | 'rejected';
  domain?: string;
  path?: string;
  /** Why a line was rejected, in plain words with its rule. */
  reason?: string;
}

/** A live jar over a state; changes made through it are read back with `jarState`. */
export function openJar(state: CookieJarState = EMPTY_COOKIE_JAR): CookieJar {
  if (!state || !Array.isArray(state.cookies)) throw new TypeError('openJar expects { cookies: StoredCookie[] }');
  const jar = new CookieJar(null, JAR_OPTIONS);
  jar._importCookiesSync({ cookies: state.cookies.filter(isStoredCookie) });
  // A jar kept before the bound, or edited by hand, is brought within it.
  enforceJarLimits(jar);
  return jar;
}

/** The jar as data, expired cookies left out, in the order cookies were created. */
export function jarState(jar: CookieJar, now: Date = new Date()): CookieJarState {
  const cookies = (jar.serializeSync()?.cookies ?? [])
    .map((c) => Cookie.fromJSON(c))
    .filter((c): c is Cookie => c !== undefined && !isExpired(c, now))
    .map(storedCookieOf);
  return { cookies };
}

function isExpired(cookie: Cookie, now: Date): boolean {
  const at = cookie.expiryTime(now);
  return at !== undefined && at !== Infinity && at <= now.getTime();
}

function storedCookieOf(cookie: Cookie): StoredCookie {
  const out: StoredCookie = { key: cookie.key, value: cookie.value, domain: cookie.domain ?? '', path: cookie.path ?? '/' };
  // A session cookie's expiry is Infinity (tough-cookie would show it as a date in 2038).
  const expires = cookie.expiryTime();
  if (expires !== undefined && Number.isFinite(expires)) out.expires = new Date(expires).toISOString();
  if (cookie.secure) out.secure = true;
  if (cookie.httpOnly) out.httpOnly = true;
  if (cookie.hostOnly) out.hostOnly = true;
  if (cookie.sameSite && cookie.sameSite !== 'unspecified') out.sameSite = cookie.sameSite;
  if (cookie.creation instanceof Date) out.creation = cookie.creation.toISOString();
  if (cookie.lastAccessed instanceof Date) out.lastAccessed = cookie.lastAccessed.toISOString();
  return out;
}

/**
 * Stores each `Set-Cookie` line a response to `url` carried, in order. A line the jar
 * refuses is reported with why and changes nothing. Then the jar is brought within its
 * bound (`JAR_LIMITS`: 50 cookies per domain, 3000 in all, least recently used evicted). Storage is not limited by SameSite:
 * every request Wirebench sends is a top-level request the person made.
 */
export function storeSetCookies(jar: CookieJar, url: string, lines: readonly string[], now: Date = new Date()): SetCookieOutcome[] {
  const outcomes = lines.map((line): SetCookieOutcome => {
    const early = explainJarRefusal(line, url);
    if (early) return { name: early.name, result: 'rejected', reason: early.reason };
    try {
      const cookie = jar.setCookieSync(line, url, { now, http: true });
      if (!cookie) return { name: nameOf(line), result: 'rejected', reason: 'The jar ignored it.' };
      fixMaxAge(cookie, now);
      const place = { domain: cookie.domain ?? undefined, path: cookie.path ?? undefined };
      return isExpired(cookie, now) ? { name: cookie.key, result: 'deleted', ...place } : { name: cookie.key, result: 'stored', ...place };
    } catch (err) {
      const refusal = explainJarRefusal(line, url, (err as Error).message);
      return { name: refusal?.name ?? nameOf(line), result: 'rejected', reason: refusal?.reason ?? 'The jar refused it.' };
    }
  });
  // The jar's bound (jarLimits.ts): a cookie of this answer that the bound evicted at once is reported as kept out, with why.
  for (const gone of enforceJarLimits(jar, now)) {
    const outcome = outcomes.find((o) => o.result === 'stored' && o.name === gone.name && o.domain === gone.domain && o.path === gone.path);
    if (outcome) Object.assign(outcome, { result: 'rejected', reason: gone.reason });
  }
  return outcomes;
}

/**
 * Turns Max-Age into the absolute expiry RFC 6265bis §5.6.2 defines (now + Max-Age).
 * tough-cookie counts Max-Age from the last access, which would let a cookie that is used
 * often outlive its Max-Age. The stored cookie is the object the jar holds, so this fixes it in place.
 */
function fixMaxAge(cookie: Cookie, now: Date): void {
  if (cookie.maxAge === null || cookie.maxAge === undefined || cookie.maxAge === 'Infinity') return;
  cookie.expires = cookie.expiryDate(now) ?? new Date(0);
  cookie.maxAge = null;
}

function nameOf(line: string): string {
  const pair = line.split(';', 1)[0] ?? '';
  const eq = pair.indexOf('=');
  return eq < 0 ? '' : pair.slice(0, eq).trim();
}

/**
 * The cookies the jar sends to `url` in the given SameSite context, in RFC 6265bis §5.8.3
 * order (longer paths first, then older first). Expired cookies are dropped on the way.
 */
export function cookiesFor(jar: CookieJar, url: string, sameSiteContext: SameSiteContext = 'strict'): CookiePair[] {
  return jar.getCookiesSync(url, { http: true, sameSiteContext, expire: true, sort: true }).map((c) => ({ name: c.key, value: c.value }));
}

/** The site (registrable domain) of a URL, for `sameSiteContextFor`. */
export function siteOfUrl(url: string): string {
  return siteOf(new URL(url).hostname, (host) => getPublicSuffix(host, { allowSpecialUseDomain: true, ignoreError: true }));
}
