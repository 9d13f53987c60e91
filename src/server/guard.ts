/**
 * The guard in front of `/api`. A local relay that forwards anything is a target: a web
 * page can aim a browser at it (CSRF to localhost) or rebind its own name to 127.0.0.1
 * (DNS rebinding), and any other local server the person opens receives the cookies of
 * 127.0.0.1. So `/api` accepts only its own Host, only its own Origin and same-origin fetch
 * metadata, and only callers holding the per-launch token (tools) or both halves of a page
 * session (`session.ts`): the cookie and, in the header, the page key made for it.
 */
import type http from 'node:http';
import { holdsPageSession, sameToken } from './session';

/** The header carrying the per-launch token. */
export const TOKEN_HEADER = 'x-wirebench-token';

export interface GuardConfig {
  /** Host header values accepted, e.g. `127.0.0.1:4780`, `localhost:4780`. */
  allowedHosts: Set<string>;
  token: string;
  /** The port the session cookie is named after and its page key made for (see `session.ts`); without it only the header token is accepted. */
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

/**
 * Checks Host, Origin and `Sec-Fetch-Site`: whether the request could come from this app's
 * own page (or a tool, which sends neither Origin nor fetch metadata). Used by `/api` and by
 * the launch, which a page on another port must not be able to trigger.
 */
export function checkOrigin(req: http.IncomingMessage, config: GuardConfig): GuardVerdict {
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
    return { status: 403, reason: `Sec-Fetch-Site ${JSON.stringify(fetchSite)}: only this app's own page may use this server's session routes (a page on another port or site is refused).` };
  }
  return null;
}

/** Checks Host, Origin, fetch metadata and the session of an `/api` request. */
export function checkApi(req: http.IncomingMessage, config: GuardConfig): GuardVerdict {
  const originVerdict = checkOrigin(req, config);
  if (originVerdict) return originVerdict;
  const header = req.headers[TOKEN_HEADER];
  const given = typeof header === 'string' ? header : '';
  // Tools: the whole per-launch token. The page: its cookie and the key made for that cookie.
  if (given !== '' && sameToken(given, config.token)) return null;
  if (config.port !== undefined && holdsPageSession(req, given, config.token, config.port)) return null;
  return {
    status: 401,
    reason: 'This page has no Wirebench session. Open the launch URL that `npm start` printed in its terminal (a fresh one is printed whenever the app calls the server without a session).',
  };
}
