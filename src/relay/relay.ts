/**
 * `POST /api/relay`: reads the page's request description, sends it upstream, and streams
 * the answer back as frames (head, raw body chunks, summary or error). Every failure is
 * answered as a typed error frame; nothing thrown here reaches the server loop.
 */
import type http from 'node:http';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import {
  encodeFrameHeader,
  encodeJsonFrame,
  FrameType,
  methodAfterRedirect,
  type FrameTypeCode,
  type HeaderField,
  type RelayError,
  type RelayHead,
  type RelayHop,
  type RelaySummary,
} from '../core';
import { normaliseFingerprint, type TlsPolicy } from './connector';
import { classifyFailure, RelayFailure } from './failures';
import { performHop, type HopResponse, type StaleSocketFailure } from './upstream';
import { DigestHandshake, withAuthorization } from './digestHandshake';
import { HopCookies } from './cookieStage';
import { uploadProgress } from './progress';
import { parseTarget, readMeta } from './relayRequest';

/** Bodies up to this size are kept so a 307/308 redirect can replay them. */
const MAX_REPLAY_BYTES = 16 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_REDIRECTS = 10;
/** How much of the response may wait in the page socket's buffer before the upstream pauses. */
const PAGE_BACKLOG_BYTES = 1024 * 1024;
/**
 * What all responses being streamed may hold in page sockets' buffers together: one large
 * download gets the full backlog, many at once share this (at least 64 KiB each), so a
 * burst of concurrent downloads does not grow the relay by a megabyte per response
 * (measured on 200 concurrent mixed-size requests: 16 MiB shared still grew the relay by
 * 90 MB, 2 MiB by 36–63 MB, where the bare pass-through proxy grows by about 50 MB).
 */
const PAGE_BACKLOG_BUDGET = 2 * 1024 * 1024;
const MIN_PAGE_BACKLOG = 64 * 1024;
let streamingResponses = 0;

function pageBacklogLimit(): number {
  return Math.max(MIN_PAGE_BACKLOG, Math.min(PAGE_BACKLOG_BYTES, PAGE_BACKLOG_BUDGET / Math.max(1, streamingResponses)));
}

