/**
 * multipart/form-data bodies (spec §4.3, RFC 7578 on RFC 2046 syntax), built as chunks so
 * a file is streamed at send time and never read into one string here.
 *
 * Layout: for each part `--boundary` CRLF, its header lines, CRLF, the content, CRLF; then
 * `--boundary--` CRLF. (The CRLF after a part's content is, per RFC 2046, the start of the
 * next delimiter.)
 *
 * Field names and filenames are written as browsers write them (HTML "multipart/form-data
 * encoding algorithm"): raw UTF-8 inside double quotes, with `"` as %22, CR as %0D and LF
 * as %0A. Nothing else is escaped, a backslash included: receivers such as busboy keep a
 * backslash that escapes nothing, but a name ending in one swallows its closing quote,
 * exactly as with a browser-sent form. Other control characters cannot be carried by a
 * header at all and are refused. Unlike a browser, a lone CR or LF in a name is not first
 * turned into CRLF: names go out as typed.
 */
import type { BodyChunk, CoreError, FileRef, HeaderField, Result } from '../types';
import { fail, ok } from '../types';
import { encodeBase64, findInvalidUtf8, utf8Decode, utf8Encode } from './base64';
import { isHttpToken, quoteHeaderValue } from './mediaType';
import { multipartBoundaryProblem, bytesContainAscii, generateBoundary } from './multipartBoundary';

/** One part of a multipart/form-data body. */
export interface MultipartPart {
  /** The form field name (Content-Disposition `name`). */
  name: string;
  /** Present for a file part; a FileRef's own name is used when this is absent. */
  filename?: string;
  /**
   * The part's own Content-Type. Without it a FileRef's `type` is used, and a part with a
   * filename gets application/octet-stream; other parts get none (receivers assume text/plain).
   */
  contentType?: string;
  /** `base64`: the content is sent base64-encoded in 76-character lines (string/bytes only). */
  transferEncoding?: 'base64';
  /** Further header lines; Content-Disposition, Content-Type and CTE come from the fields above. */
  headers?: HeaderField[];
  content: string | Uint8Array | FileRef;
}

/** A built body: the header value to send and the body as chunks, in order. */
export interface MultipartBody {
  /** `multipart/form-data; boundary=…` for the request's Content-Type header. */
  contentType: string;
  boundary: string;
  /** Text (UTF-8 on the wire), bytes and file references; adjacent text is merged. */
  chunks: BodyChunk[];
}

/** Options of `buildMultipart`. */
export interface MultipartBuildOptions {
  /** Use this boundary instead of a generated one; refused if invalid or found in content. */
  boundary?: string;
  /** Random source for generated boundaries (at least 18 bytes per call); for tests. */
  random?: () => Uint8Array;
}

/** Attempts at a fresh random boundary before giving up (only a broken source fails). */
const BOUNDARY_ATTEMPTS = 16;

const RESERVED_HEADERS = new Set(['content-disposition', 'content-type', 'content-transfer-encoding']);

/** Escapes a name or filename the way browsers do inside the quoted Content-Disposition values. */
export function escapeDispositionValue(value: string): string {
  return value.replace(/["\r\n]/g, (c) => (c === '"' ? '%22' : c === '\r' ? '%0D' : '%0A'));
}

function isFileRef(content: MultipartPart['content']): content is FileRef {
  return typeof content === 'object' && !(content instanceof Uint8Array);
}

/** A part made ready to write: header block text and the encoded content. */
interface PreparedPart {
  name: string;
  head: string;
  content: string | Uint8Array | FileRef;
}

function headerValueProblem(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return i;
  }
  return -1;
}

/** Index of a control character a quoted header value cannot hold (CR and LF get escaped). */
function dispositionValueProblem(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return i;
  }
  return -1;
}

function partError(kind: string, name: string, message: string): CoreError {
  return { kind, field: name, message };
}

