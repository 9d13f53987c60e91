import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatUrlParts, parseUrlParts } from './urlParts';

describe('parseUrlParts', () => {
  it('splits an absolute URL into base, path, query rows and fragment', () => {
    expect(parseUrlParts('https://api.example.com:8443/users/42?sort=name&id=1,2#top')).toEqual({
      base: 'https://api.example.com:8443',
      path: '/users/42',
      query: [
        { name: 'sort', value: 'name', raw: 'sort=name' },
        { name: 'id', value: '1,2', raw: 'id=1,2' },
      ],
      fragment: 'top',
    });
  });

  it('splits a template with a {{baseUrl}} variable and {id} path parameters', () => {
    expect(parseUrlParts('{{baseUrl}}/users/{id}?q={{ term }}')).toEqual({
      base: '{{baseUrl}}',
      path: '/users/{id}',
      query: [{ name: 'q', value: '{{ term }}', raw: 'q={{ term }}' }],
    });
  });

  it('does not split at "/", "?" or "#" inside a {{variable}}', () => {
    expect(parseUrlParts('{{scheme}}://{{host/name}}/a?x={{a#b}}&y=1')).toEqual({
      base: '{{scheme}}://{{host/name}}',
      path: '/a',
      query: [
        { name: 'x', value: '{{a#b}}', raw: 'x={{a#b}}' },
        { name: 'y', value: '1', raw: 'y=1' },
      ],
    });
  });

  it('handles relative paths, bare hosts, missing paths and fragments without a query', () => {
    expect(parseUrlParts('/users?x=1')).toMatchObject({ base: '', path: '/users' });
    expect(parseUrlParts('localhost:3000/api')).toMatchObject({ base: 'localhost:3000', path: '/api' });
    expect(parseUrlParts('https://example.com?x=1')).toMatchObject({ base: 'https://example.com', path: '' });
    expect(parseUrlParts('//cdn.example.com/lib.js')).toMatchObject({ base: '//cdn.example.com', path: '/lib.js' });
    expect(parseUrlParts('https://example.com/a#b?c')).toEqual({ base: 'https://example.com', path: '/a', query: [], fragment: 'b?c' });
    expect(parseUrlParts('')).toEqual({ base: '', path: '', query: [] });
  });

  it('treats a "?" at the start of the query as part of the first name', () => {
    expect(parseUrlParts('/a??x=1').query).toEqual([{ name: '?x', value: '1', raw: '?x=1' }]);
  });
});

describe('formatUrlParts', () => {
  const typical = [
    'https://api.example.com/users/42/orders/7',
    'https://api.example.com/search?q=a+b&t=2024-01-01T00%3A00%3A00Z&debug',
    'http://localhost:4780/sandbox/items?id=1,2,3&id=4#section-2',
    '{{baseUrl}}/users/{id}/orders/{orderId}?expand={{ fields }}',
    '{{scheme}}://{{host}}:{{port}}/v1/token',
    '/relative/path?x=%E2%82%AC',
    'https://example.com/?redirect=https://other.example/cb?x=1',
    'https://example.com#frag',
    'https://example.com/a?b=c#',
  ];
  for (const url of typical) {
    it(`gives back ${url} unchanged`, () => {
      expect(formatUrlParts(parseUrlParts(url))).toBe(url);
    });
  }

  it('rewrites only the edited row when a table changes', () => {
    const parts = parseUrlParts('https://x.test/s?t=10%3A00&q=a+b&page=1');
    parts.query[2] = { ...parts.query[2]!, value: '2' };
    parts.query.push({ name: 'tag', value: ['x y', 'z'] });
    expect(formatUrlParts(parts)).toBe('https://x.test/s?t=10%3A00&q=a+b&page=2&tag=x%20y,z');
    expect(formatUrlParts(parts, { lists: 'repeat' })).toBe('https://x.test/s?t=10%3A00&q=a+b&page=2&tag=x%20y&tag=z');
  });

  it('drops the "?" when every row is disabled or removed', () => {
    const parts = parseUrlParts('https://x.test/s?a=1#f');
    parts.query[0]!.enabled = false;
    expect(formatUrlParts(parts)).toBe('https://x.test/s#f');
  });

  const unit = (exclude: string) =>
    fc.oneof(
      fc.constantFrom('/', '?', '#', '&', '=', ':', '{{v}}', '{{ a/b?c#d&e }}', '+', '%', '%41', '%2b', ' ', 'a', 'é'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    ).filter((u) => u.startsWith('{{') || ![...exclude].some((c) => u.includes(c)));

  it('parses its own output to the same parts, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: unit(''), maxLength: 20 }), (url) => {
        const parts = parseUrlParts(url);
        expect(parseUrlParts(formatUrlParts(parts))).toEqual(parts);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives back byte for byte any URL whose query has no empty pieces', () => {
    const base = fc.constantFrom('', 'https://api.example.com', '{{baseUrl}}', 'http://localhost:4780', '{{scheme}}://{{host}}');
    const path = fc.array(fc.string({ unit: unit('/?#'), maxLength: 5 }), { maxLength: 4 }).map((segments) => segments.map((s) => `/${s}`).join(''));
    const piece = fc.string({ unit: unit('&#'), minLength: 1, maxLength: 6 });
    const fragment = fc.option(fc.string({ unit: unit(''), maxLength: 6 }), { nil: undefined });
    fc.assert(
      fc.property(base, path, fc.array(piece, { maxLength: 4 }), fragment, (b, p, pieces, f) => {
        const url = b + p + (pieces.length > 0 ? `?${pieces.join('&')}` : '') + (f === undefined ? '' : `#${f}`);
        expect(formatUrlParts(parseUrlParts(url))).toBe(url);
      }),
      { numRuns: 1000 },
    );
  });
});
