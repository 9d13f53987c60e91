/**
 * One hop over HTTP/2 (RFC 9113), the counterpart of the HTTP/1.1 exchange in `upstream.ts`,
 * with the same phases, deadline, cancel and streaming: an https target is offered h2 and
 * http/1.1 by ALPN on a connection opened and judged by the connector (through a CONNECT
 * tunnel when a proxy is used) and the hop goes to HTTP/1.1 when the server picks it; an http
 * target with `protocol: 'h2c'` gets HTTP/2 with prior knowledge. Sessions are pooled per origin
 * (`http2Sessions.ts`); a stream the server refused unprocessed (GOAWAY, REFUSED_STREAM) is sent
 * once more on a new session when its body can be replayed (RFC 9113 §8.7).
 */
import http2 from 'node:http2';
import type http from 'node:http';
import type net from 'node:net';
import type tls from 'node:tls';
import type { HeaderField, RelayPhase, RelayTimings } from '../core';
import { openConnection, type ConnectOptions, type PhaseTracker } from './connector';
import { MAX_INFORMATIONAL_RESPONSES, RelayFailure, tooManyInformational } from './failures';
import { http2RequestHead, splitResponseHeaders } from './http2Headers';
import { choseHttp1, pooledSession, rememberHttp1, startSession, streamBegun, streamEnded, type PooledSession } from './http2Sessions';
import { sendHopBody } from './hopBody';
import type { HopRequest, HopResponse } from './hop';

const { NGHTTP2_CANCEL, NGHTTP2_REFUSED_STREAM } = http2.constants;

/** What the HTTP/1.1 path hands the HTTP/2 path for one hop. */
export interface Http2Plan {
  secure: boolean;
  /** The connection options the HTTP/1.1 agents would get (target, TLS policy, proxy route). */
  connect: ConnectOptions;
  /** The pool key: the agent's name for those options. */
  key: string;
  /** The composed headers with the framing ones added. */
  headers: HeaderField[];
  /** Sends the hop over HTTP/1.1, on `prepared` when ALPN chose it on a connection already open. */
  http1: (prepared?: { socket: net.Socket; startedAt: number }) => Promise<HopResponse>;
  /** The typed timeout of a phase, worded as the HTTP/1.1 path words it (with the 1xx responses that came before the head). */
  timeout: (phase: RelayPhase, informational?: number) => Error;
}

/** A stream the server closed without processing it: safe to send again (RFC 9113 §8.7). */
class RefusedStream extends Error {
  readonly code = 'ECONNRESET';
}

const cancelled = () => Object.assign(new Error('Cancelled'), { code: 'WB_ABORTED' });

/** Opens a connection under the hop's deadline and cancel, offering h2 (and http/1.1) by ALPN on TLS. */
async function negotiate(hop: HopRequest, plan: Http2Plan): Promise<net.Socket> {
  const tracker: PhaseTracker = { phase: 'connect' };
  const deadline = new AbortController();
  let why: Error | undefined;
  const timer = setTimeout(() => {
    why = plan.timeout(tracker.phase);
    deadline.abort();
  }, hop.timeoutMs);
  const onAbort = () => {
    why = cancelled();
    deadline.abort();
  };
  hop.signal.addEventListener('abort', onAbort, { once: true });
  if (hop.signal.aborted) onAbort();
  try {
    return await openConnection({ ...plan.connect, wbPhase: tracker, wbDeadline: deadline.signal, ...(plan.secure ? { wbAlpn: ['h2', 'http/1.1'] } : {}) }, plan.secure);
  } catch (err) {
    throw why ?? err;
  } finally {
    clearTimeout(timer);
    hop.signal.removeEventListener('abort', onAbort);
  }
}

/** A new session for the hop, or the HTTP/1.1 hop when the server chose http/1.1. */
async function freshSession(hop: HopRequest, plan: Http2Plan, startedAt: number): Promise<PooledSession | HopResponse> {
  const socket = await negotiate(hop, plan);
  if (plan.secure && (socket as tls.TLSSocket).alpnProtocol !== 'h2') {
    rememberHttp1(plan.key);
    return plan.http1({ socket, startedAt });
  }
  return startSession(plan.key, `${plan.secure ? 'https' : 'http'}://${hop.url.host}`, socket);
}

