/**
 * `Set-Cookie` (RFC 6265 §4.1, with the SameSite and prefix rules of RFC 6265bis): the
 * cookie's attributes read out, and the reasons a browser would ignore the header. The
 * cookie value itself is never repeated — only its length — since cookies are often the
 * very credential the person is debugging.
 */
import type { Finding } from '../http/finding';
import { parseHttpDate } from '../http/httpDate';

/** One attribute as written after the name=value pair. */
export interface CookieAttribute {
  name: string;
  value?: string;
}

/** A parsed Set-Cookie value. Attribute names are matched case-insensitively. */
export interface SetCookie {
  name: string;
  /** Length of the value in characters; the value is deliberately not kept. */
  valueLength: number;
  attributes: CookieAttribute[];
  expires?: Date;
  maxAge?: number;
  domain?: string;
  path?: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite?: string;
  partitioned: boolean;
}

function attribute(attributes: readonly CookieAttribute[], name: string): CookieAttribute | undefined {
  const lower = name.toLowerCase();
  // RFC 6265 §5.3: the last occurrence of an attribute wins.
  for (let i = attributes.length - 1; i >= 0; i--) if (attributes[i]!.name.toLowerCase() === lower) return attributes[i];
  return undefined;
}

/**
 * Reads a Set-Cookie value. A header without `=` in its first part sets a cookie with an
 * empty name per RFC 6265bis §5.6, which is reported as a finding by `explainSetCookie`.
 */
export function parseSetCookie(value: string, now: Date = new Date()): SetCookie {
  if (typeof value !== 'string') throw new TypeError(`parseSetCookie expects a string, got ${typeof value}`);
  const [pair = '', ...rest] = value.split(';');
  const eq = pair.indexOf('=');
  const name = eq < 0 ? '' : pair.slice(0, eq).trim();
  const cookieValue = (eq < 0 ? pair : pair.slice(eq + 1)).trim();
  const attributes: CookieAttribute[] = rest
    .map((part) => {
      const at = part.indexOf('=');
      const attrName = (at < 0 ? part : part.slice(0, at)).trim();
      return at < 0 ? { name: attrName } : { name: attrName, value: part.slice(at + 1).trim() };
    })
    .filter((a) => a.name !== '');
  const cookie: SetCookie = {
    name,
    valueLength: cookieValue.length,
    attributes,
    secure: attribute(attributes, 'Secure') !== undefined,
    httpOnly: attribute(attributes, 'HttpOnly') !== undefined,
    partitioned: attribute(attributes, 'Partitioned') !== undefined,
  };
  const expires = attribute(attributes, 'Expires')?.value;
  if (expires !== undefined) {
    const date = parseHttpDate(expires, now);
    if (date.ok) cookie.expires = date.value;
  }
  const maxAge = attribute(attributes, 'Max-Age')?.value;
  if (maxAge !== undefined && /^-?\d+$/.test(maxAge)) cookie.maxAge = Number(maxAge);
  const domain = attribute(attributes, 'Domain')?.value;
  if (domain !== undefined) cookie.domain = domain.replace(/^\./, '').toLowerCase();
  const path = attribute(attributes, 'Path')?.value;
  if (path !== undefined) cookie.path = path;
  const sameSite = attribute(attributes, 'SameSite')?.value;
  if (sameSite !== undefined) cookie.sameSite = sameSite;
  return cookie;
}

/** Label/value lines describing a cookie, for a details list. */
export function describeSetCookie(cookie: SetCookie, now: Date = new Date()): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [
    { label: 'Name', value: cookie.name || '(empty)' },
    { label: 'Value', value: `${cookie.valueLength} characters (not shown)` },
  ];
  if (cookie.maxAge !== undefined) {
    lines.push({
      label: 'Max-Age',
      value: cookie.maxAge <= 0 ? `${cookie.maxAge}: deletes the cookie now` : `${cookie.maxAge} seconds (takes precedence over Expires)`,
    });
  }
  if (cookie.expires) {
    const past = cookie.expires.getTime() <= now.getTime();
    lines.push({ label: 'Expires', value: `${cookie.expires.toISOString()}${past ? ' — in the past: deletes the cookie' : ''}` });
  }
  if (cookie.maxAge === undefined && !cookie.expires) lines.push({ label: 'Lifetime', value: 'session cookie: dropped when the browser session ends' });
  lines.push({
    label: 'Domain',
    value: cookie.domain ? `${cookie.domain} and its subdomains` : 'host-only: sent back only to the host that set it',
  });
  lines.push({ label: 'Path', value: cookie.path ?? 'default: the directory of the request path' });
  lines.push({ label: 'Secure', value: cookie.secure ? 'yes: sent only over HTTPS' : 'no: also sent over plain HTTP' });
  lines.push({ label: 'HttpOnly', value: cookie.httpOnly ? 'yes: page scripts cannot read it' : 'no: page scripts can read it (document.cookie)' });
  lines.push({
    label: 'SameSite',
    value:
      cookie.sameSite === undefined
        ? 'not set: browsers treat it as Lax (not sent on cross-site subrequests)'
        : /^strict$/i.test(cookie.sameSite)
          ? 'Strict: never sent on cross-site requests'
          : /^lax$/i.test(cookie.sameSite)
            ? 'Lax: sent on top-level cross-site navigations, not on cross-site subrequests'
            : /^none$/i.test(cookie.sameSite)
              ? 'None: sent on cross-site requests too (requires Secure)'
              : `${cookie.sameSite}: not a known value; browsers treat it as Lax`,
  });
  if (cookie.partitioned) lines.push({ label: 'Partitioned', value: 'yes: stored per top-level site (CHIPS)' });
  return lines;
}

