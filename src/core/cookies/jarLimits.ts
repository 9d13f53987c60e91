/**
 * The jar's size, bounded as browsers bound theirs. RFC 6265bis §5.7 lets a user agent
 * limit the cookies it keeps and says which go first; §6.1 asks for at least 50 cookies per
 * domain and 3000 in all, which is what is kept here (name and value together are already
 * limited to 4096 characters when a line is read, `refusal.ts`). Without a bound a server,
 * or a script looping over `pm.sendRequest`, could grow a workspace's jar — kept in
 * IndexedDB, sent to the relay with every request — without end.
 */
import type { Cookie, CookieJar } from 'tough-cookie';

/** At most this many cookies share a domain field, and the jar holds at most `total` (RFC 6265bis §6.1's minimums). */
export const JAR_LIMITS = { perDomain: 50, total: 3000 } as const;

/** A cookie the bound removed. */
export interface EvictedCookie {
  name: string;
  domain: string;
  path: string;
  /** Why, in plain words with the rule. */
  reason: string;
}

function allCookies(jar: CookieJar): Cookie[] {
  let cookies: Cookie[] = [];
  // The jar's store is tough-cookie's MemoryCookieStore (openJar), which answers callbacks synchronously.
  jar.store.getAllCookies((error, found) => {
    if (!error && found) cookies = found;
  });
  return cookies;
}

function time(date: Date | 'Infinity' | null | undefined): number {
  return date instanceof Date ? date.getTime() : 0;
}

/** Least recently used first; among equals the older (RFC 6265bis §5.7: "the earliest last-access-time first"). */
function leastRecentlyUsedFirst(a: Cookie, b: Cookie): number {
  return time(a.lastAccessed ?? a.creation) - time(b.lastAccessed ?? b.creation) || time(a.creation) - time(b.creation) || (a.creationIndex ?? 0) - (b.creationIndex ?? 0);
}

/**
 * Removes what the bound does not keep, in RFC 6265bis §5.7's order: expired cookies;
 * then, for a domain field with more than `perDomain` cookies, its cookies without Secure,
 * then its Secure ones; then, over `total`, any — each group least recently used first.
 * Returns what was removed.
 */
export function enforceJarLimits(jar: CookieJar, now: Date = new Date(), limits: { perDomain: number; total: number } = JAR_LIMITS): EvictedCookie[] {
  if (!(limits.perDomain >= 1 && limits.total >= 1)) throw new RangeError(`jar limits must be at least 1 (got ${limits.perDomain} per domain, ${limits.total} in all)`);
  const evicted: EvictedCookie[] = [];
  const remove = (cookie: Cookie, reason: string) => {
    jar.store.removeCookie(cookie.domain ?? '', cookie.path ?? '/', cookie.key, () => undefined);
    evicted.push({ name: cookie.key, domain: cookie.domain ?? '', path: cookie.path ?? '/', reason });
  };
  let live: Cookie[] = [];
  for (const cookie of allCookies(jar)) {
    const expires = cookie.expiryTime(now);
    if (expires !== undefined && expires !== Infinity && expires <= now.getTime()) remove(cookie, 'It expired.');
    else live.push(cookie);
  }
  const byDomain = new Map<string, Cookie[]>();
  for (const cookie of live) {
    const list = byDomain.get(cookie.domain ?? '');
    if (list) list.push(cookie);
    else byDomain.set(cookie.domain ?? '', [cookie]);
  }
  const removed = new Set<Cookie>();
  for (const [domain, cookies] of byDomain) {
    if (cookies.length <= limits.perDomain) continue;
    const order = [...cookies.filter((c) => !c.secure).sort(leastRecentlyUsedFirst), ...cookies.filter((c) => c.secure).sort(leastRecentlyUsedFirst)];
    for (const cookie of order.slice(0, cookies.length - limits.perDomain)) {
      remove(cookie, `The jar keeps at most ${limits.perDomain} cookies for ${domain} (as browsers do, RFC 6265bis §6.1); this was the least recently used${cookie.secure ? '' : ' without Secure'}, so it was evicted.`);
      removed.add(cookie);
    }
  }
  live = live.filter((c) => !removed.has(c));
  if (live.length > limits.total) {
    for (const cookie of live.sort(leastRecentlyUsedFirst).slice(0, live.length - limits.total)) {
      remove(cookie, `The jar keeps at most ${limits.total} cookies in all (as browsers do, RFC 6265bis §6.1); this was the least recently used, so it was evicted.`);
    }
  }
  return evicted;
}
