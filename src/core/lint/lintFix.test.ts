import { describe, it, expect } from 'vitest';
import { wireRequest } from '../http/exchangeFixtures';
import { applyLintFix, withHeader } from './lintFix';
import type { LintFix } from './lintFinding';

const base = wireRequest('GET https://api.example.com/x?api_key=k%201&a=1', ['Accept: */*', 'X-Id: 1', 'x-id: 2']);

describe('applyLintFix', () => {
  it('set-method replaces the method only', () => {
    expect(applyLintFix(base, { label: '', kind: 'set-method', method: 'POST' })).toEqual({ ...base, method: 'POST' });
  });

  it('set-header replaces the first header of that name in place and drops the rest', () => {
    const fixed = applyLintFix(base, { label: '', kind: 'set-header', name: 'X-ID', value: '3' });
    expect(fixed.headers).toEqual([
      { name: 'Accept', value: '*/*' },
      { name: 'X-ID', value: '3' },
    ]);
  });

  it('set-header appends a header that is not there', () => {
    expect(withHeader([], 'Content-Type', 'application/json')).toEqual([{ name: 'Content-Type', value: 'application/json' }]);
  });

  it('remove-header removes every header of that name, whatever its case', () => {
    expect(applyLintFix(base, { label: '', kind: 'remove-header', name: 'x-ID' }).headers).toEqual([{ name: 'Accept', value: '*/*' }]);
  });

  it('move-query-to-header sends the decoded value in the header and keeps the other parameters', () => {
    const fixed = applyLintFix(base, { label: '', kind: 'move-query-to-header', param: 'api_key', header: 'Ocp-Apim-Subscription-Key' });
    expect(fixed.url).toBe('https://api.example.com/x?a=1');
    expect(fixed.headers.at(-1)).toEqual({ name: 'Ocp-Apim-Subscription-Key', value: 'k 1' });
  });

  it('set-xml-encoding rewrites a text body into one chunk', () => {
    const request = { ...base, body: ['<?xml version="1.0" encoding="latin1"?>', '<a/>'] };
    expect(applyLintFix(request, { label: '', kind: 'set-xml-encoding', encoding: 'utf-8' }).body).toEqual(['<?xml version="1.0" encoding="utf-8"?><a/>']);
  });

  it('never modifies the request it is given', () => {
    const copy = structuredClone(base);
    applyLintFix(base, { label: '', kind: 'set-header', name: 'X-Id', value: '9' });
    applyLintFix(base, { label: '', kind: 'move-query-to-header', param: 'a', header: 'X-A' });
    expect(base).toEqual(copy);
  });

  it.each<[string, LintFix, RegExp]>([
    ['a method that is not a token', { label: '', kind: 'set-method', method: 'GE T' }, /not an RFC 9110 token/],
    ['a header name that is not a token', { label: '', kind: 'set-header', name: 'Bad Name', value: 'x' }, /not an RFC 9110 token/],
    ['a header value with a line break', { label: '', kind: 'set-header', name: 'X', value: 'a\nb' }, /CR, LF or NUL at index 1/],
    ['a parameter the URL does not have', { label: '', kind: 'move-query-to-header', param: 'token', header: 'Authorization' }, /no query parameter "token"/],
    ['a text edit on a body with bytes', { label: '', kind: 'set-xml-encoding', encoding: 'utf-8' }, /text only/],
  ])('throws a RangeError for %s', (_what, fix, message) => {
    const request = { ...base, body: [new Uint8Array([60, 97, 47, 62])] };
    expect(() => applyLintFix(request, fix)).toThrow(RangeError);
    expect(() => applyLintFix(request, fix)).toThrow(message);
  });
});
