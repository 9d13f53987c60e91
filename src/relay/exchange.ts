/**
 * The relay's request engine, with no HTTP server in it: sends one described request (its
 * redirects and Digest rounds included) and hands what comes back to an `ExchangeSink` —
 * hops, the final head, body chunks with backpressure, then a summary or a typed error.
 * `relay.ts` adapts it to `POST /api/relay` (frames on the page's socket); `inProcess.ts`
 * collects it in memory for the CLI. Every failure reaches the sink as a typed error;
 * nothing thrown here reaches the caller.
 */
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { methodAfterRedirect, type HeaderField, type RelayError, type RelayHead, type RelayHop, type RelayRequestMeta, type RelaySummary, type RelayTimings } from '../core';
import { normaliseFingerprint, type TlsPolicy } from './connector';
import { HopCookies } from './cookieStage';
import { DigestHandshake, withAuthorization } from './digestHandshake';
import type { CancelSignal } from './cancel';
import { decodeRefusal } from './decodeLimits';
import { classifyFailure, RelayFailure } from './failures';
import { uploadProgress } from './progress';
import { parseTarget } from './relayRequest';
import { firstHeader, headSize, joinedHeader, toHeaderList } from './rawHeaders';
import type { HopRequest, HopResponse, StaleSocketFailure } from './hop';
import { performHop } from './upstream';

/** Bodies up to this size are kept so a 307/308 redirect can replay them. */
export const MAX_REPLAY_BYTES = 16 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_REDIRECTS = 10;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Sends again after a dead kept-alive socket: as many as the agents pool per origin (`upstream.ts`). */
const MAX_STALE_RETRIES = 64;

/**
 * Where an exchange's results go, in this order: any `hop`s, then `head`, `body` chunks and
 * `summary`; or `error` at any point (after `head`, with `partial: true`). Exactly one of
 * `summary` and `error` is called, last. A returned promise is awaited before going on.
 */
export interface ExchangeSink {
  /** A redirect or Digest round that was answered and followed. */
  hop(hop: RelayHop): void | Promise<void>;
  /** The final response's head, before any body chunk. */
  head(head: RelayHead): void | Promise<void>;
  /**
   * One chunk of the decoded body. `true`: keep reading. A promise: the sink is full, so the
   * upstream is paused until it settles (the engine stays bounded however slow the sink is).
   */
  body(chunk: Buffer): true | Promise<void>;
  summary(summary: RelaySummary): void | Promise<void>;
  error(error: RelayError): void | Promise<void>;
}

/** A duration in ms kept to the microsecond: what the waterfall can show, and a shorter frame. */
const ms = (value: number) => Math.round(value * 1000) / 1000;

/** One hop's timings as sent to the page, every field in one order (one object shape for JSON.stringify). */
function hopTimings(t: RelayTimings, download: number, total: number, offset: number): RelayTimings {
  const out: RelayTimings = {
    dns: ms(t.dns),
    connect: ms(t.connect),
    tls: ms(t.tls),
    send: ms(t.send),
    firstByte: ms(t.firstByte),
    download: ms(download),
    total: ms(total),
    reusedConnection: t.reusedConnection,
    offset: ms(offset),
  };
  if (t.proxyTls !== undefined) out.proxyTls = ms(t.proxyTls);
  if (t.tunnel !== undefined) out.tunnel = ms(t.tunnel);
  return out;
}

function decoderFor(codings: string[]): NodeJS.ReadWriteStream[] | null {
  const chain: NodeJS.ReadWriteStream[] = [];
  // Codings are listed in the order applied; undo them last-first.
  for (const coding of [...codings].reverse()) {
    if (coding === 'gzip' || coding === 'x-gzip') chain.push(zlib.createGunzip());
    else if (coding === 'deflate') chain.push(zlib.createInflate());
    else if (coding === 'br') chain.push(zlib.createBrotliDecompress());
    else if (coding === 'identity') continue;
    else return null;
  }
  return chain;
}

/** What the hop loop leaves for the final response. */
interface FinalHop {
  hop: HopResponse;
  method: string;
  url: URL;
  hops: RelayHop[];
  cookieReport: RelayHop['cookies'];
  digest: DigestHandshake | undefined;
  /** When the first hop began (`performance.now()`). */
  started: number;
}

/**
 * Runs one exchange end to end. `meta` must already be checked (`readMeta` or `checkMeta`
 * in `relayRequest.ts`); `body` is the request body (bytes, a stream, or none) and
 * `bodyLength` its length when known (a stream of unknown length: null). Aborting `signal`
 * cancels the exchange wherever it is; the sink then gets an `aborted` error. Never throws.
 */
