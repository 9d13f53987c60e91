import { describe, expect, it } from 'vitest';
import { parseCsvRows, parseDataFile, parseJsonRows } from './dataFile';

const rows = (result: ReturnType<typeof parseCsvRows>) => {
  if (!result.ok) throw new Error(`expected rows, got ${result.error.message}`);
  return result.value.map((row) => ({ ...row }));
};
const failure = (result: ReturnType<typeof parseCsvRows>) => {
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  return result.error;
};

describe('parseCsvRows', () => {
  it.each<[string, string, Record<string, string>[]]>([
    ['plain rows', 'user,pass\nada,1\ngrace,2\n', [{ user: 'ada', pass: '1' }, { user: 'grace', pass: '2' }]],
    ['CRLF line breaks', 'user,pass\r\nada,1\r\ngrace,2', [{ user: 'ada', pass: '1' }, { user: 'grace', pass: '2' }]],
    ['a BOM', '\uFEFFuser\nada', [{ user: 'ada' }]],
    ['quoted commas and line breaks', 'note,n\n"a, b",1\n"line 1\r\nline 2",2', [{ note: 'a, b', n: '1' }, { note: 'line 1\r\nline 2', n: '2' }]],
    ['escaped quotes', 'say\n"she said ""hi"""\n""""', [{ say: 'she said "hi"' }, { say: '"' }]],
    ['empty fields', 'a,b,c\n,,\n"",x,', [{ a: '', b: '', c: '' }, { a: '', b: 'x', c: '' }]],
    ['blank lines skipped', 'a\n\n1\n\n\n2\n', [{ a: '1' }, { a: '2' }]],
    ['header names trimmed, values kept', ' a , b \n 1 , 2 ', [{ a: ' 1 ', b: ' 2 ' }]],
    ['unicode', 'name,city\nZoë,Zürich\n😀,東京', [{ name: 'Zoë', city: 'Zürich' }, { name: '😀', city: '東京' }]],
    ['numbers stay strings', 'n\n007\n1e3', [{ n: '007' }, { n: '1e3' }]],
    ['a header without rows', 'a,b\n', []],
    ['a prototype name', '__proto__,constructor\nx,y', [{ ['__proto__']: 'x', constructor: 'y' }]],
  ])('%s', (_name, text, expected) => {
    const got = rows(parseCsvRows(text));
    expect(got.length).toBe(expected.length);
    got.forEach((row, i) => expect(Object.entries(row)).toEqual(Object.entries(expected[i]!)));
  });

  it.each<[string, string, string, number, number]>([
    ['an unterminated quote', 'a,b\n1,"open\n2,3', 'This quoted field never ends', 2, 3],
    ['text after a closing quote', 'a\n"x"y', 'Unexpected "y" after a closing quote', 2, 4],
    ['a quote in an unquoted field', 'a,b\n1,x"y', 'A quote inside an unquoted field', 2, 4],
    ['too few fields', 'a,b,c\n1,2,3\n4,5', 'This row has 2 fields; the header has 3', 3, 1],
    ['too many fields', 'a,b\r\n1,2,3', 'This row has 3 fields; the header has 2', 2, 5],
    ['an empty column name', 'a,,c\n1,2,3', 'Column 2 of the header has no name', 1, 3],
    ['a repeated column name', 'id,name,id\n1,2,3', 'The header names "id" twice (columns 1 and 3)', 1, 9],
  ])('%s: error with line and column', (_name, text, message, line, column) => {
    const error = failure(parseCsvRows(text));
    expect(error).toMatchObject({ kind: 'data-csv', position: { line, column } });
    expect(error.message.startsWith(message)).toBe(true);
    expect(error.message.endsWith(` (line ${line}, column ${column})`)).toBe(true);
  });

  it('an empty file needs a header', () => {
    expect(failure(parseCsvRows(''))).toMatchObject({ kind: 'data-empty' });
    expect(failure(parseCsvRows('\uFEFF\n\n'))).toMatchObject({ kind: 'data-empty' });
  });
});

describe('parseJsonRows', () => {
  it('reads an array of objects into string variables', () => {
    expect(rows(parseJsonRows('[{"user": "ada", "n": 7, "ok": true, "none": null, "tags": ["a"], "o": {"k": 1}}, {}]'))).toEqual([
      { user: 'ada', n: '7', ok: 'true', none: '', tags: '["a"]', o: '{"k":1}' },
      {},
    ]);
  });

  it('accepts a BOM and an empty array', () => {
    expect(rows(parseJsonRows('\uFEFF[]'))).toEqual([]);
  });

  it.each<[string, string, RegExp]>([
    ['an object', '{"user": "ada"}', /must be a JSON array of objects \(one per iteration\); found an object$/],
    ['a string', '"x"', /found a string$/],
    ['an array with a number', '[{"a": 1}, 2]', /^Item 2 of the array is a number, not an object/],
    ['an array of arrays', '[[1]]', /^Item 1 of the array is an array/],
    ['not JSON', '[{"a": 1},\n {"b": }]', /^The data file is not JSON: .* \(line 2, column 8\)$/],
    ['empty', '  ', /empty/],
  ])('%s is a clear error', (_name, text, message) => {
    expect(failure(parseJsonRows(text)).message).toMatch(message);
  });
});

describe('parseDataFile', () => {
  it.each<[string, string, Record<string, string>[]]>([
    ['users.csv', 'a\n1', [{ a: '1' }]],
    ['users.JSON', '[{"a": "1"}]', [{ a: '1' }]],
    ['data.txt', ' [{"a": "1"}]', [{ a: '1' }]],
    ['data', 'a\n1', [{ a: '1' }]],
  ])('%s', (name, text, expected) => {
    expect(rows(parseDataFile(name, text))).toEqual(expected);
  });
});

describe('parseJsonRows on deep input (issue 26.4)', () => {
  it('refuses a data file nested past 1000 levels with its position, never a RangeError', () => {
    // "[" and "{" are levels 1 and 2, so the 999th "[" of the value (offset 1004) is level 1001.
    const text = `[{"a":${'['.repeat(20_000)}1${']'.repeat(20_000)}}]`;
    expect(failure(parseJsonRows(text))).toMatchObject({ kind: 'data-json', message: 'The data file is nested more than 1000 levels deep (line 1, column 1005)' });
  });
});
