/**
 * The jar as plain data, apart from the rules (`jar.ts`), so the page can hold, persist and
 * hand it to the relay without loading tough-cookie.
 */

/** One stored cookie, as tough-cookie serialises it (dates as ISO text). */
export interface StoredCookie {
  key: string;
  value: string;
  domain: string;
  path: string;
  /** ISO date; absent for a session cookie. */
  expires?: string;
  secure?: boolean;
  httpOnly?: boolean;
  /** True when the cookie had no Domain attribute: sent back only to the exact host that set it. */
  hostOnly?: boolean;
  /** `strict`, `lax`, `none`, or absent (no SameSite attribute). */
  sameSite?: string;
  creation?: string;
  lastAccessed?: string;
}

/** What a workspace keeps of its jar. */
export interface CookieJarState {
  cookies: StoredCookie[];
}

export const EMPTY_COOKIE_JAR: CookieJarState = { cookies: [] };

/** Whether `value` has the shape of a stored cookie (a damaged record is dropped, not thrown on). */
export function isStoredCookie(value: unknown): value is StoredCookie {
  const c = value as Partial<StoredCookie> | null;
  return !!c && typeof c === 'object' && typeof c.key === 'string' && typeof c.value === 'string' && typeof c.domain === 'string' && typeof c.path === 'string';
}

/** The SameSite context of a request (see `sameSiteContextFor`). */
export type SameSiteContext = 'strict' | 'lax' | 'none';

/** A cookie a request will carry. */
export interface CookiePair {
  name: string;
  value: string;
}
