import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRfc3339 } from './isoDate';

describe('parseRfc3339', () => {
  it('reads date-times with Z, offsets and fractions, and full dates where allowed', () => {
    expect(parseRfc3339('2024-05-01T09:30:00Z')).toEqual({ ok: true, value: new Date(Date.UTC(2024, 4, 1, 9, 30)) });
    expect(parseRfc3339('2024-05-01t09:30:00.250+02:00')).toEqual({ ok: true, value: new Date(Date.UTC(2024, 4, 1, 7, 30, 0, 250)) });
    expect(parseRfc3339('2024-02-29', 'date-or-date-time')).toEqual({ ok: true, value: new Date(Date.UTC(2024, 1, 29)) });
  });

  it.each([
    ['05/01/2024', 3, /shape/],
    ['2024-05-01 09:30:00Z', 11, /shape/],
    ['2024-05-01T09:30:00', 20, /zone/],
    ['2024-13-01T00:00:00Z', 6, /Month 13/],
    ['2023-02-29T00:00:00Z', 9, /Day 29 does not exist in 2023-02/],
    ['2024-05-01T24:00:00Z', 12, /Hour 24/],
    ['2024-05-01', 11, /no time/],
  ])('refuses %s at column %i', (value, column, message) => {
    const parsed = parseRfc3339(value);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.position?.column).toBe(column);
      expect(parsed.error.message).toMatch(message);
    }
  });

  it('never throws, and what it accepts round-trips through Date', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseRfc3339(text, 'date-or-date-time');
        if (parsed.ok) expect(Number.isNaN(parsed.value.getTime())).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        expect(parseRfc3339(date.toISOString())).toEqual({ ok: true, value: date });
      }),
    );
  });
});
