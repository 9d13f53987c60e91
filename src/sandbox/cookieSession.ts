/**
 * A cookie login and session, to show a cookie jar at work: `POST /cookies/login` (form or
 * JSON, demo user ada / lovelace) answers 303 to `/cookies/welcome` and sets the session on
 * that redirect itself, so only a client that stores Set-Cookie from every hop is welcomed;
 * `/cookies/me` needs the session; `POST /cookies/logout` ends it and expires the cookies.
 * Beside the session: a `__Host-` cookie (Secure, Path=/, no Domain) and a SameSite=Strict
 * one. Session ids are random, kept in memory (bounded) and never echoed in a body.
 */
import { randomBytes } from 'node:crypto';
import { parseCookieHeader } from './cookies';
import { onSandboxReset } from './reset';
import { isJsonEssence, readBody, requestContentType, sendTooLarge } from './requestBody';
import { sendJson, sendProblem, type SandboxContext, type SandboxRoute } from './router';

/** The demo account. */
export const COOKIE_DEMO_USER = { user: 'ada', password: 'lovelace' } as const;
const SESSION_COOKIE = 'sid';
const SESSION_PATH = '/sandbox/cookies';
const SESSION_SECONDS = 3600;
const MAX_SESSIONS = 1000;

interface Session {
  user: string;
  createdAt: number;
}

const sessions = new Map<string, Session>();
onSandboxReset(() => sessions.clear());

function sessionOf(ctx: SandboxContext): { id: string; session: Session } | undefined {
  const id = parseCookieHeader(ctx.req.headers.cookie ?? '').find((p) => p.name === SESSION_COOKIE)?.value;
  const session = id ? sessions.get(id) : undefined;
  if (!id || !session) return undefined;
  if (Date.now() - session.createdAt > SESSION_SECONDS * 1000) {
    sessions.delete(id);
    return undefined;
  }
  return { id, session };
}

/** Sent names only: the values are the credential. */
function cookieNames(ctx: SandboxContext): string[] {
  return parseCookieHeader(ctx.req.headers.cookie ?? '').map((p) => p.name);
}

function notLoggedIn(ctx: SandboxContext): void {
  sendProblem(
    ctx.res,
    401,
    {
      title: 'Not logged in',
      detail: `No valid "${SESSION_COOKIE}" cookie came with the request. POST ${SESSION_PATH}/login with user=${COOKIE_DEMO_USER.user}&password=${COOKIE_DEMO_USER.password}, with cookies on, then ask again.`,
      cookiesReceived: cookieNames(ctx),
    },
    // The login form is the way in; this names it (draft-broyer-http-cookie-auth's scheme).
    { 'WWW-Authenticate': `Cookie realm="sandbox", form-action="${SESSION_PATH}/login", cookie-name="${SESSION_COOKIE}"` },
  );
}

async function credentials(ctx: SandboxContext): Promise<{ user: string; password: string } | 'too-large' | undefined> {
  const read = await readBody(ctx.req, 16 * 1024);
  if (!read.ok) {
    sendTooLarge(ctx.res, read);
    return 'too-large';
  }
  const type = requestContentType(ctx.req);
  const text = read.bytes.toString('utf8');
  if (type.kind === 'media' && isJsonEssence(type.media.essence)) {
    try {
      const value = JSON.parse(text) as { user?: unknown; password?: unknown };
      return typeof value.user === 'string' && typeof value.password === 'string' ? { user: value.user, password: value.password } : undefined;
    } catch {
      return undefined;
    }
  }
  const form = new URLSearchParams(text);
  const user = form.get('user');
  const password = form.get('password');
  return user !== null && password !== null ? { user, password } : undefined;
}

async function login(ctx: SandboxContext): Promise<void> {
  const given = await credentials(ctx);
  if (given === 'too-large') return;
  if (!given || given.user !== COOKIE_DEMO_USER.user || given.password !== COOKIE_DEMO_USER.password) {
    return sendProblem(ctx.res, 401, { title: 'Wrong user or password', detail: `The demo account is user=${COOKIE_DEMO_USER.user}, password=${COOKIE_DEMO_USER.password} (form or JSON body).` }, { 'WWW-Authenticate': `Cookie realm="sandbox", form-action="${SESSION_PATH}/login", cookie-name="${SESSION_COOKIE}"` });
  }
  if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  const id = randomBytes(24).toString('base64url');
  sessions.set(id, { user: given.user, createdAt: Date.now() });
  const body = JSON.stringify({ loggedIn: given.user, next: `${SESSION_PATH}/welcome` }, null, 2);
  ctx.res.writeHead(303, [
    'Location', `${SESSION_PATH}/welcome`,
    'Content-Type', 'application/json; charset=utf-8',
    'Content-Length', String(Buffer.byteLength(body)),
    'Cache-Control', 'no-store',
    // Set on the redirect: the next hop must already carry it.
    'Set-Cookie', `${SESSION_COOKIE}=${id}; Path=${SESSION_PATH}; Max-Age=${SESSION_SECONDS}; HttpOnly; SameSite=Lax`,
    'Set-Cookie', `__Host-csrf=${randomBytes(16).toString('base64url')}; Path=/; Secure; HttpOnly; SameSite=Lax`,
    'Set-Cookie', `prefs=compact; Path=${SESSION_PATH}; Max-Age=86400; SameSite=Strict`,
  ]);
  ctx.res.end(body);
}

function welcome(ctx: SandboxContext): void {
  ctx.req.resume();
  const found = sessionOf(ctx);
  if (!found) return notLoggedIn(ctx);
  sendJson(ctx.res, 200, { welcome: found.session.user, cookiesReceived: cookieNames(ctx), note: 'The session cookie was set by the 303 that sent you here, and this request already carried it.' }, { 'Cache-Control': 'no-store' });
}

function me(ctx: SandboxContext): void {
  ctx.req.resume();
  const found = sessionOf(ctx);
  if (!found) return notLoggedIn(ctx);
  const expires = new Date(found.session.createdAt + SESSION_SECONDS * 1000).toISOString();
  sendJson(ctx.res, 200, { user: found.session.user, sessionExpires: expires, cookiesReceived: cookieNames(ctx) }, { 'Cache-Control': 'no-store' });
}

function logout(ctx: SandboxContext): void {
  ctx.req.resume();
  const found = sessionOf(ctx);
  if (found) sessions.delete(found.id);
  const body = JSON.stringify({ loggedOut: found !== undefined }, null, 2);
  ctx.res.writeHead(200, [
    'Content-Type', 'application/json; charset=utf-8',
    'Content-Length', String(Buffer.byteLength(body)),
    'Cache-Control', 'no-store',
    'Set-Cookie', `${SESSION_COOKIE}=; Path=${SESSION_PATH}; Max-Age=0`,
    'Set-Cookie', '__Host-csrf=; Path=/; Secure; Max-Age=0',
  ]);
  ctx.res.end(body);
}

/** The cookie session router. */
export const cookieSessionRoutes: SandboxRoute[] = [
  { method: 'POST', pattern: '/cookies/login', handle: login },
  { method: 'GET', pattern: '/cookies/welcome', handle: welcome },
  { method: 'GET', pattern: '/cookies/me', handle: me },
  { method: 'POST', pattern: '/cookies/logout', handle: logout },
];
