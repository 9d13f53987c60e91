/**
 * A JSON (RFC 8259) tokenizer and grammar check that says what is wrong and where, in the
 * same terms for every engine. `JSON.parse` still builds the values; this only decides
 * validity and finds the first error. Iterative, so a deeply nested document cannot
 * overflow the stack.
 */
import { positionAt } from '../types';

/** One lexical token of a JSON text, by UTF-16 offsets. */
export interface JsonToken {
  kind: '{' | '}' | '[' | ']' | ':' | ',' | 'string' | 'number' | 'literal' | 'eof';
  from: number;
  to: number;
}

/** The first syntax error of a JSON text: a sentence and the offset it points at. */
export interface JsonSyntaxFault {
  message: string;
  offset: number;
}

/** A token the grammar never allows: a stray word, quote, slash or other character. */
interface StrayToken {
  kind: 'stray';
  from: number;
  to: number;
}

type LexResult = JsonToken | StrayToken | { kind: 'fault'; fault: JsonSyntaxFault };

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

function isWordChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || isDigit(c) || c === 0x5f || c === 0x24;
}

function codeLabel(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

function lexString(text: string, start: number): LexResult {
  let i = start + 1;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return { kind: 'string', from: start, to: i + 1 };
    if (c === 0x5c) {
      const e = text.charCodeAt(i + 1);
      if (i + 1 >= n) break;
      if (e === 0x75 /* u */) {
        for (let k = 2; k < 6; k++) {
          if (!isHex(text.charCodeAt(i + k))) {
            return { kind: 'fault', fault: { offset: i, message: 'Bad Unicode escape: "\\u" must be followed by four hex digits' } };
          }
        }
        i += 6;
        continue;
      }
      if ('"\\/bfnrt'.includes(text[i + 1]!)) {
        i += 2;
        continue;
      }
      return {
        kind: 'fault',
        fault: { offset: i, message: `Bad escape "\\${text[i + 1]}" in string; JSON allows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX` },
      };
    }
    if (c < 0x20) {
      const hint = c === 0x0a || c === 0x0d ? ' (a line break inside a string must be written \\n)' : c === 0x09 ? ' (write a tab as \\t)' : '';
      return { kind: 'fault', fault: { offset: i, message: `Bad control character ${codeLabel(c)} in string${hint}` } };
    }
    i++;
  }
  return { kind: 'fault', fault: { offset: n, message: 'Unterminated string: the closing quote is missing' } };
}

function lexNumber(text: string, start: number): LexResult {
  let i = start;
  if (text.charCodeAt(i) === 0x2d) i++;
  if (!isDigit(text.charCodeAt(i))) return { kind: 'fault', fault: { offset: i, message: 'No number after minus sign' } };
  if (text.charCodeAt(i) === 0x30) {
    i++;
    if (isDigit(text.charCodeAt(i))) return { kind: 'fault', fault: { offset: start, message: 'Numbers cannot have leading zeros' } };
  } else {
    while (isDigit(text.charCodeAt(i))) i++;
  }
  if (text.charCodeAt(i) === 0x2e) {
    i++;
    if (!isDigit(text.charCodeAt(i))) return { kind: 'fault', fault: { offset: i, message: 'Expected a digit after the decimal point' } };
    while (isDigit(text.charCodeAt(i))) i++;
  }
  const e = text.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 0x2b || sign === 0x2d) i++;
    if (!isDigit(text.charCodeAt(i))) return { kind: 'fault', fault: { offset: i, message: 'Expected a digit in the exponent' } };
    while (isDigit(text.charCodeAt(i))) i++;
  }
  return { kind: 'number', from: start, to: i };
}

