import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentOf, viewText } from './formatTestKit';
import { ROW_BYTES } from './rawLines';

describe('raw rows', () => {
  it('splits at newlines, numbering source lines', () => {
    const doc = documentOf('one\r\ntwo\n\nfour\n', 'text/plain');
    expect(doc.page('raw', 0, 10)).toEqual([
      { text: 'one', depth: 0, lineNumber: 1 },
      { text: 'two', depth: 0, lineNumber: 2 },
      { text: '', depth: 0, lineNumber: 3 },
      { text: 'four', depth: 0, lineNumber: 4 },
    ]);
  });

  it('wraps a long line into continuation rows without splitting a character', () => {
    const line = 'é'.repeat(ROW_BYTES);
    const doc = documentOf(`${line}\nend`, 'text/plain', { piece: 1000 });
    const rows = doc.page('raw', 0, 10);
    expect(rows.map((r) => r.lineNumber)).toEqual([1, 0, 0, 2]);
    expect(rows.slice(0, 3).map((r) => r.text).join('')).toBe(line);
    expect(rows.every((r) => !r.text.includes('\ufffd'))).toBe(true);
  });

  it('gives back the text exactly, for any text and any pieces', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 1500 }), fc.integer({ min: 1, max: 600 }), (text, piece) => {
        const doc = documentOf(text.replace(/\r/g, ''), 'text/plain', { piece });
        const rows = doc.page('raw', 0, 100_000);
        const rebuilt = rows.map((r, i) => (i > 0 && r.depth === 0 && r.lineNumber > 0 ? `\n${r.text}` : r.text)).join('');
        expect(rebuilt).toBe(text.replace(/\r/g, '').replace(/\n$/, ''));
      }),
      { numRuns: 100 },
    );
  });

  it('serves a body without newlines in rows of ROW_BYTES', () => {
    const doc = documentOf('x'.repeat(ROW_BYTES * 3 + 1), 'text/plain', { piece: 4096 });
    expect(doc.progress().raw?.lines).toBe(4);
    expect(viewText(doc, 'raw').split('\n').map((l) => l.length)).toEqual([ROW_BYTES, ROW_BYTES, ROW_BYTES, 1]);
  });
});

describe('LineTable', () => {
  it('keeps starts beyond 4 GiB and across pages, and finds the line of any offset', async () => {
    const { LineTable } = await import('./lineTable');
    const table = new LineTable();
    const starts = Array.from({ length: 70_000 }, (_, i) => i * 10);
    starts.push(2 ** 33, 2 ** 33 + 5);
    starts.forEach((s, i) => table.push(s, i % 3 === 0 ? 0 : 1));
    expect(table.count).toBe(70_002);
    expect(table.startOf(69_999)).toBe(699_990);
    expect(table.startOf(70_001)).toBe(2 ** 33 + 5);
    expect(table.lineAt(699_995)).toBe(69_999);
    expect(table.lineAt(2 ** 33 + 1)).toBe(70_000);
    expect(table.sourceLineOf(65_537)).toBe(Math.floor(65_537 / 3) + 1);
  });
});
