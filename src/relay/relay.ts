/**
 * `POST /api/relay`: the HTTP adapter of the request engine (`exchange.ts`). Reads the page's
 * request description, runs the exchange with the rest of the request as its body, and
 * writes what comes back to the page as frames (hops, head, raw body chunks, summary or
 * error), batched per round of I/O and with a bounded backlog. Every failure is answered as
 * a typed error frame; nothing thrown here reaches the server loop.
 */
import type http from 'node:http';
import { once } from 'node:events';
import { FrameType, type FrameTypeCode, type RelayError, type RelayHead, type RelayHop, type RelaySummary } from '../core';
import { runExchange, type ExchangeSink } from './exchange';
import { classifyFailure } from './failures';
import { readMeta } from './relayRequest';

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

/**
 * A frame's bytes, as core's `encodeJsonFrame`/`encodeFrameHeader` lay them out, in a Buffer
 * from Node's shared pool: a Uint8Array of its own per frame is an ArrayBuffer allocated,
 * zero-filled and swept apart, which for a small exchange cost more garbage collection than
 * everything else (bench/relayProfile.ts).
 */
function frameBuffer(type: FrameTypeCode, length: number, extra: number): Buffer {
  const out = Buffer.allocUnsafe(5 + extra);
  out[0] = type;
  out.writeUInt32BE(length, 1);
  return out;
}

async function writeJson(out: http.ServerResponse, type: FrameTypeCode, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  const length = Buffer.byteLength(text);
  const frame = frameBuffer(type, length, length);
  frame.write(text, 5, 'utf8');
  await write(out, frame);
}

/** Resolves when the page socket has drained or gone. */
function drainedOrGone(out: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
  });
}

/**
 * The sink that writes an exchange's results to the page as frames. A class, not an object of
 * closures: the server runs under tsx, whose esbuild names every closure it creates with a
 * defineProperty call, per exchange.
 */
class FrameSink implements ExchangeSink {
  /** Counted among the responses sharing the backlog budget, from head to summary or error. */
  streaming = false;

  constructor(private readonly res: http.ServerResponse) {}

  hop(hop: RelayHop): Promise<void> {
    return writeJson(this.res, FrameType.Hop, hop);
  }

  head(head: RelayHead): Promise<void> {
    this.streaming = true;
    streamingResponses++;
    return writeJson(this.res, FrameType.Head, head);
  }

  body(chunk: Buffer): true | Promise<void> {
    const res = this.res;
    if (res.destroyed || res.writableEnded) return true;
    batch(res);
    res.write(frameBuffer(FrameType.Body, chunk.length, 0));
    res.write(chunk);
    // The socket's 16 KiB high-water mark would pause the upstream after every 64 KiB
    // read; allowing a bounded backlog keeps both sockets busy without buffering the body.
    return res.writableLength > pageBacklogLimit() ? drainedOrGone(res) : true;
  }

  summary(summary: RelaySummary): Promise<void> {
    this.ended();
    return writeJson(this.res, FrameType.Summary, summary);
  }

  error(error: RelayError): Promise<void> {
    this.ended();
    return writeJson(this.res, FrameType.Error, error);
  }

  ended(): void {
    if (this.streaming) streamingResponses--;
    this.streaming = false;
  }
}

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
  const sink = new FrameSink(res);
  try {
    let described;
    try {
      described = await readMeta(req);
    } catch (err) {
      await sink.error(classifyFailure(controller.signal.aborted ? Object.assign(new Error('Cancelled'), { code: 'WB_ABORTED' }) : err));
      return;
    }
    const declared = Number(req.headers['content-length']);
    const bodyLength = Number.isFinite(declared) ? declared - described.metaBytes : null;
    // The body is the rest of this request, streamed on as it arrives.
    await runExchange(described.meta, bodyLength === 0 ? null : req, bodyLength, sink, controller.signal);
  } finally {
    sink.ended();
    if (!res.writableEnded) res.end();
    // Drain whatever the page still sends so the socket can be reused or closed cleanly.
    if (!req.complete) req.resume();
  }
}
