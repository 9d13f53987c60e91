import { buildSchema, graphqlSync } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkGraphQlRequest, parseGraphQl } from './check';
import { explorerModel, explorerModelFromIntrospection, introspectionQuery, schemaFromIntrospection, schemaFromSdl, searchExplorer } from './schemaModel';
import { describeGraphQlError, readGraphQlResponse } from './response';

const SDL = `
"""A book"""
type Book { id: ID! title: String! tags(first: Int = 2): [String!]! }
input Filter { year: Int! }
enum Order { ASC DESC }
type Query { book(id: ID!): Book books(filter: Filter, order: Order): [Book!]! }
type Mutation { add(title: String!): Book }
`;
const schema = buildSchema(SDL);

describe('checkGraphQlRequest', () => {
  it('says where a document does not parse (line and column)', () => {
    const parsed = parseGraphQl('query {\n  book(id: 1 {\n    title\n  }\n}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problem).toMatchObject({ where: 'query', line: 2, column: 14 });
    expect(parsed.problem.message).toMatch(/^The query does not parse at line 2, column 14: Expected Name, found "{"/);
  });

  it('validates against the schema, each error with its location', () => {
    const problems = checkGraphQlRequest('{\n  book(id: "1") { title nope }\n}', '', '', schema);
    expect(problems).toEqual([{ message: 'Cannot query field "nope" on type "Book".', where: 'query', line: 2, column: 25 }]);
  });

  it('names a variable of the wrong type, a missing required one, and one not declared', () => {
    const query = 'query Q($id: ID!, $f: Filter) { book(id: $id) { title } books(filter: $f) { id } }';
    const wrong = checkGraphQlRequest(query, '{"id": "1", "f": {"year": "1999"}, "extra": 1}', '', schema);
    expect(wrong.map((p) => p.message)).toEqual([
      'Variable "$f" got invalid value "1999" at "f.year"; Int cannot represent non-integer value: "1999"',
      'The variable "$extra" is given but the operation Q does not declare it; the server ignores it.',
    ]);
    const missing = checkGraphQlRequest(query, '{}', '', schema);
    expect(missing[0]!.message).toBe('Variable "$id" of required type "ID!" was not provided.');
  });

  it('checks built-in scalar variables without a schema, and leaves custom types alone', () => {
    const problems = checkGraphQlRequest('query ($n: Int!, $f: Filter) { a }', '{"n": "three", "f": 42}', '');
    expect(problems.map((p) => p.message)).toEqual(['Variable "$n" got invalid value "three"; Int cannot represent non-integer value: "three"']);
  });

  it('says where variables are not JSON', () => {
    expect(checkGraphQlRequest('{ a }', '{"a": }', '')).toEqual([{ message: expect.stringContaining('The variables are not valid JSON'), where: 'variables', line: 1, column: 7 }]);
  });
});

describe('schema model', () => {
  it('builds the explorer from an introspection result, roots first, with fields, args and descriptions; searches it', () => {
    const introspection = graphqlSync({ schema, source: introspectionQuery() });
    const built = schemaFromIntrospection(JSON.parse(JSON.stringify(introspection)));
    if (!built.ok) throw new Error(built.error.message);
    const model = explorerModel(built.value);
    expect(model.roots).toEqual({ query: 'Query', mutation: 'Mutation' });
    expect(model.types.slice(0, 2).map((t) => t.name)).toEqual(['Query', 'Mutation']);
    const book = model.types.find((t) => t.name === 'Book')!;
    expect(book.description).toBe('A book');
    expect(book.fields.find((f) => f.name === 'tags')).toEqual({ name: 'tags', type: '[String!]!', typeName: 'String', args: [{ name: 'first', type: 'Int', defaultValue: '2' }] });
    expect(model.types.find((t) => t.name === 'Order')?.members).toEqual(['ASC', 'DESC']);
    expect(searchExplorer(model, 'titl')).toEqual([{ type: 'Book', field: 'title' }]);
    expect(searchExplorer(model, 'a book')).toEqual([{ type: 'Book' }]);
  });

  it('reads the same model straight from the introspection answer (no schema built), and refuses one without __schema', () => {
    const introspection = JSON.parse(JSON.stringify(graphqlSync({ schema, source: introspectionQuery() })));
    const direct = explorerModelFromIntrospection(introspection);
    if (!direct.ok) throw new Error(direct.error.message);
    expect(direct.value).toEqual(explorerModel(schema));
    const refused = explorerModelFromIntrospection({ data: null, errors: [{ message: 'GraphQL introspection is not allowed' }] });
    expect(!refused.ok && refused.error.message).toBe('The server refused introspection: GraphQL introspection is not allowed. Load the schema from an SDL file instead.');
  });

  it('refuses an answer that is not an introspection result, and SDL that does not parse, saying where', () => {
    const refused = schemaFromIntrospection({ errors: [{ message: 'introspection is disabled' }] });
    expect(!refused.ok && refused.error.message).toBe('The server refused introspection: introspection is disabled. Load the schema from an SDL file instead.');
    const sdl = schemaFromSdl('type Query {\n  a: \n}');
    expect(!sdl.ok && sdl.error.message).toMatch(/^The SDL does not build a schema \(line 3, column 1\)/);
  });
});

describe('readGraphQlResponse', () => {
  it('tells partial data, a null data and a request error apart', () => {
    expect(readGraphQlResponse('{"data": {"a": null}, "errors": [{"message": "boom", "path": ["a"], "locations": [{"line": 1, "column": 3}]}]}')).toMatchObject({ outcome: 'partial' });
    expect(readGraphQlResponse('{"data": null, "errors": [{"message": "boom"}]}')?.outcome).toBe('data-null');
    const refused = readGraphQlResponse('{"errors": [{"message": "Syntax Error", "locations": [{"line": 2, "column": 4}]}]}');
    expect(refused?.outcome).toBe('request-error');
    expect(describeGraphQlError(refused!.errors[0]!)).toBe('Syntax Error (query line 2, column 4)');
    expect(readGraphQlResponse('{"items": []}')).toBeUndefined();
    expect(readGraphQlResponse('not json')).toBeUndefined();
  });
});

describe('graphql-transport-ws messages', () => {
  it('reads next, error and complete, and names what breaks the protocol', async () => {
    const { readGraphQlWs, explainGraphQlWsClose, encodeGraphQlWs } = await import('./graphqlWs');
    expect(readGraphQlWs('{"type":"next","id":"1","payload":{"data":{"countdown":3}}}')).toEqual({ ok: true, message: { type: 'next', id: '1', data: { countdown: 3 }, errors: [] } });
    expect(readGraphQlWs('{"type":"error","id":"1","payload":[{"message":"Variable \\"$n\\" got invalid value"}]}')).toMatchObject({ ok: true, message: { type: 'error', errors: [{ message: 'Variable "$n" got invalid value' }] } });
    expect(readGraphQlWs('{"type":"next","payload":{}}')).toEqual({ ok: false, message: 'The server sent "next" without the subscription\'s id.' });
    expect(readGraphQlWs('{"type":"data","id":"1"}')).toEqual({ ok: false, message: 'The server sent a message of type "data", which graphql-transport-ws does not have.' });
    expect(explainGraphQlWsClose(4406)).toContain('does not speak graphql-transport-ws');
    expect(explainGraphQlWsClose(1000)).toBeUndefined();
    expect(JSON.parse(encodeGraphQlWs({ type: 'subscribe', id: '1', payload: { query: 'subscription { a }' } }))).toEqual({ type: 'subscribe', id: '1', payload: { query: 'subscription { a }' } });
  });
});
