import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  STANDARD_METHODS,
  applyMethodOverride,
  isValidMethodToken,
  methodSemantics,
  needsRepeatConsent,
} from './methods';
import type { WireRequest } from '../types';

describe('methodSemantics', () => {
  // method, safe, idempotent, cacheable, requestBody, reference
  const table: [string, boolean, boolean, boolean, string, string][] = [
    ['GET', true, true, true, 'no-defined-semantics', 'RFC 9110 §9.3.1'],
    ['HEAD', true, true, true, 'no-defined-semantics', 'RFC 9110 §9.3.2'],
    ['POST', false, false, true, 'defined', 'RFC 9110 §9.3.3'],
    ['PUT', false, true, false, 'defined', 'RFC 9110 §9.3.4'],
    ['DELETE', false, true, false, 'no-defined-semantics', 'RFC 9110 §9.3.5'],
    ['CONNECT', false, false, false, 'none', 'RFC 9110 §9.3.6'],
    ['OPTIONS', true, true, false, 'no-defined-semantics', 'RFC 9110 §9.3.7'],
    ['TRACE', true, true, false, 'none', 'RFC 9110 §9.3.8'],
    ['PATCH', false, false, false, 'defined', 'RFC 5789 §2'],
    ['PROPFIND', false, false, false, 'defined', 'RFC 9110 §9.1'],
  ];
  it.each(table)('%s: safe=%s idempotent=%s cacheable=%s body=%s (%s)', (m, safe, idem, cache, body, ref) => {
    const s = methodSemantics(m);
    expect(s).toMatchObject({ method: m, safe, idempotent: idem, cacheable: cache, requestBody: body, reference: ref });
    expect(s.summary.length).toBeGreaterThan(0);
    expect(s.summary).not.toContain('\n');
    expect(s.notes.length).toBeGreaterThan(0);
  });

  it('every safe method is idempotent (RFC 9110 §9.2.2)', () => {
    for (const m of STANDARD_METHODS) {
      const s = methodSemantics(m);
      if (s.safe) expect(s.idempotent).toBe(true);
    }
  });

  it('GET may be bookmarked, cached, linked, prefetched and proxied, and its body has no semantics', () => {
    const notes = methodSemantics('GET').notes.join(' ');
    for (const word of ['bookmarked', 'cached', 'linked', 'prefetched', 'proxies', 'use POST']) {
      expect(notes).toContain(word);
    }
  });

  it('POST must not be repeated without user consent', () => {
    expect(methodSemantics('POST').notes.join(' ')).toMatch(/must not repeat it without the user.s consent/);
  });

  it('PUT and DELETE idempotency is judged by the resulting state, not the response', () => {
    expect(methodSemantics('PUT').notes.join(' ')).toMatch(/resulting state, not by the responses/);
    expect(methodSemantics('DELETE').notes.join(' ')).toMatch(/judged by the resulting state/);
  });

  it('PATCH is a partial update, not idempotent in general', () => {
    const s = methodSemantics('PATCH');
    expect(s.summary).toMatch(/Partial update/);
    expect(s.notes.join(' ')).toMatch(/Not idempotent in general/);
  });

  it('HEAD is GET without a body', () => {
    expect(methodSemantics('HEAD').summary).toBe('Like GET without a response body: headers only');
  });

  it('methods are case-sensitive: lowercase get is an extension method, and the notes say so', () => {
    const s = methodSemantics('get');
    expect(s.method).toBe('get');
    expect(s.safe).toBe(false);
    expect(s.idempotent).toBe(false);
    expect(s.notes.join(' ')).toContain('"get" is not GET');
    expect(s.notes.join(' ')).toContain('RFC 9110 §9.1');
  });

  it('trims surrounding whitespace and says so', () => {
    const s = methodSemantics('  PUT ');
    expect(s.method).toBe('PUT');
    expect(s.idempotent).toBe(true);
    const ext = methodSemantics(' FOO');
    expect(ext.method).toBe('FOO');
    expect(ext.notes[0]).toMatch(/whitespace was removed/);
  });

  it('unknown extension methods are unsafe, not idempotent, and the notes say why', () => {
    const s = methodSemantics('PURGE');
    expect(s).toMatchObject({ safe: false, idempotent: false, cacheable: false });
    expect(s.notes.join(' ')).toMatch(/Unknown extension method/);
  });

  it('an invalid token is reported in the notes', () => {
    expect(methodSemantics('GE T').notes.join(' ')).toMatch(/not a valid method token/);
    expect(methodSemantics('').notes.join(' ')).toMatch(/No method given/);
  });

  it('returns a fresh notes array each time', () => {
    methodSemantics('GET').notes.push('mutated');
    expect(methodSemantics('GET').notes).not.toContain('mutated');
  });

  it('rejects a non-string as a programmer error', () => {
    expect(() => methodSemantics(42 as unknown as string)).toThrow(TypeError);
  });

  it('never throws for any string', () => {
    fc.assert(fc.property(fc.string(), (m) => {
      const s = methodSemantics(m);
      expect(typeof s.safe).toBe('boolean');
    }));
  });
});

