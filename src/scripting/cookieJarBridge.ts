/**
 * `pm.cookies` and `pm.cookies.jar()` over a core cookie jar (core/cookies): the cookies that
 * apply to a URL with their attributes, as Postman's cookie list gives them, and the jar a
 * script gets, where what it sets is kept as a Set-Cookie from that URL would be. Pure: the
 * CLI uses it over its run's jar (src/cli/scriptWiring.ts), the page over the workspace's
 * jar (src/app/features/scripting/pageCookieJar.ts).
 */
import { cookiesFor, jarState, openJar, storeSetCookies } from '../core/cookies';
import type { ScriptCookie, ScriptCookieJar } from './types';

export type CookieJar = ReturnType<typeof openJar>;

/** The jar's cookies that apply to `url`, with their attributes, as Postman's cookie list gives them. */
export function jarCookiesFor(jar: CookieJar, url: string): ScriptCookie[] {
  let sent: Set<string>;
  try {
    sent = new Set(cookiesFor(jar, url, 'strict').map((c) => c.name));
  } catch {
    return [];
  }
  const host = safeHost(url);
  return jarState(jar)
    .cookies.filter((c) => sent.has(c.key) && (host === undefined || host === c.domain || host.endsWith(`.${c.domain}`)))
    .map((c) => ({
      name: c.key,
      value: c.value,
      domain: c.domain,
      path: c.path,
      ...(c.expires ? { expires: c.expires } : { session: true }),
      ...(c.httpOnly ? { httpOnly: true } : {}),
      ...(c.secure ? { secure: true } : {}),
      ...(c.hostOnly ? { hostOnly: true } : {}),
      ...(c.sameSite ? { sameSite: c.sameSite } : {}),
    }));
}

function safeHost(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** A cookie as a `Set-Cookie` line for `url` (the jar then decides what a Set-Cookie from there would). */
function setCookieLine(cookie: ScriptCookie): string {
  const parts = [`${cookie.name}=${cookie.value ?? ''}`];
  if (cookie.domain) parts.push(`Domain=${cookie.domain}`);
  parts.push(`Path=${cookie.path ?? '/'}`);
  if (cookie.expires) parts.push(`Expires=${new Date(cookie.expires).toUTCString()}`);
  if (cookie.maxAge !== undefined) parts.push(`Max-Age=${cookie.maxAge}`);
  if (cookie.httpOnly) parts.push('HttpOnly');
  if (cookie.secure) parts.push('Secure');
  if (cookie.sameSite) parts.push(`SameSite=${cookie.sameSite}`);
  return parts.join('; ');
}

/** `pm.cookies.jar()` over the run's jar: what a script sets is sent with the run's later requests. */
export function scriptCookieJar(jar: CookieJar): ScriptCookieJar {
  const expire = (url: string, names: readonly string[]) =>
    storeSetCookies(
      jar,
      url,
      jarCookiesFor(jar, url)
        .filter((c) => names.includes(c.name))
        .map((c) => `${c.name}=; Path=${c.path ?? '/'}${c.hostOnly || !c.domain ? '' : `; Domain=${c.domain}`}; Expires=Thu, 01 Jan 1970 00:00:00 GMT`),
    );
  return {
    getAll: async (url) => jarCookiesFor(jar, url),
    set: async (url, cookie) => {
      const [outcome] = storeSetCookies(jar, url, [setCookieLine(cookie)]);
      if (outcome?.result === 'rejected') throw new Error(`the cookie "${cookie.name}" was not stored for ${url}: ${outcome.reason ?? 'the jar refused it'}`);
    },
    unset: async (url, name) => void expire(url, [name]),
    clear: async (url) => void expire(url, jarCookiesFor(jar, url).map((c) => c.name)),
  };
}

