/**
 * `/api/ws`: the page's WebSocket to this server, one per upstream connection. The page
 * cannot send the page key header on a WebSocket, so it offers it as a subprotocol
 * (`key.<page key>`) next to `wirebench.ws.v1`; `authorize` checks Host, Origin and the key
 * with the cookie as `checkApi` does. Then: the page's `open` → the upstream handshake →
 * `handshake` | `refused` | `failed`; upstream events go to the page in batches, one per turn
 * of I/O (a flood of small messages becomes a few large channel frames).
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { CHANNEL_KEY_PREFIX, CHANNEL_PROTOCOL, type ChannelEvent, type ChannelRequest } from '../core/protocols/websocket/channel';
import { closeCodeProblem, closeReasonProblem } from '../core/protocols/websocket/closeCodes';
import type { WebSocketMessage } from '../core/protocols/websocket/transcript';
import { checkOrigin, type GuardConfig } from './guard';
import { holdsPageSession, sameToken } from './session';
import { openUpstreamSocket, type UpstreamSocket } from '../relay/websocket/engine';

/** The upgrade route (see `src/server/upgradeRoutes.ts`). */
export const webSocketChannelRoute = {
  prefix: '/api/ws',
  authorize: authorizeChannel,
  handle: handleChannelUpgrade,
};

/** The key the page offered as a subprotocol, or ''. */
function offeredKey(req: http.IncomingMessage): string {
  const offers = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  return offers.find((p) => p.startsWith(CHANNEL_KEY_PREFIX))?.slice(CHANNEL_KEY_PREFIX.length) ?? '';
}

/** Refuses a channel without a session: the whole token (tools), or the page key with its cookie from this app's own Origin. */
export function authorizeChannel(req: http.IncomingMessage, _url: URL, guard: GuardConfig): { status: number; reason: string } | null {
  const origin = checkOrigin(req, guard);
  if (origin) return origin;
  const key = offeredKey(req);
  if (key && sameToken(key, guard.token)) return null;
  if (key && req.headers.origin !== undefined && guard.port !== undefined && holdsPageSession(req, key, guard.token, guard.port)) return null;
  return { status: 401, reason: 'This WebSocket channel has no Wirebench session: open the launch URL that `npm start` printed.' };
}

const server = new WebSocketServer({
  noServer: true,
  perMessageDeflate: false,
  maxPayload: 256 * 1024 * 1024,
  handleProtocols: (offered) => (offered.has(CHANNEL_PROTOCOL) ? CHANNEL_PROTOCOL : false),
});

export function handleChannelUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
  server.handleUpgrade(req, socket, head, (page) => serveChannel(page));
}

/** One page channel: the first message opens the upstream; the rest drive it. */
export function serveChannel(page: WebSocket): void {
  const abort = new AbortController();
  let upstream: UpstreamSocket | undefined;
  let batch: WebSocketMessage[] = [];
  let scheduled = false;
  const say = (event: ChannelEvent) => {
    if (page.readyState === page.OPEN) page.send(JSON.stringify(event));
  };
  const flush = () => {
    scheduled = false;
    if (!batch.length) return;
    const messages = batch;
    batch = [];
    say({ type: 'messages', messages });
  };
  page.on('close', () => {
    abort.abort();
    upstream?.terminate();
  });
  page.on('error', () => page.terminate());
  page.on('message', (data, isBinary) => {
    let request: ChannelRequest;
    try {
      if (isBinary) throw new Error('binary');
      request = JSON.parse(data.toString()) as ChannelRequest;
    } catch {
      return say({ type: 'problem', message: 'The page sent something that is not a channel request.' });
    }
    if (request.type === 'open') {
      if (upstream || abort.signal.aborted) return say({ type: 'problem', message: 'This channel has already opened its WebSocket.' });
      void openUpstreamSocket(request.meta, { signal: abort.signal }).then((opened) => {
        if (!opened.ok) {
          say(opened.refusal ? { type: 'refused', refusal: opened.refusal } : { type: 'failed', failure: opened.failure });
          page.close(1000);
          return;
        }
        upstream = opened.socket;
        say({ type: 'handshake', handshake: upstream.handshake });
        upstream.onEvent((event) => {
          if (event.kind === 'message') {
            batch.push(event.message);
            if (!scheduled) {
              scheduled = true;
              setImmediate(flush);
            }
            return;
          }
          flush();
          if (event.kind === 'close') {
            say({ type: 'closed', closure: event.closure, ...(event.failure ? { failure: event.failure } : {}) });
            page.close(1000);
          }
        });
      });
      return;
    }
    if (!upstream || upstream.closed) return say({ type: 'problem', message: 'The WebSocket is not open.' });
    try {
      if (request.type === 'send') upstream.send(request.opcode === 'text' ? request.text : Buffer.from(request.data, 'base64'));
      else if (request.type === 'ping') upstream.ping(request.text ?? '');
      else if (request.type === 'close') {
        const code = request.code ?? 1000;
        const problem = closeCodeProblem(code) ?? closeReasonProblem(request.reason ?? '');
        if (problem) return say({ type: 'problem', message: problem });
        upstream.close(code, request.reason ?? '');
      }
    } catch (err) {
      say({ type: 'problem', message: (err as Error).message });
    }
  });
}
