/**
 * A small router for the sandbox: one router per concern, each a list of routes. Every
 * handler runs inside a guard so bad input answers 4xx/5xx and never crashes the server.
 */
import type http from 'node:http';

/** What a sandbox handler gets. */
export interface SandboxContext {
  req: http.IncomingMessage;
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

export interface SandboxRoute {
  /** Upper-case method, or `*` for any. */
  method: string;
  /** Path pattern: literal segments, `:name` segments and a trailing `*`. */
  pattern: string;
  handle(ctx: SandboxContext): Promise<void> | void;
}

/** Matches `path` against `pattern`, returning the captured params or null. */
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
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(h);
    else if (w !== h) return null;
  }
  return have.length === want.length ? params : null;
}

/** Sends a JSON body. */
export function sendJson(res: http.ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** Sends an RFC 9457 problem document. */
export function sendProblem(
  res: http.ServerResponse,
  status: number,
  problem: { title: string; detail?: string; type?: string; [k: string]: unknown },
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ type: problem.type ?? 'about:blank', status, ...problem }, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/problem+json', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}
