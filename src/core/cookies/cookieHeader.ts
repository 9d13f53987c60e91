/**
 * The one `Cookie` header a request carries when the jar and the person both add cookies,
 * and the SameSite context of each hop of a redirect chain.
 *
 * Merge rule (as Postman does, and as curl does when `-b` and `-H Cookie:` are combined into
 * one line): the pairs the person typed come first, in their order, and win — a jar cookie
 * whose name the person typed is not sent; the jar's other cookies follow in RFC 6265bis
 * §5.8.3 order. Several typed Cookie headers become one (RFC 6265bis §5.8.3: a user agent
 * sends one Cookie header). With nothing from the jar the typed headers are left exactly
 * as typed.
 */
import type { HeaderField } from '../types';
import type { CookiePair, SameSiteContext } from './storedCookie';

/** The `name=value` pairs of a Cookie header value, in order (pieces without `=` are kept by name). */
export function cookiePairsOf(value: string): CookiePair[] {
  return value
    .split(';')
    .map((piece) => piece.trim())
    .filter(Boolean)
    .map((piece) => {
      const eq = piece.indexOf('=');
      return eq < 0 ? { name: piece, value: '' } : { name: piece.slice(0, eq).trim(), value: piece.slice(eq + 1).trim() };
    });
}

/** A Cookie header's value from pairs. */
export function cookieHeaderValue(pairs: readonly CookiePair[]): string {
  return pairs.map((p) => (p.value === '' && p.name !== '' ? `${p.name}=` : `${p.name}=${p.value}`)).join('; ');
}

/** What the merged header holds: the typed pairs, the jar's, and the jar cookies the typed ones replaced. */
export interface MergedCookies {
  typed: CookiePair[];
  fromJar: CookiePair[];
  /** Names of jar cookies not sent because the person typed the same name. */
  overridden: string[];
  /** The merged header value, or undefined when there is nothing to send. */
  value?: string;
}

/** Merges typed Cookie header values with the jar's cookies by the rule above. */
export function mergeCookies(typedValues: readonly string[], jarPairs: readonly CookiePair[]): MergedCookies {
  const typed = typedValues.flatMap(cookiePairsOf);
  const typedNames = new Set(typed.map((p) => p.name));
  const fromJar = jarPairs.filter((p) => !typedNames.has(p.name));
  const overridden = [...new Set(jarPairs.filter((p) => typedNames.has(p.name)).map((p) => p.name))];
  const all = [...typed, ...fromJar];
  return { typed, fromJar, overridden, ...(all.length ? { value: cookieHeaderValue(all) } : {}) };
}

const COOKIE = /^cookie$/i;

/**
 * `headers` with the jar's cookies merged into one Cookie header, placed where the first
 * typed Cookie header was (else last). Unchanged when the jar has nothing for this request.
 */
export function withJarCookies(headers: readonly HeaderField[], jarPairs: readonly CookiePair[]): HeaderField[] {
  if (jarPairs.length === 0) return [...headers];
  const merged = mergeCookies(
    headers.filter((h) => COOKIE.test(h.name)).map((h) => h.value),
    jarPairs,
  );
  const at = headers.findIndex((h) => COOKIE.test(h.name));
  const rest = headers.filter((h) => !COOKIE.test(h.name));
  const field = { name: at >= 0 ? headers[at]!.name : 'Cookie', value: merged.value ?? '' };
  if (at < 0) return [...rest, field];
  const before = headers.slice(0, at).filter((h) => !COOKIE.test(h.name)).length;
  return [...rest.slice(0, before), field, ...rest.slice(before)];
}

/**
 * The registrable domain ("site") of a host, for SameSite: the public suffix plus one
 * label; an IP address or a single-label host (localhost) is its own site.
 */
export function siteOf(hostname: string, registrable: (host: string) => string | undefined): string {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(host) || host.includes(':') || !host.includes('.')) return host;
  return registrable(host) ?? host;
}

/**
 * The SameSite context of a hop (RFC 6265bis §5.2): every request Wirebench sends is one
 * the person made, like a URL typed into the address bar, so the first hop is same-site
 * (`strict`). A hop reached by redirects stays `strict` while every URL of the chain so far
 * is on the first URL's site; once the chain has crossed sites it is a cross-site top-level
 * navigation: `lax` for a safe method (GET, HEAD), `none` otherwise.
 */
export function sameSiteContextFor(chain: readonly string[], method: string, site: (url: string) => string): SameSiteContext {
  if (chain.length === 0) throw new RangeError('sameSiteContextFor needs at least the first URL of the chain');
  const first = site(chain[0]!);
  if (chain.every((url) => site(url) === first)) return 'strict';
  return /^(GET|HEAD)$/i.test(method) ? 'lax' : 'none';
}