function toHeaderList(raw: string[]): HeaderField[] {
  const out: HeaderField[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push({ name: raw[i]!, value: raw[i + 1]! });
  return out;
}

const batching = new WeakSet<http.ServerResponse>();

/**
 * Corks the page's response until the current round of I/O is over, so frames produced
 * by one upstream read (head, body, summary of a small answer) leave in a single write.
 */
function batch(out: http.ServerResponse): void {
  if (batching.has(out)) return;
  batching.add(out);
  out.cork();
  setImmediate(() => {
    batching.delete(out);
    out.uncork();
  });
}

/** Writes to the page with backpressure; resolves false when the page has gone. */
async function write(out: http.ServerResponse, ...chunks: Uint8Array[]): Promise<boolean> {
  if (out.destroyed || out.writableEnded) return false;
  batch(out);
  let flowing = true;
  for (const c of chunks) flowing = out.write(c);
  if (flowing) return true;
  const closed = once(out, 'close').then(() => false);
  const drained = once(out, 'drain').then(() => true);
  return Promise.race([closed, drained]);
}

function writeJson(out: http.ServerResponse, type: FrameTypeCode, value: unknown): Promise<boolean> {
  return write(out, encodeJsonFrame(type, value));
}

function headSize(response: http.IncomingMessage): number {
  let size = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) size += Buffer.byteLength(raw[i]!) + 2 + Buffer.byteLength(raw[i + 1]!) + 2;
  return size;
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

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Handles one relay call end to end. Never throws. */
export async function handleRelay(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  res.writeHead(200, {
    'Content-Type': 'application/vnd.wirebench.frames',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  req.on('aborted', () => controller.abort());

  let target = '';
  let headSent = false;
  let progressId: string | undefined;
  try {
    const { meta, metaBytes } = await readMeta(req);
    progressId = typeof meta.id === 'string' ? meta.id.slice(0, 64) : undefined;
    let url = parseTarget(meta.url);
    target = url.host;
    const declared = Number(req.headers['content-length']);
    const bodyLength = Number.isFinite(declared) ? declared - metaBytes : null;
    const hasBody = bodyLength === null ? true : bodyLength > 0;
    if (progressId) uploadProgress.start(progressId, bodyLength ?? undefined);

    const tlsPolicy: TlsPolicy = {
      insecure: meta.insecureTls === true,
      trusted: (meta.trustedFingerprints ?? []).filter((f) => typeof f === 'string').map(normaliseFingerprint),
      identities: { clientCertificates: meta.clientCertificates, caBundles: meta.caBundles },
    };
    const follow = meta.followRedirects === true;
    const maxRedirects = Math.max(0, Math.min(50, meta.maxRedirects ?? DEFAULT_MAX_REDIRECTS));
    const timeoutMs = Math.max(100, Math.min(3_600_000, meta.timeoutMs ?? DEFAULT_TIMEOUT_MS));

    // The body is the rest of this request, streamed on as it arrives.
    let body: Uint8Array | Readable | null = hasBody ? req : null;
    // To follow a 307/308 or answer a Digest challenge the body must be sent again, so keep it when it is small enough.
    const digest = meta.digest ? new DigestHandshake(meta.digest, url.origin) : undefined;
    if ((follow || digest) && body && bodyLength !== null && bodyLength <= MAX_REPLAY_BYTES) {
      const parts: Buffer[] = [];
      for await (const chunk of body as Readable) parts.push(chunk as Buffer);
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
    let hop: HopResponse;
    for (;;) {
      const hopRequest = {
        method,
        url,
        headers: cookies ? cookies.headersFor(url, method, headers) : headers,
        body,
        bodyLength: body instanceof Uint8Array ? body.length : bodyLength,
        tls: tlsPolicy,
        timeoutMs,
        signal: controller.signal,
        onUploadProgress: progressId ? (sent: number) => uploadProgress.update(progressId!, sent) : undefined,
        proxy: meta.proxy,
        liveStream: meta.liveStream === true,
        protocol: meta.protocol,
      };
      try {
        hop = await performHop(hopRequest);
      } catch (err) {
        // A kept-alive socket the server closed while idle fails before any answer; as
        // browsers do, send once more on a fresh connection — only when the body can be replayed.
        const stale = (err as StaleSocketFailure).reusedSocket === true && /ECONNRESET|EPIPE/.test((err as NodeJS.ErrnoException).code ?? '');
        const replayable = hopRequest.body === null || hopRequest.body instanceof Uint8Array;
        if (!stale || !replayable || controller.signal.aborted) throw err;
        hop = await performHop(hopRequest);
      }
      const status = hop.response.statusCode ?? 0;
      const location = hop.response.headers.location;
      cookieReport = cookies?.afterHop(url, hop.response.rawHeaders);
      const answer = digest?.next(status, hop.response.rawHeaders, method, url, body instanceof Uint8Array ? body : null);
      if (!answer && (!follow || !REDIRECT_STATUSES.has(status) || !location)) break;
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
      const timings = { ...hop.timings, download: drained - drainStart, total: drained - hop.startedAt, offset: hop.startedAt - started };
      hops.push({
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
      });
      await writeJson(res, FrameType.Hop, hops[hops.length - 1]);
      if (answer) {
        headers = withAuthorization(headers, answer.authorization);
        continue;
      }
      const next = new URL(location!, url);
      const crossOrigin = next.origin !== url.origin;
      const followed = methodAfterRedirect(status, method);
      method = followed.method;
      if (!followed.keepsBody) {
        body = null;
        headers = headers.filter((h) => !/^(content-length|content-type|transfer-encoding|content-encoding)$/i.test(h.name));
      } else if (body && !(body instanceof Uint8Array)) {
        throw new RelayFailure(
          'too_large',
          `A ${status} redirect asks to send the body again, but it was larger than ${MAX_REPLAY_BYTES} bytes and was not kept.`,
        );
      }
      // Like browsers and curl: credentials are not carried to another origin.
      headers = headers.filter((h) => !/^host$/i.test(h.name) && !(crossOrigin && /^(authorization|cookie|proxy-authorization)$/i.test(h.name)));
      url = next;
      target = url.host;
    }

    const response = hop.response;
    const contentEncoding = (response.headers['content-encoding'] ?? '')
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
    headSent = true;
    await writeJson(res, FrameType.Head, head);

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
    streamingResponses++;
    await new Promise<void>((resolve) => {
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        streamingResponses--;
        res.off('close', onGone);
        resolve();
      };
      const onGone = () => {
        controller.abort();
        response.destroy();
        settle();
      };
      res.once('close', onGone);
      source.on('data', (chunk: Buffer) => {
        decoded += chunk.length;
        if (!chain.length) wire += chunk.length;
        hop.touch();
        batch(res);
        res.write(encodeFrameHeader(FrameType.Body, chunk.length));
        res.write(chunk);
        // The socket's 16 KiB high-water mark would pause the upstream after every 64 KiB
        // read; allowing a bounded backlog keeps both sockets busy without buffering the body.
        if (res.writableLength > pageBacklogLimit() && !source.isPaused()) {
          source.pause();
          res.once('drain', () => source.resume());
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
    if (!response.complete && !controller.signal.aborted && failures.length === 0) {
      failures.push(Object.assign(new Error('The response ended before its declared length'), { code: 'ECONNRESET' }));
    }
    if (controller.signal.aborted) {
      await writeJson(res, FrameType.Error, { kind: 'aborted', message: 'The request was cancelled.', partial: true } satisfies RelayError);
      return;
    }
    if (failures.length) {
      const error = classifyFailure(failures[0], target);
      await writeJson(res, FrameType.Error, { ...error, partial: true });
      return;
    }
    const end = performance.now();
    const summary: RelaySummary = {
      timings: { ...hop.timings, download: end - downloadStart, total: end - started, offset: hop.startedAt - started },
      sizes: {
        requestHeaders: Buffer.byteLength(hop.headText),
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
      insecureTls: tlsPolicy.insecure,
      ...(hop.connection?.tlsInfo ? { tls: hop.connection.tlsInfo } : {}),
      ...(digest?.report ? { auth: digest.report } : {}),
      ...(hop.proxy ? { proxy: hop.proxy } : {}),
      ...(cookieReport ? { cookies: cookieReport } : {}),
    };
    await writeJson(res, FrameType.Summary, summary);
  } catch (err) {
    const error = classifyFailure(controller.signal.aborted ? Object.assign(new Error('Cancelled'), { code: 'WB_ABORTED' }) : err, target);
    if (headSent) error.partial = true;
    await writeJson(res, FrameType.Error, error);
  } finally {
    if (progressId) uploadProgress.done(progressId);
    if (!res.writableEnded) res.end();
    // Drain whatever the page still sends so the socket can be reused or closed cleanly.
    if (!req.complete) req.resume();
  }
}
