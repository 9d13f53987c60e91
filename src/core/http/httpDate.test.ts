import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseHttpDate } from './httpDate';

const iso = (value: string, now?: Date) => {
  const r = parseHttpDate(value, now);
  return r.ok ? r.value.toISOString() : `error: ${r.error.message}`;
};

describe('parseHttpDate accepts the three forms of RFC 9110 §5.6.7', () => {
  it.each([
    ['Sun, 06 Nov 1994 08:49:37 GMT', '1994-11-06T08:49:37.000Z'],
    ['Sunday, 06-Nov-94 08:49:37 GMT', '1994-11-06T08:49:37.000Z'],
    ['Sun Nov  6 08:49:37 1994', '1994-11-06T08:49:37.000Z'],
    ['Thu, 29 Feb 2024 23:59:59 GMT', '2024-02-29T23:59:59.000Z'],
    ['Sat, 01 Jan 0050 00:00:00 GMT', '0050-01-01T00:00:00.000Z'],
  ])('%s → %s', (value, expected) => {
    expect(iso(value, new Date('2025-06-01T00:00:00Z'))).toBe(expected);
  });

  it('reads a two-digit year as not more than 50 years in the future', () => {
    const now = new Date('2025-06-01T00:00:00Z');
    expect(iso('Friday, 01-Jan-70 00:00:00 GMT', now)).toBe('2070-01-01T00:00:00.000Z');
    expect(iso('Saturday, 01-Jan-76 00:00:00 GMT', now)).toBe('1976-01-01T00:00:00.000Z');
  });
});

describe('parseHttpDate says what is wrong and where', () => {
  it.each([
    ['tomorrow', /not an HTTP-date.*\(column 1\)/],
    ['Sun, 31 Nov 1994 08:49:37 GMT', /Day 31 does not exist in Nov 1994 \(column 6\)/],
    ['Sun, 06 Nov 1994 24:00:00 GMT', /Hour 24 is out of range 00–23 \(column 18\)/],
    ['Sun, 06 Nov 1994 08:60:00 GMT', /Minute 60 is out of range 00–59 \(column 21\)/],
    ['Sun, 06 Nov 1994 08:49:61 GMT', /Second 61 is out of range 00–60 \(column 24\)/],
    ['Sun, 06 nov 1994 08:49:37 GMT', /"nov" is not a month.*case-sensitive.*\(column 9\)/],
    ['Xyz, 06 Nov 1994 08:49:37 GMT', /"Xyz" is not a day name \(column 1\)|"Xyz" is not a day name.*\(column 1\)/],
    ['Sun, 06 Nov 1994 08:49:37 UTC', /not an HTTP-date/],
    ['2025-01-01T00:00:00Z', /not an HTTP-date/],
  ])('%s', (value, message) => {
    const r = parseHttpDate(value);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('http-date-syntax');
      expect(r.error.message).toMatch(message);
    }
  });

  it('accepts a wrong weekday beside a valid date (the date is what counts)', () => {
    expect(iso('Mon, 06 Nov 1994 08:49:37 GMT')).toBe('1994-11-06T08:49:37.000Z');
  });

  it('round-trips every Date formatted by toUTCString (IMF-fixdate)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (d) => {
        const whole = new Date(Math.floor(d.getTime() / 1000) * 1000);
        const r = parseHttpDate(whole.toUTCString());
        expect(r.ok && r.value.getTime()).toBe(whole.getTime());
      }),
    );
  });

  it('never throws for any string', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      expect(typeof parseHttpDate(s).ok).toBe('boolean');
    }));
  });
});
