/**
 * Reading request bodies for the sandbox's routers: whole bodies under a size limit
 * (413 beyond it, decided from Content-Length before reading when it is declared), and
 * the request's Content-Type read with the core media-type rules (415 when missing or
 * not accepted).
 */
import type http from 'node:http';
import { parseMediaType, type ParsedMediaType } from '../core';
import { sendProblem } from './router';

/** Default largest body a sandbox route reads into memory. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** A body read whole, or why it was not. */
export type BodyRead = { ok: true; bytes: Buffer } | BodyTooLarge;

/** A body over its limit: its declared size, or how much arrived before reading stopped. */
export interface BodyTooLarge {
  ok: false;
  size: number;
  limit: number;
  declared: boolean;
}

/**
 * Reads the whole body when it is at most `limit` bytes. A Content-Length over the limit
 * is refused without reading; a body that grows past it (chunked) is refused as soon as
 * it does. Either way the rest is drained in the background so the answer can still be
 * sent, and the caller answers 413.
 */
export function readBody(req: http.IncomingMessage, limit = DEFAULT_BODY_LIMIT): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve({ ok: false, size: declared, limit, declared: true });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.off('end', onEnd);
      req.resume();
      resolve({ ok: false, size, limit, declared: false });
    };
    const onEnd = () => resolve({ ok: true, bytes: Buffer.concat(chunks) });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/** Answers 413 for a body that was over its limit. */
export function sendTooLarge(res: http.ServerResponse, read: BodyTooLarge): void {
  sendProblem(
    res,
    413,
    {
      title: 'Content Too Large',
      detail: read.declared
        ? `The body is ${read.size} bytes by its Content-Length; this resource accepts at most ${read.limit} bytes.`
        : `The body grew past ${read.limit} bytes, the most this resource accepts; reading stopped there.`,
      limit: read.limit,
      size: read.size,
    },
    // The client may still be sending; closing afterwards keeps it from blocking the next request.
    { Connection: 'close' },
  );
}

/** The request's Content-Type, parsed; missing when the header is absent. */
export type ContentTypeRead =
  | { kind: 'missing' }
  | { kind: 'invalid'; value: string; message: string }
  | { kind: 'media'; value: string; media: ParsedMediaType };

/** Reads and parses the Content-Type header with the core rules. */
export function requestContentType(req: http.IncomingMessage): ContentTypeRead {
  const value = req.headers['content-type'];
  if (value === undefined || value.trim() === '') return { kind: 'missing' };
  const parsed = parseMediaType(value);
  if (!parsed.ok) return { kind: 'invalid', value, message: parsed.error.message };
  return { kind: 'media', value, media: parsed.value };
}

/** True for `application/json` and any `+json` structured-syntax type (RFC 6839). */
export function isJsonEssence(essence: string): boolean {
  return essence === 'application/json' || (essence.startsWith('application/') && essence.endsWith('+json'));
}

/**
 * Answers 415 naming what was sent and what is accepted. `hintHeader` is `Accept-Post`
 * (RFC 9110 era registration) or `Accept-Patch` (RFC 5789 §3.1) so a client can recover.
 */
export function sendUnsupportedType(
  res: http.ServerResponse,
  sent: ContentTypeRead,
  accepted: readonly string[],
  hintHeader: 'Accept-Post' | 'Accept-Patch' = 'Accept-Post',
): void {
  const what =
    sent.kind === 'missing'
      ? 'The request has no Content-Type'
      : sent.kind === 'invalid'
        ? `The Content-Type "${sent.value}" does not parse (${sent.message})`
        : `The Content-Type is ${sent.media.essence}`;
  sendProblem(
    res,
    415,
    { title: 'Unsupported Media Type', detail: `${what}; this resource accepts ${accepted.join(' or ')}.`, accepted },
    { [hintHeader]: accepted.join(', ') },
  );
}
