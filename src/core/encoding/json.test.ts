import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatJson, parseJson } from './json';
import { checkJsonSyntax } from './jsonSyntax';

/** Asserts a syntax error with this message at this 1-based line and column. */
function expectError(text: string, message: string, line: number, column: number) {
  const result = parseJson(text);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.error.kind).toBe('json-syntax');
  expect(result.error.message).toBe(message);
  expect(result.error.position).toMatchObject({ line, column });
}

describe('parseJson', () => {
  it('returns the value JSON.parse would', () => {
    expect(parseJson(' {"a": [1, 2.5e3, "x\\u00e9", true, null]} \n')).toEqual({ ok: true, value: { a: [1, 2500, 'xé', true, null] } });
  });

  it('locates a missing comma between properties on a later line', () => {
    expectError('{\n  "a": 1\n  "b": 2\n}', 'Expected "," or "}" after property value', 3, 3);
  });

  it('locates a missing comma in an array', () => {
    expectError('[1, 2 3]', 'Expected "," or "]" after array element', 1, 7);
  });

  it('points at a trailing comma', () => {
    expectError('{\n  "a": 1,\n}', 'Trailing comma before "}" is not allowed in JSON', 2, 9);
    expectError('[1,\n2,\n]', 'Trailing comma before "]" is not allowed in JSON', 2, 2);
  });

  it('explains single quotes, unquoted keys and comments', () => {
    expectError("{'a': 1}", 'Property names must be double-quoted strings, found "\'"', 1, 2);
    expectError('{a: 1}', 'Property names must be double-quoted strings, found "a"', 1, 2);
    expectError("['x']", 'Strings must use double quotes, not single quotes', 1, 2);
    expectError('{"a": 1 // note\n}', 'Comments are not allowed in JSON', 1, 9);
  });

  it('explains the words that are not JSON', () => {
    expectError('[undefined]', 'Unexpected "undefined": the only literals in JSON are true, false and null', 1, 2);
    expectError('{"n": NaN}', 'NaN is not a JSON value', 1, 7);
    expectError('[True]', 'Unexpected "True": the only literals in JSON are true, false and null', 1, 2);
  });

  it('reports number errors where they occur', () => {
    expectError('[01]', 'Numbers cannot have leading zeros', 1, 2);
    expectError('[1.]', 'Expected a digit after the decimal point', 1, 4);
    expectError('[1e+]', 'Expected a digit in the exponent', 1, 5);
    expectError('[-]', 'No number after minus sign', 1, 3);
    expectError('[.5]', 'Numbers must start with a digit (write 0.5, not .5)', 1, 2);
    expectError('[+1]', 'Numbers cannot start with "+"', 1, 2);
  });

  it('reports string errors where they occur', () => {
    expectError('{"a": "line\nbreak"}', 'Bad control character U+000A in string (a line break inside a string must be written \\n)', 1, 12);
    expectError('["a\\x"]', 'Bad escape "\\x" in string; JSON allows \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX', 1, 4);
    expectError('["\\u12G4"]', 'Bad Unicode escape: "\\u" must be followed by four hex digits', 1, 3);
    expectError('{"a": "open', 'Unterminated string: the closing quote is missing', 1, 12);
  });

  it('reports a missing colon', () => {
    expectError('{"a" 1}', 'Expected ":" after property name, found "1"', 1, 6);
  });

  it('reports an empty body and unclosed containers at the end', () => {
    expectError('', 'The text is empty: a JSON document needs a value', 1, 1);
    expectError('  \n ', 'The text is empty: a JSON document needs a value', 2, 2);
    expectError('{"a": [1, 2', 'Unexpected end of input: the array opened at line 1, column 7 is not closed with "]"', 1, 12);
    expectError('{"a":', 'Unexpected end of input: expected a JSON value; the object opened at line 1, column 1 is not closed', 1, 6);
    expectError('{"a"', 'Unexpected end of input: expected ":" and a value; the object opened at line 1, column 1 is not closed', 1, 5);
    expectError('{', 'Unexpected end of input: the object opened at line 1, column 1 is not closed with "}"', 1, 2);
  });

  it('reports trailing garbage after the document', () => {
    expectError('{"a": 1}\n}', 'Unexpected non-whitespace character after JSON data', 2, 1);
    expectError('1 2', 'Unexpected non-whitespace character after JSON data', 1, 3);
  });

  it('rejects a byte order mark as JSON.parse does', () => {
    expectError('\uFEFF{}', 'Unexpected byte order mark U+FEFF; JSON text must not start with one', 1, 1);
  });

  it('handles nesting far deeper than the call stack allows', () => {
    const depth = 100_000;
    expect(parseJson('['.repeat(depth) + ']'.repeat(depth)).ok).toBe(true);
    expect(parseJson('['.repeat(depth)).ok).toBe(false);
  });

  it('agrees with JSON.parse on arbitrary valid JSON', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(parseJson(text)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: 500 },
    );
  });

  it('accepts exactly what JSON.parse accepts, and never throws', () => {
    const jsonish = fc.string({
      unit: fc.oneof(
        fc.constantFrom('{', '}', '[', ']', ':', ',', '"', '\\', 'u', '0', '1', '-', '+', '.', 'e', 'E', ' ', '\n', 'true', 'null', 'fals', 'a', '\t', '\f', '\r', '\u00a0', '\u2028', '\u0001', '/', '\uFEFF'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 16,
    });
    const mutated = fc.tuple(fc.json(), fc.nat(), fc.string({ maxLength: 2 })).map(([text, at, insert]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + insert + text.slice(i + 1);
    });
    fc.assert(
      fc.property(fc.oneof(jsonish, mutated), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        // The grammar itself must agree, not just the JSON.parse safety net behind it.
        expect(checkJsonSyntax(text) === null).toBe(valid);
        const result = parseJson(text);
        expect(result.ok).toBe(valid);
        if (!result.ok) {
          expect(result.error.kind).toBe('json-syntax');
          expect(result.error.position!.offset).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('formatJson', () => {
  it('indents with two spaces by default and keeps empty containers on one line', () => {
    expect(formatJson('{"a":[1,{},[]],"b":{"c":null}}')).toEqual({
      ok: true,
      value: '{\n  "a": [\n    1,\n    {},\n    []\n  ],\n  "b": {\n    "c": null\n  }\n}',
    });
  });

  it('keeps numbers, escapes and duplicate keys exactly as written', () => {
    expect(formatJson('{"id":12345678901234567890,"x":1.50,"s":"\\u00e9","id":2}', 0)).toEqual({
      ok: true,
      value: '{"id":12345678901234567890,"x":1.50,"s":"\\u00e9","id":2}',
    });
  });

  it('accepts an indent string and clamps like JSON.stringify', () => {
    expect(formatJson('[1]', '\t')).toEqual({ ok: true, value: '[\n\t1\n]' });
    expect(formatJson('[1]', 20)).toEqual({ ok: true, value: `[\n${' '.repeat(10)}1\n]` });
  });

  it('equals JSON.stringify(JSON.parse(text), null, indent) for canonical JSON', () => {
    fc.assert(
      fc.property(fc.json(), fc.constantFrom(0, 2, 4, '\t'), (text, indent) => {
        expect(formatJson(text, indent)).toEqual({ ok: true, value: JSON.stringify(JSON.parse(text), null, indent) });
      }),
      { numRuns: 500 },
    );
  });

  it('fails like parseJson on bad input', () => {
    expect(formatJson('{"a":1,}')).toEqual(parseJson('{"a":1,}'));
  });
});

describe('jsonNestingBeyond', () => {
  it('finds the bracket that opens a level past the limit, skipping strings', async () => {
    const { jsonNestingBeyond } = await import('./jsonSyntax');
    expect(jsonNestingBeyond('[[1]]', 2)).toBeUndefined();
    expect(jsonNestingBeyond('[[1]]', 1)).toBe(1);
    expect(jsonNestingBeyond('{"a":[{"b":1}]}', 2)).toBe(6);
    expect(jsonNestingBeyond('["[[[[", "\\"[[[", {"k": 1}]', 1)).toBe(18);
    expect(jsonNestingBeyond('[1],[2],[3]', 1)).toBeUndefined();
    expect(jsonNestingBeyond(`${'['.repeat(200_000)}`, 1000)).toBe(1000);
  });
});
