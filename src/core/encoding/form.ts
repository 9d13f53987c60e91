/**
 * application/x-www-form-urlencoded, exactly as the WHATWG URL standard's urlencoded
 * serializer and parser define it (the behaviour of `URLSearchParams`). Written by hand
 * because explaining this encoding is part of what Wirebench teaches.
 */
import { FORM_SET, percentDecode, percentEncode } from './percentEncoding';

/** One `name=value` pair of a form body or form-encoded query, in order. */
export interface FormPair {
  name: string;
  value: string;
}

/**
 * Serializes pairs as application/x-www-form-urlencoded: each name and value is UTF-8
 * percent-encoded with the form percent-encode set (only ASCII alphanumerics and `*-._`
 * stay literal), space becomes `+`, pairs are joined by `&`. Unpaired surrogates are sent
 * as U+FFFD. Equal to `new URLSearchParams(pairs).toString()`.
 */
export function encodeForm(pairs: readonly FormPair[]): string {
  return pairs
    .map((pair) => `${percentEncode(pair.name, FORM_SET, true)}=${percentEncode(pair.value, FORM_SET, true)}`)
    .join('&');
}

/**
 * Parses application/x-www-form-urlencoded text: split on `&`, skip empty pieces, split
 * each at its first `=` (no `=` means an empty value), turn `+` into space, then
 * percent-decode and read the bytes as UTF-8 with replacement. Malformed escapes such as
 * `%zz` or a trailing `%` are kept literally, as browsers do. Never fails. Unlike the
 * `URLSearchParams` constructor, a leading `?` is not removed: in a body it is data.
 */
export function parseForm(text: string): FormPair[] {
  const pairs: FormPair[] = [];
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const rawName = eq < 0 ? piece : piece.slice(0, eq);
    const rawValue = eq < 0 ? '' : piece.slice(eq + 1);
    pairs.push({ name: percentDecode(rawName, true), value: percentDecode(rawValue, true) });
  }
  return pairs;
}

/** What form encoding does to a value, for a live preview beside the editor. */
export interface FormEncodingExplanation {
  /** The value as it goes on the wire in a form body. */
  encoded: string;
  /** One sentence per transformation that applies to this value, in a stable order. */
  notes: string[];
}

/**
 * Encodes one value as form encoding would and says, in plain sentences, what happened to
 * the characters that change meaning: `+` (sent as %2B because a bare `+` means space
 * here), space (sent as `+`), `%` (sent as %25), separators and non-ASCII text.
 */
export function explainFormEncoding(value: string): FormEncodingExplanation {
  const notes: string[] = [];
  if (value.includes('+')) {
    notes.push(
      'A literal "+" is sent as %2B: in form encoding a bare "+" means a space. (In a URL path segment "+" is a literal plus.)',
    );
  }
  if (value.includes(' ')) {
    notes.push('A space is sent as "+" in this encoding only; %20 also means a space and is valid in any URL part.');
  }
  if (value.includes('%')) {
    notes.push('"%" is sent as %25 so it is not read as the start of an escape such as %20.');
  }
  if (value.includes('&')) notes.push('"&" is sent as %26; unencoded it would start the next name=value pair.');
  if (value.includes('=')) notes.push('"=" is sent as %3D; unencoded it separates a name from its value.');
  if (/[\r\n]/.test(value)) {
    notes.push('Line breaks are sent as %0D / %0A exactly as typed (an HTML form would first turn them into CRLF).');
  }
  if (/[\uD800-\uDFFF]/.test(value) && !isWellFormedUtf16(value)) {
    notes.push('An unpaired surrogate cannot be encoded as UTF-8 and is sent as U+FFFD (%EF%BF%BD).');
  }
  if (/[^\x00-\x7F]/.test(value)) notes.push('Non-ASCII characters are sent as their UTF-8 bytes, each as %XX.');
  return { encoded: percentEncode(value, FORM_SET, true), notes };
}

function isWellFormedUtf16(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return false;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}
