import { describe, expect, it } from 'vitest';
import { firstHeader, joinedHeader, toHeaderList } from './rawHeaders';

const raw = ['Content-Type', 'text/html', 'content-encoding', 'gzip', 'X-Long-Name', 'a', 'CONTENT-ENCODING', 'br', 'content-type', 'text/plain'];

describe('raw header list', () => {
  it('keeps names, order and duplicates as received', () => {
    expect(toHeaderList(raw).map((h) => `${h.name}: ${h.value}`)).toEqual(['Content-Type: text/html', 'content-encoding: gzip', 'X-Long-Name: a', 'CONTENT-ENCODING: br', 'content-type: text/plain']);
  });

  it('reads the first value of a field whatever its case, as Node keeps the first Content-Type', () => {
    expect(firstHeader(raw, 'content-type')).toBe('text/html');
    expect(firstHeader(raw, 'location')).toBeUndefined();
    expect(firstHeader(['X-Long-Name', 'a'], 'x-long-nam')).toBeUndefined();
  });

  it('joins a list-valued field in order, as Node joins Content-Encoding', () => {
    expect(joinedHeader(raw, 'content-encoding')).toBe('gzip, br');
    expect(joinedHeader(raw, 'vary')).toBe('');
  });
});
