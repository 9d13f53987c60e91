/**
 * How the page gets its session without the token ever being in the page, and why no page or
 * server on another port can use it. Browsers send cookies for 127.0.0.1 to every port, so a
 * cookie alone would be handed to any other local server the person opens. The session is
 * therefore two halves, neither enough alone:
 *
 * - the **cookie** (`HttpOnly; SameSite=Strict; Path=/api`, named after the port): a random
 *   session id, which leaks to other ports' `/api…` requests and is useless there by itself;
 * - the **page key**, `HMAC-SHA256(token, port, session id)`: handed to the page once, in the
 *   fragment of the launch redirect (`/#wirebench-session=…`, never sent to any server), kept
 *   in this origin's localStorage (no other port can read it) and sent in `X-Wirebench-Token`
 *   on every `/api` call. No browser sends it on its own, and a page of another origin cannot
 *   set that header on a call to us (no CORS: the preflight fails).
 *
 * `/api` accepts the pair (the key must be the one of that cookie's id, for this port), or the
 * whole per-launch token in the header (tools, tests, `WIREBENCH_TOKEN`). The launch URL
 * `/?launch=<code>` is printed in the terminal (and may be opened), valid once; `GET /` alone
 * yields nothing. Keys are derived, not stored: sessions survive nothing but the token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';

/** How long a printed launch URL stays valid. */
export const LAUNCH_CODE_TTL_MS = 10 * 60 * 1000;

/**
 * The fragment parameter of the launch redirect carrying the page key; the page's side
 * (`src/app/base/relay/session.ts`) reads the same name (a test holds the two equal).
 */
export const PAGE_KEY_FRAGMENT = 'wirebench-session';

/** The only path the session cookie is sent to: other ports receive it only for their own `/api…` requests. */
export const SESSION_COOKIE_PATH = '/api';

/** The session cookie's name for a server on `port`. */
export function sessionCookieName(port: number): string {
  return `wirebench_session_${port}`;
}

/** The `Set-Cookie` value that starts a session (`sessionId` from `newSessionId`). */
export function sessionCookie(port: number, sessionId: string): string {
  return `${sessionCookieName(port)}=${sessionId}; Path=${SESSION_COOKIE_PATH}; HttpOnly; SameSite=Strict`;
}

/** A fresh random session id: the cookie's half of a session. */
export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The page's half of the session `sessionId` on `port`: only the holder of the per-launch
 * token can make it, so a session id alone (a leaked cookie) is worth nothing.
 */
export function pageKeyFor(token: string, port: number, sessionId: string): string {
  return createHmac('sha256', token).update(`wirebench page key\n${port}\n${sessionId}`).digest('base64url');
}

/** Where the launch sends the page: `/`, with the page key in the fragment (which browsers never send). */
export function launchLocation(pageKey: string): string {
  return `/#${PAGE_KEY_FRAGMENT}=${pageKey}`;
}

/** The session id the request's cookie carries for `port`, or ''. */
export function sessionFromCookie(req: http.IncomingMessage, port: number): string {
  const header = req.headers.cookie;
  if (!header) return '';
  const name = sessionCookieName(port);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return '';
}

/**
 * Whether `req` holds a page session on `port`: the cookie's session id and, in `headerKey`,
 * the page key made for exactly that id. Neither half alone is enough.
 */
export function holdsPageSession(req: http.IncomingMessage, headerKey: string, token: string, port: number): boolean {
  const sessionId = sessionFromCookie(req, port);
  if (sessionId === '' || headerKey === '') return false;
  return sameToken(headerKey, pageKeyFor(token, port, sessionId));
}

/** Constant-time comparison of a given token with the expected one. */
export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** One-time launch codes: minted for the terminal, each redeemable once before it expires. */
export class LaunchCodes {
  private readonly codes = new Map<string, number>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** A fresh code, valid for `LAUNCH_CODE_TTL_MS`. */
  mint(): string {
    const code = randomBytes(18).toString('base64url');
    this.codes.set(code, this.now() + LAUNCH_CODE_TTL_MS);
    return code;
  }

  /** True once for a valid, unexpired code, which is then spent. */
  redeem(code: string): boolean {
    for (const [known, expires] of this.codes) if (expires < this.now()) this.codes.delete(known);
    let match: string | undefined;
    for (const known of this.codes.keys()) if (sameToken(code, known)) match = known;
    if (!match) return false;
    this.codes.delete(match);
    return true;
  }
}