export async function runExchange(
  meta: RelayRequestMeta,
  body: Uint8Array | Readable | null,
  bodyLength: number | null,
  sink: ExchangeSink,
  signal: CancelSignal,
): Promise<void> {
  const progressId = typeof meta.id === 'string' ? meta.id.slice(0, 64) : undefined;
  const state = { target: '', headSent: false };
  try {
    if (progressId) uploadProgress.start(progressId, bodyLength ?? undefined);
    const tls: TlsPolicy = {
      insecure: meta.insecureTls === true,
      trusted: (meta.trustedFingerprints ?? []).filter((f) => typeof f === 'string').map(normaliseFingerprint),
      identities: { clientCertificates: meta.clientCertificates, caBundles: meta.caBundles },
    };
    const final = await followHops(meta, body, bodyLength, tls, sink, signal, state, progressId);
    await streamFinal(final, tls, sink, signal, state);
  } catch (err) {
    const error = classifyFailure(signal.aborted ? Object.assign(new Error('Cancelled'), { code: 'WB_ABORTED' }) : err, state.target);
    if (state.headSent) error.partial = true;
    await sink.error(error);
  } finally {
    if (progressId) uploadProgress.done(progressId);
  }
}

/**
 * The method after a redirect under Postman's rules (postman-request's redirect.js): every
 * status but 307/308 turns the request into a GET without its body (HEAD stays HEAD), unless
 * protocolProfileBehavior.followOriginalHttpMethod keeps method and body.
 */
export function postmanMethodAfterRedirect(status: number, method: string, followOriginalMethod: boolean): { method: string; keepsBody: boolean } {
  if (followOriginalMethod || status === 307 || status === 308) return { method, keepsBody: true };
  return { method: method === 'HEAD' ? 'HEAD' : 'GET', keepsBody: false };
}