const isSession = (v: PooledSession | HopResponse): v is PooledSession => 'session' in v;

/** Sends one hop over HTTP/2 when the target takes it, else over HTTP/1.1. */
export async function performHttp2Hop(hop: HopRequest, plan: Http2Plan): Promise<HopResponse> {
  if (plan.secure && choseHttp1(plan.key)) return plan.http1();
  const startedAt = performance.now();
  let pooled = pooledSession(plan.key);
  let fresh = false;
  if (!pooled) {
    const opened = await freshSession(hop, plan, startedAt);
    if (!isSession(opened)) return opened;
    pooled = opened;
    fresh = true;
  }
  try {
    return await exchange(hop, plan, pooled, fresh, startedAt);
  } catch (err) {
    const replayable = hop.body === null || hop.body instanceof Uint8Array;
    if (!(err instanceof RefusedStream) || hop.signal.aborted) throw err;
    if (!replayable) throw new RelayFailure('reset', `${err.message} The body was streamed and not kept, so it was not sent again.`);
    const opened = await freshSession(hop, plan, startedAt);
    if (!isSession(opened)) return opened;
    return exchange(hop, plan, opened, true, startedAt).catch((again: Error) => {
      throw again instanceof RefusedStream ? new RelayFailure('reset', `${again.message} It was sent once more on a new connection and refused again.`) : again;
    });
  }
}

/** The decorations that let the relay read an HTTP/2 stream as it reads an HTTP/1.1 response. */
function asResponse(stream: http2.ClientHttp2Stream, headers: http2.IncomingHttpHeaders & http2.IncomingHttpStatusHeader, rawHeaders: string[], pooled: PooledSession): http.IncomingMessage {
  const plain: http.IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':')) plain[name] = value as string;
  let ended = false;
  stream.once('end', () => (ended = true));
  Object.defineProperty(stream, 'complete', { get: () => ended });
  return Object.assign(stream, {
    statusCode: Number(headers[':status']),
    // HTTP/2 has no reason phrase (RFC 9113 §8.3.2): none is made up.
    statusMessage: '',
    httpVersion: '2',
    httpVersionMajor: 2,
    httpVersionMinor: 0,
    rawHeaders,
    headers: plain,
    socket: { remoteAddress: pooled.remoteAddress, remotePort: pooled.remotePort },
  }) as unknown as http.IncomingMessage;
}

