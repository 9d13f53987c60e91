/** parseCsvRowsRelaxed: CSV as newman reads it (csv-parse relax, relax_column_count, trim, number casting). */
import { describe, expect, it } from 'vitest';
import { parseCsvRowsRelaxed } from './dataFile';

const read = (text: string) => {
  const result = parseCsvRowsRelaxed(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('parseCsvRowsRelaxed', () => {
  it('reads what newman reads: quotes inside unquoted fields, spaces around fields, numbers typed unless quoted', () => {
    const { rows, typed } = read('name, quoted ,n,neg,zero,big,plain\nAbhijit "KDOS" Kane, "foo" ,7890,-7890,"00123","89111702272002019559",007\n');
    expect(rows).toEqual([{ name: 'Abhijit "KDOS" Kane', quoted: 'foo', n: '7890', neg: '-7890', zero: '00123', big: '89111702272002019559', plain: '007' }]);
    expect(typed).toEqual([{ name: 'Abhijit "KDOS" Kane', quoted: 'foo', n: 7890, neg: -7890, zero: '00123', big: '89111702272002019559', plain: 7 }]);
  });

  it('leaves out the fields a short row lacks, and skips a byte order mark', () => {
    expect(read('\uFEFFc1, c2, c3\n"123", foo "bar" baz\n').rows).toEqual([{ c1: '123', c2: 'foo "bar" baz' }]);
  });

  it('still refuses a quoted field that never ends, with where', () => {
    const result = parseCsvRowsRelaxed('a\n"open\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/never ends.*line 2, column 1/);
  });
});
