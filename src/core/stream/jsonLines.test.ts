import { describe, expect, it } from 'vitest';
import { checkJsonLine, LineStreamParser, type LineStreamFormat, type StreamLine } from './jsonLines';

function read(format: LineStreamFormat, pieces: string[]): StreamLine[] {
  const parser = new LineStreamParser(format);
  return [...pieces.flatMap((p) => parser.push(p)), ...parser.end()];
}

describe('LineStreamParser', () => {
  it('reads NDJSON line by line, a bad line marked with its line and column and the rest still read', () => {
    const lines = read('ndjson', ['{"n":1}\n{"n":', '2}\n{"n":3,}\n', '\n[4]\n']);
    expect(lines.map((l) => [l.line, l.text, l.fault?.column])).toEqual([
      [1, '{"n":1}', undefined],
      [2, '{"n":2}', undefined],
      [3, '{"n":3,}', 7],
      [5, '[4]', undefined],
    ]);
    expect(lines[2]!.fault!.message).toMatch(/property|"/);
  });

  it('reads CR LF line ends and a last line without its line end once the stream ends', () => {
    const parser = new LineStreamParser('ndjson');
    expect(parser.push('1\r\n2\r\n3').map((l) => l.text)).toEqual(['1', '2']);
    expect(parser.end().map((l) => l.text)).toEqual(['3']);
    expect(parser.end()).toEqual([]);
    expect(() => parser.push('4\n')).toThrow(RangeError);
  });

  it('splits JSON text sequences at RS (RFC 7464)', () => {
    const lines = read('json-seq', ['\u001e{"a":1}\n\u001e[2]\n\u001e{bad}\n']);
    expect(lines.map((l) => [l.text, l.fault?.column])).toEqual([
      ['{"a":1}', undefined],
      ['[2]', undefined],
      ['{bad}', 2],
    ]);
  });

  it('reads plain text lines as they are, blank ones included, stamped with their arrival', () => {
    const parser = new LineStreamParser('text');
    expect(parser.push('one\n\ntwo\n', 12)).toEqual([
      { line: 1, text: 'one', at: 12 },
      { line: 2, text: '', at: 12 },
      { line: 3, text: 'two', at: 12 },
    ]);
  });

  it('refuses an unknown format', () => {
    expect(() => new LineStreamParser('csv' as LineStreamFormat)).toThrow(RangeError);
  });
});

describe('checkJsonLine', () => {
  it('says nothing of a valid value and gives the column of the first fault', () => {
    expect(checkJsonLine('{"a":[1,2]}')).toBeUndefined();
    expect(checkJsonLine('{"a":tru}')?.column).toBe(6);
    expect(checkJsonLine('')?.column).toBe(1);
  });
});