function preparePart(part: MultipartPart): Result<PreparedPart> {
  const file = isFileRef(part.content) ? part.content : undefined;
  if (file && part.transferEncoding === 'base64') {
    return fail(
      partError(
        'base64-file-unsupported',
        part.name,
        `Part "${part.name}" is a file reference and cannot be base64-encoded without reading the whole file into memory; send it without Content-Transfer-Encoding (RFC 7578 §4.7 deprecates it) or attach its bytes instead`,
      ),
    );
  }
  const filename = part.filename ?? file?.name;
  for (const [what, value] of [['name', part.name], ['filename', filename]] as const) {
    const bad = value === undefined ? -1 : dispositionValueProblem(value);
    if (bad >= 0) {
      const code = value!.charCodeAt(bad).toString(16).toUpperCase().padStart(4, '0');
      return fail(
        partError('invalid-part-header', part.name, `The ${what} of part "${part.name}" contains control character U+${code} at index ${bad}, which no header can carry`),
      );
    }
  }
  let head = `Content-Disposition: form-data; name="${escapeDispositionValue(part.name)}"`;
  if (filename !== undefined) head += `; filename="${escapeDispositionValue(filename)}"`;
  head += '\r\n';
  // RFC 7578 §4.4: file data SHOULD be labelled, with application/octet-stream when the
  // type is unknown; that is also what browsers send. Other parts default to text/plain
  // at the receiver, so no header is written for them.
  const contentType = part.contentType ?? (file?.type || (filename !== undefined ? 'application/octet-stream' : undefined));
  if (contentType !== undefined) {
    const bad = headerValueProblem(contentType);
    if (bad >= 0 || contentType.trim() === '') {
      return fail(
        partError(
          'invalid-part-header',
          part.name,
          bad >= 0
            ? `The Content-Type of part "${part.name}" contains a control character at index ${bad}; a header value cannot hold line breaks`
            : `The Content-Type of part "${part.name}" is empty`,
        ),
      );
    }
    head += `Content-Type: ${contentType}\r\n`;
  }
  if (part.transferEncoding === 'base64') head += 'Content-Transfer-Encoding: base64\r\n';
  for (const header of part.headers ?? []) {
    if (!isHttpToken(header.name)) {
      return fail(partError('invalid-part-header', part.name, `Part "${part.name}" has a header named "${header.name}", which is not a valid header name`));
    }
    if (RESERVED_HEADERS.has(header.name.toLowerCase())) {
      return fail(
        partError(
          'invalid-part-header',
          part.name,
          `Part "${part.name}" sets ${header.name} as an extra header; use the part's name/filename, contentType or transferEncoding instead`,
        ),
      );
    }
    const bad = headerValueProblem(header.value);
    if (bad >= 0) {
      return fail(
        partError('invalid-part-header', part.name, `Header ${header.name} of part "${part.name}" contains a control character at index ${bad}`),
      );
    }
    head += `${header.name}: ${header.value}\r\n`;
  }
  let content = part.content;
  if (part.transferEncoding === 'base64' && !file) {
    const bytes = typeof content === 'string' ? utf8Encode(content) : (content as Uint8Array);
    content = encodeBase64(bytes, 76);
  }
  return ok({ name: part.name, head, content });
}

/** Name of the first prepared part whose headers or content contain `boundary`, if any. */
function partContaining(parts: readonly PreparedPart[], boundary: string): string | undefined {
  for (const part of parts) {
    if (part.head.includes(boundary)) return part.name;
    const content = part.content;
    if (typeof content === 'string' ? content.includes(boundary) : content instanceof Uint8Array && bytesContainAscii(content, boundary)) {
      return part.name;
    }
  }
  return undefined;
}

/**
 * Builds a multipart/form-data body. A given boundary is refused when it breaks RFC 2046
 * (`invalid-boundary`) or occurs in a part's headers or text/bytes content
 * (`boundary-in-content`, field = that part's name). A generated boundary is checked the
 * same way and regenerated on a hit; file contents cannot be checked without reading them,
 * so for files the 144 random bits of a generated boundary are relied on (a chance of about
 * size × 2⁻¹⁴⁴ that a file happens to contain it). A file given with a boundary of the
 * caller's choosing is likewise unchecked. Other failures: `base64-file-unsupported`,
 * `invalid-part-header` (controls in Content-Type or extra headers, reserved header names).
 */
