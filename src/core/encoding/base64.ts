/**
 * Base64 (RFC 4648 §4), base64url (RFC 4648 §5) and UTF-8 conversions. Shared by the
 * multipart builder, Basic auth, JWT handling and the SOAP security header, so the names
 * here are part of the core's public contract.
 */
import { fail, ok, positionAt, type Result } from '../types';

const STANDARD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Maps a character code to its 6-bit value, or -1. One table per alphabet. */
function reverseTable(alphabet: string): Int16Array {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) table[alphabet.charCodeAt(i)] = i;
  return table;
}

const STANDARD_REVERSE = reverseTable(STANDARD_ALPHABET);
const URL_REVERSE = reverseTable(URL_ALPHABET);

function encodeWith(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  const out: string[] = [];
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out.push(
      alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + alphabet[n & 63]!,
    );
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out.push(alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]! + (pad ? '==' : ''));
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out.push(alphabet[(n >> 18) & 63]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + (pad ? '=' : ''));
  }
  return out.join('');
}

/**
 * Encodes bytes as standard base64 with `=` padding. With `lineLength`, the text is broken
 * into lines of that many characters joined by CRLF, as MIME bodies need (RFC 2045 §6.8
 * uses 76); without it the result is one line.
 */
export function encodeBase64(bytes: Uint8Array, lineLength?: number): string {
  const text = encodeWith(bytes, STANDARD_ALPHABET, true);
  if (lineLength === undefined) return text;
  if (!Number.isInteger(lineLength) || lineLength <= 0) {
    throw new RangeError(`Base64 line length must be a positive integer, got ${lineLength}`);
  }
  if (text.length <= lineLength) return text;
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += lineLength) lines.push(text.slice(i, i + lineLength));
  return lines.join('\r\n');
}

/** Encodes bytes as base64url without padding, the form JWTs and URLs use (RFC 7515 §2). */
export function encodeBase64Url(bytes: Uint8Array): string {
  return encodeWith(bytes, URL_ALPHABET, false);
}

function isBase64Whitespace(code: number): boolean {
  // The WHATWG forgiving-base64 decoder's ASCII whitespace: TAB, LF, FF, CR, SPACE.
  return code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d || code === 0x20;
}

function describeChar(text: string, offset: number): string {
  const code = text.codePointAt(offset)!;
  if (code < 0x20 || code === 0x7f) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `"${String.fromCodePoint(code)}"`;
}

/**
 * Decodes 6-bit digits collected from `text` (their offsets kept for messages) into bytes.
 * `digits` holds only alphabet characters; padding has been checked by the caller.
 */
function digitsToBytes(values: number[]): Uint8Array {
  const out = new Uint8Array(Math.floor((values.length * 6) / 8));
  let o = 0;
  let i = 0;
  for (; i + 3 < values.length; i += 4) {
    const n = (values[i]! << 18) | (values[i + 1]! << 12) | (values[i + 2]! << 6) | values[i + 3]!;
    out[o++] = (n >> 16) & 255;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  const rest = values.length - i;
  if (rest >= 2) {
    const n = (values[i]! << 18) | (values[i + 1]! << 12) | (rest === 3 ? values[i + 2]! << 6 : 0);
    out[o++] = (n >> 16) & 255;
    if (rest === 3) out[o++] = (n >> 8) & 255;
  }
  return out;
}

function base64Error(text: string, offset: number, message: string) {
  return fail({ kind: 'base64-syntax', message, position: positionAt(text, offset) });
}

/**
 * Decodes standard base64 the way the WHATWG "forgiving-base64 decode" (and so `atob`)
 * does: ASCII whitespace anywhere is ignored, padding is optional but when present must
 * make the length a multiple of 4, and leftover bits in the last group are dropped.
 * Fails with the offset of the first character that cannot be base64.
 */
export function decodeBase64(text: string): Result<Uint8Array> {
  const values: number[] = [];
  let padStart = -1;
  let padCount = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isBase64Whitespace(code)) continue;
    if (code === 0x3d /* = */) {
      if (padStart < 0) padStart = i;
      padCount++;
      if (padCount > 2) return base64Error(text, i, 'Base64 padding has more than two "=" characters');
      continue;
    }
    const value = code < 128 ? STANDARD_REVERSE[code]! : -1;
    if (value < 0) {
      const hint = code === 0x2d || code === 0x5f ? ' (that is base64url; standard base64 uses "+" and "/")' : '';
      return base64Error(text, i, `Invalid base64 character ${describeChar(text, i)}${hint}`);
    }
    if (padStart >= 0) return base64Error(text, padStart, 'Base64 padding "=" may only appear at the end');
    values.push(value);
  }
  if (padCount > 0 && (values.length + padCount) % 4 !== 0) {
    return base64Error(text, padStart, 'Base64 padding "=" does not complete a group of four characters');
  }
  if (values.length % 4 === 1) {
    return base64Error(text, text.length, 'Base64 text ends with a single leftover character; it is truncated');
  }
  return ok(digitsToBytes(values));
}

