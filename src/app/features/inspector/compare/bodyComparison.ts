/**
 * Comparing two received bodies on the page: small ones are decoded (with the charset
 * core detects) for a line diff in the worker; large ones are compared byte by byte in
 * slices of a few milliseconds, so the page never stalls on two 100 MB bodies.
 */
import { classifyBody, detectBodyCharset, sniffBody, type BodyKind } from '../../../../core';
import { nextTask } from '../../../base/lazy/nextTask';
import { ChunkBytes } from '../body/chunkBytes';

/** Bodies up to this size are diffed line by line. */
export const LINE_DIFF_LIMIT = 1024 * 1024;

/** A small body decoded for diffing, with the view family that decides its formatting. */
export function decodeForDiff(chunks: readonly Uint8Array[], contentType: string | undefined): { text: string; kind: BodyKind } {
  const bytes = new ChunkBytes(chunks).read(0, LINE_DIFF_LIMIT);
  const prefix = bytes.subarray(0, 1024);
  const kind = classifyBody(contentType, sniffBody(prefix));
  const charset = detectBodyCharset(prefix, contentType, kind === 'json' || kind === 'xml' || kind === 'html' ? kind : 'other');
  return { text: new TextDecoder(charset.encoding).decode(bytes), kind };
}

/** The first offset where two bodies differ, or -1 when they are identical; yields between slices. */
export async function firstDifference(a: readonly Uint8Array[], b: readonly Uint8Array[], signal: AbortSignal): Promise<number> {
  const left = new ChunkBytes(a);
  const right = new ChunkBytes(b);
  const length = Math.min(left.length, right.length);
  const step = 4 * 1024 * 1024;
  for (let at = 0; at < length; at += step) {
    if (signal.aborted) throw new DOMException('Comparison cancelled', 'AbortError');
    const x = left.read(at, at + step);
    const y = right.read(at, at + step);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return at + i;
    await nextTask();
  }
  return left.length === right.length ? -1 : length;
}
