/**
 * XML 1.0 character rules the scanner (`xmlScanner.ts`) applies: which characters make
 * names and whitespace, line-end and attribute-whitespace normalisation, and expanding the
 * predefined entities and character references (never declared or external entities).
 */

const COLON = 58;

/** XML 1.0 §2.3 S: space, tab, line feed, carriage return. */
export function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

/** A character that may start a name (XML 1.0 §2.3, with everything from U+00C0 allowed). */
export function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === COLON || c >= 0xc0;
}

/** A character that may continue a name. */
export function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 0xb7;
}

/** Whether `text[from, to)` is whitespace only (most text between a WSDL's tags is indentation). */
export function isBlankRange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isWhitespace(text.charCodeAt(i))) return false;
  return true;
}

/** XML 1.0 §2.11: CR LF and lone CR are read as LF. */
export function normaliseLineEnds(text: string): string {
  return text.indexOf('\r') < 0 ? text : text.replace(/\r\n?/g, '\n');
}

/** XML 1.0 §3.3.3: literal whitespace in an attribute value is read as a space. */
export function attributeWhitespace(value: string): string {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13) return value.replace(/\r\n|[\t\n\r]/g, ' ');
  }
  return value;
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const REFERENCE = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_][\w.-]*);/g;

/**
 * Character data or an attribute value with line ends normalised and references expanded;
 * `{strayAt}` (an offset into `raw`) when a "&" starts no reference.
 */
export function decodeCharacterData(raw: string): string | { strayAt: number } {
  const value = normaliseLineEnds(raw);
  if (value.indexOf('&') < 0) return value;
  let count = 0;
  REFERENCE.lastIndex = 0;
  const decoded = value.replace(REFERENCE, (whole, body: string) => {
    count++;
    if (body.charCodeAt(0) === 35) {
      const code = body.charCodeAt(1) === 120 ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
  let ampersands = 0;
  for (let i = value.indexOf('&'); i >= 0; i = value.indexOf('&', i + 1)) ampersands++;
  return ampersands === count ? decoded : { strayAt: Math.max(0, findStrayAmpersand(value)) };
}

function findStrayAmpersand(value: string): number {
  for (let i = value.indexOf('&'); i >= 0; i = value.indexOf('&', i + 1)) {
    if (!/^&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_][\w.-]*);/.test(value.slice(i, i + 64))) return i;
  }
  return -1;
}
