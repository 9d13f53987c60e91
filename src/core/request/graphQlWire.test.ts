import { describe, expect, it } from 'vitest';
import { normaliseDraft, type DraftInput } from './draft';
import { buildWireRequest } from './wire';
import { graphQlOperations, chooseGraphQlOperation } from '../protocols/graphql/operations';

function build(input: DraftInput, env: Record<string, string> = {}) {
  return buildWireRequest(normaliseDraft(input), env);
}

const QUERY = 'query Book($id: ID!) { book(id: $id) { title } }';

describe('GraphQL on the wire (GraphQL over HTTP)', () => {
  it('POSTs {query, variables, operationName} as JSON with the GraphQL Accept, variables spliced as written', () => {
    const result = build({ method: 'POST', url: 'http://127.0.0.1/graphql', body: { kind: 'graphql', graphql: { query: QUERY, variables: '{"id": {{id}}, "big": 12345678901234567890}', operationName: 'Book' } } }, { id: '7' });
    if (!result.ok) throw new Error(result.error.message);
    const { wire, computedHeaders } = result.value;
    expect(wire.method).toBe('POST');
    expect(wire.body).toEqual([`{"query":${JSON.stringify(QUERY)},"variables":{"id": 7, "big": 12345678901234567890},"operationName":"Book"}`]);
    expect(wire.headers).toContainEqual({ name: 'Content-Type', value: 'application/json' });
    expect(wire.headers).toContainEqual({ name: 'Accept', value: 'application/graphql-response+json, application/json' });
    expect(computedHeaders.map((h) => h.name)).toContain('Accept');
  });

  it('keeps an Accept the person typed', () => {
    const result = build({ method: 'POST', url: 'http://h/graphql', headers: [{ name: 'Accept', value: 'application/json' }], body: { kind: 'graphql', graphql: { query: '{ a }' } } });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.wire.headers.filter((h) => h.name.toLowerCase() === 'accept')).toEqual([{ name: 'Accept', value: 'application/json' }]);
  });

  it('sends a query over GET on request: query, variables and operationName in the query string, no body', () => {
    const result = build({ method: 'GET', url: 'http://h/graphql?x=1', body: { kind: 'graphql', graphql: { query: QUERY, variables: '{"id":"1"}', operationName: 'Book', method: 'GET' } } });
    if (!result.ok) throw new Error(result.error.message);
    const url = new URL(result.value.wire.url);
    expect(result.value.wire.method).toBe('GET');
    expect(result.value.wire.body).toBeUndefined();
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('query')).toBe(QUERY);
    expect(url.searchParams.get('variables')).toBe('{"id":"1"}');
    expect(url.searchParams.get('operationName')).toBe('Book');
  });

  it('sends what the request line says: GET there wins over the body\'s POST, and the body\'s GET decides for another method', () => {
    const line = build({ method: 'GET', url: 'http://h/g', body: { kind: 'graphql', graphql: { query: '{ a }', method: 'POST' } } });
    expect(line.ok && line.value.wire.method).toBe('GET');
    const custom = build({ method: 'QUERY', url: 'http://h/g', body: { kind: 'graphql', graphql: { query: '{ a }', method: 'GET' } } });
    expect(custom.ok && custom.value.wire.method).toBe('GET');
  });

  it('refuses a mutation over GET with a clear error', () => {
    const result = build({ method: 'GET', url: 'http://h/graphql', body: { kind: 'graphql', graphql: { query: 'mutation Add { add(n: 1) }' } } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.field).toBe('graphql:method');
    expect(result.error.message).toContain('mutation Add cannot be sent with GET');
  });

  it('says where variables that are not JSON go wrong, and that they must be an object', () => {
    const bad = build({ method: 'POST', url: 'http://h/g', body: { kind: 'graphql', graphql: { query: '{ a }', variables: '{\n  "id": 1,\n}' } } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/not valid JSON at line 2, column 10: Trailing comma/);
    const array = build({ method: 'POST', url: 'http://h/g', body: { kind: 'graphql', graphql: { query: '{ a }', variables: '[1]' } } });
    expect(!array.ok && array.error.message).toContain('must be a JSON object');
  });

  it('asks for the operation name when the document holds several, and names a wrong one', () => {
    const doc = 'query A { a } mutation B { b }';
    const many = build({ method: 'POST', url: 'http://h/g', body: { kind: 'graphql', graphql: { query: doc } } });
    expect(!many.ok && many.error.message).toContain('holds 2 operations (A, B)');
    const wrong = build({ method: 'POST', url: 'http://h/g', body: { kind: 'graphql', graphql: { query: doc, operationName: 'C' } } });
    expect(!wrong.ok && wrong.error.message).toContain('"C" names no operation of the query; it has "A", "B"');
  });

  it('normaliseDraft keeps the GraphQL body, filling what is missing', () => {
    const draft = normaliseDraft({ body: { kind: 'graphql', graphql: { query: '{ a }' } } });
    expect(draft.body.graphql).toEqual({ query: '{ a }', variables: '', operationName: '' });
  });
});

describe('graphQlOperations', () => {
  it('finds top-level operations, skipping strings, comments, fragments and nested words', () => {
    const doc = '# query Fake { x }\nfragment F on T { query mutation }\nquery Q($s: String = "mutation M {") { a(b: """ subscription S """) { ...F } }\nmutation M { m }\n{ shorthand }';
    expect(graphQlOperations(doc).map((o) => `${o.type}:${o.name ?? ''}`)).toEqual(['query:Q', 'mutation:M', 'query:']);
    expect(chooseGraphQlOperation('subscription S { s }', '')).toMatchObject({ ok: true, operation: { type: 'subscription', name: 'S' } });
  });
});
