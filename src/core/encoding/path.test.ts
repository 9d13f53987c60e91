import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodePathSegment, expandPath, pathParamNames } from './path';
import { percentDecode } from './percentEncoding';

const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('/', '+', ' ', '%', '?', '#', '.', '{', '}', ';', '=', '\\', 'a', '2', 'F', 'é', '\uD800'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 12,
});

describe('encodePathSegment', () => {
  it('keeps "+" literal and encodes space as %20 (spec §4.3)', () => {
    expect(encodePathSegment('a+b c')).toBe('a+b%20c');
  });

  it('encodes everything that is not an RFC 3986 pchar', () => {
    expect(encodePathSegment('a/b?c#d%e')).toBe('a%2Fb%3Fc%23d%25e');
    expect(encodePathSegment('"<>\\^`{|}')).toBe('%22%3C%3E%5C%5E%60%7B%7C%7D');
    expect(encodePathSegment("-._~!$&'()*+,;=:@")).toBe("-._~!$&'()*+,;=:@");
    expect(encodePathSegment('café')).toBe('caf%C3%A9');
    expect(encodePathSegment('\uD800')).toBe('%EF%BF%BD');
  });

  it('keeps {{variables}} verbatim unless told to encode them', () => {
    expect(encodePathSegment('{{ user id }}/x')).toBe('{{ user id }}%2Fx');
    expect(encodePathSegment('{{id}}', { placeholders: 'encode' })).toBe('%7B%7Bid%7D%7D');
  });

  it('decodes back to the original text (its valid %XX escapes read as escapes) and stays one segment', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const encoded = encodePathSegment(text, { placeholders: 'encode' });
        expect(encoded).not.toContain('/');
        expect(percentDecode(encoded)).toBe(percentDecode(new TextDecoder().decode(new TextEncoder().encode(text))));
      }),
      { numRuns: 500 },
    );
  });

  it('is left unchanged by the WHATWG URL parser', () => {
    fc.assert(
      fc.property(anyText.filter((t) => t !== '.' && t !== '..'), (text) => {
        const encoded = encodePathSegment(text, { placeholders: 'encode' });
        expect(new URL(`http://example.test/x/${encoded}`).pathname).toBe(`/x/${encoded}`);
      }),
      { numRuns: 500 },
    );
  });
});

describe('pathParamNames', () => {
  it('lists {name} parameters of the path in order, once each', () => {
    expect(pathParamNames('/users/{id}/orders/{orderId}/items/{id}')).toEqual(['id', 'orderId']);
  });

  it('ignores {{variables}} and braces outside the path', () => {
    expect(pathParamNames('{{baseUrl}}/users/{id}/{{version}}?filter={x}#{y}')).toEqual(['id']);
    expect(pathParamNames('https://{tenant}.example.com/a/{b}')).toEqual(['b']);
  });

  it('finds parameters inside a segment and with dashes', () => {
    expect(pathParamNames('/files/{name}.{ext}/{order-id}')).toEqual(['name', 'ext', 'order-id']);
  });
});

describe('expandPath', () => {
  it('fills nested collection paths (spec §4.4)', () => {
    expect(expandPath('/users/{id}/orders/{orderId}', { id: '42', orderId: '7' })).toEqual({ ok: true, value: '/users/42/orders/7' });
  });

  it('path-segment-encodes values', () => {
    expect(expandPath('/files/{name}', { name: 'a/b c+d%' })).toEqual({ ok: true, value: '/files/a%2Fb%20c+d%25' });
    // A value already encoded keeps its escapes (RFC 3986 §2.4): only the stray `%` is encoded.
    expect(expandPath('/files/{name}', { name: 'a%2Fb%20c%zz' })).toEqual({ ok: true, value: '/files/a%2Fb%20c%25zz' });
    expect(expandPath('/files/{name}/x', { name: '%2E%2e' })).toMatchObject({ ok: false, error: { kind: 'dot-segment-path-param', field: 'name' } });
  });

  it('leaves base, query, fragment and {{variables}} alone', () => {
    expect(expandPath('{{baseUrl}}/users/{id}?q={id}#{id}', { id: '1' })).toEqual({ ok: true, value: '{{baseUrl}}/users/1?q={id}#{id}' });
    expect(expandPath('/users/{id}', { id: '{{userId}}' })).toEqual({ ok: true, value: '/users/{{userId}}' });
  });

  it('reports the first missing value with its name as the field', () => {
    expect(expandPath('/users/{id}/orders/{orderId}', {})).toEqual({
      ok: false,
      error: {
        kind: 'missing-path-param',
        field: 'id',
        message: 'Path parameter "id" has no value (also without a value: "orderId")',
      },
    });
  });

  it('treats an empty value as missing', () => {
    expect(expandPath('/users/{id}/orders/{orderId}', { id: '1', orderId: '' })).toEqual({
      ok: false,
      error: { kind: 'missing-path-param', field: 'orderId', message: 'Path parameter "orderId" is empty' },
    });
  });

  it('does not read inherited properties as values', () => {
    expect(expandPath('/x/{constructor}', {})).toMatchObject({ ok: false, error: { field: 'constructor' } });
  });

  it('refuses a value that would be a "." or ".." segment', () => {
    expect(expandPath('/files/{name}/meta', { name: '..' })).toMatchObject({
      ok: false,
      error: { kind: 'dot-segment-path-param', field: 'name' },
    });
    expect(expandPath('/files/{name}.json', { name: '.' })).toEqual({ ok: true, value: '/files/..json' });
  });

  it('produces exactly the values back when the path is split at "/"', () => {
    fc.assert(
      fc.property(anyText.filter((t) => t !== '' && t !== '.' && t !== '..'), anyText.filter((t) => t !== '' && t !== '.' && t !== '..'), (a, b) => {
        const result = expandPath('/a/{first}/b/{second}', { first: a, second: b }, { placeholders: 'encode' });
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const segments = result.value.split('/').map((s) => percentDecode(s));
        const wellFormed = (s: string) => percentDecode(new TextDecoder().decode(new TextEncoder().encode(s)));
        expect(segments).toEqual(['', 'a', wellFormed(a), 'b', wellFormed(b)]);
      }),
      { numRuns: 300 },
    );
  });
});
