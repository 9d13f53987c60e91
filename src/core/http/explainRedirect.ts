/**
 * Explanations for 3xx answers: where Location points, whether following it keeps the
 * method and body (RFC 9110 §15.4), and — per spec §7 — when a redirect to a login or
 * access-denied page is the server's deliberate alternative to a 401.
 */
import type { WireRequest, WireResponse } from '../types';
import { headerValue } from '../types';
import type { Finding } from './finding';
import { describeSentCredentials, sentCredentialsScheme } from './explainAuth';

/** A Location value resolved against the request URL, when both parse. */
interface ResolvedLocation {
  /** Absolute URL, or the raw value when it cannot be resolved. */
  href: string;
  url?: URL;
}

function resolveLocation(location: string, requestUrl: string): ResolvedLocation {
  try {
    const url = new URL(location.trim(), requestUrl);
    return { href: url.href, url };
  } catch {
    try {
      const url = new URL(location.trim());
      return { href: url.href, url };
    } catch {
      return { href: location.trim() };
    }
  }
}

// Path segments that name a sign-in or refusal page; matched whole so "/authors" is not one.
const ACCESS_PAGE_SEGMENT =
  /^(log-?in|log-?on|sign-?in|auth|authenticate|authorize|sso|cas|oauth2?|denied|access-?denied|accessdenied|unauthori[sz]ed|forbidden|not-?authorized)(\.[a-z]+)?$/i;
// Query parameters a login page uses to send the person back afterwards.
const RETURN_PARAMETER = /^(return_?url|return_?to|returnuri|redirect_?url|redirect_?uri|redirect_?to|came_?from)$/i;

/**
 * The request a user agent sends when it follows a redirect (RFC 9110 §15.4): 303 turns
 * anything but HEAD into a GET without content; 301 and 302 historically turn a POST into
 * a GET; 307 and 308 repeat the method and the content.
 */
export function methodAfterRedirect(status: number, method: string): { method: string; keepsBody: boolean } {
  const toGet = status === 303 ? method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST';
  return toGet ? { method: 'GET', keepsBody: false } : { method, keepsBody: true };
}

/**
 * Whether a redirect target looks like a login or access-denied page: a path segment such
 * as `/login`, `/signin`, `/auth`, `/denied`, `access-denied`, or a `returnUrl=`-style
 * parameter. A heuristic by design: it is worded as "looks like" in the explanation.
 */
export function looksLikeAccessPage(location: string): boolean {
  let path = location;
  let query = '';
  try {
    const url = new URL(location, 'http://relative.invalid/');
    path = url.pathname;
    query = url.search;
  } catch {
    const q = location.indexOf('?');
    if (q >= 0) {
      path = location.slice(0, q);
      query = location.slice(q);
    }
  }
  const segments = path.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  if (segments.some((s) => ACCESS_PAGE_SEGMENT.test(s))) return true;
  const names = query.replace(/^\?/, '').split('&').map((pair) => pair.split('=')[0] ?? '');
  return names.some((name) => RETURN_PARAMETER.test(name));
}

function describeMethodAfterRedirect(status: number, method: string): string {
  switch (status) {
    case 301:
    case 302:
      return method === 'POST'
        ? 'Following it, browsers and most clients change your POST into a GET and drop the body, for historical reasons (RFC 9110 §15.4.2, §15.4.3); a server that wants the method kept should answer 307 or 308.'
        : `Following it repeats your ${method} at the new address.`;
    case 303:
      return method === 'GET' || method === 'HEAD'
        ? `Follow it with ${method}.`
        : `Follow it with GET, without your body: 303 points to the result of your ${method}, not to a place to repeat it.`;
    case 307:
    case 308:
      return `Follow it with the same method (${method}) and the same body; ${status} forbids changing them.`;
    default:
      return '';
  }
}

/** Explanations for a 3xx response to `request`. */
export function explainRedirect(request: WireRequest, response: WireResponse): Finding[] {
  const status = response.status;
  const findings: Finding[] = [];
  const raw = headerValue(response.headers, 'Location');

  if (status === 304) {
    const conditional = request.headers.some((h) => /^if-(none-match|modified-since|match|unmodified-since|range)$/i.test(h.name));
    findings.push(
      conditional
        ? {
            id: 'not-modified',
            severity: 'success',
            title: 'Your cached copy is still valid',
            message: 'Your conditional request found the resource unchanged, so no content was sent: reuse your stored copy, updated with this response\u2019s headers.',
            reference: 'RFC 9110 §15.4.5',
          }
        : {
            id: 'not-modified-unconditional',
            severity: 'warning',
            title: '304 to an unconditional request',
            message: 'Your request carried no If-None-Match or If-Modified-Since, so you hold no copy to reuse: a 304 is only meaningful as the answer to a conditional request. An intermediary cache may have answered; retry without caching.',
            reference: 'RFC 9110 §15.4.5',
          },
    );
    return findings;
  }

  if (raw === undefined || raw.trim() === '') {
    if ([301, 302, 303, 307, 308].includes(status)) {
      findings.push({
        id: 'redirect-location-missing',
        severity: 'error',
        title: `${status} without Location`,
        message: `A ${status} should name its target in a Location header (RFC 9110 §15.4); this one has none, so there is nowhere to follow.`,
        reference: 'RFC 9110 §10.2.2',
      });
    }
    return findings;
  }

  const target = resolveLocation(raw, request.url);
  const follow = { kind: 'follow', location: target.href } as const;

  if (looksLikeAccessPage(target.href)) {
    const sent = sentCredentialsScheme(request.headers);
    findings.push({
      id: 'redirect-access-denied',
      severity: 'warning',
      title: 'Redirected to a login or access-denied page',
      message: `Location (${target.href}) looks like a sign-in or access-denied page. This is the redirect alternative to 401 (spec §7): the server answers an unauthenticated or unauthorised request by sending you to a page instead of a challenge. ${sent === undefined ? 'Your request sent no Authorization header' : `${describeSentCredentials(sent)}, and it was not accepted`}. Following it returns an HTML page, not your resource; send valid credentials for this API instead.`,
      reference: 'spec §7',
      action: follow,
    });
    return findings;
  }

  findings.push({
    id: 'redirect-location',
    severity: 'info',
    title: `Redirects to ${target.href}`,
    message: [
      `The resource is at ${target.href}${raw.trim() !== target.href ? ` (Location: ${raw.trim()}, resolved against the request URL)` : ''}.`,
      describeMethodAfterRedirect(status, request.method),
    ]
      .filter((s) => s !== '')
      .join(' '),
    reference: statusReference(status),
    action: follow,
  });

  const origin = safeOrigin(request.url);
  if (origin !== undefined && target.url && target.url.origin !== origin && sentCredentialsScheme(request.headers) !== undefined) {
    findings.push({
      id: 'redirect-cross-origin-credentials',
      severity: 'info',
      title: 'Credentials are not carried to another origin',
      message: `The redirect leaves ${origin} for ${target.url.origin}. Browsers and fetch drop the Authorization header when following a redirect to another origin, so the request there goes without your credentials.`,
      reference: 'RFC 9110 §15.4',
    });
  }
  return findings;
}

function statusReference(status: number): string {
  const sections: Record<number, string> = { 300: '15.4.1', 301: '15.4.2', 302: '15.4.3', 303: '15.4.4', 307: '15.4.8', 308: '15.4.9' };
  return `RFC 9110 §${sections[status] ?? '15.4'}`;
}

function safeOrigin(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
