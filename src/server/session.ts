/**
 * How the page gets its session without the token ever being in the page: `npm start`
 * prints (and may open) a one-time launch URL, `/?launch=<code>`. The server exchanges a
 * valid code, once, for an `HttpOnly; SameSite=Strict` cookie holding the session token
 * (named after the port, so two servers never clash) and redirects to `/` without the
 * code. `GET /` alone yields nothing: another user of the machine, or a page on another
 * localhost port, can load the app but never holds the token.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';

/** How long a printed launch URL stays valid. */
export const LAUNCH_CODE_TTL_MS = 10 * 60 * 1000;

/** The session cookie's name for a server on `port`. */
export function sessionCookieName(port: number): string {
  return `wirebench_session_${port}`;
}

/** The `Set-Cookie` value that starts a session. */
export function sessionCookie(port: number, token: string): string {
  return `${sessionCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

/** The session token the request's cookie carries for `port`, or ''. */
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
