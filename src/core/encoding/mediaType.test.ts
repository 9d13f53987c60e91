import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contentTypeParams, formatMediaType, parseMediaType } from './mediaType';

describe('parseMediaType', () => {
  it('lower-cases type, subtype and parameter names but not values', () => {
    expect(parseMediaType('Text/HTML; Charset=UTF-8')).toEqual({
      ok: true,
      value: { type: 'text', subtype: 'html', essence: 'text/html', params: { charset: 'UTF-8' } },
    });
  });

  it('unquotes quoted-string values with their backslash escapes', () => {
    expect(parseMediaType('multipart/form-data; boundary="a b\\"c\\\\d"')).toMatchObject({
      ok: true,
      value: { params: { boundary: 'a b"c\\d' } },
    });
  });

  it('accepts the RFC 9110 §8.3.1 equivalent forms and empty parameters', () => {
    for (const value of ['text/html;charset=utf-8', 'text/html;charset=UTF-8', 'Text/HTML;Charset="utf-8"', 'text/html; charset="utf-8"', ' text/html ;; charset=utf-8 ; ']) {
      const result = parseMediaType(value);
      expect(result.ok && result.value.essence).toBe('text/html');
      expect(result.ok && result.value.params.charset?.toLowerCase()).toBe('utf-8');
    }
  });

  it('keeps the first of a repeated parameter and never touches Object.prototype', () => {
    const result = parseMediaType('a/b; x=1; x=2; __proto__=3');
    expect(result.ok && result.value.params).toEqual(Object.fromEntries([['x', '1'], ['__proto__', '3']]));
    expect(result.ok && Object.getPrototypeOf(result.value.params)).toBe(Object.prototype);
  });

  it('says what is wrong and where', () => {
    expect(parseMediaType('')).toMatchObject({ ok: false, error: { kind: 'media-type-syntax', message: 'The media type is empty' } });
    expect(parseMediaType('text')).toMatchObject({ ok: false, error: { message: 'Expected "/" after "text" (a media type is type/subtype)', position: { offset: 4 } } });
    expect(parseMediaType('text/')).toMatchObject({ ok: false, error: { position: { offset: 5 } } });
    expect(parseMediaType('text/html; charset')).toMatchObject({ ok: false, error: { message: 'Parameter "charset" has no "=" and value', position: { column: 19 } } });
    expect(parseMediaType('text/html; charset="utf-8')).toMatchObject({ ok: false, error: { message: 'The quoted value of parameter "charset" is not closed', position: { offset: 19 } } });
    expect(parseMediaType('text/html; charset=utf 8')).toMatchObject({ ok: false, error: { position: { offset: 23 } } });
    expect(parseMediaType('text/html charset=utf-8')).toMatchObject({ ok: false, error: { message: 'Expected ";" before the next parameter, found "c"' } });
    expect(parseMediaType('text/html; a=')).toMatchObject({ ok: false, error: { position: { offset: 13 } } });
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '/', ';', '=', '"', '\\', ' ', '\t', 'é', '\n') , maxLength: 20 }), (value) => {
        const result = parseMediaType(value);
        if (!result.ok) expect(result.error.kind).toBe('media-type-syntax');
        contentTypeParams(value);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('contentTypeParams', () => {
  it('reads what servers actually send, skipping broken parameters', () => {
    expect(contentTypeParams('Multipart/Form-Data; boundary=----abc; junk; charset=utf-8')).toEqual({
      type: 'multipart/form-data',
      params: { boundary: '----abc', charset: 'utf-8' },
    });
    expect(contentTypeParams('text/plain; name=a b.txt')).toEqual({ type: 'text/plain', params: { name: 'a b.txt' } });
    expect(contentTypeParams('')).toEqual({ type: '', params: {} });
  });
});

describe('formatMediaType', () => {
  it('writes tokens as they are and quotes other values', () => {
    expect(formatMediaType({ type: 'multipart', subtype: 'form-data', params: { boundary: 'abc' } })).toBe('multipart/form-data; boundary=abc');
    expect(formatMediaType({ type: 'text', subtype: 'plain', params: { title: 'a "b" \\c' } })).toBe('text/plain; title="a \\"b\\" \\\\c"');
    expect(formatMediaType({ type: 'text', subtype: 'plain', params: { x: '' } })).toBe('text/plain; x=""');
  });

  it('throws for names that are not tokens and values no header can carry', () => {
    expect(() => formatMediaType({ type: 'te xt', subtype: 'plain' })).toThrow(TypeError);
    expect(() => formatMediaType({ type: 'text', subtype: 'plain', params: { 'a b': '1' } })).toThrow(TypeError);
    expect(() => formatMediaType({ type: 'text', subtype: 'plain', params: { a: 'x\ny' } })).toThrow(/U\+000A/);
  });

  it('parses back to what it was given', () => {
    const token = fc.stringMatching(/^[a-z0-9!#$&^_.+-]{1,8}$/);
    const value = fc.string({ unit: fc.oneof(fc.constantFrom('"', '\\', ' ', ';', '=', 'é', '\t'), fc.string({ unit: 'grapheme-ascii', maxLength: 1 })), maxLength: 10 });
    fc.assert(
      fc.property(token, token, fc.dictionary(token, value), (type, subtype, params) => {
        const parsed = parseMediaType(formatMediaType({ type, subtype, params }));
        expect(parsed).toEqual({ ok: true, value: { type, subtype, essence: `${type}/${subtype}`, params } });
      }),
      { numRuns: 500 },
    );
  });
});