/** Reads the token at or after `pos` (JSON whitespace is space, tab, LF and CR only). */
function lex(text: string, pos: number): LexResult {
  const n = text.length;
  let i = pos;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
    i++;
  }
  if (i >= n) return { kind: 'eof', from: n, to: n };
  const c = text.charCodeAt(i);
  switch (c) {
    case 0x7b:
      return { kind: '{', from: i, to: i + 1 };
    case 0x7d:
      return { kind: '}', from: i, to: i + 1 };
    case 0x5b:
      return { kind: '[', from: i, to: i + 1 };
    case 0x5d:
      return { kind: ']', from: i, to: i + 1 };
    case 0x3a:
      return { kind: ':', from: i, to: i + 1 };
    case 0x2c:
      return { kind: ',', from: i, to: i + 1 };
    case 0x22:
      return lexString(text, i);
  }
  if (c === 0x2d || isDigit(c)) return lexNumber(text, i);
  if (isWordChar(c)) {
    let end = i + 1;
    while (end < n && isWordChar(text.charCodeAt(end))) end++;
    const word = text.slice(i, end);
    if (word === 'true' || word === 'false' || word === 'null') return { kind: 'literal', from: i, to: end };
    return { kind: 'stray', from: i, to: end };
  }
  // A stray character: one code point, so an astral character is not split in a message.
  const width = c >= 0xd800 && c <= 0xdbff && i + 1 < n ? 2 : 1;
  return { kind: 'stray', from: i, to: i + width };
}

function strayDescription(text: string, token: StrayToken): string {
  const s = text.slice(token.from, token.to);
  const c = s.charCodeAt(0);
  if (c < 0x20 || c === 0x7f || c === 0xfeff || (c >= 0x80 && /\s/.test(s))) {
    return c === 0xfeff ? 'byte order mark U+FEFF' : `character ${codeLabel(c)}`;
  }
  return `"${s.length > 20 ? `${s.slice(0, 20)}…` : s}"`;
}

/** Why a stray token cannot be a value, with a hint for the usual mistakes. */
function strayValueMessage(text: string, token: StrayToken): string {
  const s = text.slice(token.from, token.to);
  const what = strayDescription(text, token);
  if (s === "'") return 'Strings must use double quotes, not single quotes';
  if (s === '/') return 'Comments are not allowed in JSON';
  if (s === '.') return 'Numbers must start with a digit (write 0.5, not .5)';
  if (s === '+') return 'Numbers cannot start with "+"';
  if (s === '\uFEFF') return 'Unexpected byte order mark U+FEFF; JSON text must not start with one';
  if (s === 'NaN' || s === 'Infinity') return `${s} is not a JSON value`;
  if (isWordChar(s.charCodeAt(0))) return `Unexpected ${what}: the only literals in JSON are true, false and null`;
  return `Unexpected ${what}: expected a JSON value`;
}

const CLOSE_NAME: Record<'object' | 'array', string> = { object: '"}"', array: '"]"' };

interface Frame {
  kind: 'object' | 'array';
  start: number;
}

type State = 'value' | 'value-or-close' | 'key-or-close' | 'key' | 'colon' | 'after-value';

/** What was still needed when the text ended mid-container (null: only the closer). */
const EXPECTED_AT_END: Record<State, string | null> = {
  value: 'a JSON value',
  'value-or-close': null,
  'key-or-close': null,
  key: 'a property name',
  colon: '":" and a value',
  'after-value': null,
};

/**
 * Checks that `text` is exactly one JSON value with optional whitespace around it.
 * Returns the first fault, or null. `onToken`, if given, sees every token in order (up to
 * the fault), which the formatter uses to re-emit the document without a second lexer.
 */