/** One stream on `pooled`: resolves with the response head, rejects with a typed or Node error. */
function exchange(hop: HopRequest, plan: Http2Plan, pooled: PooledSession, fresh: boolean, startedAt: number): Promise<HopResponse> {
  return new Promise<HopResponse>((resolve, reject) => {
    const head = http2RequestHead(hop.method, hop.url, hop.headers, plan.headers);
    const streamed = hop.body !== null && !(hop.body instanceof Uint8Array);
    const tracker: PhaseTracker = { phase: streamed ? 'upload' : 'head' };
    let stream: http2.ClientHttp2Stream;
    try {
      stream = pooled.session.request(head.block, { endStream: hop.body === null });
    } catch (err) {
      // The session got GOAWAY or closed between the pool lookup and now: nothing was sent.
      const code = (err as NodeJS.ErrnoException).code ?? '';
      reject(/^ERR_HTTP2_(GOAWAY_SESSION|INVALID_SESSION)$/.test(code) ? new RefusedStream(`The HTTP/2 connection to ${hop.url.host} was closing.`) : err);
      return;
    }
    streamBegun(pooled);
    stream.once('close', () => streamEnded(pooled));
    const socketAt = performance.now();
    const timings: RelayTimings = { dns: 0, connect: 0, tls: 0, send: 0, firstByte: 0, download: 0, total: 0, reusedConnection: !fresh };
    const connection = pooled.connection;
    if (fresh && connection) {
      timings.dns = connection.dns;
      timings.connect = connection.connect;
      timings.tls = connection.tls;
      if (connection.proxyTls !== undefined) timings.proxyTls = connection.proxyTls;
      if (connection.tunnel !== undefined) timings.tunnel = connection.tunnel;
    }
    let received: http.IncomingMessage | undefined;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let live = false;
    let finishedAt = 0;
    let sent = 0;
    /** 1xx header blocks so far: counted, never a reason to wait longer. */
    let informational = 0;
    const stop = () => {
      if (timer) clearTimeout(timer);
      hop.signal.removeEventListener('abort', onAbort);
    };
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      stop();
      if (!stream.closed) stream.close(NGHTTP2_CANCEL);
      reject(err);
    };
    const touch = () => {
      if (timer) clearTimeout(timer);
      if (live) return;
      timer = setTimeout(() => {
        const err = plan.timeout(tracker.phase, informational);
        if (received) {
          // The body reader fails as a timeout; the server is told the stream is abandoned.
          stream.close(NGHTTP2_CANCEL);
          stream.destroy(err);
        } else fail(err);
      }, hop.timeoutMs);
    };
    function onAbort() {
      if (received) {
        // RST_STREAM CANCEL; the relay sees the stream close and reports the cancel itself.
        stream.close(NGHTTP2_CANCEL);
        stop();
      } else fail(cancelled());
    }
    if (hop.signal.aborted) {
      onAbort();
      return;
    }
    hop.signal.addEventListener('abort', onAbort, { once: true });
    touch();

    const refused = () => {
      const last = pooled.goawayLastStreamId;
      if (stream.rstCode === NGHTTP2_REFUSED_STREAM || (last !== undefined && (stream.id ?? 0) > last)) {
        return new RefusedStream(`The server ${hop.url.host} refused the HTTP/2 request before processing it (${last !== undefined ? 'GOAWAY' : 'REFUSED_STREAM'}).`);
      }
      return undefined;
    };
    stream.on('error', (err: Error) => {
      if (!received) fail(refused() ?? err);
    });
    stream.once('close', () => {
      if (received || settled) return;
      fail(refused() ?? Object.assign(new Error(`The server closed the HTTP/2 stream (code ${stream.rstCode ?? 0}) before the response head.`), { code: 'ECONNRESET' }));
    });
    stream.once('finish', () => {
      tracker.phase = 'head';
      finishedAt = performance.now();
      timings.send = finishedAt - socketAt;
    });
    // 1xx heads (100 Continue, 103 Early Hints) do not re-arm the deadline: the final head
    // must come within it, and more than a few of them end the hop (as on HTTP/1.1).
    stream.on('headers', (headers: http2.IncomingHttpHeaders & http2.IncomingHttpStatusHeader) => {
      if (received || settled) return;
      if (++informational > MAX_INFORMATIONAL_RESPONSES) fail(tooManyInformational(hop, Number(headers[':status'] ?? 0)));
    });
    stream.once('response', (headers: http2.IncomingHttpHeaders & http2.IncomingHttpStatusHeader, _flags: number, raw?: string[]) => {
      if (settled) return;
      const { pseudo, rawHeaders } = splitResponseHeaders(raw ?? []);
      received = asResponse(stream, headers, rawHeaders, pooled);
      live = hop.liveStream === true || /^\s*text\/event-stream\s*(;|$)/i.test(String(headers['content-type'] ?? ''));
      tracker.phase = 'body';
      timings.firstByte = performance.now() - (finishedAt || socketAt);
      touch();
      settled = true;
      resolve({
        response: received,
        headText: head.text,
        sentHeaders: head.fields,
        bodyBytesSent: () => sent,
        timings,
        startedAt,
        connection,
        touch,
        finish: stop,
        http2: { request: head.pseudo, response: pseudo, notes: head.notes },
      });
    });

    if (hop.body === null) return;
    // Flow control holds the page's upload back, as the socket does on HTTP/1.1.
    sendHopBody(
      hop.body,
      stream,
      (bytes) => {
        sent = bytes;
        touch();
        hop.onUploadProgress?.(bytes);
      },
      fail,
      { unpipeOnClose: true },
    );
  });
}
