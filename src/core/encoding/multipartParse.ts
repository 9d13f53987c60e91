/**
 * Reading a multipart body back into parts for the inspector (RFC 2046 §5.1.1 syntax,
 * RFC 7578 fields). Lenient where senders commonly are (lower-case header names, a
 * preamble and epilogue, transport padding after a delimiter), exact about structure:
 * a missing delimiter or a broken header line is reported with its byte offset.
 */
import type { CoreError, HeaderField, Result } from '../types';
import { fail, ok } from '../types';
import { bytePositionAt, decodeBase64, findInvalidUtf8, utf8Decode, utf8Encode } from './base64';
import { contentTypeParams, isHttpToken, readHeaderParameters } from './mediaType';
import { indexOfBytes } from './multipartBoundary';
import { percentDecodeBytes } from './percentEncoding';

/** One part of a parsed multipart body. */
export interface ParsedPart {
  /** Content-Disposition `name`, exactly as on the wire (%22 and the like are not undone). */
  name?: string;
  /** Content-Disposition `filename` (or a decoded RFC 5987 `filename*`), as on the wire. */
  filename?: string;
  /** Header lines in order, names as sent. */
  headers: HeaderField[];
  /** The part's Content-Type value, if it has one. */
  contentType?: string;
  /** The content bytes between the header block and the next delimiter. */
  body: Uint8Array;
  /** Byte offset of `body` in the whole multipart body. */
  bodyOffset: number;
  /** Content-Transfer-Encoding, lower-cased, if present. */
  transferEncoding?: string;
  /** The decoded content when the transfer encoding is base64 and decodes. */
  decoded?: Uint8Array;
  /** Why base64 content did not decode (position in the whole body). */
  decodeError?: CoreError;
}

const CRLF = new Uint8Array([0x0d, 0x0a]);

