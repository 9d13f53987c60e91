/**
 * A small router for the sandbox: one router per concern, each a list of routes. Every
 * handler runs inside a guard so bad input answers 4xx/5xx and never crashes the server.
 */
import type http from 'node:http';
import { parseQuery, statusInfo } from '../core';

/** What a sandbox handler gets. */
export interface SandboxContext {
  req: http.IncomingMessage;
  /**
   * The method the request is treated as: the request method, or on a POST the method
   * named by `X-HTTP-Method-Override` (spec §4.2).
   */
  method: string;
  /** Set when `method` came from `X-HTTP-Method-Override`: the method on the wire. */
  overriddenFrom?: string;
  res: http.ServerResponse;
  /** The URL as seen by the sandbox, path relative to the `/sandbox` mount. */
  url: URL;
  /** Path below the mount, e.g. `/anything/a/b`. */
  path: string;
  /** Values of `:name` segments and the `*` rest. */
  params: Record<string, string>;
  /** The public base URL of the sandbox, e.g. `http://127.0.0.1:4780/sandbox`. */
  base: string;
}

/** One route of a router: a GET route also answers HEAD, whose body Node drops. */
export interface SandboxRoute {
  /** Upper-case method, or `*` for any. */
  method: string;
  /** Path pattern: literal segments, `:name` segments and a trailing `*`. */
  pattern: string;
  handle(ctx: SandboxContext): Promise<void> | void;
}

/**
 * Matches `path` against `pattern`, returning the captured params or null. A `:name`
 * segment is percent-decoded; one that does not decode (`%zz`) is kept as sent, so the
 * route can refuse it with a 400 rather than the router failing.
 */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === '*') {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    const h = have[i];
    if (h === undefined) return null;
    if (w.startsWith(':')) params[w.slice(1)] = decodeSegment(h);
    else if (w !== h) return null;
  }
  return have.length === want.length ? params : null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Sends a JSON body. */
export function sendJson(res: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/**
 * The problem type of a title: `about:blank` when the title is just the status phrase
 * (RFC 9457 §4.2.1 asks exactly that), else a URN naming this kind of problem.
 */
export function problemType(status: number, title: string): string {
  if (title === statusInfo(status).reason) return 'about:blank';
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `urn:wirebench:sandbox:problem:${slug || status}`;
}

/** Sends an RFC 9457 problem document. */
export function sendProblem(
  res: http.ServerResponse,
  status: number,
  problem: { title: string; detail?: string; type?: string; [k: string]: unknown },
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ type: problem.type ?? problemType(status, problem.title), status, ...problem }, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/problem+json', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** Answers 405 with the `Allow` list RFC 9110 §15.5.6 requires. */
export function sendMethodNotAllowed(ctx: SandboxContext, allow: readonly string[]): void {
  ctx.req.resume();
  sendProblem(
    ctx.res,
    405,
    { title: 'Method Not Allowed', detail: `${ctx.path} does not support ${ctx.method}; it allows ${allow.join(', ')}.`, allow },
    { Allow: allow.join(', ') },
  );
}

/** Answers OPTIONS: 204 with `Allow`. */
export function sendOptions(ctx: SandboxContext, allow: readonly string[]): void {
  ctx.req.resume();
  ctx.res.writeHead(204, { Allow: allow.join(', ') });
  ctx.res.end();
}

/** One query parameter as a server reads it: decoded (`+` is a space) and as written. */
export interface QueryRow {
  name: string;
  value: string;
  raw: string;
}

/** The query of a request URL, in order, repeated names kept; `{{…}}` is plain text here. */
export function queryRows(search: string): QueryRow[] {
  return parseQuery(search, { placeholders: 'decode' }).map((p) => ({
    name: p.name,
    value: Array.isArray(p.value) ? p.value.join(',') : p.value,
    raw: p.raw ?? '',
  }));
}
