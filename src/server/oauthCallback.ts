/**
 * The OAuth redirect target on loopback (RFC 8252 §7.3): `GET /oauth/callback`. The page
 * carries no data of its own: its script reads `code`/`state` (or `error`) from its own
 * address, hands them to the Wirebench page that started the grant — over a same-origin
 * BroadcastChannel and, when it was opened as a popup, `postMessage` aimed at its own
 * origin only — replaces its address so the code does not stay in the browser history,
 * and closes. It sits outside `/api`, needs no session and reveals no token; the strict
 * CSP allows nothing but its one script and style, and no page may frame it.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';

export const OAUTH_CALLBACK_PATH = '/oauth/callback';
/** The BroadcastChannel and message type the app listens on. */
export const OAUTH_CALLBACK_CHANNEL = 'wirebench-oauth';
export const OAUTH_CALLBACK_MESSAGE = 'wirebench-oauth-callback';

const SCRIPT = `(function () {
  var raw = location.search.length > 1 ? location.search.slice(1) : location.hash.slice(1);
  var params = {};
  new URLSearchParams(raw).forEach(function (value, name) { if (!(name in params)) params[name] = value; });
  history.replaceState(null, '', location.pathname);
  var message = { type: '${OAUTH_CALLBACK_MESSAGE}', params: params };
  var told = false;
  try { var channel = new BroadcastChannel('${OAUTH_CALLBACK_CHANNEL}'); channel.postMessage(message); channel.close(); told = true; } catch (e) {}
  if (window.opener) { try { window.opener.postMessage(message, location.origin); told = true; } catch (e) {} }
  var status = document.getElementById('status');
  if (!raw) status.textContent = 'This page receives the answer of a sign-in started in Wirebench. Nothing arrived here.';
  else if (told) status.textContent = 'Wirebench has the answer. You can close this window if it stays open.';
  else status.textContent = 'This browser could not hand the answer to Wirebench. Copy this window\\'s address before it changed and paste it into the vault entry instead.';
  if (raw && told) window.close();
})();`;

const STYLE = 'body{font:15px system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem;color:#1f2328;background:#fff}@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}}';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Wirebench sign-in</title><style>${STYLE}</style></head>
<body><h1>Wirebench sign-in</h1><p id="status">Handing the answer to Wirebench…</p><script>${SCRIPT}</script></body></html>
`;

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'unsafe-none',
  'Content-Security-Policy': `default-src 'none'; script-src ${sha256(SCRIPT)}; style-src ${sha256(STYLE)}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
};

/** Answers `GET`/`HEAD /oauth/callback`; any other method is refused. */
export function serveOAuthCallback(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('The OAuth callback only receives the provider\'s redirect (GET).\n');
    return;
  }
  res.writeHead(200, HEADERS);
  res.end(req.method === 'HEAD' ? undefined : PAGE);
}
