/**
 * Percent-encoding as the WHATWG URL standard defines it: encode sets, UTF-8 percent-encode
 * and percent-decode. The form, query and path encoders are built from these so that every
 * encoder in Wirebench agrees with what a browser's URL parser would produce.
 */
import { utf8Decode, utf8Encode } from './base64';

/** A set of ASCII bytes that must be percent-encoded; bytes >= 0x80 always are. */
export type PercentEncodeSet = Readonly<Uint8Array>;

function extendSet(base: PercentEncodeSet | null, extra: string): PercentEncodeSet {
  const set = base ? new Uint8Array(base) : new Uint8Array(128);
  for (let i = 0; i < extra.length; i++) set[extra.charCodeAt(i)] = 1;
  return set;
}

const C0_CONTROLS = (() => {
  const set = new Uint8Array(128);
  for (let b = 0; b < 0x20; b++) set[b] = 1;
  set[0x7f] = 1;
  return set;
})();

/** WHATWG query percent-encode set: C0 controls, space, `"`, `#`, `<`, `>`. */
export const QUERY_SET = extendSet(C0_CONTROLS, ' "#<>');
/** WHATWG special-query set: the query set and `'` (used for http and https). */
export const SPECIAL_QUERY_SET = extendSet(QUERY_SET, "'");
/** WHATWG path percent-encode set: the query set and `?`, `^`, backtick, `{`, `}`. */
export const PATH_SET = extendSet(QUERY_SET, '?^`{}');
/** WHATWG userinfo percent-encode set. */
export const USERINFO_SET = extendSet(PATH_SET, '/:;=@[\\]|');
/** WHATWG component percent-encode set (what `encodeURIComponent` nearly matches). */
export const COMPONENT_SET = extendSet(USERINFO_SET, '$%&+,');
/** WHATWG application/x-www-form-urlencoded percent-encode set. */
export const FORM_SET = extendSet(COMPONENT_SET, "!'()~");

/**
 * RFC 3986 path segment: everything except pchar (unreserved, sub-delims, `:`, `@`) is
 * encoded, so `+`, `=`, `;`, `,` stay literal and `/`, `?`, `#`, `%`, space do not.
 */
export const PATH_SEGMENT_SET = (() => {
  const keep = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~' + "!$&'()*+,;=" + ':@';
  const set = new Uint8Array(128).fill(1);
  for (let i = 0; i < keep.length; i++) set[keep.charCodeAt(i)] = 0;
  return set;
})();

/** Adds characters to an encode set, for component-specific needs (e.g. `&` in a query). */
export function withCharacters(set: PercentEncodeSet, extra: string): PercentEncodeSet {
  return extendSet(set, extra);
}

const HEX = '0123456789ABCDEF';

/**
 * UTF-8 percent-encodes `text` with `set`. With `spaceAsPlus`, space becomes `+` (only the
 * form encoding does that). Unpaired surrogates become U+FFFD first, as USVString
 * conversion on the web does.
 */
export function percentEncode(text: string, set: PercentEncodeSet, spaceAsPlus = false): string {
  // Fast path: pure ASCII that needs no escaping is returned as is.
  let clean = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 || set[c] === 1 || (spaceAsPlus && c === 0x20)) {
      clean = false;
      break;
    }
  }
  if (clean) return text;
  const bytes = utf8Encode(text);
  let out = '';
  for (const b of bytes) {
    if (spaceAsPlus && b === 0x20) out += '+';
    else if (b >= 0x80 || set[b] === 1) out += '%' + HEX[b >> 4] + HEX[b & 15];
    else out += String.fromCharCode(b);
  }
  return out;
}

function hexValue(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x41 && b <= 0x46) return b - 0x37;
  if (b >= 0x61 && b <= 0x66) return b - 0x57;
  return -1;
}

/**
 * WHATWG percent-decode of bytes: `%` followed by two hex digits becomes that byte; any
 * other `%` is kept literally (so `%zz` and a trailing `%` survive unchanged).
 */
