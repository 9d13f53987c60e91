/**
 * The multipart rule (spec §4.3 multipart/form-data, RFC 2046 §5.1.1): a boundary is
 * declared, is valid, does not occur in the content, and the body is built with it. The
 * parts held in memory are searched; files are streamed at send time and cannot be read
 * here, so they are skipped.
 */
import { multipartBoundaryProblem, parseMultipart, utf8Encode } from '../encoding';
import type { BodyChunk, WireRequest } from '../types';
import { findingOf, type LintFinding, type LintFix, type LintRule } from './lintFinding';
import { contentTypeWithParams, openingBoundary } from './contentRules';
import { requestFacts } from './requestFacts';

/** Text and byte chunks beyond this total are not searched, to keep linting instant. */
const SEARCH_LIMIT = 4 * 1024 * 1024;

/** One run of in-memory chunks between files, as bytes, and where it starts in the body. */
interface BodySegment {
  bytes: Uint8Array;
  /** Byte offset of the segment in the whole body (files counted by their size). */
  offset: number;
}

function memorySegments(chunks: readonly BodyChunk[]): BodySegment[] | undefined {
  const segments: BodySegment[] = [];
  let pending: Uint8Array[] = [];
  let pendingStart = 0;
  let offset = 0;
  let total = 0;
  const flush = () => {
    if (pending.length === 0) return;
    const size = pending.reduce((n, p) => n + p.length, 0);
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const p of pending) {
      bytes.set(p, at);
      at += p.length;
    }
    segments.push({ bytes, offset: pendingStart });
    pending = [];
  };
  for (const chunk of chunks) {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) {
      const bytes = typeof chunk === 'string' ? utf8Encode(chunk) : chunk;
      total += bytes.length;
      if (total > SEARCH_LIMIT) return undefined;
      if (pending.length === 0) pendingStart = offset;
      pending.push(bytes);
      offset += bytes.length;
    } else {
      flush();
      offset += chunk.size;
    }
  }
  flush();
  return segments;
}

/** Latin-1 view of bytes: one character per byte, so an ASCII boundary is found by indexOf. */
function byteString(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192) parts.push(String.fromCharCode(...bytes.subarray(i, i + 8192)));
  return parts.join('');
}

/**
 * The first byte offset (in the whole body) where `boundary` occurs other than inside a
 * delimiter line: `--boundary` at the start of the body or right after CRLF, followed by
 * `--`, CRLF, or transport padding and CRLF.
 */
function boundaryInContent(segments: readonly BodySegment[], boundary: string): number | undefined {
  const delimiter = `--${boundary}`;
  for (const segment of segments) {
    const text = byteString(segment.bytes);
    const delimiters: number[] = [];
    for (let at = text.indexOf(delimiter); at >= 0; at = text.indexOf(delimiter, at + 1)) {
      const opensLine = (segment.offset === 0 && at === 0) || (at >= 2 && text.startsWith('\r\n', at - 2));
      const after = text.slice(at + delimiter.length, at + delimiter.length + 80);
      const endsLine = after.startsWith('--') || /^[ \t]*\r\n/.test(after) || (at + delimiter.length + after.length === text.length && /^[ \t]*$/.test(after));
      if (opensLine && endsLine) delimiters.push(at);
    }
    for (let at = text.indexOf(boundary); at >= 0; at = text.indexOf(boundary, at + 1)) {
      if (!delimiters.some((start) => at >= start && at + boundary.length <= start + delimiter.length)) return segment.offset + at;
    }
  }
  return undefined;
}

function boundaryFix(contentType: string, boundary: string): LintFix | undefined {
  const value = contentTypeWithParams(contentType, { boundary }, 'multipart/form-data');
  return value === undefined ? undefined : { label: `Declare boundary=${boundary}`, kind: 'set-header', name: 'Content-Type', value };
}

function multipartFindings(rule: LintRule, request: WireRequest): LintFinding[] {
  const facts = requestFacts(request);
  if (!facts.essence.startsWith('multipart/') || facts.contentType === undefined) return [];
  const field = 'header:Content-Type';
  const boundary = facts.params.boundary;
  const chunks = request.body ?? [];
  if (boundary === undefined || boundary === '') {
    const first = chunks[0];
    const opening = typeof first === 'string' ? openingBoundary(first) : undefined;
    return [
      findingOf(rule, 'error', `Content-Type: ${facts.contentType} has no boundary parameter, so the server cannot find where the parts start and end.`, {
        field,
        fix: opening === undefined ? undefined : boundaryFix(facts.contentType, opening),
      }),
    ];
  }
  const problem = multipartBoundaryProblem(boundary);
  if (problem) return [findingOf(rule, 'error', `Content-Type: ${problem.message}.`, { field })];
  if (!facts.hasBody) return [];
  const segments = memorySegments(chunks);
  if (!segments) return [];
  const inside = boundaryInContent(segments, boundary);
  if (inside !== undefined) {
    return [
      findingOf(
        rule,
        'error',
        `The boundary "${boundary}" occurs inside the content at byte ${inside}; the server will cut the part there. Build the body again with a fresh boundary.`,
        { field: 'body' },
      ),
    ];
  }
  if (facts.body.files.length > 0 || segments.length !== 1) return [];
  const parsed = parseMultipart(segments[0]!.bytes, facts.contentType);
  if (parsed.ok) return [];
  const where = parsed.error.position ? ` (line ${parsed.error.position.line}, column ${parsed.error.position.column})` : '';
  return [findingOf(rule, 'error', `The multipart body does not match its boundary: ${parsed.error.message}${where}.`, { field: 'body' })];
}

/** A multipart body without a valid boundary, with the boundary in its content, or malformed. */
export const multipartBoundaryRule: LintRule = {
  id: 'multipart-boundary',
  title: 'Multipart boundary',
  why: 'multipart/form-data is sent with Content-Type: multipart/form-data; boundary=<boundary>, where the boundary is a string that does not occur in the content; each part starts with --<boundary> and the body ends with --<boundary>-- (spec §4.3, RFC 2046 §5.1.1).',
  check(request) {
    return multipartFindings(this, request);
  },
};