export function buildMultipart(parts: readonly MultipartPart[], options: MultipartBuildOptions = {}): Result<MultipartBody> {
  const prepared: PreparedPart[] = [];
  for (const part of parts) {
    const result = preparePart(part);
    if (!result.ok) return result;
    prepared.push(result.value);
  }
  let boundary: string;
  if (options.boundary !== undefined) {
    const problem = multipartBoundaryProblem(options.boundary);
    if (problem) return fail(problem);
    const hit = partContaining(prepared, options.boundary);
    if (hit !== undefined) {
      return fail({
        kind: 'boundary-in-content',
        field: hit,
        message: `The boundary "${options.boundary}" occurs in part "${hit}", so a receiver would cut the part there; choose another boundary`,
      });
    }
    boundary = options.boundary;
  } else {
    let attempt = 0;
    for (;;) {
      boundary = generateBoundary(options.random);
      if (partContaining(prepared, boundary) === undefined) break;
      if (++attempt >= BOUNDARY_ATTEMPTS) {
        return fail({
          kind: 'boundary-collision',
          message: `${BOUNDARY_ATTEMPTS} generated boundaries all occurred in the content; the random source is not random`,
        });
      }
    }
  }
  const chunks: BodyChunk[] = [];
  let text = '';
  for (const part of prepared) {
    text += `--${boundary}\r\n${part.head}\r\n`;
    if (typeof part.content === 'string') {
      text += part.content;
    } else {
      if (text !== '') chunks.push(text);
      chunks.push(part.content);
      text = '';
    }
    text += '\r\n';
  }
  text += `--${boundary}--\r\n`;
  chunks.push(text);
  return ok({ contentType: `multipart/form-data; boundary=${quoteHeaderValue(boundary)}`, boundary, chunks });
}

/** Total byte length of a body: UTF-8 length of text, byte length of bytes, file sizes. */
export function multipartLength(body: Pick<MultipartBody, 'chunks'>): number {
  let total = 0;
  for (const chunk of body.chunks) {
    if (typeof chunk === 'string') total += utf8Length(chunk);
    else if (chunk instanceof Uint8Array) total += chunk.length;
    else total += chunk.size;
  }
  return total;
}

function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) length += 1;
    else if (c < 0x800) length += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length += 4;
      i++;
    } else length += 3; // includes lone surrogates, sent as U+FFFD
  }
  return length;
}

/** How one chunk reads in a preview: text as is, printable bytes as text, else a marker. */
function describeChunk(chunk: BodyChunk): string {
  if (typeof chunk === 'string') return chunk;
  if (chunk instanceof Uint8Array) {
    const printable = findInvalidUtf8(chunk) < 0 && !chunk.some((b) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f);
    return printable ? utf8Decode(chunk) : `<binary ${chunk.length} bytes>`;
  }
  return `<file ${chunk.name} (${chunk.size} bytes)>`;
}

/**
 * The body as text for a preview pane, at most `limit` characters (then a note of what was
 * cut). Text is shown exactly, bytes as text when they are printable UTF-8 and as
 * `<binary N bytes>` otherwise, files as `<file name (size bytes)>`.
 */
export function multipartPreview(body: Pick<MultipartBody, 'chunks'>, limit = 65_536): string {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`Preview limit must be a non-negative integer, got ${limit}`);
  let out = '';
  for (const chunk of body.chunks) {
    out += describeChunk(chunk).slice(0, limit + 1 - out.length);
    if (out.length > limit) {
      return `${out.slice(0, limit)}\n… preview cut at ${limit} characters; the body is ${multipartLength(body)} bytes`;
    }
  }
  return out;
}