/**
 * Decodes base64url (RFC 4648 §5). Padding is tolerated when correct; whitespace is not,
 * because base64url lives in tokens and URLs where a space means the value was damaged.
 */
export function decodeBase64Url(text: string): Result<Uint8Array> {
  const values: number[] = [];
  let padStart = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3d) {
      if (padStart < 0) padStart = i;
      continue;
    }
    const value = code < 128 ? URL_REVERSE[code]! : -1;
    if (value < 0) {
      const hint = code === 0x2b || code === 0x2f ? ' (that is standard base64; base64url uses "-" and "_")' : '';
      return base64Error(text, i, `Invalid base64url character ${describeChar(text, i)}${hint}`);
    }
    if (padStart >= 0) return base64Error(text, padStart, 'Base64url padding "=" may only appear at the end');
    values.push(value);
  }
  if (padStart >= 0 && (text.length - padStart > 2 || text.length % 4 !== 0)) {
    return base64Error(text, padStart, 'Base64url padding "=" does not complete a group of four characters');
  }
  if (values.length % 4 === 1) {
    return base64Error(text, text.length, 'Base64url text ends with a single leftover character; it is truncated');
  }
  return ok(digitsToBytes(values));
}

const encoder = new TextEncoder();
const lenientDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Encodes text as UTF-8. Unpaired surrogates become U+FFFD, as on every web API. */
export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * Decodes UTF-8, replacing each invalid sequence with U+FFFD. A leading byte order mark
 * is kept as U+FEFF rather than silently dropped, so what is shown is what was sent.
 */
export function utf8Decode(bytes: Uint8Array): string {
  return lenientDecoder.decode(bytes);
}

/** Length in bytes of the UTF-8 sequence a lead byte starts, or 0 if it cannot start one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * Finds the byte offset of the first invalid UTF-8 sequence (overlong forms, surrogates
 * and code points above U+10FFFF included), or -1 when all of `bytes` is valid UTF-8.
 */
export function findInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = sequenceLength(lead);
    if (length === 0 || i + length > bytes.length) return i;
    const second = bytes[i + 1]!;
    // The second byte's range is narrowed for E0/ED/F0/F4 to exclude overlongs, surrogates
    // and values past U+10FFFF (Unicode Table 3-7).
    let low = 0x80;
    let high = 0xbf;
    if (lead === 0xe0) low = 0xa0;
    else if (lead === 0xed) high = 0x9f;
    else if (lead === 0xf0) low = 0x90;
    else if (lead === 0xf4) high = 0x8f;
    if (second < low || second > high) return i;
    for (let k = 2; k < length; k++) {
      const b = bytes[i + k]!;
      if (b < 0x80 || b > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}

/**
 * Decodes UTF-8 strictly: fails with the byte offset of the first invalid sequence instead
 * of replacing it, for places that must tell text from binary. The position's line and
 * column count bytes.
 */
export function utf8DecodeStrict(bytes: Uint8Array): Result<string> {
  const bad = findInvalidUtf8(bytes);
  if (bad >= 0) {
    return fail({
      kind: 'utf8-invalid',
      message: `Invalid UTF-8 byte 0x${bytes[bad]!.toString(16).toUpperCase().padStart(2, '0')} at byte ${bad}`,
      position: bytePositionAt(bytes, bad),
    });
  }
  return ok(lenientDecoder.decode(bytes));
}

/**
 * The position of a byte offset in a byte sequence: line counts LF bytes before it and
 * column counts bytes from the line start (1-based), for errors in binary bodies.
 */
export function bytePositionAt(bytes: Uint8Array, offset: number): { offset: number; line: number; column: number } {
  if (offset < 0 || offset > bytes.length) {
    throw new RangeError(`Offset ${offset} is outside the bytes (length ${bytes.length})`);
  }
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset, line, column: offset - lineStart + 1 };
}
