/**
 * The RFC 9110 §11 grammar pieces shared by challenges (`WWW-Authenticate`) and
 * credentials (`Authorization`): token, token68, quoted-string and auth-param. Both
 * header parsers scan with the same cursor so their errors read the same way.
 */
import { isHttpToken, isTokenChar } from '../grammar';
import type { CoreError, TextPosition } from '../types';
import { positionAt } from '../types';

/** One `name=value` pair of a challenge or credentials, as written (quotes removed). */
export interface AuthParam {
  name: string;
  value: string;
}

/**
 * A syntax error in an authentication header value: where it happened and what the
 * grammar expected there, so an editor can underline it and a person can fix it.
 */
export interface AuthSyntaxError extends CoreError {
  kind: 'auth-syntax';
  position: TextPosition;
  /** What the grammar wanted at `position`, e.g. `"="` or `auth-scheme (a token)`. */
  expected: string;
}

const TOKEN68_PUNCTUATION = '-._~+/';

function isAlphaNum(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}


/** True when `text` is an RFC 9110 token (non-empty, tchar only): a scheme or param name. */
export const isAuthToken: (text: string) => boolean = isHttpToken;

function isToken68Char(ch: string): boolean {
  return ch.length === 1 && (isAlphaNum(ch.charCodeAt(0)) || TOKEN68_PUNCTUATION.includes(ch));
}

/**
 * True when `text` is an RFC 9110 token68 (the RFC 6750 b64token): base64/base64url
 * characters followed only by trailing `=` padding.
 */
export function isToken68(text: string): boolean {
  return token68Length(text, 0) === text.length && text.length > 0;
}

/** Length of the token68 starting at `start` (0 when none). */
function token68Length(text: string, start: number): number {
  let i = start;
  while (i < text.length && isToken68Char(text[i]!)) i++;
  if (i === start) return 0;
  while (i < text.length && text[i] === '=') i++;
  return i - start;
}

/**
 * Says why `text` is not a token68, or undefined when it is one. `index` is the first
 * offending character (or the length when the text is empty).
 */
export function token68Problem(text: string): { index: number; message: string } | undefined {
  if (text.length === 0) return { index: 0, message: 'it is empty' };
  const length = token68Length(text, 0);
  if (length === text.length) return undefined;
  const ch = text[length]!;
  const column = length + 1;
  if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
    return { index: length, message: `it contains ${describeChar(ch)} at column ${column}; remove the whitespace` };
  }
  if (length > 0 && text[length - 1] === '=') {
    return { index: length, message: `"=" may only end it, but ${describeChar(ch)} follows at column ${column}` };
  }
  return {
    index: length,
    message: `${describeChar(ch)} at column ${column} is not allowed; a token68 holds letters, digits, "-", ".", "_", "~", "+", "/" and trailing "="`,
  };
}

/**
 * Index of the first character of `text` that a quoted-string cannot carry (controls
 * other than HTAB, and DEL), or -1 when every character can be sent quoted.
 */
export function unquotableIndex(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return i;
  }
  return -1;
}

/**
 * Writes an auth-param value the shortest valid way: bare when it is a token, otherwise
 * as a quoted-string with `"` and `\` escaped. Throws a RangeError for characters no
 * quoted-string can carry, because callers must validate user input before formatting.
 */
export function formatAuthParamValue(value: string): string {
  return isAuthToken(value) ? value : quoteAuthParamValue(value);
}

/**
 * Writes `value` as a quoted-string, escaping `"` and `\`. Throws a RangeError for
 * characters no quoted-string can carry (validate user input first).
 */
export function quoteAuthParamValue(value: string): string {
  const bad = unquotableIndex(value);
  if (bad >= 0) {
    throw new RangeError(
      `Auth-param value has ${describeChar(value[bad]!)} at index ${bad}; a quoted-string cannot carry control characters`,
    );
  }
  return `"${value.replace(/["\\]/g, (m) => `\\${m}`)}"`;
}

/** Finds the value of the auth-param `name`, compared case-insensitively as RFC 9110 says. */
export function authParam(holder: { params: readonly AuthParam[] }, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const p of holder.params) if (p.name.toLowerCase() === lower) return p.value;
  return undefined;
}

/** Names a character for an error message so invisible ones are still readable. */
export function describeChar(ch: string | undefined): string {
  if (ch === undefined) return 'the end of the value';
  if (ch === ' ') return 'a space';
  if (ch === '\t') return 'a tab';
  const code = ch.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return `control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${ch}'`;
}

/**
 * A read position in one header value. Internal to the auth parsers: they share it so
 * that token, quoted-string and auth-param are scanned (and fail) in one way.
 */
export class AuthScanner {
  pos = 0;
  constructor(readonly text: string) {}

  get atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string | undefined {
    return this.text[this.pos];
  }

