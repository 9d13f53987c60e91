/**
 * The sandbox's WebSocket endpoints (upgrade routes under `/sandbox/ws/`):
 * - `echo`: sends back each message; offers the subprotocols `chat` (as sent) and `json`
 *   (each text message must be JSON: answered `{"echo": value}`, or an `{"error": …}` message
 *   with its line and column); `?hello=1` greets first.
 * - `close/:code?reason=…`: accepts, then closes with that code (1006: drops the connection
 *   with no Close frame) — to see each code explained.
 * - `ticks?every=ms&count=n`: a JSON message `{"tick": n, "at": …}` every `every` ms (default 1000).
 * - `flood?rate=n&seconds=s&size=b`: `rate` messages a second (0: as fast as the socket takes
 *   them, `count` in all) of about `size` bytes, for the benchmarks.
 * - `refuse`: answers the upgrade 401 with a challenge and a JSON body (a refused upgrade).
 * - `bearer`: needs `Authorization: Bearer …`, refused 401 without it; echoes what it saw.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { jsonMessageProblem } from '../../core/protocols/websocket/messageFormat';

export const SANDBOX_WS_PREFIX = '/sandbox/ws';
export const SANDBOX_WS_SUBPROTOCOLS = ['chat', 'json'] as const;

const server = new WebSocketServer({
  noServer: true,
  perMessageDeflate: true,
  maxPayload: 16 * 1024 * 1024,
  handleProtocols: (offered) => [...offered].find((p) => (SANDBOX_WS_SUBPROTOCOLS as readonly string[]).includes(p)) ?? false,
});

function refuse(socket: Duplex, status: number, reason: string, headers: string[], body: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers.map((h) => `${h}\r\n`).join('')}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

function echo(ws: WebSocket, url: URL): void {
  if (url.searchParams.get('hello')) ws.send(JSON.stringify({ hello: 'Wirebench sandbox echo', protocol: ws.protocol || null }));
  ws.on('message', (data, isBinary) => {
    if (isBinary || ws.protocol !== 'json') return ws.send(data, { binary: isBinary });
    const text = data.toString();
    const problem = jsonMessageProblem(text);
    ws.send(JSON.stringify(problem ? { error: problem.message } : { echo: JSON.parse(text) as unknown }));
  });
}

function closeWith(ws: WebSocket, url: URL, code: number): void {
  const reason = url.searchParams.get('reason') ?? `closing with ${code} as asked`;
  setImmediate(() => (code === 1006 ? ws.terminate() : ws.close(code, reason.slice(0, 123))));
}

function ticks(ws: WebSocket, url: URL): void {
  const every = Math.min(Math.max(Number(url.searchParams.get('every')) || 1000, 10), 60_000);
  const count = Math.min(Number(url.searchParams.get('count')) || Infinity, 100_000);
  let n = 0;
  const timer = setInterval(() => {
    n += 1;
    ws.send(JSON.stringify({ tick: n, at: new Date().toISOString() }));
    if (n >= count) {
      clearInterval(timer);
      ws.close(1000, 'all ticks sent');
    }
  }, every);
  ws.on('close', () => clearInterval(timer));
}

function flood(ws: WebSocket, url: URL): void {
  const rate = Math.max(Number(url.searchParams.get('rate') ?? 1000) || 0, 0);
  const seconds = Math.min(Math.max(Number(url.searchParams.get('seconds')) || 10, 0.1), 120);
  const size = Math.min(Math.max(Number(url.searchParams.get('size')) || 64, 16), 64 * 1024);
  const total = rate > 0 ? Math.round(rate * seconds) : Math.min(Number(url.searchParams.get('count')) || 100_000, 10_000_000);
  const pad = 'x'.repeat(Math.max(size - 40, 0));
  let sent = 0;
  let stopped = false;
  ws.on('close', () => (stopped = true));
  const message = () => `{"n":${sent},"pad":"${pad}"}`;
  const finish = () => ws.close(1000, `sent ${total}`);
  if (rate === 0) {
    // As fast as the socket drains: write while little is buffered, then wait for the drain.
    const pump = () => {
      while (!stopped && sent < total && ws.bufferedAmount < 1024 * 1024) {
        ws.send(message());
        sent += 1;
      }
      if (stopped) return;
      if (sent >= total) return finish();
      setImmediate(pump);
    };
    return pump();
  }
  const start = performance.now();
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
    while (sent < due && !stopped) {
      ws.send(message());
      sent += 1;
    }
    if (sent >= total || stopped) {
      clearInterval(timer);
      if (!stopped) finish();
    }
  }, 10);
  ws.on('close', () => clearInterval(timer));
}

/** Serves an upgrade under `/sandbox/ws/`. */
export function handleSandboxWebSocket(req: http.IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
  const path = url.pathname.slice(SANDBOX_WS_PREFIX.length);
  const close = /^\/close\/(\d{1,4})$/.exec(path);
  if (path === '/refuse') {
    return refuse(socket, 401, 'Unauthorized', ['WWW-Authenticate: Bearer realm="sandbox-ws"', 'Content-Type: application/json'], JSON.stringify({ error: 'no_token', message: 'This WebSocket endpoint refuses every handshake: a refused upgrade to look at.' }));
  }
  if (path === '/bearer' && !/^Bearer \S+/.test(req.headers.authorization ?? '')) {
    return refuse(socket, 401, 'Unauthorized', ['WWW-Authenticate: Bearer realm="sandbox-ws"', 'Content-Type: application/json'], JSON.stringify({ error: 'no_token', message: 'Send Authorization: Bearer <token> with the handshake.' }));
  }
  const known = path === '/echo' || path === '/ticks' || path === '/flood' || path === '/bearer' || close;
  if (!known) return refuse(socket, 404, 'Not Found', ['Content-Type: text/plain; charset=utf-8'], `No sandbox WebSocket endpoint at ${url.pathname}. Try /sandbox/ws/echo.\n`);
  if (close && (Number(close[1]) < 1000 || Number(close[1]) > 4999 || [1004, 1005, 1015].includes(Number(close[1])))) {
    return refuse(socket, 400, 'Bad Request', ['Content-Type: text/plain; charset=utf-8'], `${close[1]} cannot be sent in a Close frame; try 1000, 1001, 1008, 1011 or 4000–4999.\n`);
  }
  server.handleUpgrade(req, socket, head, (ws) => {
    if (path === '/echo') echo(ws, url);
    else if (path === '/bearer') ws.send(JSON.stringify({ authorized: true, cookie: req.headers.cookie ?? null }));
    else if (path === '/ticks') ticks(ws, url);
    else if (path === '/flood') flood(ws, url);
    else if (close) closeWith(ws, url, Number(close[1]));
  });
}
