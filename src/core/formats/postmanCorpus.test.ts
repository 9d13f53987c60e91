/**
 * Specifications for what the Postman conformance corpus (src/conformance) found: each
 * case is shaped like the real fixture that showed it, and states what Postman's SDK
 * (`postman-collection`, `postman-collection-transformer`) makes of it.
 */
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../workspace';
import { collectionRequests } from '../workspace';
import { importPostman } from './postmanImport';

const V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

function only(text: string): SavedRequest {
  const result = importPostman(text);
  if (!result.ok) throw new Error(result.error.message);
  const [first] = collectionRequests(result.value.collection.items);
  if (!first) throw new Error('no request');
  return first.request;
}

const withUrl = (url: unknown) => JSON.stringify({ info: { name: 'c', schema: V21 }, item: [{ name: 'r', request: { method: 'GET', url } }] });

describe('importPostman on shapes found in the corpus', () => {
  it('reads a file that starts with a UTF-8 byte order mark, as newman does', () => {
    expect(only(`\uFEFF${withUrl('https://a.test/')}`).draft.url).toBe('https://a.test/');
  });

  it('reads the first v2 schema name, without a minor version, as v2.0', () => {
    const text = JSON.stringify({ info: { name: 'c', schema: 'http://schema.getpostman.com/collection/v2/collection.json' }, item: [{ name: 'r', request: 'https://a.test/x' }] });
    expect(only(text).draft.url).toBe('https://a.test/x');
  });

  it('ends a path variable name at the first dot (:id.json is id, then .json)', () => {
    const request = only(withUrl({ raw: 'https://a.test/tweets/:id.json', protocol: 'https', host: ['a', 'test'], path: ['tweets', ':id.json'], variable: [{ key: 'id', value: '42' }] }));
    expect(request.draft.url).toBe('https://a.test/tweets/{id}.json');
    expect(request.draft.pathParams).toEqual([{ name: 'id', value: '42' }]);
  });

  it('sends a :name segment no url.variable of a URL object declares as written, as Url.toString() does (no path parameter to fill)', () => {
    const request = only(withUrl({ raw: 'https://a.test/crazyvar/{{yo}}/:awesome?a=b', protocol: 'https', host: ['a', 'test'], path: ['crazyvar', '{{yo}}', ':awesome'], query: [{ key: 'a', value: 'b' }], variable: [] }));
    expect(request.draft.url).toBe('https://a.test/crazyvar/{{yo}}/:awesome?a=b');
    expect(request.draft.pathParams).toEqual([]);
    // The SDK's Url.parse declares the :name segments of a URL string (with no value).
    expect(only(withUrl('https://a.test/users/:id')).draft).toMatchObject({ url: 'https://a.test/users/{id}', pathParams: [{ name: 'id', value: '' }] });
  });

  it('keeps the user and password of the URL pieces, as Url.toString() writes them', () => {
    const request = only(withUrl({ raw: 'https://u:p@a.test/get', protocol: 'https', auth: { user: 'u', password: '{{pw}}' }, host: ['a', 'test'], path: ['get'] }));
    expect(request.draft.url).toBe('https://u:{{pw}}@a.test/get');
  });

  it('encodes & and # in query keys and values (and = in keys) outside {{variables}}, as QueryParam.unparse does', () => {
    const request = only(withUrl({ protocol: 'https', host: ['a', 'test'], path: ['get'], query: [{ key: 'b#a&r', value: null }, { key: 'k=1', value: 'x&y#{{a&b}}' }] }));
    expect(request.draft.url).toBe('https://a.test/get?b%23a%26r&k%3D1=x%26y%23{{a&b}}');
  });

  it('reads a v1 GraphQL body kept in `data` and flagged by dataOptions.graphql, as the transformer does', () => {
    const text = JSON.stringify({
      id: 'c',
      name: 'c',
      order: ['r1'],
      requests: [{ id: 'r1', name: 'New Request', method: 'POST', url: 'https://a.test/graphql', dataMode: 'graphql', dataOptions: { graphql: {} }, data: { query: 'mutation { x }', variables: '{}' } }],
    });
    expect(JSON.parse(only(text).draft.body.texts.json)).toEqual({ query: 'mutation { x }', variables: {} });
  });
});