export function percentDecodeBytes(bytes: Uint8Array, plusAsSpace = false): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let o = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x25 && i + 2 < bytes.length) {
      const hi = hexValue(bytes[i + 1]!);
      const lo = hexValue(bytes[i + 2]!);
      if (hi >= 0 && lo >= 0) {
        out[o++] = (hi << 4) | lo;
        i += 2;
        continue;
      }
    }
    out[o++] = plusAsSpace && b === 0x2b ? 0x20 : b;
  }
  return out.subarray(0, o);
}

/**
 * Percent-decodes text and reads the bytes as UTF-8 with replacement, keeping a BOM (the
 * WHATWG "UTF-8 decode without BOM"). With `plusAsSpace`, `+` means space first.
 */
export function percentDecode(text: string, plusAsSpace = false): string {
  const needsBytes = text.includes('%') || (plusAsSpace && text.includes('+')) || /[\uD800-\uDFFF]/.test(text);
  if (!needsBytes) return text;
  return utf8Decode(percentDecodeBytes(utf8Encode(text), plusAsSpace));
}

/** Whether `text` has a valid `%XX` escape (two hex digits) starting at `index`. */
export function isEscapeAt(text: string, index: number): boolean {
  return text.charCodeAt(index) === 0x25 && hexValue(text.charCodeAt(index + 1)) >= 0 && hexValue(text.charCodeAt(index + 2)) >= 0;
}

/**
 * `percentEncode`, except that a `%` starting a valid `%XX` escape is kept as written (the
 * text was already encoded there: RFC 3986 §2.4 forbids encoding a string twice), while a
 * stray `%` (`100%`, `%zz`) is encoded as `%25` when `set` has `%`. This is what browsers
 * (WHATWG URL), Insomnia and Postman send for a `%` in a query, so `a%20b` from a script's
 * `encodeURIComponent` goes out as `a%20b`, not `a%2520b`.
 */
export function percentEncodeKeepingEscapes(text: string, set: PercentEncodeSet, spaceAsPlus = false): string {
  if (!text.includes('%')) return percentEncode(text, set, spaceAsPlus);
  let out = '';
  let from = 0;
  for (let i = text.indexOf('%'); i >= 0; i = text.indexOf('%', i + 1)) {
    if (!isEscapeAt(text, i)) continue;
    out += percentEncode(text.slice(from, i), set, spaceAsPlus) + text.slice(i, i + 3);
    from = i + 3;
    i += 2;
  }
  return out + percentEncode(text.slice(from), set, spaceAsPlus);
}

/** The valid `%XX` escapes in `text`, in order, as written (`['%20', '%C3', '%A9']`). */
export function escapesIn(text: string): string[] {
  const found: string[] = [];
  for (let i = text.indexOf('%'); i >= 0; i = text.indexOf('%', i + 1)) {
    if (isEscapeAt(text, i)) found.push(text.slice(i, i + 3));
  }
  return found;
}

/**
 * Percent-decodes text for a table that is encoded back with `percentEncodeKeepingEscapes`:
 * like `percentDecode`, except that a literal `%` of the result (from `%25` or a stray
 * `%`) that would start a valid escape there is written `%25`, so encoding the result
 * gives back a URL that means the same (`%2520` reads `%2520`, a literal "%20"; `100%25`
 * reads `100%`).
 */
export function percentDecodeKeepingPercent(text: string, plusAsSpace = false): string {
  if (!text.includes('%')) return percentDecode(text, plusAsSpace);
  // Pieces between literal percent signs decode on their own: `%` is ASCII, so no UTF-8
  // sequence spans one, and the mark between them is decided once the next text is known.
  const pieces: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== 0x25) continue;
    const isPercent = isEscapeAt(text, i) ? text.slice(i + 1, i + 3) === '25' : true;
    if (!isPercent) {
      i += 2;
      continue;
    }
    pieces.push(percentDecode(text.slice(from, i), plusAsSpace));
    from = i + (isEscapeAt(text, i) ? 3 : 1);
    i = from - 1;
  }
  pieces.push(percentDecode(text.slice(from), plusAsSpace));
  let out = pieces[pieces.length - 1]!;
  for (let p = pieces.length - 2; p >= 0; p--) out = pieces[p]! + (isEscapeAt(`%${out}`, 0) ? '%25' : '%') + out;
  return out;
}
