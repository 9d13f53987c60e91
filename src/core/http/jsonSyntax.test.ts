import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { locateJsonSyntaxError } from './jsonSyntax';

describe('locateJsonSyntaxError', () => {
  it.each([
    ['{"a":}', 'a value', '"}"', 1, 6],
    ['{"a": 1,, }', 'a member name in double quotes', '","', 1, 9],
    ['{"a": 1', '"," or "}"', 'the end of the text', 1, 8],
    ['[1, 2 3]', '"," or "]"', '"3"', 1, 7],
    ["{'a': 1}", 'a member name in double quotes', '"\'"', 1, 2],
    ['{\n  "when": 2024-01-01\n}', '"," or "}"', '"-"', 2, 15],
    ['', 'a value', 'the end of the text', 1, 1],
    ['{"a" 1}', '":"', '"1"', 1, 6],
    ['"tab\there"', 'a string character (control characters must be escaped)', '"\\t"', 1, 5],
    ['"\\x"', 'an escape character (one of " \\ / b f n r t u)', '"x"', 1, 3],
    ['"\\u12G4"', 'four hex digits after "\\u"', '"1"', 1, 4],
    ['-', 'a digit', 'the end of the text', 1, 2],
    ['01', 'the end of the text after the JSON value', '"1"', 1, 2],
    ['tru', 'a value', '"t"', 1, 1],
    ['{} {}', 'the end of the text after the JSON value', '"{"', 1, 4],
    ['"open', 'a closing \'"\'', 'the end of the text', 1, 6],
  ])('%j: expected %s, found %s at %i:%i', (text, expected, found, line, column) => {
    const at = locateJsonSyntaxError(text);
    expect(at).toMatchObject({ expected, found, position: { line, column } });
  });

  it.each(['{}', '[]', '0', '-1.5e+3', '"\\u00e9\\n"', 'null', ' {"a":[1,{"b":true}],"c":null} ', '[[[[[]]]]]'])(
    'accepts valid JSON %j',
    (text) => {
      expect(locateJsonSyntaxError(text)).toBeUndefined();
    },
  );

  it('handles deep nesting without overflowing the stack', () => {
    expect(locateJsonSyntaxError('['.repeat(100_000) + ']'.repeat(100_000))).toBeUndefined();
    expect(locateJsonSyntaxError('['.repeat(100_000))?.found).toBe('the end of the text');
  });

  it('agrees with JSON.parse on validity for arbitrary JSON-ish text', () => {
    const jsonish = fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '1', '-', '.', 'e', 'a', ' ', 't', 'r', 'u', '\\', 'n', 'l'), maxLength: 20 });
    fc.assert(
      fc.property(fc.oneof(jsonish, fc.json()), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(locateJsonSyntaxError(text) === undefined).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });
});
