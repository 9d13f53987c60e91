/**
 * Query strings: building one from a parameter table and reading a table back from one,
 * including the two ways a list of identifiers is passed (spec §4.4: `?id=1,2,3` or
 * `?id=1&id=2&id=3`).
 */
import { percentDecode, percentDecodeKeepingPercent, percentEncodeKeepingEscapes, SPECIAL_QUERY_SET, withCharacters } from './percentEncoding';
import { splitAtVariables } from './variables';

/** One row of a query table. */
export interface QueryParam {
  name: string;
  /** A list is written as a comma-separated value or as repeated parameters. */
  value: string | string[];
  /** A disabled row is kept in the table but not written; absent means enabled. */
  enabled?: boolean;
  /**
   * The exact text of this parameter as it appeared in a URL (`name=value`, still
   * encoded), set by `parseQuery`. While `name` and `value` still match it (as read with
   * `literalPercent: 'escape'`, the table's reading), it is written back byte for byte, so
   * editing one row never rewrites the others.
   */
  raw?: string;
}

/** How a list value is written. */
export type QueryListStyle = 'comma' | 'repeat';

/** Options of `buildQuery`. */
export interface QueryBuildOptions {
  /** `comma` (default): `id=1,2,3`; `repeat`: `id=1&id=2&id=3`. */
  lists?: QueryListStyle;
  /**
   * `keep` (default): `{{name}}` variable placeholders are copied verbatim so they can be
   * substituted later (`{{ term }}` stays `{{ term }}`, not `{{%20term%20}}`);
   * `encode`: they are encoded like any other text.
   */
  placeholders?: 'keep' | 'encode';
}

// The WHATWG special-query set keeps the result unchanged when a browser or undici parses
// the URL. On top of it, the characters that carry meaning inside a query are encoded:
// a stray `%` (one that does not start a valid `%XX` escape, which is kept as written: see
// `buildQuery`), `&` (pair separator), `+` (space in form decoding, so a literal plus is
// %2B) and, in names only, `=` and `?` (a leading `?` would be taken for the query's own
// marker). A value keeps `=` literal because every reader splits at the first `=`; that
// keeps base64 padding readable (`token=YWJj==`).
const NAME_SET = withCharacters(SPECIAL_QUERY_SET, '%&+=?');
const VALUE_SET = withCharacters(SPECIAL_QUERY_SET, '%&+');
// In a comma list a comma inside an element is %2C so the list splits back the same way.
const LIST_ELEMENT_SET = withCharacters(VALUE_SET, ',');

