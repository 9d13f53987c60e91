/**
 * Shared shapes of the core: what a request is on the wire, what came back, and how an
 * expected failure is reported. Everything here is plain data so it crosses workers,
 * the relay protocol and storage unchanged.
 */

/** One header line. Lists of these keep wire order and allow duplicates. */
export interface HeaderField {
  name: string;
  value: string;
}

/** A reference to a file the person picked; its bytes are never read into one string. */
export interface FileRef {
  kind: 'file';
  /** Identifies the file in the app's file registry (a Blob/File held by the page). */
  id: string;
  name: string;
  size: number;
  type?: string;
}

/** One piece of a body: text (sent as UTF-8), bytes, or a file streamed at send time. */
export type BodyChunk = string | Uint8Array | FileRef;

/** Exactly what goes out: method, absolute URL, ordered headers, body as chunks. */
export interface WireRequest {
  method: string;
  url: string;
  headers: HeaderField[];
  body?: BodyChunk[];
}

/** What came back, as far as the rules need to see it. */
export interface WireResponse {
  status: number;
  /** The reason phrase as received (may be empty, e.g. over HTTP/2). */
  reason: string;
  httpVersion?: string;
  headers: HeaderField[];
  /** The decoded body as text when it is text and small enough to reason about. */
  bodyText?: string;
}

/** Where in a text an error is: 0-based offset, 1-based line and column. */
export interface TextPosition {
  offset: number;
  line: number;
  column: number;
}

/**
 * An expected failure, as a value. `kind` says what went wrong in a word; `message` says
 * it in a sentence; `position` or `field` say where.
 */
export interface CoreError {
  kind: string;
  message: string;
  position?: TextPosition;
  field?: string;
}

/** The result of an operation that can fail in an expected way. */
export type Result<T, E = CoreError> = { ok: true; value: T } | { ok: false; error: E };

/** Builds a success result. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Builds a failure result. */
export function fail<E = CoreError>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

/** Computes the 1-based line and column of `offset` in `text`. */
export function positionAt(text: string, offset: number): TextPosition {
  if (offset < 0 || offset > text.length) {
    throw new RangeError(`Offset ${offset} is outside the text (length ${text.length})`);
  }
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}

/** Finds the first header with `name` (case-insensitive), or undefined. */
export function headerValue(headers: readonly HeaderField[], name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const h of headers) if (h.name.toLowerCase() === lower) return h.value;
  return undefined;
}

/** All values of headers named `name` (case-insensitive), in order. */
export function headerValues(headers: readonly HeaderField[], name: string): string[] {
  const lower = name.toLowerCase();
  return headers.filter((h) => h.name.toLowerCase() === lower).map((h) => h.value);
}
