/**
 * The relay's WebSocket engine, usable as a library (GraphQL subscriptions build on it): opens
 * an upstream WebSocket with the draft's network options — the connection made by the relay's
 * connector (DNS, TCP, a CONNECT tunnel through the chosen proxy, TLS with client certificates,
 * CA bundles, trusted fingerprints), cookies from the page's jar — then the `ws` package does
 * the handshake and framing on that socket. The 101 is reported with `Sec-WebSocket-Accept`
 * checked by core; a refusal with its status, headers and body; failures typed.
 */
import WebSocket from 'ws';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type net from 'node:net';
import { checkAccept } from '../../core/protocols/websocket/accept';
import type { WebSocketOpenMeta } from '../../core/protocols/websocket/channel';
import { explainRefusal, type WebSocketClosure, type WebSocketFailure, type WebSocketHandshake, type WebSocketMessage, type WebSocketRefusal } from '../../core/protocols/websocket/transcript';
import type { HeaderField } from '../../core';
import { normaliseFingerprint, openConnection, type TlsPolicy } from '../connector';
import { HopCookies } from '../cookieStage';
import { classifyFailure } from '../failures';
import { readProxyEnvironment, routeFor } from '../proxyRules';
import { checkUpstreamMeta, upstreamUrl } from './upstreamMeta';
import { failureOfError, failureOfClose } from './wsFailures';

export type UpstreamEvent =
  | { kind: 'message'; message: WebSocketMessage }
  | { kind: 'close'; closure: WebSocketClosure; failure?: WebSocketFailure }
  | { kind: 'error'; failure: WebSocketFailure };

export interface UpstreamSocket {
  /** The 101 as it happened (set before the socket is handed out). */
  handshake: WebSocketHandshake;
  /** Sends a text (string) or binary (bytes) message; returns the transcript entry. */
  send(data: string | Uint8Array): WebSocketMessage;
  ping(data?: string): WebSocketMessage;
  /** Starts the closing handshake (code 1000 by default). */
  close(code?: number, reason?: string): void;
  /** Ends the connection at once. */
  terminate(): void;
  /** Every event from now on (messages sent included); returns a remover. */
  onEvent(listener: (event: UpstreamEvent) => void): () => void;
  /** The events as an async iterable; ends after the close. */
  events(): AsyncIterable<UpstreamEvent>;
  readonly closed: boolean;
}

export type OpenOutcome = { ok: true; socket: UpstreamSocket } | { ok: false; refusal?: WebSocketRefusal; failure: WebSocketFailure };

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_MESSAGE = 64 * 1024 * 1024;
const MAX_REFUSAL_BODY = 64 * 1024;

function rawHeaderFields(raw: readonly string[]): HeaderField[] {
  const out: HeaderField[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push({ name: raw[i]!, value: raw[i + 1]! });
  return out;
}

function requestHeaderFields(req: ClientRequest, host: string): HeaderField[] {
  const out: HeaderField[] = [{ name: 'Host', value: host }];
  for (const name of req.getRawHeaderNames()) {
    if (/^host$/i.test(name)) continue;
    const value = req.getHeader(name);
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) out.push({ name, value: String(v) });
  }
  return out;
}

/**
 * Opens the upstream WebSocket described by `meta`. Never throws: a refused upgrade, a failed
 * connection and a failed handshake come back as values.
 */
