/**
 * The OAuth redirect target on loopback (RFC 8252 §7.3): `GET /oauth/callback`. The page
 * carries no data of its own. Its script first replaces its address with the bare path, so
 * the code leaves the browser's history entry before anything else happens; then it hands
 * `code`/`state` (or `error`) to the Wirebench page that started the grant — over a
 * same-origin BroadcastChannel and, when it was opened as a popup, `postMessage` aimed at
 * its own origin only — and closes once that page confirms it received them. Posting
 * proves nothing (the tab may be gone or reloaded), so without that confirmation the page
 * keeps what it could not deliver usable: the address it arrived with, kept in memory
 * before the history entry was replaced, shown in a read-only field to paste into the
 * sign-in that is waiting. It never tells the person to copy the window's address, which
 * no longer holds the code. It sits outside `/api`, needs no session and reveals no token;
 * the strict CSP allows nothing but its one script and style, and no page may frame it.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';

export const OAUTH_CALLBACK_PATH = '/oauth/callback';
/** The BroadcastChannel and message type the app listens on. */
export const OAUTH_CALLBACK_CHANNEL = 'wirebench-oauth';
export const OAUTH_CALLBACK_MESSAGE = 'wirebench-oauth-callback';
/** The app's answer on the channel: it received the callback with this `state`. */
export const OAUTH_CALLBACK_RECEIVED = 'wirebench-oauth-callback-received';
/** How long the page waits for that answer before it shows the address to paste (ms). */
export const OAUTH_CALLBACK_CONFIRM_MS = 3000;

/** The page's script, exported for the tests that run it against a stand-in browser. */
export const OAUTH_CALLBACK_SCRIPT = `(function () {
  var address = location.href;
  history.replaceState(null, '', location.pathname);
  var arrived = new URL(address);
  var raw = arrived.search.length > 1 ? arrived.search.slice(1) : arrived.hash.slice(1);
  var status = document.getElementById('status');
  if (!raw) {
    status.textContent = 'This page receives the answer of a sign-in started in Wirebench. Nothing arrived here.';
    return;
  }
  var params = {};
  new URLSearchParams(raw).forEach(function (value, name) { if (!(name in params)) params[name] = value; });
  var message = { type: '${OAUTH_CALLBACK_MESSAGE}', params: params };
  var received = false;
  var channel = null;
  var sent = false;
  function confirmed() {
    if (received) return;
    received = true;
    document.getElementById('fallback').hidden = true;
    document.getElementById('address').value = '';
    status.textContent = 'Wirebench has the answer. You can close this window if it stays open.';
    if (channel) channel.close();
    window.close();
  }
  function fallback() {
    if (received) return;
    status.textContent = 'Wirebench did not confirm that it received this answer: the tab that started the sign-in may have been closed or reloaded. If that sign-in is still waiting, paste the address below into its field "Or paste the address you were redirected to". This page already took it out of its own address, so going back to this page will not show it again.';
    var field = document.getElementById('address');
    field.value = address;
    document.getElementById('fallback').hidden = false;
    field.focus();
    field.select();
  }
  try {
    channel = new BroadcastChannel('${OAUTH_CALLBACK_CHANNEL}');
    channel.onmessage = function (event) {
      var data = event.data;
      if (data && data.type === '${OAUTH_CALLBACK_RECEIVED}' && data.state === params.state) confirmed();
    };
    channel.postMessage(message);
    sent = true;
  } catch (e) { channel = null; }
  if (window.opener) { try { window.opener.postMessage(message, location.origin); sent = true; } catch (e) {} }
  if (!sent || !channel) fallback();
  else setTimeout(fallback, ${OAUTH_CALLBACK_CONFIRM_MS});
})();`;

const STYLE = 'body{font:15px system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem;color:#1f2328;background:#fff}textarea{box-sizing:border-box;width:100%;font:13px ui-monospace,monospace;color:inherit;background:transparent}label{display:block;margin:1rem 0 .25rem;font-weight:600}@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}}';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Wirebench sign-in</title><style>${STYLE}</style></head>
<body><h1>Wirebench sign-in</h1><p id="status" role="status">Handing the answer to Wirebench…</p><div id="fallback" hidden><label for="address">Address to paste into Wirebench</label><textarea id="address" readonly rows="5" spellcheck="false" autocomplete="off"></textarea></div><script>${OAUTH_CALLBACK_SCRIPT}</script></body></html>
`;

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'unsafe-none',
  'Content-Security-Policy': `default-src 'none'; script-src ${sha256(OAUTH_CALLBACK_SCRIPT)}; style-src ${sha256(STYLE)}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
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