/**
 * Reasons a browser would reject or mis-handle this cookie, given the URL of the request
 * that received it (for the Secure and Domain rules).
 */
export function explainSetCookie(cookie: SetCookie, requestUrl?: string): Finding[] {
  const findings: Finding[] = [];
  let url: URL | undefined;
  try {
    url = requestUrl ? new URL(requestUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (cookie.name === '') {
    findings.push({
      id: 'cookie-no-name',
      severity: 'warning',
      title: 'Cookie without a name',
      message: 'The first part has no "=", so the cookie has an empty name; many servers will not recognise it when it comes back.',
      reference: 'RFC 6265 §4.1.1',
    });
  }
  if (cookie.sameSite !== undefined && /^none$/i.test(cookie.sameSite) && !cookie.secure) {
    findings.push({
      id: 'cookie-samesite-none-insecure',
      severity: 'error',
      title: 'SameSite=None without Secure',
      message: 'Browsers reject a SameSite=None cookie that is not also Secure, so this cookie will not be stored.',
      reference: 'RFC 6265bis §5.6.7',
    });
  }
  if (cookie.secure && url && url.protocol === 'http:' && !/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname)) {
    findings.push({
      id: 'cookie-secure-over-http',
      severity: 'warning',
      title: 'Secure cookie set over plain HTTP',
      message: 'A Secure cookie set by a non-HTTPS response is ignored by browsers.',
      reference: 'RFC 6265bis §5.6',
    });
  }
  if (cookie.name.startsWith('__Secure-') && !cookie.secure) {
    findings.push({
      id: 'cookie-prefix-secure',
      severity: 'error',
      title: '__Secure- prefix without Secure',
      message: 'A cookie named __Secure-… must carry the Secure attribute; browsers reject it otherwise.',
      reference: 'RFC 6265bis §4.1.3.1',
    });
  }
  if (cookie.name.startsWith('__Host-') && (!cookie.secure || cookie.domain !== undefined || cookie.path !== '/')) {
    findings.push({
      id: 'cookie-prefix-host',
      severity: 'error',
      title: '__Host- prefix rules broken',
      message: 'A cookie named __Host-… must be Secure, have Path=/ and no Domain; browsers reject it otherwise.',
      reference: 'RFC 6265bis §4.1.3.2',
    });
  }
  if (cookie.domain && url) {
    const host = url.hostname.toLowerCase();
    if (host !== cookie.domain && !host.endsWith(`.${cookie.domain}`)) {
      findings.push({
        id: 'cookie-foreign-domain',
        severity: 'error',
        title: `Domain ${cookie.domain} does not cover ${host}`,
        message: `The cookie is scoped to ${cookie.domain}, which does not include the host that set it (${host}); browsers reject it.`,
        reference: 'RFC 6265 §5.3',
      });
    }
  }
  const expires = attribute(cookie.attributes, 'Expires');
  if (expires && !cookie.expires) {
    findings.push({
      id: 'cookie-expires-invalid',
      severity: 'warning',
      title: 'Unreadable Expires',
      message: `Expires "${expires.value ?? ''}" is not an HTTP-date, so the cookie becomes a session cookie.`,
      reference: 'RFC 6265 §5.1.1',
    });
  }
  const maxAge = attribute(cookie.attributes, 'Max-Age');
  if (maxAge && cookie.maxAge === undefined) {
    findings.push({
      id: 'cookie-max-age-invalid',
      severity: 'warning',
      title: 'Unreadable Max-Age',
      message: `Max-Age "${maxAge.value ?? ''}" is not a whole number of seconds; browsers ignore it.`,
      reference: 'RFC 6265 §5.2.2',
    });
  }
  return findings;
}
