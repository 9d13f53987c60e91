/**
 * The one place of RFC 9110's `token` grammar (§5.6.2), shared by methods, field names,
 * media types and auth schemes: `tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" /
 * "-" / "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA`.
 */

const TCHAR_PUNCTUATION = "!#$%&'*+-.^_`|~";
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** True when the UTF-16 code unit `code` is a tchar. */
export function isTcharCode(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code < 0x80 && TCHAR_PUNCTUATION.includes(String.fromCharCode(code)))
  );
}

/** True when `ch` (one character) may appear in a token. */
export function isTokenChar(ch: string): boolean {
  return ch.length === 1 && isTcharCode(ch.charCodeAt(0));
}

/** True when `text` is a token: one or more tchar (a method, field name, scheme, parameter name). */
export function isHttpToken(text: string): boolean {
  return TOKEN.test(text);
}