export async function openUpstreamSocket(meta: WebSocketOpenMeta, options: { signal?: AbortSignal } = {}): Promise<OpenOutcome> {
  let url: URL;
  try {
    checkUpstreamMeta(meta);
    url = upstreamUrl(meta.url);
  } catch (err) {
    return { ok: false, failure: failureOfError(err) };
  }
  const secure = url.protocol === 'https:';
  const timeoutMs = meta.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])]);
  const policy: TlsPolicy = {
    insecure: meta.insecureTls === true,
    trusted: (meta.trustedFingerprints ?? []).map(normaliseFingerprint),
    identities: { clientCertificates: meta.clientCertificates, caBundles: meta.caBundles },
  };
  let socket: net.Socket;
  try {
    const route = routeFor(url, meta.proxy, readProxyEnvironment);
    // A forwarding proxy cannot carry an upgraded connection: WebSocket always goes through CONNECT.
    const tunnelled = route ? { ...route, tunnel: true, use: { ...route.use, tunnel: true } } : undefined;
    socket = await openConnection({ hostname: url.hostname, port: Number(url.port) || (secure ? 443 : 80), wbTls: policy, wbProxy: tunnelled, wbAlpn: ['http/1.1'], wbDeadline: deadline }, secure);
  } catch (err) {
    if (deadline.aborted && !options.signal?.aborted) return { ok: false, failure: { kind: 'timeout', code: 'WB_WS_CONNECT_TIMEOUT', message: `No connection to ${url.host} within ${timeoutMs} ms.` } };
    const e = classifyFailure(err, url.host);
    return { ok: false, failure: { kind: e.kind, message: e.message, ...(e.code ? { code: e.code } : {}) } };
  }
  const cookies = meta.cookies ? new HopCookies(meta.cookies) : undefined;
  const typed = meta.headers.filter((h) => !/^(sec-websocket-protocol|sec-websocket-extensions)$/i.test(h.name));
  const headers = cookies ? cookies.headersFor(url, 'GET', typed) : typed;
  const headerObject: Record<string, string> = {};
  for (const h of headers) headerObject[h.name] = headerObject[h.name] === undefined ? h.value : `${headerObject[h.name]}, ${h.value}`;
  const ws = new WebSocket(url.href, meta.subprotocols ?? [], {
    createConnection: () => socket as never,
    headers: headerObject,
    perMessageDeflate: meta.deflate !== false,
    handshakeTimeout: timeoutMs,
    maxPayload: meta.maxMessageBytes ?? DEFAULT_MAX_MESSAGE,
    followRedirects: false,
  });
  // The handshake request ws made (its generated Sec-WebSocket-Key included); ws keeps it as `_req` until the 101.
  const handshakeRequest = (ws as unknown as { _req: ClientRequest })._req;
  return new Promise<OpenOutcome>((resolve) => {
    let settled = false;
    let received: IncomingMessage | undefined;
    const onAbort = () => ws.terminate();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (outcome: OpenOutcome) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    ws.once('upgrade', (res) => (received = res));
    ws.once('unexpected-response', (req, res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < MAX_REFUSAL_BODY) chunks.push(c);
        size += c.length;
      });
      const done = () => {
        const status = res.statusCode ?? 0;
        settle({
          ok: false,
          refusal: { status, statusText: res.statusMessage ?? '', headers: rawHeaderFields(res.rawHeaders), body: Buffer.concat(chunks).subarray(0, MAX_REFUSAL_BODY).toString('utf8'), explanation: explainRefusal(status) },
          failure: { kind: 'refused_upgrade', code: 'WB_WS_REFUSED', message: `The server refused the WebSocket upgrade with ${status} ${res.statusMessage ?? ''}`.trim() + '.' },
        });
        req.destroy();
      };
      res.once('end', done);
      res.once('close', done);
      res.once('error', done);
    });
    let opened = false;
    ws.once('error', async (err) => {
      // After the 101 the socket's own listener reports errors (a bad first frame, say).
      if (settled || opened) return;
      const failure = failureOfError(err, timeoutMs);
      if (received && failure.code === 'WB_WS_BAD_ACCEPT') {
        const key = String(handshakeRequest.getHeader('sec-websocket-key') ?? '');
        const accept = await checkAccept(key, received.headers['sec-websocket-accept'] as string | undefined);
        failure.message = accept.explanation;
      }
      settle({ ok: false, failure });
    });
    ws.once('open', async () => {
      // Wrapped at once, so a message arriving with the 101 is held for the first listener.
      opened = true;
      const wrapped = wrap(ws);
      const res = received!;
      const key = String(handshakeRequest.getHeader('sec-websocket-key') ?? '');
      const accept = await checkAccept(key, res.headers['sec-websocket-accept'] as string | undefined);
      const handshake: WebSocketHandshake = {
        url: meta.url,
        requestHeaders: requestHeaderFields(handshakeRequest, url.host),
        status: res.statusCode ?? 101,
        statusText: res.statusMessage ?? 'Switching Protocols',
        responseHeaders: rawHeaderFields(res.rawHeaders),
        protocol: ws.protocol,
        extensions: ws.extensions,
        accept,
        at: Date.now(),
      };
      wrapped.handshake = handshake;
      settle({ ok: true, socket: wrapped });
    });
  });
}

