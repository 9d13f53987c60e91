/**
 * Utility endpoints in the manner of httpbin: byte streams of any size for transfer tests,
 * any status code with the headers it calls for, delays, and redirect chains.
 */
import { randomBytes } from 'node:crypto';
import { formatChallenge, statusInfo } from '../core';
import { sendJson, sendProblem, type SandboxContext, type SandboxRoute } from './router';

const BLOCK = randomBytes(64 * 1024);
/** Upper bound of `/bytes/{n}`: large enough for 1 GB transfer tests, small enough to refuse nonsense. */
const MAX_BYTES = 8 * 1024 * 1024 * 1024;
/** Longest `/delay/{ms}`. */
export const MAX_DELAY_MS = 60_000;
/** Longest `/redirect/{n}` chain. */
const MAX_REDIRECTS = 50;
const REDIRECT_STATUSES = new Set([300, 301, 302, 303, 307, 308]);

function streamBytes(ctx: SandboxContext): void {
  const raw = ctx.params.n ?? '';
  const n = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n > MAX_BYTES) {
    sendProblem(ctx.res, 400, { title: 'Bad byte count', detail: `"${raw}" is not a whole number of bytes from 0 to ${MAX_BYTES}.` });
    return;
  }
  const { res } = ctx;
  res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': n });
  if (ctx.req.method === 'HEAD') return void res.end();
  let sent = 0;
  const pump = () => {
    while (sent < n) {
      const size = Math.min(BLOCK.length, n - sent);
      sent += size;
      if (!res.write(size === BLOCK.length ? BLOCK : BLOCK.subarray(0, size))) {
        res.once('drain', pump);
        return;
      }
    }
    res.end();
  };
  res.on('close', () => (sent = n));
  pump();
}

/** Headers a status code calls for, so the answer is a faithful example of it. */
function headersFor(code: number): Record<string, string> {
  if (code === 401) return { 'WWW-Authenticate': formatChallenge({ scheme: 'Basic', params: [{ name: 'realm', value: 'sandbox' }] }) };
  if (code === 407) return { 'Proxy-Authenticate': formatChallenge({ scheme: 'Basic', params: [{ name: 'realm', value: 'sandbox-proxy' }] }) };
  if (code === 405) return { Allow: 'GET, HEAD' };
  if (code === 429 || code === 503) return { 'Retry-After': '5' };
  if (code === 416) return { 'Content-Range': 'bytes */0' };
  if (REDIRECT_STATUSES.has(code) || code === 201) return { Location: '/sandbox/anything' };
  return {};
}

function anyStatus(ctx: SandboxContext): void {
  ctx.req.resume();
  const raw = ctx.params.code ?? '';
  const code = /^\d{3}$/.test(raw) ? Number(raw) : NaN;
  if (!(code >= 200 && code <= 599)) {
    const why = /^1\d\d$/.test(raw) ? '1xx codes are interim answers and cannot end an exchange' : 'use a three-digit code from 200 to 599';
    return sendProblem(ctx.res, 400, { title: 'Bad status code', detail: `"${raw}" cannot be answered: ${why}.` });
  }
  const info = statusInfo(code);
  const headers = headersFor(code);
  if (code === 204 || code === 205 || code === 304) {
    ctx.res.writeHead(code, info.reason, headers);
    return void ctx.res.end();
  }
  if (code >= 400) return sendProblem(ctx.res, code, { title: info.reason, detail: info.explanation, reference: info.reference }, headers);
  sendJson(ctx.res, code, { status: code, reason: info.reason, explanation: info.explanation, reference: info.reference }, headers);
}

function delay(ctx: SandboxContext): void {
  ctx.req.resume();
  const raw = ctx.params.ms ?? '';
  const ms = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!(ms <= MAX_DELAY_MS)) {
    return sendProblem(ctx.res, 400, { title: 'Bad delay', detail: `"${raw}" is not a delay from 0 to ${MAX_DELAY_MS} milliseconds.` });
  }
  const started = Date.now();
  const timer = setTimeout(() => sendJson(ctx.res, 200, { delayedMs: ms, actualMs: Date.now() - started }), ms);
  // A client that gives up should not keep a timer (and its socket) alive.
  ctx.res.on('close', () => clearTimeout(timer));
}

function redirectStatus(ctx: SandboxContext): number | undefined {
  const raw = ctx.url.searchParams.get('status');
  if (raw === null) return 302;
  const code = Number(raw);
  if (REDIRECT_STATUSES.has(code)) return code;
  sendProblem(ctx.res, 400, { title: 'Bad redirect status', detail: `status=${raw} is not one of ${[...REDIRECT_STATUSES].join(', ')}.` });
  return undefined;
}

function redirectChain(ctx: SandboxContext): void {
  ctx.req.resume();
  const raw = ctx.params.n ?? '';
  const n = /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_REDIRECTS)) {
    return sendProblem(ctx.res, 400, { title: 'Bad redirect count', detail: `"${raw}" is not a number of redirects from 1 to ${MAX_REDIRECTS}.` });
  }
  const status = redirectStatus(ctx);
  if (status === undefined) return;
  const keep = ctx.url.search;
  const location = n > 1 ? `/sandbox/redirect/${n - 1}${keep}` : '/sandbox/anything';
  ctx.res.writeHead(status, { Location: location, 'Content-Length': 0 });
  ctx.res.end();
}

/** `/redirect-to?url=…&status=…`, limited to sandbox paths so it cannot be an open redirect. */
function redirectTo(ctx: SandboxContext): void {
  ctx.req.resume();
  const target = ctx.url.searchParams.get('url');
  if (target === null) return sendProblem(ctx.res, 400, { title: 'Missing url', detail: 'Give the target as ?url=/sandbox/… .' });
  let resolved: URL | undefined;
  try {
    resolved = new URL(target, 'http://sandbox.invalid/');
  } catch {
    resolved = undefined;
  }
  const local = resolved && resolved.origin === 'http://sandbox.invalid' && /^\/sandbox(\/|$)/.test(resolved.pathname) && target.startsWith('/') && !target.startsWith('//') && !target.includes('\\');
  if (!resolved || !local) {
    return sendProblem(ctx.res, 400, { title: 'Redirect target refused', detail: `"${target}" is not a path under /sandbox; this endpoint only redirects within the sandbox.` });
  }
  const status = redirectStatus(ctx);
  if (status === undefined) return;
  ctx.res.writeHead(status, { Location: resolved.pathname + resolved.search, 'Content-Length': 0 });
  ctx.res.end();
}

/** The utilities router. */
export const utilityRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/bytes/:n', handle: streamBytes },
  { method: 'HEAD', pattern: '/bytes/:n', handle: streamBytes },
  { method: '*', pattern: '/status/:code', handle: anyStatus },
  { method: '*', pattern: '/delay/:ms', handle: delay },
  { method: '*', pattern: '/redirect/:n', handle: redirectChain },
  { method: '*', pattern: '/redirect-to', handle: redirectTo },
];
