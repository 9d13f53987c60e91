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
import { Cancellation } from './cancel';
import { runExchange, type ExchangeSink } from './exchange';
import { classifyFailure } from './failures';
import { readMeta } from './relayRequest';

/**
 * How much of the response may wait in the page socket's buffer before the upstream pauses.
 * (Tried at 256 KiB when large downloads collected garbage over and over; that was the small
 * starting heap, see `src/relay/nodeFlags.ts`. With the flag, 1 MiB was 0.94–1.04× the floor's
 * time for 500 MB and 256 KiB 1.10–1.23×, 3 runs each, bench/relayAB.ts.)
 */
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
  /** The page's response is corked until this round of I/O is over. */
  private corked = false;

  constructor(private readonly res: http.ServerResponse) {}

  /**
   * Corks the page's response until the current round of I/O is over, so frames produced
   * by one upstream read (head, body, summary of a small answer) leave in a single write.
   * (A flag here, not a WeakSet of responses: adding to a WeakSet was a measurable part of
   * a small exchange.) Ending the response uncorks it at once.
   */
  private batch(): void {
    if (this.corked) return;
    this.corked = true;
    this.res.cork();
    setImmediate(() => {
      this.corked = false;
      this.res.uncork();
    });
  }

  /** Writes one JSON frame with backpressure; resolves when the page can take more or has gone. */
  private json(type: FrameTypeCode, value: unknown): Promise<void> | undefined {
    const res = this.res;
    if (res.destroyed || res.writableEnded) return undefined;
    const text = JSON.stringify(value);
    const length = Buffer.byteLength(text);
    const frame = frameBuffer(type, length, length);
    frame.write(text, 5, 'utf8');
    this.batch();
    return res.write(frame) ? undefined : drainedOrGone(res);
  }

  hop(hop: RelayHop): Promise<void> | undefined {
    return this.json(FrameType.Hop, hop);
  }

  head(head: RelayHead): Promise<void> | undefined {
    this.streaming = true;
    streamingResponses++;
    return this.json(FrameType.Head, head);
  }

  body(chunk: Buffer): true | Promise<void> {
    const res = this.res;
    if (res.destroyed || res.writableEnded) return true;
    this.batch();
    res.write(frameBuffer(FrameType.Body, chunk.length, 0));
    res.write(chunk);
    // The socket's 16 KiB high-water mark would pause the upstream after every 64 KiB
    // read; allowing a bounded backlog keeps both sockets busy without buffering the body.
    return res.writableLength > pageBacklogLimit() ? drainedOrGone(res) : true;
  }

  summary(summary: RelaySummary): Promise<void> | undefined {
    this.ended();
    return this.json(FrameType.Summary, summary);
  }

  error(error: RelayError): Promise<void> | undefined {
    this.ended();
    return this.json(FrameType.Error, error);
  }

  ended(): void {
    if (this.streaming) streamingResponses--;
    this.streaming = false;
  }
}

/** Handles one relay call end to end. Never throws. */
export async function handleRelay(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  // The flat list form: Node takes it without walking an object's keys.
  res.writeHead(200, ['Content-Type', 'application/vnd.wirebench.frames', 'Cache-Control', 'no-store', 'X-Content-Type-Options', 'nosniff']);
  const controller = new Cancellation();
  res.on('close', () => {
    if (!res.writableFinished) controller.cancel();
  });
  req.on('aborted', () => controller.cancel());
  const sink = new FrameSink(res);
  try {
    let described;
    try {
      described = await readMeta(req);
    } catch (err) {
      await sink.error(classifyFailure(controller.aborted ? Object.assign(new Error('Cancelled'), { code: 'WB_ABORTED' }) : err));
      return;
    }
    const declared = Number(req.headers['content-length']);
    const bodyLength = Number.isFinite(declared) ? declared - described.metaBytes : null;
    // The body is the rest of this request, streamed on as it arrives.
    await runExchange(described.meta, bodyLength === 0 ? null : req, bodyLength, sink, controller);
  } finally {
    sink.ended();
    if (!res.writableEnded) res.end();
    // Drain whatever the page still sends so the socket can be reused or closed cleanly.
    if (!req.complete) req.resume();
  }
}