function encodePart(text: string, set: Readonly<Uint8Array>, keepPlaceholders: boolean): string {
  if (!keepPlaceholders || !text.includes('{{')) return percentEncodeKeepingEscapes(text, set);
  // Outside the variables a `{{` has its second brace encoded: written as it is, a `{{` left open
  // in one part would join a `}}` further on into one variable spanning `&` and `=` when read back.
  return splitAtVariables(text)
    .map((piece, i) => (i % 2 === 1 ? piece : percentEncodeKeepingEscapes(piece, set).replace(/\{\{/g, '{%7B')))
    .join('');
}

function decodePart(text: string, keepPlaceholders: boolean, escaped: boolean): string {
  const decode = escaped ? percentDecodeKeepingPercent : percentDecode;
  if (!keepPlaceholders || !text.includes('{{')) return decode(text, true);
  return splitAtVariables(text)
    .map((piece, i) => (i % 2 === 1 ? piece : decode(piece, true)))
    .join('');
}

/**
 * Builds a query string (without the leading `?`) from a parameter table. Disabled rows
 * are skipped; an empty list writes nothing (no form of it would read back as empty).
 *
 * Encoding: the WHATWG special-query percent-encode set plus `%`, `&`, `+` (and `=`, `?`
 * in names). Space is written as `%20`, not `+`, because `%20` means space in every URL
 * reader while `+` means space only to form decoders; a literal `+` is written `%2B`.
 * The result therefore reads back the same under form decoding and RFC 3986 decoding.
 *
 * A `%` that starts a valid `%XX` escape is kept as written: the text was already encoded
 * there (a script's `encodeURIComponent`, a value typed as `a%20b`), and RFC 3986 §2.4
 * forbids encoding it twice. Only a stray `%` (`100%`, `%zz`) becomes `%25`. Browsers,
 * Postman/newman and Insomnia send the same; a literal "%20" is typed `%2520`. Values read
 * with `literalPercent: 'escape'` (what `parseUrlParts` does) encode back to the same URL.
 */
export function buildQuery(params: readonly QueryParam[], options: QueryBuildOptions = {}): string {
  const lists = options.lists ?? 'comma';
  const keep = (options.placeholders ?? 'keep') === 'keep';
  const pieces: string[] = [];
  for (const param of params) {
    if (param.enabled === false) continue;
    if (typeof param.value === 'string') {
      if (param.raw !== undefined && rawStillMatches(param.raw, param.name, param.value, keep)) {
        pieces.push(param.raw);
        continue;
      }
      pieces.push(`${encodePart(param.name, NAME_SET, keep)}=${encodePart(param.value, VALUE_SET, keep)}`);
      continue;
    }
    if (param.value.length === 0) continue;
    const name = encodePart(param.name, NAME_SET, keep);
    if (lists === 'comma') {
      pieces.push(`${name}=${param.value.map((v) => encodePart(v, LIST_ELEMENT_SET, keep)).join(',')}`);
    } else {
      for (const v of param.value) pieces.push(`${name}=${encodePart(v, VALUE_SET, keep)}`);
    }
  }
  return pieces.join('&');
}

function rawStillMatches(raw: string, name: string, value: string, keep: boolean): boolean {
  if (raw === '' || splitOutsideVariables(raw, '&', keep).length !== 1) return false;
  const parsed = parseQueryText(raw, { placeholders: keep ? 'keep' : 'decode', literalPercent: 'escape' });
  return parsed.length === 1 && parsed[0]!.name === name && parsed[0]!.value === value;
}

/**
 * Splits `text` at `separator` outside `{{...}}` placeholders, so a variable such as
 * `{{a&b}}` stays whole.
 */
function splitOutsideVariables(text: string, separator: string, keepPlaceholders = true): string[] {
  if (!keepPlaceholders || !text.includes('{{')) return text.split(separator);
  const result: string[] = [];
  let current = '';
  splitAtVariables(text).forEach((piece, i) => {
    if (i % 2 === 1) {
      current += piece;
      return;
    }
    const split = piece.split(separator);
    current += split[0]!;
    for (let k = 1; k < split.length; k++) {
      result.push(current);
      current = split[k]!;
    }
  });
  result.push(current);
  return result;
}

/** Options of `parseQuery`. */
export interface QueryParseOptions {
  /**
   * `keep` (default): `{{name}}` placeholders are taken verbatim (not decoded, not split at
   * `&` or `=` inside them), matching `buildQuery`'s default; `decode`: plain text.
   */
  placeholders?: 'keep' | 'decode';
  /**
   * `decode` (default): `%25` is a `%` like any escape, as a server reads it; `escape`: a
   * literal `%` that would start a valid escape in the result is written `%25` (`%2520`
   * reads `%2520`), so `buildQuery`, which keeps valid escapes, writes the same URL back.
   * For tables the person edits and that are encoded again.
   */
  literalPercent?: 'decode' | 'escape';
}

/**
 * Reads a query string (with or without its leading `?`) into rows, in order, without
 * grouping repeated names. Values are decoded as a server's form decoder reads a query
 * (`URLSearchParams`, most frameworks): `+` is a space, `%XX` escapes are UTF-8, malformed
 * escapes are kept. Each row keeps its `raw` text so `buildQuery` can write it back
 * unchanged. Empty pieces (`&&`) are dropped. Never fails.
 */
export function parseQuery(query: string, options: QueryParseOptions = {}): QueryParam[] {
  return parseQueryText(query.startsWith('?') ? query.slice(1) : query, options);
}

/** `parseQuery` for text known to be the query itself, where a leading `?` is data. */
export function parseQueryText(text: string, options: QueryParseOptions = {}): QueryParam[] {
  const keep = (options.placeholders ?? 'keep') === 'keep';
  const escaped = options.literalPercent === 'escape';
  const params: QueryParam[] = [];
  for (const piece of splitOutsideVariables(text, '&', keep)) {
    if (piece === '') continue;
    const [rawName, ...rest] = splitOutsideVariables(piece, '=', keep);
    const rawValue = rest.length === 0 ? '' : rest.join('=');
    params.push({ name: decodePart(rawName!, keep, escaped), value: decodePart(rawValue, keep, escaped), raw: piece });
  }
  return params;
}
