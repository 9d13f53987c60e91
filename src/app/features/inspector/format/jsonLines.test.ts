import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentOf, viewText } from './formatTestKit';

const pretty = (json: string, piece?: number) => viewText(documentOf(json, 'application/json', piece ? { piece } : {}));
const problem = (json: string) => documentOf(json, 'application/json').progress().pretty?.problem;

describe('JSON line index', () => {
  it('lays out like JSON.stringify(value, null, 2)', () => {
    expect(pretty('{"a":1,"b":[true,null,{"c":"x"}]}')).toBe('{\n  "a": 1,\n  "b": [\n    true,\n    null,\n    {\n      "c": "x"\n    }\n  ]\n}');
  });

  it('keeps empty containers on one line and normalises the source whitespace', () => {
    expect(pretty('{ "a" : { } , "b":[ ]\n}')).toBe('{\n  "a": {},\n  "b": []\n}');
  });

  it('keeps strings exactly, including escapes, braces and non-ASCII', () => {
    expect(pretty('["a\\"b{,}:", "héllo \\u00e9 ✓"]')).toBe('[\n  "a\\"b{,}:",\n  "héllo \\u00e9 ✓"\n]');
  });

  it('formats a scalar document', () => {
    expect(pretty(' 42 ')).toBe('42');
  });

  it('equals JSON.stringify for any JSON value, however the bytes are split', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 40 }), (value, piece) => {
        const text = JSON.stringify(value);
        expect(pretty(text, piece)).toBe(JSON.stringify(value, null, 2));
      }),
      { numRuns: 150 },
    );
  });

  it('reports the first syntax error with where it is, and keeps the lines before it', () => {
    const doc = documentOf('{\n  "a": 1,\n  "b" 2\n}', 'application/json');
    const progress = doc.progress().pretty!;
    expect(progress.problem).toEqual({ message: 'Expected ":" after the property name, found "2"', offset: 18, line: 3, column: 7, displayLine: 2 });
    expect(progress.lines).toBe(3);
  });

  it('names each kind of error', () => {
    expect(problem('[1,]')?.message).toBe('Expected a value, found "]"');
    expect(problem('{"a":1')?.message).toBe('The body ends with 1 unclosed container (expected "}")');
    expect(problem('["abc')?.message).toBe('The body ends inside a string');
    expect(problem('[tru]')?.message).toBe('"tru" is not a JSON value (expected a number, true, false or null)');
    expect(problem('[01]')?.message).toContain('"01" is not a JSON value');
    expect(problem('{} x')?.message).toBe('Unexpected "x" after the end of the JSON value');
    expect(problem('["a\\x"]')?.message).toBe('Invalid escape \\x in a string');
    expect(problem('["a\tb"]')?.message).toBe('Unescaped control character byte 0x09 in a string');
    expect(problem('{a:1}')?.message).toBe('Expected a property name in double quotes or "}", found "a"');
    expect(problem('   ')?.message).toBe('The body holds no JSON value, only whitespace');
  });
});