function startsWithAt(bytes: Uint8Array, prefix: Uint8Array, at: number): boolean {
  if (at + prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function structureError(bytes: Uint8Array, kind: string, offset: number, message: string) {
  return fail({ kind, message, position: bytePositionAt(bytes, offset) });
}

/** Header bytes as text: UTF-8 when valid (what browsers send), otherwise Latin-1. */
function headerText(bytes: Uint8Array): string {
  if (findInvalidUtf8(bytes) < 0) return utf8Decode(bytes);
  let out = '';
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}

function latin1(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192) parts.push(String.fromCharCode(...bytes.subarray(i, i + 8192)));
  return parts.join('');
}

/** Reads the header block [from, to) into fields, unfolding obsolete line folding. */
function parseHeaderBlock(bytes: Uint8Array, from: number, to: number, partNumber: number): Result<HeaderField[]> {
  const headers: HeaderField[] = [];
  let lineStart = from;
  while (lineStart < to) {
    let lineEnd = indexOfBytes(bytes, CRLF, lineStart);
    if (lineEnd < 0 || lineEnd > to) lineEnd = to;
    const line = bytes.subarray(lineStart, lineEnd);
    const bare = line.findIndex((b) => b === 0x0a || b === 0x0d);
    if (bare >= 0) {
      return structureError(
        bytes,
        'bad-part-header',
        lineStart + bare,
        `Part ${partNumber} has a bare ${line[bare] === 0x0a ? 'LF' : 'CR'} in its headers; header lines must end with CRLF`,
      );
    }
    const text = headerText(line);
    const previous = headers[headers.length - 1];
    if ((text.startsWith(' ') || text.startsWith('\t')) && previous) {
      previous.value = `${previous.value} ${text.trim()}`.trim();
    } else {
      const colon = text.indexOf(':');
      const name = colon < 0 ? '' : text.slice(0, colon);
      if (colon <= 0 || !isHttpToken(name)) {
        const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
        return structureError(
          bytes,
          'bad-part-header',
          lineStart,
          colon < 0
            ? `Part ${partNumber} has a header line without ":" ("${shown}")`
            : `Part ${partNumber} has a header with an invalid name ("${shown}")`,
        );
      }
      headers.push({ name, value: text.slice(colon + 1).trim() });
    }
    lineStart = lineEnd + 2;
  }
  return ok(headers);
}

/** Decodes an RFC 8187 ext-value (`UTF-8''%e2%82%ac.txt`), or undefined if it is malformed. */
function decodeExtValue(value: string): string | undefined {
  const match = /^([A-Za-z0-9!#$%&+\-^_`{}~]+)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = match[1]!.toLowerCase();
  const bytes = percentDecodeBytes(utf8Encode(match[2]!));
  if (charset === 'utf-8') return findInvalidUtf8(bytes) < 0 ? utf8Decode(bytes) : undefined;
  if (charset === 'iso-8859-1') return latin1(bytes);
  return undefined;
}

function headerNamed(headers: readonly HeaderField[], name: string): string | undefined {
  return headers.find((h) => h.name.toLowerCase() === name)?.value;
}

function describePart(bytes: Uint8Array, headers: HeaderField[], body: Uint8Array, bodyOffset: number): ParsedPart {
  const part: ParsedPart = { headers, body, bodyOffset };
  const disposition = headerNamed(headers, 'content-disposition');
  if (disposition !== undefined) {
    const semicolon = disposition.indexOf(';');
    if (semicolon >= 0) {
      const read = readHeaderParameters(disposition, semicolon, false);
      if ('params' in read) {
        if (read.params.name !== undefined) part.name = read.params.name;
        const extended = read.params['filename*'] !== undefined ? decodeExtValue(read.params['filename*']) : undefined;
        const filename = extended ?? read.params.filename;
        if (filename !== undefined) part.filename = filename;
      }
    }
  }
  const contentType = headerNamed(headers, 'content-type');
  if (contentType !== undefined) part.contentType = contentType;
  const encoding = headerNamed(headers, 'content-transfer-encoding');
  if (encoding !== undefined) {
    part.transferEncoding = encoding.trim().toLowerCase();
    if (part.transferEncoding === 'base64') {
      const decoded = decodeBase64(latin1(body));
      if (decoded.ok) part.decoded = decoded.value;
      else {
        const at = bodyOffset + (decoded.error.position?.offset ?? 0);
        part.decodeError = {
          kind: decoded.error.kind,
          message: `${decoded.error.message} (byte ${at} of the body, in part "${part.name ?? '?'}")`,
          position: bytePositionAt(bytes, at),
        };
      }
    }
  }
  return part;
}

/**
 * Parses a multipart body given its Content-Type header value. Fails with `not-multipart`
 * (the type is not multipart/*), `missing-boundary` (no boundary parameter),
 * `missing-delimiter` (the first `--boundary` line never appears), `bad-delimiter`
 * (a delimiter line followed by something other than CRLF or `--`),
 * `missing-closing-delimiter` (the body ends before `--boundary--`) or `bad-part-header`,
 * each with the byte offset (and byte line/column) where the problem is. Never throws.
 */
export function parseMultipart(bytes: Uint8Array, contentType: string): Result<ParsedPart[]> {
  const media = contentTypeParams(contentType);
  if (!media.type.startsWith('multipart/')) {
    return fail({
      kind: 'not-multipart',
      field: 'Content-Type',
      message: `Content-Type is "${media.type || contentType}", not a multipart type`,
    });
  }
  const boundary = media.params.boundary;
  if (boundary === undefined || boundary === '') {
    return fail({ kind: 'missing-boundary', field: 'Content-Type', message: `Content-Type "${contentType}" has no boundary parameter` });
  }
  const delimiter = utf8Encode(`--${boundary}`);
  const crlfDelimiter = concatBytes(CRLF, delimiter);
  let pos: number;
  if (startsWithAt(bytes, delimiter, 0)) pos = 0;
  else {
    const found = indexOfBytes(bytes, crlfDelimiter, 0);
    if (found < 0) {
      return structureError(bytes, 'missing-delimiter', 0, `The body never has a "--${boundary}" delimiter line; it does not match its Content-Type`);
    }
    pos = found + 2;
  }
  const parts: ParsedPart[] = [];
  for (;;) {
    let p = pos + delimiter.length;
    if (bytes[p] === 0x2d && bytes[p + 1] === 0x2d) return ok(parts);
    while (bytes[p] === 0x20 || bytes[p] === 0x09) p++;
    if (p >= bytes.length) {
      return structureError(
        bytes,
        'missing-closing-delimiter',
        bytes.length,
        `The body ends after the delimiter at byte ${pos} without the closing "--${boundary}--"`,
      );
    }
    if (!startsWithAt(bytes, CRLF, p)) {
      return structureError(
        bytes,
        'bad-delimiter',
        p,
        `The delimiter line at byte ${pos} continues with ${describeByte(bytes[p]!)} instead of CRLF or "--"`,
      );
    }
    const partNumber = parts.length + 1;
    const partStart = p + 2;
    const next = indexOfBytes(bytes, crlfDelimiter, partStart);
    if (next < 0) {
      return structureError(
        bytes,
        'missing-closing-delimiter',
        bytes.length,
        `Part ${partNumber} (from byte ${partStart}) is never followed by a "--${boundary}" delimiter; the body is cut short or the boundary is wrong`,
      );
    }
    let headerEnd: number;
    let bodyStart: number;
    if (startsWithAt(bytes, CRLF, partStart)) {
      headerEnd = partStart;
      bodyStart = Math.min(partStart + 2, next);
    } else {
      // The blank line may share its CRLF with the next delimiter when the content is empty.
      const blank = indexOfBytes(bytes.subarray(0, next + 2), new Uint8Array([0x0d, 0x0a, 0x0d, 0x0a]), partStart);
      if (blank < 0) {
        return structureError(
          bytes,
          'bad-part-header',
          next,
          `The headers of part ${partNumber} (from byte ${partStart}) are not ended by an empty line before the next delimiter`,
        );
      }
      headerEnd = blank;
      bodyStart = Math.min(blank + 4, next);
    }
    const headers = parseHeaderBlock(bytes, partStart, headerEnd, partNumber);
    if (!headers.ok) return headers;
    parts.push(describePart(bytes, headers.value, bytes.subarray(bodyStart, next), bodyStart));
    pos = next + 2;
  }
}

function describeByte(b: number): string {
  if (b === 0x0a) return 'a bare LF';
  if (b >= 0x21 && b <= 0x7e) return `"${String.fromCharCode(b)}"`;
  return `byte 0x${b.toString(16).toUpperCase().padStart(2, '0')}`;
}
