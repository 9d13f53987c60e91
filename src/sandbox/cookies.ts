/**
 * Cookies in the manner of httpbin: `/cookies` shows what the client sent,
 * `/cookies/set?name=value…` answers with one `Set-Cookie` line per pair (each with
 * attributes), `/cookies/delete?name…` expires them. Set-Cookie is the one response
 * header that cannot be folded into a comma list (RFC 6265 §3), so the lines stay apart.
 */
import { isHttpToken } from '../core';
import { queryRows, sendJson, sendProblem, type SandboxContext, type SandboxRoute } from './router';

// cookie-octet of RFC 6265 §4.1.1: visible ASCII except DQUOTE, comma, semicolon and backslash.
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;
const ATTRIBUTES = 'Path=/sandbox; Max-Age=3600; HttpOnly; SameSite=Lax';

/** The pairs of a `Cookie` header (RFC 6265 §5.4: `name=value` joined by `; `), in order. */
export function parseCookieHeader(header: string): { name: string; value: string }[] {
  return header
    .split(';')
    .map((piece) => piece.trim())
    .filter((piece) => piece.includes('='))
    .map((piece) => {
      const eq = piece.indexOf('=');
      return { name: piece.slice(0, eq).trim(), value: piece.slice(eq + 1).trim() };
    });
}

function show(ctx: SandboxContext): void {
  ctx.req.resume();
  const pairs = parseCookieHeader(ctx.req.headers.cookie ?? '');
  const cookies: Record<string, string> = {};
  for (const p of pairs) cookies[p.name] ??= p.value;
  sendJson(ctx.res, 200, { cookies, pairs });
}

function set(ctx: SandboxContext): void {
  ctx.req.resume();
  const pairs = queryRows(ctx.url.search);
  if (pairs.length === 0) return sendProblem(ctx.res, 400, { title: 'Nothing to set', detail: 'Name the cookies in the query: /sandbox/cookies/set?theme=dark&lang=en' });
  for (const p of pairs) {
    if (!isHttpToken(p.name)) return sendProblem(ctx.res, 400, { title: 'Bad cookie name', detail: `"${p.name}" is not a token (RFC 6265 §4.1.1).` });
    if (!COOKIE_VALUE.test(p.value)) {
      return sendProblem(ctx.res, 400, { title: 'Bad cookie value', detail: `The value of "${p.name}" has a character a cookie cannot carry (space, quote, comma, semicolon, backslash or non-ASCII); encode it first.` });
    }
  }
  const lines = pairs.map((p) => `${p.name}=${p.value}; ${ATTRIBUTES}`);
  const body = JSON.stringify({ set: lines }, null, 2);
  ctx.res.writeHead(200, ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(body)), ...lines.flatMap((l) => ['Set-Cookie', l])]);
  ctx.res.end(body);
}

function remove(ctx: SandboxContext): void {
  ctx.req.resume();
  const names = queryRows(ctx.url.search).map((p) => p.name).filter((n) => isHttpToken(n));
  const lines = names.map((n) => `${n}=; Path=/sandbox; Max-Age=0`);
  const body = JSON.stringify({ deleted: names }, null, 2);
  ctx.res.writeHead(200, ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(body)), ...lines.flatMap((l) => ['Set-Cookie', l])]);
  ctx.res.end(body);
}

/** The cookies router. */
export const cookieRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/cookies', handle: show },
  { method: 'GET', pattern: '/cookies/set', handle: set },
  { method: 'GET', pattern: '/cookies/delete', handle: remove },
];
