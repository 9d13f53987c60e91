/**
 * Stored cookies explained for the cookie editor: what each attribute makes the jar do with
 * this cookie, and "What will be sent" — the Cookie header a request to a URL carries (jar
 * and typed header merged), with the jar's cookies for that host that stay behind and why.
 */
import { domainMatch, pathMatch } from 'tough-cookie';
import { mergeCookies, type MergedCookies } from './cookieHeader';
import { cookiesFor, openJar, type CookieJarState, type StoredCookie } from './jar';

/** One attribute line of a stored cookie. */
export interface CookieAttributeLine {
  label: string;
  value: string;
  reference: string;
}

function expiryLine(cookie: StoredCookie, now: Date): CookieAttributeLine {
  if (!cookie.expires) {
    return { label: 'Expires', value: 'Session cookie (no Expires or Max-Age): kept until you delete it or clear the jar; a browser drops it when it closes.', reference: 'RFC 6265bis §5.6.1' };
  }
  const at = new Date(cookie.expires);
  const minutes = Math.round((at.getTime() - now.getTime()) / 60_000);
  const left = minutes <= 0 ? 'expired: no longer sent' : minutes < 120 ? `in ${minutes} min` : `in ${Math.round(minutes / 60)} h`;
  return { label: 'Expires', value: `${at.toISOString()} (${left}). Max-Age, when a server sends it, wins over Expires and is turned into this date.`, reference: 'RFC 6265bis §5.6.2' };
}

function sameSiteLine(cookie: StoredCookie): CookieAttributeLine {
  const value = (cookie.sameSite ?? '').toLowerCase();
  const text =
    value === 'strict'
      ? 'Strict: sent only while the request and every redirect before it stay on the site that set it.'
      : value === 'lax'
        ? 'Lax: also sent when a redirect chain crosses sites, but only for GET and HEAD.'
        : value === 'none'
          ? 'None: sent on cross-site requests too (it must be Secure).'
          : 'Not set: RFC 6265bis treats it as None, and so does the jar (sent cross-site too); Chromium-based browsers treat it as Lax.';
  return { label: 'SameSite', value: text, reference: 'RFC 6265bis §5.6.7' };
}

function prefixLine(cookie: StoredCookie): CookieAttributeLine | undefined {
  if (cookie.key.startsWith('__Host-')) {
    return { label: 'Prefix', value: '__Host-: the server promised Secure, Path=/ and no Domain, so it is bound to exactly this host; the jar refuses a __Host- cookie that breaks this.', reference: 'RFC 6265bis §4.1.3.2' };
  }
  if (cookie.key.startsWith('__Secure-')) {
    return { label: 'Prefix', value: '__Secure-: it can only be set with Secure, from a secure origin; the jar refuses one without.', reference: 'RFC 6265bis §4.1.3.1' };
  }
  return undefined;
}

/** What each attribute of a stored cookie means for where it goes. */
export function describeStoredCookie(cookie: StoredCookie, now: Date = new Date()): CookieAttributeLine[] {
  const lines: CookieAttributeLine[] = [
    cookie.hostOnly
      ? { label: 'Domain', value: `Host-only: set without a Domain attribute, so sent only to ${cookie.domain} itself, not to its subdomains.`, reference: 'RFC 6265bis §5.7' }
      : { label: 'Domain', value: `${cookie.domain} and every subdomain of it (the Domain attribute widens the cookie).`, reference: 'RFC 6265bis §5.1.3' },
    { label: 'Path', value: `Sent for ${cookie.path === '/' ? 'every path' : `${cookie.path} and paths below it (${cookie.path.replace(/\/$/, '')}/…), not for ${cookie.path.replace(/\/$/, '')}x`}.`, reference: 'RFC 6265bis §5.1.4' },
    expiryLine(cookie, now),
    { label: 'Secure', value: cookie.secure ? 'Yes: sent only over HTTPS (or to loopback, which counts as secure).' : 'No: also sent over plain HTTP, where anyone on the path can read it.', reference: 'RFC 6265bis §5.6.5' },
    { label: 'HttpOnly', value: cookie.httpOnly ? 'Yes: a browser hides it from page scripts. Wirebench still sends it: requests here are HTTP requests.' : 'No: a browser would let page scripts read it.', reference: 'RFC 6265bis §5.6.6' },
    sameSiteLine(cookie),
  ];
  const prefix = prefixLine(cookie);
  if (prefix) lines.push(prefix);
  return lines;
}

/** A jar cookie for this host that a request will not carry, and why. */
export interface CookieLeftOut {
  name: string;
  domain: string;
  path: string;
  reason: string;
}

/** "What will be sent": the merged header and the jar's cookies for this host that stay behind. */
export interface CookiePreview extends MergedCookies {
  leftOut: CookieLeftOut[];
}

function whyNotSent(cookie: StoredCookie, url: URL, now: Date): string | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (cookie.expires && new Date(cookie.expires).getTime() <= now.getTime()) return 'expired';
  if (cookie.hostOnly && host !== cookie.domain) return `host-only for ${cookie.domain}`;
  if (!pathMatch(url.pathname || '/', cookie.path)) return `path ${cookie.path} does not cover ${url.pathname}`;
  if (cookie.secure && url.protocol !== 'https:' && !/^(localhost|127\.\d+\.\d+\.\d+|::1)$/.test(host)) return 'Secure, and this URL is plain HTTP';
  return undefined;
}

/**
 * The Cookie header a first request to `url` carries: `typedValues` (the person's Cookie
 * headers) merged with the jar's cookies, plus the jar's cookies whose domain covers the
 * host but which stay behind (path, Secure, host-only, expiry). An unreadable URL sends only
 * the typed cookies.
 */
export function previewCookies(state: CookieJarState, url: string, typedValues: readonly string[], now: Date = new Date()): CookiePreview {
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new TypeError('not http');
  } catch {
    return { ...mergeCookies(typedValues, []), leftOut: [] };
  }
  const sent = cookiesFor(openJar(state), target.href, 'strict');
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const sentNames = new Set(sent.map((c) => c.name));
  const leftOut: CookieLeftOut[] = [];
  for (const cookie of state.cookies) {
    if (sentNames.has(cookie.key) || !domainMatch(host, cookie.domain, true)) continue;
    const reason = whyNotSent(cookie, target, now);
    if (reason) leftOut.push({ name: cookie.key, domain: cookie.domain, path: cookie.path, reason });
  }
  return { ...mergeCookies(typedValues, sent), leftOut };
}
