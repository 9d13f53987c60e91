/**
 * GraphQL requests through export and import (issue 29 item 3): a `graphql` body written
 * to a Postman collection (body mode `graphql`) and to a `.http` file (REST Client's
 * `X-REQUEST-TYPE: GraphQL`, which httpyac also sends) and read back keeps its query and
 * variables (and, in Postman, its operation name); what it sends stays the same bytes.
 */
import { describe, expect, it } from 'vitest';
import { emptyCollection, savedRequestOf } from '../core/formats/importResult';
import { exportPostman } from '../core/formats/postmanExport';
import { importPostman } from '../core/formats/postmanImport';
import { formatHttpFile } from '../core/formats/httpFileFormat';
import { parseHttpFile } from '../core/formats/httpFile';
import { buildWireRequest } from '../core/request';
import { collectionRequests, type Collection } from '../core/workspace';

const QUERY = 'query Book($id: ID!) {\n  book(id: $id) {\n\n    title\n  }\n}\n\nquery Other { __typename }';
const VARIABLES = '{\n  "id": "{{bookId}}"\n}';

function collectionWith(operationName: string, query = QUERY): Collection {
  const collection = emptyCollection('GraphQL');
  collection.items.push(savedRequestOf('Book', { method: 'POST', url: 'https://api.test/graphql', body: { kind: 'graphql', graphql: { query, variables: VARIABLES, operationName } } }));
  return collection;
}

function only(collection: Collection) {
  const [first] = collectionRequests(collection.items);
  if (!first) throw new Error('no request');
  return first.request.draft;
}

function sent(draft: ReturnType<typeof only>) {
  const built = buildWireRequest(draft, { bookId: '7' });
  if (!built.ok) throw new Error(built.error.message);
  return built.value.wire;
}

describe('GraphQL round trips', () => {
  it('Postman: query, variables and operation name come back, and the same request is sent', () => {
    const original = collectionWith('Book');
    const text = exportPostman(original);
    expect(JSON.parse(text).item[0].request.body).toEqual({ mode: 'graphql', graphql: { query: QUERY, variables: VARIABLES, operationName: 'Book' } });
    const back = importPostman(text);
    if (!back.ok) throw new Error(back.error.message);
    const draft = only(back.value.collection);
    expect(draft.body.kind).toBe('graphql');
    expect(draft.body.graphql).toEqual({ query: QUERY, variables: VARIABLES, operationName: 'Book' });
    expect(sent(draft).body).toEqual(sent(only(original)).body);
  });

  it('.http: query (blank lines, meaningless in GraphQL, left out) and variables come back as a GraphQL body', () => {
    const query = 'query Book($id: ID!) {\n  book(id: $id) {\n\n    title\n  }\n}';
    const text = formatHttpFile(collectionWith('', query));
    expect(text).toContain('X-REQUEST-TYPE: GraphQL');
    const back = parseHttpFile(text);
    if (!back.ok) throw new Error(back.error.message);
    const draft = only(back.value.collection);
    expect(draft.body.kind).toBe('graphql');
    expect(draft.body.graphql?.query).toBe(query.replace('\n\n', '\n'));
    expect(draft.body.graphql?.variables).toBe(VARIABLES);
    expect(JSON.parse(String(sent(draft).body?.[0]))).toEqual({ query: query.replace('\n\n', '\n'), variables: { id: '7' } });
  });

  it('Postman: variables that are not JSON are kept as written, with a warning', () => {
    const text = JSON.stringify({
      info: { name: 'x', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [{ name: 'Q', request: { method: 'POST', url: 'https://a.test/graphql', body: { mode: 'graphql', graphql: { query: '{ a }', variables: '{"id": ' } } } }],
    });
    const back = importPostman(text);
    if (!back.ok) throw new Error(back.error.message);
    expect(only(back.value.collection).body.graphql?.variables).toBe('{"id": ');
    expect(back.value.warnings.join('\n')).toContain('GraphQL variables are not valid JSON');
  });
});
