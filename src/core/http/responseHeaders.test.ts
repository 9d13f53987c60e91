import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseAllow, parseRetryAfter } from './responseHeaders';

const now = new Date('2025-01-01T00:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120, '2025-01-01T00:02:00.000Z'],
    [' 0 ', 0, '2025-01-01T00:00:00.000Z'],
    ['Wed, 01 Jan 2025 00:00:30 GMT', 30, '2025-01-01T00:00:30.000Z'],
    ['Wednesday, 01-Jan-25 01:00:00 GMT', 3600, '2025-01-01T01:00:00.000Z'],
    ['Wed Jan  1 00:00:05 2025', 5, '2025-01-01T00:00:05.000Z'],
    ['Tue, 31 Dec 2024 23:00:00 GMT', 0, '2024-12-31T23:00:00.000Z'],
  ])('%j → %i seconds, at %s', (value, seconds, at) => {
    const r = parseRetryAfter(value, now);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.seconds).toBe(seconds);
      expect(r.value.at.toISOString()).toBe(at);
    }
  });

  it('rounds a part-second wait up, so a client never retries early', () => {
    const r = parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', new Date('2025-01-01T00:00:00.500Z'));
    expect(r.ok && r.value.seconds).toBe(10);
  });

  it('caps an enormous delta at 2^31 seconds (RFC 9111 §1.2.2)', () => {
    const r = parseRetryAfter('99999999999999999999999', now);
    expect(r.ok && r.value.seconds).toBe(2 ** 31);
  });

  it.each([
    ['', /empty/],
    ['-5', /whole, non-negative number.*column 1/],
    ['1.5', /whole, non-negative number/],
    ['  2.5', /column 3/],
    ['soon', /neither a number of seconds nor a valid HTTP-date.*not an HTTP-date/],
    ['Wed, 32 Jan 2025 00:00:00 GMT', /Day 32 does not exist in Jan 2025 \(column 6\)/],
    ['  Wed, 32 Jan 2025 00:00:00 GMT', /Day 32 does not exist in Jan 2025 \(column 8\)/],
  ])('rejects %j', (value, message) => {
    const r = parseRetryAfter(value, now);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.kind).toBe('retry-after-syntax');
      expect(r.error.message).toMatch(message);
    }
  });

  it('the error position points into the original value', () => {
    const r = parseRetryAfter('  Wed, 32 Jan 2025 00:00:00 GMT', now);
    expect(!r.ok && r.error.position).toEqual({ offset: 7, line: 1, column: 8 });
  });

  it('rejects an invalid now as a programmer error', () => {
    expect(() => parseRetryAfter('1', new Date('nope'))).toThrow(TypeError);
  });

  it('never throws and never returns a negative wait', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const r = parseRetryAfter(s, now);
      if (r.ok) expect(r.value.seconds).toBeGreaterThanOrEqual(0);
    }));
  });
});

describe('parseAllow', () => {
  it.each([
    ['GET, HEAD, OPTIONS', ['GET', 'HEAD', 'OPTIONS']],
    ['GET,HEAD', ['GET', 'HEAD']],
    [' , GET ,, PUT, ', ['GET', 'PUT']],
    ['GET, GET, get', ['GET', 'get']],
    ['', []],
    ['GET, not a method, POST', ['GET', 'POST']],
  ])('%j → %j', (value, expected) => {
    expect(parseAllow(value)).toEqual(expected);
  });
});