/** Sends the request, answering Digest challenges and following redirects as asked; resolves with the final hop. */
async function followHops(
  meta: RelayRequestMeta,
  firstBody: Uint8Array | Readable | null,
  bodyLength: number | null,
  tls: TlsPolicy,
  sink: ExchangeSink,
  signal: CancelSignal,
  state: { target: string },
  progressId: string | undefined,
): Promise<FinalHop> {
  let url = parseTarget(meta.url);
  state.target = url.host;
  const follow = meta.followRedirects === true;
  const maxRedirects = Math.max(0, Math.min(50, meta.maxRedirects ?? DEFAULT_MAX_REDIRECTS));
  const timeoutMs = Math.max(100, Math.min(3_600_000, meta.timeoutMs ?? DEFAULT_TIMEOUT_MS));
  let body = firstBody !== null && bodyLength === 0 ? null : firstBody;
  // To follow a 307/308 or answer a Digest challenge (the origin's, or a forwarding proxy's
  // with credentials set, `proxyDigest.ts`) the body must be sent again, so keep it when it is small enough.
  const digest = meta.digest ? new DigestHandshake(meta.digest, url.origin) : undefined;
  const proxyMayChallenge = url.protocol === 'http:' && meta.proxy?.mode === 'manual' && !!meta.proxy.username;
  if ((follow || digest || proxyMayChallenge) && body && !(body instanceof Uint8Array) && bodyLength !== null && bodyLength <= MAX_REPLAY_BYTES) {
    const parts: Buffer[] = [];
    for await (const chunk of body) parts.push(chunk as Buffer);
    body = Buffer.concat(parts);
  }
  let method = meta.method;
  let headers = meta.headers;
  // Cookies are worked out per hop, so a Set-Cookie on a redirect is sent by the next hop.
  const cookies = meta.cookies ? new HopCookies(meta.cookies) : undefined;
  let cookieReport: RelayHop['cookies'];
  const preemptive = digest?.first(method, url, body instanceof Uint8Array ? body : null);
  if (preemptive) headers = withAuthorization(headers, preemptive);
  const hops: RelayHop[] = [];
  const started = performance.now();
  const onUploadProgress = progressId ? (sent: number) => uploadProgress.update(progressId, sent) : undefined;
  for (;;) {
    const hopRequest: HopRequest = {
      method,
      url,
      headers: cookies ? cookies.headersFor(url, method, headers) : headers,
      body,
      bodyLength: body instanceof Uint8Array ? body.length : bodyLength,
      tls,
      timeoutMs,
      signal,
      onUploadProgress,
      proxy: meta.proxy,
      liveStream: meta.liveStream === true,
      protocol: meta.protocol,
    };
    let hop: HopResponse | undefined;
    // A kept-alive socket the server closed while idle fails before any answer; as browsers
    // do, send again — only when the body can be replayed (bytes, or a stream not yet read).
    // Each such failure uses up one pooled socket, and a target that closes idle sockets
    // closes all it had: try again while the failure is on a reused one, at most once per
    // socket the agent may pool (a fresh connection ends it either way).
    for (let attempt = 0; !hop; attempt++) {
      try {
        hop = await performHop(hopRequest);
      } catch (err) {
        const failure = err as StaleSocketFailure & NodeJS.ErrnoException;
        const stale = failure.reusedSocket === true && /ECONNRESET|EPIPE/.test(failure.code ?? '');
        const replayable = hopRequest.body === null || hopRequest.body instanceof Uint8Array || failure.bodyUntouched === true;
        if (!stale || !replayable || signal.aborted || attempt >= MAX_STALE_RETRIES) throw err;
      }
    }
    const status = hop.response.statusCode ?? 0;
    const location = follow ? firstHeader(hop.response.rawHeaders, 'location') : undefined;
    cookieReport = cookies?.afterHop(url, hop.response.rawHeaders);
    const answer = digest?.next(status, hop.response.rawHeaders, method, url, body instanceof Uint8Array ? body : null);
    if (!answer && (!follow || !REDIRECT_STATUSES.has(status) || !location)) {
      return { hop, method, url, hops, cookieReport, digest, started };
    }
    if (answer && body && !(body instanceof Uint8Array)) {
      throw new RelayFailure('too_large', `Answering the Digest challenge means sending the body again, but it was not kept (larger than ${MAX_REPLAY_BYTES} bytes, or of unknown length).`);
    }
    if (!answer && hops.length >= maxRedirects) {
      throw new RelayFailure('too_large', `Stopped after ${maxRedirects} redirects.`, `The last Location was ${location}`);
    }
    const drainStart = performance.now();
    hop.response.resume();
    await once(hop.response, 'end').catch(() => undefined);
    hop.finish();
    const drained = performance.now();
    // This hop alone, placed by its offset: the waterfall draws one group per hop.
    const timings = hopTimings(hop.timings, drained - drainStart, drained - hop.startedAt, hop.startedAt - started);
    const reported: RelayHop = {
      url: url.toString(),
      method,
      status,
      reason: hop.response.statusMessage ?? '',
      ...(answer ? { kind: 'digest' as const, note: answer.note } : { location }),
      headers: toHeaderList(hop.response.rawHeaders),
      timings,
      ...(hop.connection?.tlsInfo ? { tls: hop.connection.tlsInfo } : {}),
      ...(cookieReport ? { cookies: cookieReport } : {}),
      ...(hop.proxy ? { proxy: hop.proxy } : {}),
    };
    hops.push(reported);
    await sink.hop(reported);
    if (answer) {
      headers = withAuthorization(headers, answer.authorization);
      continue;
    }
    const next = new URL(location!, url);
    const crossOrigin = next.origin !== url.origin;
    const followed = meta.postmanRedirects ? postmanMethodAfterRedirect(status, method, meta.postmanRedirects.followOriginalMethod) : methodAfterRedirect(status, method);
    method = followed.method;
    if (!followed.keepsBody) {
      body = null;
      headers = headers.filter((h) => !/^(content-length|content-type|transfer-encoding|content-encoding)$/i.test(h.name));
    } else if (body && !(body instanceof Uint8Array)) {
      throw new RelayFailure('too_large', `A ${status} redirect asks to send the body again, but it was larger than ${MAX_REPLAY_BYTES} bytes and was not kept.`);
    }
    // Like browsers and curl: credentials are not carried to another origin.
    headers = headers.filter((h) => !/^host$/i.test(h.name) && !(crossOrigin && /^(authorization|cookie|proxy-authorization)$/i.test(h.name)));
    // postman-request names the previous URL as the Referer of each followed request (replacing one the request had).
    if (meta.postmanRedirects && !meta.postmanRedirects.removeReferer) headers = [...headers.filter((h) => !/^referer$/i.test(h.name)), { name: 'Referer', value: url.href }];
    url = next;
    state.target = url.host;
  }
}

