/**
 * Media types as in a Content-Type header (RFC 9110 §8.3.1): `type/subtype` followed by
 * `; name=value` parameters whose values are tokens or quoted strings. The multipart
 * boundary and the charset of a body are read from here.
 */
import { isHttpToken, isTcharCode } from '../grammar';
import { fail, ok, positionAt, type Result } from '../types';

/** A parsed media type. Type, subtype and parameter names are lower-cased. */
export interface ParsedMediaType {
  type: string;
  subtype: string;
  /** `type/subtype`, the part that decides how a body is read. */
  essence: string;
  /** Parameter values as given (quoted strings unquoted); the first of a repeated name wins. */
  params: Record<string, string>;
}

export { isHttpToken };

function isOws(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** Sets a key without ever touching Object.prototype (a parameter may be named `__proto__`). */
function defineParam(params: Record<string, string>, name: string, value: string): void {
  if (Object.prototype.hasOwnProperty.call(params, name)) return;
  Object.defineProperty(params, name, { value, enumerable: true, writable: true, configurable: true });
}

interface ParameterFailure {
  offset: number;
  message: string;
}

/**
 * Reads `*( OWS ";" OWS [ name "=" ( token / quoted-string ) ] )` from `text` at `start`.
 * Strict mode fails at the first deviation; lenient mode skips a bad parameter to the next
 * `;`, which is how real receivers treat sloppy headers.
 */
export function readHeaderParameters(
  text: string,
  start: number,
  strict: boolean,
): { params: Record<string, string> } | { failure: ParameterFailure } {
  const params: Record<string, string> = {};
  let i = start;
  const n = text.length;
  const skipToSemicolon = () => {
    let quoted = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (quoted && c === 0x5c) i++;
      else if (c === 0x22) quoted = !quoted;
      else if (c === 0x3b && !quoted) return;
      i++;
    }
  };
  while (i < n) {
    while (i < n && isOws(text.charCodeAt(i))) i++;
    if (i >= n) break;
    if (text.charCodeAt(i) !== 0x3b) {
      if (strict) return { failure: { offset: i, message: `Expected ";" before the next parameter, found "${text[i]}"` } };
      skipToSemicolon();
      continue;
    }
    i++;
    while (i < n && isOws(text.charCodeAt(i))) i++;
    if (i >= n || text.charCodeAt(i) === 0x3b) continue; // an empty parameter is allowed
    const nameStart = i;
    while (i < n && isTcharCode(text.charCodeAt(i))) i++;
    const name = text.slice(nameStart, i).toLowerCase();
    if (name === '') {
      if (strict) return { failure: { offset: i, message: `Expected a parameter name, found "${text[i]}"` } };
      skipToSemicolon();
      continue;
    }
    if (text.charCodeAt(i) !== 0x3d) {
      if (strict) {
        return { failure: { offset: i, message: `Parameter "${name}" has no "=" and value` } };
      }
      skipToSemicolon();
      continue;
    }
    i++;
    if (text.charCodeAt(i) === 0x22) {
      const quoteStart = i;
      i++;
      let value = '';
      let closed = false;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (c === 0x22) {
          closed = true;
          i++;
          break;
        }
        if (c === 0x5c && i + 1 < n) {
          // Strict: an RFC 9110 quoted-pair. Lenient: like busboy, a backslash escapes only
          // `"` and `\`, so an unescaped Windows path (`C:\dir\a.txt`) survives.
          const next = text.charCodeAt(i + 1);
          if (strict || next === 0x22 || next === 0x5c) {
            value += text[i + 1];
            i += 2;
            continue;
          }
        }
        if (strict && ((c < 0x20 && c !== 0x09) || c === 0x7f || c > 0xff)) {
          return { failure: { offset: i, message: `Character U+${c.toString(16).toUpperCase().padStart(4, '0')} is not allowed in a quoted string` } };
        }
        value += text[i];
        i++;
      }
      if (!closed) {
        if (strict) return { failure: { offset: quoteStart, message: `The quoted value of parameter "${name}" is not closed` } };
      }
      defineParam(params, name, value);
      continue;
    }
    const valueStart = i;
    while (i < n && isTcharCode(text.charCodeAt(i))) i++;
    let value = text.slice(valueStart, i);
    if (value === '') {
      if (strict) return { failure: { offset: i, message: `Parameter "${name}" has an empty value; use "" for an empty string` } };
      skipToSemicolon();
      value = text.slice(valueStart, i).trim();
    } else if (!strict) {
      // Lenient receivers take an unquoted value up to the next ";" (e.g. filename=a b.txt).
      const end = text.indexOf(';', i);
      value = text.slice(valueStart, end < 0 ? n : end).trim();
      i = end < 0 ? n : end;
    }
    defineParam(params, name, value);
  }
  return { params };
}

