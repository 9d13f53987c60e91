/**
 * Multipart boundaries (RFC 2046 §5.1.1): what a valid one is, how Wirebench generates
 * one, and how to tell whether one occurs in some content.
 */
import type { CoreError } from '../types';
import { encodeBase64Url } from './base64';

const BCHARS_NO_SPACE = /^[0-9A-Za-z'()+_,\-./:=?]$/;

/** Random bytes in a generated boundary: 18 bytes, i.e. 144 bits of entropy. */
export const BOUNDARY_RANDOM_BYTES = 18;

/** The fixed prefix of generated boundaries; dashes make them easy to spot in a dump. */
export const BOUNDARY_PREFIX = '----WirebenchBoundary';

/**
 * Checks a boundary against RFC 2046: 1 to 70 characters from the bchars set (letters,
 * digits, `'()+_,-./:=?` and space) and not ending in a space. Returns the problem or null.
 */
export function multipartBoundaryProblem(boundary: string): CoreError | null {
  if (boundary.length === 0) return { kind: 'invalid-boundary', message: 'The boundary is empty', field: 'boundary' };
  if (boundary.length > 70) {
    return { kind: 'invalid-boundary', message: `The boundary is ${boundary.length} characters long; RFC 2046 allows at most 70`, field: 'boundary' };
  }
  for (let i = 0; i < boundary.length; i++) {
    const ch = boundary[i]!;
    if (ch !== ' ' && !BCHARS_NO_SPACE.test(ch)) {
      const shown = /[\x21-\x7e]/.test(ch) ? `"${ch}"` : `U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
      return {
        kind: 'invalid-boundary',
        message: `The boundary contains ${shown} at index ${i}; RFC 2046 allows only letters, digits, space and '()+_,-./:=?`,
        field: 'boundary',
      };
    }
  }
  if (boundary.endsWith(' ')) {
    return { kind: 'invalid-boundary', message: 'The boundary ends with a space, which RFC 2046 forbids', field: 'boundary' };
  }
  return null;
}

/**
 * Makes a boundary from random bytes: the prefix and 18 bytes as base64url (24 characters
 * of letters, digits, `-` and `_`, all bchars and token characters, so it needs no quotes).
 * `random` must return at least 18 bytes; the default uses `crypto.getRandomValues`.
 */
export function generateBoundary(random: () => Uint8Array = defaultRandom): string {
  const bytes = random();
  if (!(bytes instanceof Uint8Array) || bytes.length < BOUNDARY_RANDOM_BYTES) {
    throw new RangeError(`The boundary random source must return at least ${BOUNDARY_RANDOM_BYTES} bytes`);
  }
  return BOUNDARY_PREFIX + encodeBase64Url(bytes.subarray(0, BOUNDARY_RANDOM_BYTES));
}

function defaultRandom(): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(BOUNDARY_RANDOM_BYTES));
}

/** True when the ASCII `needle` occurs anywhere in `bytes`. */
export function bytesContainAscii(bytes: Uint8Array, needle: string): boolean {
  return indexOfBytes(bytes, asciiBytes(needle), 0) >= 0;
}

/** The bytes of an ASCII string (callers guarantee ASCII). */
export function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** First index of `needle` in `haystack` at or after `from`, or -1. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  if (needle.length === 0) return from <= haystack.length ? from : -1;
  const first = needle[0]!;
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i >= 0 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let k = 1;
    while (k < needle.length && haystack[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}
