/**
 * The request engine in-process, for the `wirebench run` CLI (DESIGN.md: no HTTP hop, no
 * second HTTP client): checks the description as the relay would, runs the exchange, and
 * collects its hops, head, body (bounded) and summary or typed error in memory.
 */
import type { Readable } from 'node:stream';
import type { RelayError, RelayHead, RelayHop, RelayRequestMeta, RelaySummary } from '../core';
import { Cancellation } from './cancel';
import { runExchange, type ExchangeSink } from './exchange';
import { classifyFailure } from './failures';
import { checkMeta } from './relayRequest';

/** Most response body bytes kept by default (64 MiB). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** What one in-process exchange gave. Exactly one of `summary` and `error` is set. */
export interface InProcessResult {
  /** Redirects and Digest rounds followed, in order. */
  hops: RelayHop[];
  /** The final response's head; absent when the exchange failed before one came. */
  head?: RelayHead;
  /** The decoded body (its first `maxBodyBytes` bytes when `truncated`). */
  body: Buffer;
  summary?: RelaySummary;
  error?: RelayError;
  /** The body went over `maxBodyBytes`: the exchange was stopped there and `error` is a partial `too_large`. */
  truncated: boolean;
}

/** Options of `sendInProcess`. */
export interface InProcessOptions {
  /** Cancels the exchange; the result then carries an `aborted` error. */
  signal?: AbortSignal;
  /** Most body bytes kept (default `DEFAULT_MAX_BODY_BYTES`). */
  maxBodyBytes?: number;
  /** Length of a streamed request body, so Content-Length can be sent (bytes know their own). */
  bodyLength?: number;
}

/**
 * Sends `meta` (with `body`, if any) through the relay's engine in this process and collects
 * the answer. Never rejects for a failed exchange: a bad description, a refused connection,
 * a timeout or a cancel come back as `error` with its kind. A body longer than
 * `maxBodyBytes` is cut there: the target's connection is closed (the rest is never read),
 * `truncated` is set and `error` is `too_large` with `partial: true`, head and hops kept.
 * Throws only for a programmer error (a `maxBodyBytes` that is not a whole number ≥ 0).
 */
export async function sendInProcess(meta: RelayRequestMeta, body: Uint8Array | Readable | null = null, options: InProcessOptions = {}): Promise<InProcessResult> {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`maxBodyBytes must be a whole number of bytes >= 0, not ${limit}`);
  const result: InProcessResult = { hops: [], body: Buffer.alloc(0), truncated: false };
  // The caller's object stays as given: checking normalises the Digest algorithm's spelling.
  const checked: RelayRequestMeta = { ...meta, ...(meta.digest ? { digest: { ...meta.digest } } : {}) };
  try {
    checkMeta(checked);
  } catch (err) {
    result.error = classifyFailure(err);
    return result;
  }
  const controller = new Cancellation();
  const cancel = () => controller.cancel();
  if (options.signal?.aborted) cancel();
  else options.signal?.addEventListener('abort', cancel, { once: true });
  const parts: Buffer[] = [];
  let kept = 0;
  const sink: ExchangeSink = {
    hop: (hop) => void result.hops.push(hop),
    head: (head) => void (result.head = head),
    body: (chunk) => {
      if (result.truncated) return true;
      const room = limit - kept;
      if (chunk.length > room) {
        if (room > 0) parts.push(chunk.subarray(0, room));
        kept = limit;
        result.truncated = true;
        controller.cancel();
        return true;
      }
      parts.push(chunk);
      kept += chunk.length;
      return true;
    },
    summary: (summary) => void (result.summary = summary),
    error: (error) => void (result.error = error),
  };
  const length = body instanceof Uint8Array ? body.length : body === null ? null : (options.bodyLength ?? null);
  try {
    await runExchange(checked, body, length, sink, controller);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
  result.body = parts.length === 1 ? parts[0]! : Buffer.concat(parts, kept);
  if (result.truncated) {
    result.error = { kind: 'too_large', message: `The response body is larger than ${limit} bytes; the exchange was stopped there and the first ${limit} bytes kept.`, partial: true };
    delete result.summary;
  }
  return result;
}