describe('isValidMethodToken', () => {
  it.each([
    ['GET', true],
    ['M-SEARCH', true],
    ["weird!#$%&'*+-.^_`|~9", true],
    ['', false],
    ['GE T', false],
    ['GET\r\n', false],
    ['PO:ST', false],
    ['(GET)', false],
    ['GÉT', false],
  ])('%j → %s', (m, valid) => {
    expect(isValidMethodToken(m)).toBe(valid);
  });
});

describe('needsRepeatConsent', () => {
  it.each([
    ['POST', true],
    ['PATCH', true],
    ['CONNECT', true],
    ['LOCK', true],
    ['post', true],
    ['GET', false],
    ['HEAD', false],
    ['PUT', false],
    ['DELETE', false],
    ['OPTIONS', false],
    ['TRACE', false],
  ])('%s → %s', (m, expected) => {
    expect(needsRepeatConsent(m)).toBe(expected);
  });
});

describe('applyMethodOverride', () => {
  const req = (method: string, headers: [string, string][] = [], body?: string): WireRequest => ({
    method,
    url: 'https://api.example.test/items/7',
    headers: headers.map(([name, value]) => ({ name, value })),
    ...(body === undefined ? {} : { body: [body] }),
  });

  it('sends a PATCH as POST naming PATCH in X-HTTP-Method-Override, keeping URL, headers and body', () => {
    const input = req('PATCH', [['Content-Type', 'application/json']], '{"a":1}');
    const out = applyMethodOverride(input);
    expect(out).toEqual({
      method: 'POST',
      url: 'https://api.example.test/items/7',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'X-HTTP-Method-Override', value: 'PATCH' },
      ],
      body: ['{"a":1}'],
    });
    expect(input.method).toBe('PATCH');
    expect(input.headers).toHaveLength(1);
  });

  it('returns a POST unchanged (the same object)', () => {
    const input = req('POST', [['X-HTTP-Method-Override', 'DELETE']]);
    expect(applyMethodOverride(input)).toBe(input);
  });

  it('replaces an existing override header in place instead of duplicating it', () => {
    const out = applyMethodOverride(
      req('DELETE', [['Accept', '*/*'], ['x-http-method-override', 'PUT'], ['X-Trace', '1'], ['X-HTTP-Method-Override', 'GET']]),
    );
    expect(out.headers).toEqual([
      { name: 'Accept', value: '*/*' },
      { name: 'X-HTTP-Method-Override', value: 'DELETE' },
      { name: 'X-Trace', value: '1' },
    ]);
  });

  it('keeps the method exactly as written (case-sensitive)', () => {
    expect(applyMethodOverride(req('get')).headers).toEqual([{ name: 'X-HTTP-Method-Override', value: 'get' }]);
  });

  it('rejects a request without a string method', () => {
    expect(() => applyMethodOverride({ url: 'x', headers: [] } as unknown as WireRequest)).toThrow(TypeError);
  });
});