/** Hands the final response to the sink: its head, its decoded body as it arrives, then the summary or the error. */
async function streamFinal(final: FinalHop, tls: TlsPolicy, sink: ExchangeSink, signal: CancelSignal, state: { target: string; headSent: boolean }): Promise<void> {
  const { hop, method, url, hops, cookieReport, digest, started } = final;
  const response = hop.response;
  const contentEncoding = joinedHeader(response.rawHeaders, 'content-encoding')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const decoders = contentEncoding.length ? decoderFor(contentEncoding) : [];
  const head: RelayHead = {
    status: response.statusCode ?? 0,
    reason: response.statusMessage ?? '',
    httpVersion: response.httpVersion,
    headers: toHeaderList(response.rawHeaders),
    remoteAddress: response.socket?.remoteAddress,
    remotePort: response.socket?.remotePort,
    ...(decoders && decoders.length ? { contentEncoding } : {}),
    ...(hop.http2 ? { pseudoHeaders: hop.http2.response } : {}),
  };
  state.headSent = true;
  // A sink that can take more returns nothing: no await, so no extra turn of microtasks.
  const headTaken = sink.head(head);
  if (headTaken) await headTaken;

  const downloadStart = performance.now();
  let wire = 0;
  let decoded = 0;
  const failures: Error[] = [];
  const chain = decoders ?? [];
  const source = (chain.length ? chain[chain.length - 1] : response) as Readable;
  if (chain.length) {
    // pipeline (not pipe) so a destroyed response ends the decoder with its reason.
    pipeline([response, ...chain] as unknown as [NodeJS.ReadableStream, NodeJS.WritableStream]).catch((err: Error) => {
      failures.push(err);
      source.destroy(err);
    });
    response.on('data', (chunk: Buffer) => (wire += chunk.length));
  }
  await new Promise<void>((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onGone);
      resolve();
    };
    // Cancelled (or the page went away): stop reading the target at once.
    const onGone = () => {
      response.destroy();
      settle();
    };
    if (signal.aborted) onGone();
    else signal.addEventListener('abort', onGone, { once: true });
    const resume = () => source.resume();
    source.on('data', (chunk: Buffer) => {
      decoded += chunk.length;
      if (!chain.length) wire += chunk.length;
      else if (failures.length === 0) {
        const refusal = decodeRefusal(contentEncoding, wire, decoded);
        if (refusal) {
          failures.push(refusal);
          response.destroy();
          source.destroy();
          settle();
          return;
        }
      }
      hop.touch();
      const ready = sink.body(chunk);
      if (ready !== true && !source.isPaused()) {
        source.pause();
        ready.then(resume, resume);
      }
    });
    source.once('end', settle);
    source.once('error', (err) => {
      failures.push(err);
      settle();
    });
    response.once('error', (err) => {
      failures.push(err);
      settle();
    });
    source.once('close', () => queueMicrotask(settle));
  });
  hop.finish();
  if (!response.complete && !signal.aborted && failures.length === 0) {
    failures.push(Object.assign(new Error('The response ended before its declared length'), { code: 'ECONNRESET' }));
  }
  if (signal.aborted) {
    await sink.error({ kind: 'aborted', message: 'The request was cancelled.', partial: true });
    return;
  }
  if (failures.length) {
    await sink.error({ ...classifyFailure(failures[0], state.target), partial: true });
    return;
  }
  const end = performance.now();
  const summary: RelaySummary = {
    timings: hopTimings(hop.timings, end - downloadStart, end - started, hop.startedAt - started),
    sizes: {
      // Node writes an HTTP/1.1 head as Latin-1, one byte per character; over HTTP/2 it is a rendering.
      requestHeaders: hop.http2 ? Buffer.byteLength(hop.headText) : hop.headText.length,
      requestBody: hop.bodyBytesSent(),
      responseHeaders: headSize(response),
      responseBodyWire: wire,
      responseBodyDecoded: decoders ? decoded : wire,
    },
    sent: {
      method,
      url: url.toString(),
      headText: hop.headText,
      headers: hop.sentHeaders,
      bodyBytes: hop.bodyBytesSent(),
      ...(hop.http2 ? { httpVersion: '2', pseudoHeaders: hop.http2.request, ...(hop.http2.notes.length ? { notes: hop.http2.notes } : {}) } : {}),
    },
    hops,
    insecureTls: tls.insecure,
    ...(hop.connection?.tlsInfo ? { tls: hop.connection.tlsInfo } : {}),
    ...(digest?.report ? { auth: digest.report } : {}),
    ...(hop.proxy ? { proxy: hop.proxy } : {}),
    ...(cookieReport ? { cookies: cookieReport } : {}),
  };
  const summaryTaken = sink.summary(summary);
  if (summaryTaken) await summaryTaken;
}
