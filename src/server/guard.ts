/**
 * The guard in front of `/api`. A local relay that forwards anything is a target: a web
 * page can aim a browser at it (CSRF to localhost) or rebind its own name to 127.0.0.1
 * (DNS rebinding). So `/api` accepts only its own Host, only its own Origin, and only
 * callers holding the per-launch token, which only a page served by us can read.
 */
import type http from 'node:http';
import { sameToken, sessionFromCookie } from './session';

/** The header carrying the per-launch token. */
export const TOKEN_HEADER = 'x-wirebench-token';

export interface GuardConfig {
  /** Host header values accepted, e.g. `127.0.0.1:4780`, `localhost:4780`. */
  allowedHosts: Set<string>;
  token: string;
  /** The port the session cookie is named after (see `session.ts`); without it only the header token is accepted. */
  port?: number;
}

/** Why a request was refused, or null when it may pass. */
export type GuardVerdict = { status: 400 | 401 | 403; reason: string } | null;

/** The Host values a server listening on `host:port` answers to. */
export function allowedHostsFor(host: string, port: number): Set<string> {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]']);
  if (host !== '127.0.0.1' && host !== '0.0.0.0' && host !== '::') names.add(host.includes(':') ? `[${host}]` : host);
  return new Set([...names].map((n) => `${n}:${port}`));
}

/** Checks only the Host header (used for every route that can reveal the token). */
export function checkHost(req: http.IncomingMessage, config: GuardConfig): GuardVerdict {
  // Node keeps the first of several Host fields; a proxy or cache may use another (RFC 9112 §3.2: 400).
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  if (hosts > 1) return { status: 400, reason: 'The request has more than one Host header field; refused (RFC 9112 §3.2).' };
  const host = (req.headers.host ?? '').toLowerCase();
  if (!config.allowedHosts.has(host)) {
    return { status: 403, reason: `Host ${JSON.stringify(host)} is not this server's own address; refused to prevent DNS rebinding.` };
  }
  return null;
}

/** Checks Host, Origin and the token of an `/api` request. */
export function checkApi(req: http.IncomingMessage, config: GuardConfig): GuardVerdict {
  const hostVerdict = checkHost(req, config);
  if (hostVerdict) return hostVerdict;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    let originHost = '';
    try {
      const parsed = new URL(origin);
      originHost = parsed.protocol === 'http:' ? parsed.host.toLowerCase() : '';
    } catch {
      originHost = '';
    }
    if (!config.allowedHosts.has(originHost)) {
      return { status: 403, reason: `Origin ${JSON.stringify(origin)} is not this app; cross-site requests to the relay are refused.` };
    }
  }
  // Browsers say where a request comes from: another localhost port is "same-site", not "same-origin".
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return { status: 403, reason: `Sec-Fetch-Site ${JSON.stringify(fetchSite)}: only this app's own page may use /api (a page on another port or site is refused).` };
  }
  const given = req.headers[TOKEN_HEADER];
  if (typeof given === 'string' && given !== '' && sameToken(given, config.token)) return null;
  if (config.port !== undefined && sameToken(sessionFromCookie(req, config.port), config.token)) return null;
  return {
    status: 401,
    reason: 'This page has no Wirebench session. Open the launch URL that `npm start` printed in its terminal (a fresh one is printed whenever the app is loaded without a session).',
  };
}
