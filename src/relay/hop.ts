/**
 * One hop's request and response as the relay's upstream (`upstream.ts`) and its HTTP/2 and
 * body helpers see them, and the request-line details they share.
 */
import type http from 'node:http';
import type { Readable } from 'node:stream';
import { framingHeaders, type HeaderField, type RelayProtocolChoice, type RelayProxyChoice, type RelayProxyUse, type RelayTimings } from '../core';
import type { CancelSignal } from './cancel';
import type { ConnectionTimings, TlsPolicy } from './connector';

/** Marks an error of a request that went out on a reused keep-alive socket and got no answer. */
export interface StaleSocketFailure extends Error {
  reusedSocket?: boolean;
  /** No byte of a streamed body was read yet, so the same stream can go on another connection. */
  bodyUntouched?: boolean;
}

/** What one hop sends. */
export interface HopRequest {
  method: string;
  url: URL;
  headers: HeaderField[];
  /** Bytes in memory, a stream of unknown or known length, or nothing. */
  body: Uint8Array | Readable | null;
  /** Length of a streamed body when known. */
  bodyLength: number | null;
  tls: TlsPolicy;
  /** Longest silence allowed (connect, upload progress, response head), ms. Informational (1xx) responses are no sign of life: they never extend it. */
  timeoutMs: number;
  signal: CancelSignal;
  onUploadProgress?: (sent: number) => void;
  /** The page's proxy choice; absent: the server's environment. */
  proxy?: RelayProxyChoice;
  /** No deadline between body chunks once the head is in (always so for `text/event-stream`). */
  liveStream?: boolean;
  /** HTTP/2 by ALPN (`auto`, the default), HTTP/1.1 only, or h2c with prior knowledge for http targets. */
  protocol?: RelayProtocolChoice;
}

/** The response head and what is needed to read and account for the rest. */
export interface HopResponse {
  /** Over HTTP/2, the stream dressed as a response (`http2Exchange.ts`): httpVersion "2", no reason phrase. */
  response: http.IncomingMessage;
  /** The HTTP/1.1 request; absent over HTTP/2. */
  request?: http.ClientRequest;
  /** The request line and headers exactly as written. */
  headText: string;
  sentHeaders: HeaderField[];
  bodyBytesSent: () => number;
  /** Phase timings up to the response head; `download` and `total` are filled by the caller. */
  timings: RelayTimings;
  startedAt: number;
  /** How the socket was opened, and its TLS; for a kept-alive socket, when it was first opened. */
  connection?: ConnectionTimings;
  /** Re-arms the silence timer; call it on every body chunk. */
  touch: () => void;
  /** Stops the silence timer once the exchange is over. */
  finish: () => void;
  /** The proxy the hop went through. */
  proxy?: RelayProxyUse;
  /** Over HTTP/2: the pseudo-header fields sent and received, and what was changed in the header list for HTTP/2. */
  http2?: { request: HeaderField[]; response: HeaderField[]; notes: string[] };
}

/**
 * The headers HTTP itself requires, added to the composed ones (never replacing them).
 * The rule is core's `framingHeaders`, shared with the composer's preview.
 */
export function completeHeaders(req: Pick<HopRequest, 'method' | 'url' | 'headers' | 'body' | 'bodyLength'>): HeaderField[] {
  return framingHeaders({
    method: req.method,
    host: req.url.host,
    headers: req.headers,
    hasBody: req.body !== null,
    bodyLength: req.body instanceof Uint8Array ? req.body.length : req.bodyLength,
  });
}

/**
 * The URL's query as sent, `?` included: an empty query (`/get?`) keeps its `?`, as curl and
 * Postman send it (URL.search is '' for it).
 */
export function searchOf(url: URL): string {
  if (url.search) return url.search;
  return url.href.slice(0, url.href.length - url.hash.length).endsWith('?') ? '?' : '';
}