function wrap(ws: WebSocket): UpstreamSocket {
  const listeners = new Set<(event: UpstreamEvent) => void>();
  /** Events before the first listener, handed to it. */
  const pending: UpstreamEvent[] = [];
  let seq = 0;
  let closed = false;
  let closingByClient = false;
  let failure: WebSocketFailure | undefined;
  const emit = (event: UpstreamEvent) => {
    if (listeners.size === 0) pending.push(event);
    for (const l of listeners) l(event);
  };
  const entry = (direction: WebSocketMessage['direction'], opcode: WebSocketMessage['opcode'], data: Buffer | string, extra: Partial<WebSocketMessage> = {}): WebSocketMessage => {
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    const message: WebSocketMessage = { seq: ++seq, direction, opcode, at: Date.now(), size, ...extra };
    if (opcode === 'binary') message.data = Buffer.isBuffer(data) ? data.toString('base64') : Buffer.from(data).toString('base64');
    else if (size > 0 || opcode === 'text') message.text = data.toString();
    return message;
  };
  ws.on('message', (data: Buffer, isBinary) => emit({ kind: 'message', message: entry('received', isBinary ? 'binary' : 'text', data) }));
  ws.on('ping', (data) => emit({ kind: 'message', message: entry('received', 'ping', data) }));
  ws.on('pong', (data) => emit({ kind: 'message', message: entry('received', 'pong', data) }));
  ws.on('error', (err) => {
    failure = failureOfError(err);
  });
  ws.on('close', (code, reasonBuffer) => {
    closed = true;
    const reason = reasonBuffer.toString();
    const by = failure ? 'client' : closingByClient ? 'client' : code === 1006 ? 'network' : 'server';
    const closure: WebSocketClosure = { code, reason, by, at: Date.now() };
    emit({ kind: 'close', closure, failure: failure ?? failureOfClose(closure) });
  });
  return {
    handshake: undefined as unknown as WebSocketHandshake,
    get closed() {
      return closed;
    },
    send(data) {
      const message = typeof data === 'string' ? entry('sent', 'text', data) : entry('sent', 'binary', Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      ws.send(data, { binary: typeof data !== 'string' });
      emit({ kind: 'message', message });
      return message;
    },
    ping(data = '') {
      const message = entry('sent', 'ping', data);
      ws.ping(data);
      emit({ kind: 'message', message });
      return message;
    },
    close(code = 1000, reason = '') {
      closingByClient = true;
      if (ws.readyState === WebSocket.OPEN) emit({ kind: 'message', message: entry('sent', 'close', reason, { code, reason }) });
      ws.close(code, reason);
    },
    terminate() {
      closingByClient = true;
      ws.terminate();
    },
    onEvent(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && pending.length) for (const event of pending.splice(0)) listener(event);
      return () => listeners.delete(listener);
    },
    events() {
      const queue: UpstreamEvent[] = [];
      let wake: (() => void) | undefined;
      let done = closed;
      const remove = this.onEvent((event) => {
        queue.push(event);
        if (event.kind === 'close') done = true;
        wake?.();
      });
      return {
        async *[Symbol.asyncIterator]() {
          try {
            for (;;) {
              while (queue.length) {
                const event = queue.shift()!;
                yield event;
                if (event.kind === 'close') return;
              }
              if (done) return;
              await new Promise<void>((r) => (wake = r));
              wake = undefined;
            }
          } finally {
            remove();
          }
        },
      };
    },
  };
}