export function checkJsonSyntax(text: string, onToken?: (token: JsonToken) => void): JsonSyntaxFault | null {
  const stack: Frame[] = [];
  let state: State = 'value';
  let lastComma = -1;
  let pos = 0;
  for (;;) {
    const token = lex(text, pos);
    if (token.kind === 'fault') return token.fault;
    pos = token.to;
    const top = stack[stack.length - 1];
    if (token.kind === 'eof') {
      if (state === 'after-value' && !top) return null;
      if (!top) {
        return { offset: token.from, message: text.trim() === '' ? 'The text is empty: a JSON document needs a value' : 'Unexpected end of input: expected a JSON value' };
      }
      const where = positionLabel(text, top.start);
      const expected = EXPECTED_AT_END[state];
      return {
        offset: token.from,
        message: expected
          ? `Unexpected end of input: expected ${expected}; the ${top.kind} opened at ${where} is not closed`
          : `Unexpected end of input: the ${top.kind} opened at ${where} is not closed with ${CLOSE_NAME[top.kind]}`,
      };
    }
    if (token.kind === 'stray') {
      return { offset: token.from, message: strayMessage(text, token, state, top) };
    }
    switch (state) {
      case 'value':
      case 'value-or-close':
        if (token.kind === '{') {
          stack.push({ kind: 'object', start: token.from });
          state = 'key-or-close';
        } else if (token.kind === '[') {
          stack.push({ kind: 'array', start: token.from });
          state = 'value-or-close';
        } else if (token.kind === 'string' || token.kind === 'number' || token.kind === 'literal') {
          state = 'after-value';
        } else if (token.kind === ']' && state === 'value-or-close') {
          stack.pop();
          state = 'after-value';
        } else if (token.kind === ']' && top?.kind === 'array') {
          return { offset: lastComma, message: 'Trailing comma before "]" is not allowed in JSON' };
        } else {
          return { offset: token.from, message: `Unexpected "${token.kind}": expected a JSON value` };
        }
        break;
      case 'key-or-close':
      case 'key':
        if (token.kind === 'string') state = 'colon';
        else if (token.kind === '}' && state === 'key-or-close') {
          stack.pop();
          state = 'after-value';
        } else if (token.kind === '}') {
          return { offset: lastComma, message: 'Trailing comma before "}" is not allowed in JSON' };
        } else {
          return { offset: token.from, message: `Expected a double-quoted property name, found "${text.slice(token.from, token.to)}"` };
        }
        break;
      case 'colon':
        if (token.kind !== ':') {
          return { offset: token.from, message: `Expected ":" after property name, found "${text.slice(token.from, Math.min(token.to, token.from + 20))}"` };
        }
        state = 'value';
        break;
      case 'after-value':
        if (!top) return { offset: token.from, message: 'Unexpected non-whitespace character after JSON data' };
        if (token.kind === ',') {
          lastComma = token.from;
          state = top.kind === 'object' ? 'key' : 'value';
        } else if ((token.kind === '}' && top.kind === 'object') || (token.kind === ']' && top.kind === 'array')) {
          stack.pop();
        } else {
          return {
            offset: token.from,
            message: top.kind === 'object' ? 'Expected "," or "}" after property value' : 'Expected "," or "]" after array element',
          };
        }
        break;
    }
    onToken?.(token);
  }
}

function strayMessage(text: string, token: StrayToken, state: State, top: Frame | undefined): string {
  const s = text.slice(token.from, token.to);
  switch (state) {
    case 'value':
    case 'value-or-close':
      return strayValueMessage(text, token);
    case 'key-or-close':
    case 'key':
      if (s === '/') return 'Comments are not allowed in JSON';
      return `Property names must be double-quoted strings, found ${strayDescription(text, token)}`;
    case 'colon':
      return `Expected ":" after property name, found ${strayDescription(text, token)}`;
    case 'after-value':
      if (!top) return 'Unexpected non-whitespace character after JSON data';
      if (s === '/') return 'Comments are not allowed in JSON';
      return top.kind === 'object' ? 'Expected "," or "}" after property value' : 'Expected "," or "]" after array element';
  }
}

function positionLabel(text: string, offset: number): string {
  const { line, column } = positionAt(text, offset);
  return `line ${line}, column ${column}`;
}

/**
 * How deep a JSON document core reads into values and walks may nest (Jackson's default
 * too). Real documents stay far below; the walkers (JSONPath, deep equality, schema
 * validation, `JSON.stringify`) each spend stack frames per level.
 */
export const JSON_READ_DEPTH = 1000;

/**
 * The offset of the first `[` or `{` that opens a level deeper than `limit` in a JSON
 * text, or undefined when none does. A plain scan (strings skipped), so it is safe on any
 * depth; callers that walk parsed values recursively check this first, so a hostile
 * document is refused with a position instead of overflowing the stack.
 */
export function jsonNestingBeyond(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return i;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return undefined;
}
