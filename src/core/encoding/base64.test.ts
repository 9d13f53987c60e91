import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bytePositionAt,
  decodeBase64,
  decodeBase64Url,
  encodeBase64,
  encodeBase64Url,
  findInvalidUtf8,
  utf8Decode,
  utf8DecodeStrict,
  utf8Encode,
} from './base64';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => utf8Encode(text);

function expectBytes(result: ReturnType<typeof decodeBase64>): Uint8Array {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.message}`);
  return result.value;
}

describe('encodeBase64', () => {
  it('encodes the RFC 4648 §10 test vectors', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg=='],
      ['fo', 'Zm8='],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg=='],
      ['fooba', 'Zm9vYmE='],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, encoded] of vectors) expect(encodeBase64(ascii(plain))).toBe(encoded);
  });

  it('agrees with btoa for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (data) => {
        expect(encodeBase64(data)).toBe(btoa(String.fromCharCode(...data)));
      }),
    );
  });

  it('breaks lines with CRLF at the given length (MIME uses 76)', () => {
    const text = encodeBase64(new Uint8Array(100).fill(0xff), 76);
    const lines = text.split('\r\n');
    expect(lines.map((l) => l.length)).toEqual([76, 60]);
    expect(encodeBase64(ascii('foo'), 76)).toBe('Zm9v');
  });

  it('refuses a line length that is not a positive integer', () => {
    expect(() => encodeBase64(ascii('x'), 0)).toThrow(RangeError);
    expect(() => encodeBase64(ascii('x'), 2.5)).toThrow(/positive integer, got 2.5/);
  });
});

describe('decodeBase64', () => {
  it('decodes what encodeBase64 produced, with or without line breaks', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 1, max: 100 }), (data, line) => {
        expect(expectBytes(decodeBase64(encodeBase64(data)))).toEqual(data);
        expect(expectBytes(decodeBase64(encodeBase64(data, line)))).toEqual(data);
      }),
    );
  });

  it('accepts exactly what atob accepts and decodes it the same way', () => {
    const alphabet = fc.constantFrom(...'AZaz09+/= \n\t\r-_!é'.split(''), 'Q', 'g', 'w');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 12 }), (text) => {
        let expected: Uint8Array | null;
        try {
          expected = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
        } catch {
          expected = null;
        }
        const result = decodeBase64(text);
        if (expected === null) expect(result.ok).toBe(false);
        else expect(expectBytes(result)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('points at the first character that is not base64', () => {
    const result = decodeBase64('Zm9v\nYm$y');
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'base64-syntax',
        message: 'Invalid base64 character "$"',
        position: { offset: 7, line: 2, column: 3 },
      },
    });
  });

  it('says when base64url was given instead of standard base64', () => {
    const result = decodeBase64('ab-_');
    expect(!result.ok && result.error.message).toMatch(/that is base64url/);
  });

  it('rejects padding in the middle and a truncated final group', () => {
    expect(decodeBase64('Zg==Zm8=')).toMatchObject({
      ok: false,
      error: { message: 'Base64 padding "=" may only appear at the end', position: { offset: 2 } },
    });
    expect(decodeBase64('Zm9vY')).toMatchObject({ ok: false, error: { position: { offset: 5 } } });
    expect(decodeBase64('Zg=')).toMatchObject({ ok: false, error: { position: { offset: 2 } } });
  });
});

describe('base64url', () => {
  it('uses - and _ and no padding, as JWTs do', () => {
    expect(encodeBase64Url(bytes(0xfb, 0xff))).toBe('-_8');
    expect(encodeBase64Url(ascii('f'))).toBe('Zg');
  });

  it('round trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (data) => {
        expect(expectBytes(decodeBase64Url(encodeBase64Url(data)))).toEqual(data);
      }),
    );
  });

  it('tolerates correct padding but not whitespace or standard-alphabet characters', () => {
    expect(expectBytes(decodeBase64Url('Zg=='))).toEqual(ascii('f'));
    expect(decodeBase64Url('Zg=')).toMatchObject({ ok: false, error: { kind: 'base64-syntax' } });
    expect(decodeBase64Url('Zm 9v')).toMatchObject({ ok: false, error: { position: { offset: 2 } } });
    const plus = decodeBase64Url('a+b/');
    expect(!plus.ok && plus.error.message).toMatch(/that is standard base64/);
  });
});

describe('UTF-8', () => {
  it('encodes unpaired surrogates as U+FFFD', () => {
    expect(utf8Encode('\uD800')).toEqual(bytes(0xef, 0xbf, 0xbd));
  });

  it('keeps a leading byte order mark when decoding', () => {
    expect(utf8Decode(bytes(0xef, 0xbb, 0xbf, 0x61))).toBe('\uFEFFa');
  });

  it('replaces invalid sequences leniently and reports them strictly', () => {
    expect(utf8Decode(bytes(0x61, 0xff, 0x62))).toBe('a\uFFFDb');
    expect(utf8DecodeStrict(bytes(0x61, 0x0a, 0x62, 0xc0, 0x80))).toEqual({
      ok: false,
      error: { kind: 'utf8-invalid', message: 'Invalid UTF-8 byte 0xC0 at byte 3', position: { offset: 3, line: 2, column: 2 } },
    });
    expect(utf8DecodeStrict(ascii('héllo'))).toEqual({ ok: true, value: 'héllo' });
  });

  it('finds invalid UTF-8 exactly where a fatal TextDecoder would reject it', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (data) => {
        let valid = true;
        try {
          fatal.decode(data);
        } catch {
          valid = false;
        }
        expect(findInvalidUtf8(data) < 0).toBe(valid);
      }),
      { numRuns: 3000 },
    );
  });

  it('rejects overlong forms, surrogates and values past U+10FFFF', () => {
    expect(findInvalidUtf8(bytes(0xe0, 0x80, 0x80))).toBe(0);
    expect(findInvalidUtf8(bytes(0x61, 0xed, 0xa0, 0x80))).toBe(1);
    expect(findInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0);
    expect(findInvalidUtf8(bytes(0xf0, 0x9f, 0x92, 0xa9))).toBe(-1);
  });

  it('computes byte positions and refuses offsets outside the bytes', () => {
    expect(bytePositionAt(ascii('ab\ncd'), 4)).toEqual({ offset: 4, line: 2, column: 2 });
    expect(() => bytePositionAt(ascii('ab'), 3)).toThrow(RangeError);
  });
});
