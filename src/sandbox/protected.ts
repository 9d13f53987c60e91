/**
 * The protected API (spec §5): one resource per scheme so the differences show —
 * `/api/basic`, `/api/bearer`, `/api/jwt`, `/api/apikey`, `/api/custom`, `/api/digest/…`
 * (auth/digestRoutes.ts). GET reads, POST
 * writes; a missing or wrong credential is 401 with the scheme's challenge, a caller that
 * may not write is 403. `/api/browser/profile` answers a missing login the browser way,
 * with 302 to `/denied` — the deliberate alternative to 401 of spec §7.
 */
import { sendJson, sendMethodNotAllowed, sendOptions, sendProblem, type SandboxContext, type SandboxRoute } from './router';
import { escapeHtml, renderPage, sendHtml } from './htmlPage';
import { checkApiKey, checkBasic, checkCustom, checkToken, type SchemeVerdict } from './auth/schemeChecks';
import { digestRoutes } from './auth/digestRoutes';

const ALLOW = ['GET', 'HEAD', 'POST', 'OPTIONS'];

type SchemeCheck = (ctx: SandboxContext) => SchemeVerdict | Promise<SchemeVerdict>;

function protectedResource(name: string, check: SchemeCheck): (ctx: SandboxContext) => Promise<void> {
  return async (ctx) => {
    if (ctx.method === 'OPTIONS') return sendOptions(ctx, ALLOW);
    if (!ALLOW.includes(ctx.method)) return sendMethodNotAllowed(ctx, ALLOW);
    // The body is not used; draining it lets the connection serve the next request.
    ctx.req.resume();
    const verdict = await check(ctx);
    if (!verdict.ok) {
      const { status, title, detail, challenge, position } = verdict.refusal;
      return sendProblem(ctx.res, status, { title, detail, ...(position ? { position } : {}) }, { 'WWW-Authenticate': challenge, 'Cache-Control': 'no-store' });
    }
    const { caller } = verdict;
    if (ctx.method === 'POST' && !caller.canWrite) {
      return sendProblem(
        ctx.res,
        403,
        { title: 'Forbidden', detail: `Authenticated as ${caller.principal} with ${caller.scheme}, but: ${caller.writeRefusal ?? 'writing is not allowed.'}` },
        caller.writeChallenge ? { 'WWW-Authenticate': caller.writeChallenge } : {},
      );
    }
    sendJson(
      ctx.res,
      200,
      {
        resource: name,
        authenticated: true,
        scheme: caller.scheme,
        principal: caller.principal,
        access: caller.canWrite ? 'read-write' : 'read',
        action: ctx.method === 'POST' ? 'written' : 'read',
        ...caller.details,
      },
      { 'Cache-Control': 'no-store' },
    );
  };
}

function profile(ctx: SandboxContext): void {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return sendMethodNotAllowed(ctx, ['GET', 'HEAD']);
  const verdict = checkBasic(ctx.req);
  if (!verdict.ok) {
    // A site for browsers sends people to a page instead of answering 401 (spec §7).
    const back = encodeURIComponent(`/sandbox${ctx.path}`);
    ctx.res.writeHead(302, { Location: `/sandbox/denied?returnUrl=${back}`, 'Cache-Control': 'no-store', 'Content-Length': 0 });
    return void ctx.res.end();
  }
  const body = `<p>Signed in as <strong>${escapeHtml(verdict.caller.principal)}</strong>.</p><p>Orders: <a href="/sandbox/api/users/1/orders">/sandbox/api/users/1/orders</a></p>`;
  sendHtml(ctx.res, 200, renderPage('Your profile', body));
}

function denied(ctx: SandboxContext): void {
  const back = ctx.url.searchParams.get('returnUrl') ?? '';
  const from = back ? `<p>You were sent here from <code>${escapeHtml(back)}</code> because the request carried no valid login.</p>` : '';
  const body = `${from}<p>This page is what a browser-style site shows instead of answering <code>401 Unauthorized</code>: the original answer was a <code>302</code> redirect to here, so a program that follows redirects sees <code>200 OK</code> and an HTML page where it expected data.</p>
<p>Sign in by sending <code>Authorization: Basic</code> with user <code>aladdin</code> and password <code>open:sesame</code>.</p>`;
  sendHtml(ctx.res, 200, renderPage('Access denied', body));
}

/** The protected API router. */
export const protectedRoutes: SandboxRoute[] = [
  { method: '*', pattern: '/api/basic', handle: protectedResource('basic', (ctx) => checkBasic(ctx.req)) },
  { method: '*', pattern: '/api/bearer', handle: protectedResource('bearer', (ctx) => checkToken(ctx.req, 'Bearer')) },
  { method: '*', pattern: '/api/jwt', handle: protectedResource('jwt', (ctx) => checkToken(ctx.req, 'JWT')) },
  { method: '*', pattern: '/api/apikey', handle: protectedResource('apikey', (ctx) => checkApiKey(ctx.req, ctx.url)) },
  { method: '*', pattern: '/api/custom', handle: protectedResource('custom', (ctx) => checkCustom(ctx.req)) },
  ...digestRoutes,
  { method: '*', pattern: '/api/browser/profile', handle: profile },
  { method: 'GET', pattern: '/denied', handle: denied },
];
