/**
 * Where a JSON text first breaks the grammar (RFC 8259), for explaining a 400. JSON.parse
 * decides whether a body is valid; this only locates the fault, because engines word
 * (and sometimes omit) positions in their error messages differently. Iterative, so a
 * deeply nested body cannot overflow the stack.
 */
import type { TextPosition } from '../types';
import { positionAt } from '../types';

/** The first JSON syntax error in a text: where, and what the grammar wanted there. */
export interface JsonSyntaxLocation {
  position: TextPosition;
  /** What was expected, e.g. `a value` or `"," or "}"`. */
  expected: string;
  /** What was there instead, e.g. `"}"` or `the end of the text`. */
  found: string;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * Locates the first syntax error in `text` as JSON, or returns undefined when the text is
 * valid JSON. Example: `{"a":}` → expected `a value`, found `"}"` at line 1, column 6.
 */
export function locateJsonSyntaxError(text: string): JsonSyntaxLocation | undefined {
  let i = 0;
  const stack: ('object' | 'array')[] = [];

  const skipWhitespace = () => {
    while (i < text.length && WHITESPACE.has(text.charAt(i))) i++;
  };
  const failAt = (offset: number, expected: string): JsonSyntaxLocation => ({
    position: positionAt(text, offset),
    expected,
    found: offset >= text.length ? 'the end of the text' : JSON.stringify(text.charAt(offset)),
  });
  // Reads a string starting at the opening quote; returns an error or undefined.
  const readString = (): JsonSyntaxLocation | undefined => {
    i++;
    while (i < text.length) {
      const ch = text.charAt(i);
      if (ch === '"') {
        i++;
        return undefined;
      }
      if (ch === '\\') {
        const next = text.charAt(i + 1);
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return failAt(i + 2, 'four hex digits after "\\u"');
          i += 6;
          continue;
        }
        if (!ESCAPES.has(next)) return failAt(i + 1, 'an escape character (one of " \\ / b f n r t u)');
        i += 2;
        continue;
      }
      if (ch.charCodeAt(0) < 0x20) return failAt(i, 'a string character (control characters must be escaped)');
      i++;
    }
    return failAt(i, 'a closing \'"\'');
  };
  const readKey = (): JsonSyntaxLocation | undefined => {
    skipWhitespace();
    if (text.charAt(i) !== '"') return failAt(i, 'a member name in double quotes');
    const bad = readString();
    if (bad) return bad;
    skipWhitespace();
    if (text.charAt(i) !== ':') return failAt(i, '":"');
    i++;
    return undefined;
  };

  let expectingValue = true;
  for (;;) {
    skipWhitespace();
    if (expectingValue) {
      const ch = text.charAt(i);
      if (ch === '{') {
        i++;
        skipWhitespace();
        if (text.charAt(i) === '}') {
          i++;
          expectingValue = false;
        } else {
          stack.push('object');
          const bad = readKey();
          if (bad) return bad;
        }
      } else if (ch === '[') {
        i++;
        skipWhitespace();
        if (text.charAt(i) === ']') {
          i++;
          expectingValue = false;
        } else {
          stack.push('array');
        }
      } else if (ch === '"') {
        const bad = readString();
        if (bad) return bad;
        expectingValue = false;
      } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
        NUMBER.lastIndex = i;
        const match = NUMBER.exec(text);
        if (!match || match[0] === '-') return failAt(i + (ch === '-' ? 1 : 0), 'a digit');
        i += match[0].length;
        expectingValue = false;
      } else {
        const literal = ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
        if (!literal) return failAt(i, 'a value');
        i += literal.length;
        expectingValue = false;
      }
      continue;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) {
      return i < text.length ? failAt(i, 'the end of the text after the JSON value') : undefined;
    }
    const ch = text.charAt(i);
    const close = top === 'object' ? '}' : ']';
    if (ch === ',') {
      i++;
      if (top === 'object') {
        const bad = readKey();
        if (bad) return bad;
      }
      expectingValue = true;
    } else if (ch === close) {
      i++;
      stack.pop();
    } else {
      return failAt(i, `"," or "${close}"`);
    }
  }
}
