/**
 * A Node client of the relay protocol, for tests and benchmarks: sends a request
 * description and body over a real socket and decodes the frames that come back.
 */
import http from 'node:http';
import type { Readable } from 'node:stream';
import {
  encodeRelayPrefix,
  FrameDecoder,
  FrameType,
  type RelayError,
  type RelayHead,
  type RelayHop,
  type RelayRequestMeta,
  type RelaySummary,
} from '../core';

export interface RelayCallResult {
  head?: RelayHead;
  hops: RelayHop[];
  /** The body, when `collect` was set. */
  body?: Buffer;
  bodyBytes: number;
  summary?: RelaySummary;
  error?: RelayError;
  /** The HTTP status of the relay endpoint itself (401/403 when the guard refused). */
  relayStatus: number;
  relayText?: string;
}

export interface RelayCallOptions {
  /** Base URL of the Wirebench server, e.g. `http://127.0.0.1:4780`. */
  base: string;
  token?: string;
  /** Extra headers on the call to `/api/relay` (to test the guard). */
  headers?: Record<string, string>;
  body?: Buffer | Readable;
  /** Length of a streamed body, so the relay can send Content-Length upstream. */
  bodyLength?: number;
  collect?: boolean;
  signal?: AbortSignal;
  /** Called with each body chunk's size as it arrives. */
  onBody?(size: number): void;
  onHead?(head: RelayHead): void;
}

/** Calls `POST /api/relay` and decodes the answer. */
export function callRelay(meta: RelayRequestMeta, options: RelayCallOptions): Promise<RelayCallResult> {
  return new Promise((resolve, reject) => {
    const prefix = Buffer.from(encodeRelayPrefix(meta));
    const bodyLength = Buffer.isBuffer(options.body) ? options.body.length : (options.bodyLength ?? null);
    const headers: Record<string, string> = {
      'content-type': 'application/octet-stream',
      ...(options.token !== undefined ? { 'x-wirebench-token': options.token } : {}),
      ...(options.body === undefined || bodyLength !== null ? { 'content-length': String(prefix.length + (bodyLength ?? 0)) } : {}),
      ...options.headers,
    };
    const req = http.request(`${options.base}/api/relay`, { method: 'POST', headers, signal: options.signal });
    const result: RelayCallResult = { hops: [], bodyBytes: 0, relayStatus: 0 };
    const parts: Buffer[] = [];
    req.on('error', (err) => (options.signal?.aborted ? resolve(result) : reject(err)));
    req.on('response', (res) => {
      result.relayStatus = res.statusCode ?? 0;
      if (res.statusCode !== 200) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ ...result, relayText: text }));
        return;
      }
      const decoder = new FrameDecoder();
      const json = <T>(p: Uint8Array) => JSON.parse(Buffer.from(p).toString('utf8')) as T;
      res.on('data', (chunk: Buffer) => {
        for (const frame of decoder.push(chunk)) {
          if (frame.type === FrameType.Body) {
            result.bodyBytes += frame.payload.length;
            options.onBody?.(frame.payload.length);
            if (options.collect) parts.push(Buffer.from(frame.payload));
          } else if (frame.type === FrameType.Head) {
            result.head = json<RelayHead>(frame.payload);
            options.onHead?.(result.head);
          } else if (frame.type === FrameType.Hop) result.hops.push(json<RelayHop>(frame.payload));
          else if (frame.type === FrameType.Summary) result.summary = json<RelaySummary>(frame.payload);
          else if (frame.type === FrameType.Error) result.error = json<RelayError>(frame.payload);
        }
      });
      res.on('end', () => {
        if (options.collect) result.body = Buffer.concat(parts);
        resolve(result);
      });
      res.on('error', (err) => (options.signal?.aborted ? resolve(result) : reject(err)));
    });
    req.write(prefix);
    if (options.body === undefined) req.end();
    else if (Buffer.isBuffer(options.body)) req.end(options.body);
    else options.body.pipe(req);
  });
}