  /** Skips OWS/BWS (spaces and tabs); returns how many were skipped. */
  skipWhitespace(): number {
    const start = this.pos;
    while (this.pos < this.text.length && (this.text[this.pos] === ' ' || this.text[this.pos] === '\t')) this.pos++;
    return this.pos - start;
  }

  /** Reads a token (possibly empty). */
  readToken(): string {
    const start = this.pos;
    while (this.pos < this.text.length && isTokenChar(this.text[this.pos]!)) this.pos++;
    return this.text.slice(start, this.pos);
  }

  /**
   * Reads a token68 when one starts here and is followed only by OWS and one of the
   * `terminators` (or the end): that is what tells `Negotiate abc==` from `realm="x"`.
   */
  readToken68If(terminators: string): string | undefined {
    const length = token68Length(this.text, this.pos);
    if (length === 0) return undefined;
    let after = this.pos + length;
    while (after < this.text.length && (this.text[after] === ' ' || this.text[after] === '\t')) after++;
    if (after < this.text.length && !terminators.includes(this.text[after]!)) return undefined;
    const value = this.text.slice(this.pos, this.pos + length);
    this.pos += length;
    return value;
  }

  /** Builds the error for "wanted `expected` here", naming what was found instead. */
  error(expected: string, context: string, offset = this.pos): AuthSyntaxError {
    const position = positionAt(this.text, offset);
    const where = position.line > 1 ? `line ${position.line}, column ${position.column}` : `column ${position.column}`;
    const found = describeChar(this.text[offset]);
    return {
      kind: 'auth-syntax',
      message: `Expected ${expected}${context ? ` ${context}` : ''} at ${where}, but found ${found}.`,
      position,
      expected,
    };
  }

  /** Reads a quoted-string starting at the opening `"`, undoing backslash escapes. */
  readQuotedString(): { ok: true; value: string } | { ok: false; error: AuthSyntaxError } {
    const open = this.pos;
    // Worked out only for an error: computing it for every string would make a long header quadratic.
    const opened = () => positionAt(this.text, open).column;
    this.pos++;
    let value = '';
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos]!;
      if (ch === '"') {
        this.pos++;
        return { ok: true, value };
      }
      if (ch === '\\') {
        const next = this.text[this.pos + 1];
        if (next === undefined) break;
        if (unquotableIndex(next) === 0) {
          return { ok: false, error: this.error('an escapable character after "\\"', 'in quoted-string', this.pos + 1) };
        }
        value += next;
        this.pos += 2;
        continue;
      }
      if (unquotableIndex(ch) === 0) {
        return { ok: false, error: this.error(`'"'`, `(end of the quoted-string opened at column ${opened()})`) };
      }
      value += ch;
      this.pos++;
    }
    return {
      ok: false,
      error: this.error(`'"'`, `(end of the quoted-string opened at column ${opened()})`, this.text.length),
    };
  }

  /**
   * Reads `#auth-param` up to the end of the text, tolerating empty list elements.
   * On failure also says which param was being read, so callers can name it.
   */
  readAuthParamList(
    context: string,
  ): { ok: true; value: AuthParam[] } | { ok: false; error: AuthSyntaxError; paramName?: string } {
    const params: AuthParam[] = [];
    while (true) {
      this.skipWhitespace();
      while (this.peek() === ',') {
        this.pos++;
        this.skipWhitespace();
      }
      if (this.atEnd) return { ok: true, value: params };
      const start = this.pos;
      const param = this.readAuthParam(context);
      if (!param.ok) {
        const name = this.text.slice(start).match(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/)?.[0];
        return name ? { ...param, paramName: name } : param;
      }
      params.push(param.value);
      this.skipWhitespace();
      if (this.atEnd) return { ok: true, value: params };
      if (this.peek() !== ',') {
        return {
          ok: false,
          error: this.error('"," or the end', `after auth-param "${param.value.name}"`),
          paramName: param.value.name,
        };
      }
    }
  }

  /** Reads `token BWS "=" BWS ( token / quoted-string )`. */
  readAuthParam(context: string): { ok: true; value: AuthParam } | { ok: false; error: AuthSyntaxError } {
    const name = this.readToken();
    if (!name) return { ok: false, error: this.error('an auth-param name (a token)', context) };
    this.skipWhitespace();
    if (this.peek() !== '=') {
      return { ok: false, error: this.error('"="', `after auth-param name "${name}"`) };
    }
    this.pos++;
    this.skipWhitespace();
    if (this.peek() === '"') {
      const quoted = this.readQuotedString();
      if (!quoted.ok) return quoted;
      return { ok: true, value: { name, value: quoted.value } };
    }
    const value = this.readToken();
    if (!value) {
      return { ok: false, error: this.error('a token or quoted-string', `as the value of auth-param "${name}"`) };
    }
    return { ok: true, value: { name, value } };
  }
}

export { isTokenChar };