function mediaTypeError(value: string, offset: number, message: string) {
  return fail({ kind: 'media-type-syntax', message, position: positionAt(value, offset), field: 'Content-Type' });
}

/**
 * Parses a media type strictly per RFC 9110 §8.3.1 (surrounding whitespace allowed).
 * Fails with the position in `value` of the first character that breaks the grammar.
 */
export function parseMediaType(value: string): Result<ParsedMediaType> {
  let i = 0;
  while (i < value.length && isOws(value.charCodeAt(i))) i++;
  const typeStart = i;
  while (i < value.length && isTcharCode(value.charCodeAt(i))) i++;
  if (i === typeStart) {
    return mediaTypeError(value, i, i >= value.length ? 'The media type is empty' : `Expected a media type name, found "${value[i]}"`);
  }
  const type = value.slice(typeStart, i).toLowerCase();
  if (value.charCodeAt(i) !== 0x2f) {
    return mediaTypeError(value, i, `Expected "/" after "${type}" (a media type is type/subtype)`);
  }
  i++;
  const subtypeStart = i;
  while (i < value.length && isTcharCode(value.charCodeAt(i))) i++;
  if (i === subtypeStart) return mediaTypeError(value, i, `Expected a subtype after "${type}/"`);
  const subtype = value.slice(subtypeStart, i).toLowerCase();
  const read = readHeaderParameters(value, i, true);
  if ('failure' in read) return mediaTypeError(value, read.failure.offset, read.failure.message);
  return ok({ type, subtype, essence: `${type}/${subtype}`, params: read.params });
}

/**
 * Reads a Content-Type value leniently, never failing: `type` is the lower-cased text
 * before the first `;` (or '' when there is none), and parameters that do not parse are
 * skipped. For inspecting what a server actually sent.
 */
export function contentTypeParams(value: string): { type: string; params: Record<string, string> } {
  const semicolon = value.indexOf(';');
  const type = (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  if (semicolon < 0) return { type, params: {} };
  const read = readHeaderParameters(value, semicolon, false);
  return { type, params: 'params' in read ? read.params : {} };
}

/** Quotes a parameter value when it is not a token; escapes `"` and `\`. */
export function quoteHeaderValue(value: string): string {
  if (isHttpToken(value)) return value;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f || c > 0xff) {
      throw new RangeError(
        `Character U+${c.toString(16).toUpperCase().padStart(4, '0')} at ${i} cannot be sent in a header parameter value`,
      );
    }
  }
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * Writes a media type: `type/subtype; name=value`, quoting values that are not tokens.
 * Throws a TypeError for a type, subtype or parameter name that is not a token, and a
 * RangeError for a value with characters no header can carry (controls, > U+00FF).
 */
export function formatMediaType(media: { type: string; subtype: string; params?: Record<string, string> }): string {
  if (!isHttpToken(media.type)) throw new TypeError(`Media type "${media.type}" is not a token`);
  if (!isHttpToken(media.subtype)) throw new TypeError(`Media subtype "${media.subtype}" is not a token`);
  let out = `${media.type}/${media.subtype}`;
  for (const [name, value] of Object.entries(media.params ?? {})) {
    if (!isHttpToken(name)) throw new TypeError(`Media type parameter name "${name}" is not a token`);
    out += `; ${name}=${quoteHeaderValue(value)}`;
  }
  return out;
}
