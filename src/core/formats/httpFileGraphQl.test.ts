/**
 * httpyac's GraphQL requests (a `query`/`mutation` body, `gql Name < file`, fragments),
 * request lines whose first word is no method, httpyac's `@name value` variables and its
 * multipart/mixed bodies holding request lines: each as httpyac, REST Client or JetBrains sends it.
 */
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../workspace';
import { collectionRequests } from '../workspace';
import { parseHttpFile } from './httpFile';
import { graphQlPlaceholderFile } from './httpFileGraphQl';
import type { ImportResult } from './importResult';

function parsed(text: string): ImportResult {
  const result = parseHttpFile(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
const requests = (result: ImportResult): SavedRequest[] => collectionRequests(result.collection.items).map((r) => r.request);
const bodyJson = (request: SavedRequest): unknown => JSON.parse(request.draft.body.texts.json);

describe('httpyac GraphQL', () => {
  it('sends a query body as JSON with its operation name and the JSON after the blank line as variables', () => {
    const result = parsed('POST https://a.test/graphql\nContent-Type: application/json\n\nquery Continents($code: String!) {\n  continents(code: $code) { name }\n}\n\n{"code": "EU"}\n');
    const [request] = requests(result);
    expect(request!.name).toBe('Continents');
    expect(request!.draft.method).toBe('POST');
    expect(bodyJson(request!)).toEqual({ query: 'query Continents($code: String!) {\n  continents(code: $code) { name }\n}', operationName: 'Continents', variables: { code: 'EU' } });
  });

  it('sends no variables when none follow, and no operation name for an anonymous query or `query {`', () => {
    expect(bodyJson(requests(parsed('POST https://a.test/graphql\nContent-Type: application/json\n\nmutation {\n  reset\n}\n'))[0]!)).toEqual({ query: 'mutation {\n  reset\n}' });
  });

  it('appends the fragments the query spreads, defined anywhere before it in the file, and reads no fragment as a request', () => {
    const result = parsed('fragment Parts on Continent {\n  code\n}\n\nPOST https://a.test/graphql\nContent-Type: application/json\n\nquery All {\n  continents { ...Parts }\n}\n');
    expect(result.skipped).toEqual([]);
    expect(bodyJson(requests(result)[0]!)).toEqual({ query: 'query All {\n  continents { ...Parts }\n}\nfragment Parts on Continent {\n  code\n}', operationName: 'All' });
  });

  it('keeps a `{{variable}}` in the variables as written, to be substituted when sending', () => {
    const request = requests(parsed('POST https://a.test/graphql\nContent-Type: application/json\n\nquery Q { a }\n\n{"n": {{limit}}}\n'))[0]!;
    expect(request.draft.body.texts.json).toBe('{\n  "query": "query Q { a }",\n  "operationName": "Q",\n  "variables": {"n": {{limit}}}\n}');
  });

  it('leaves a query read from a file (`gql Name < file`) as a placeholder naming the file, and says so', () => {
    const result = parsed('POST https://a.test/graphql\nContent-Type: application/json\n\ngql Continents < ./q.gql\n\n{"code": "EU"}\n');
    const body = bodyJson(requests(result)[0]!) as { query: string };
    expect(graphQlPlaceholderFile(body.query)).toBe('./q.gql');
    expect(body).toMatchObject({ operationName: 'Continents', variables: { code: 'EU' } });
    expect(result.warnings).toContain('Continents: the GraphQL query is read from the file "./q.gql" when httpyac sends it: paste that file\'s query into "query".');
  });

  it('leaves a JSON body alone: only a document opening with query, mutation, fragment or gql is GraphQL', () => {
    const request = requests(parsed('POST https://a.test/search\nContent-Type: application/json\n\n{"query": "a"}\n'))[0]!;
    expect(request.draft.body.texts.json).toBe('{"query": "a"}');
  });
});

describe('request lines and variables as the clients read them', () => {
  it('keeps a first word that is no known method as a custom method, and says the clients would send a GET to the whole line', () => {
    const result = parsed('INVALIDMETHOD /test\n');
    expect(requests(result)[0]!.draft).toMatchObject({ method: 'INVALIDMETHOD', url: '/test' });
    expect(result.warnings[0]).toContain('"INVALIDMETHOD" is not a method JetBrains, VS Code REST Client or httpyac know; they would send a GET to the whole line');
    expect(requests(parsed('MKWORKSPACE https://a.test/w\n'))[0]!.draft.method).toBe('MKWORKSPACE');
  });

  it("reads httpyac's `@name value`, `@name := value` and `@global.name = value` as variables", () => {
    const result = parsed('@ns hello=http://a.test/ns\n@lazy := {{ns}}\n@global.g = 1\n\nGET https://a.test/\n');
    expect(result.collection.variables.map((v) => [v.name, v.value])).toEqual([['ns', 'hello=http://a.test/ns'], ['lazy', '{{ns}}'], ['g', '1']]);
    expect(requests(result)).toHaveLength(1);
  });

  it('keeps request lines inside a multipart/mixed body (an OData batch) in the body, up to its closing boundary', () => {
    const batch = '--b\nContent-Type: application/http\n\nGET /service/Customers HTTP/1.1\nHost: host\n\n--b--';
    const result = parsed(`POST https://a.test/$batch\nContent-Type: multipart/mixed; boundary=b\n\n${batch}\nGET https://a.test/after\n`);
    expect(requests(result).map((r) => r.draft.url)).toEqual(['https://a.test/$batch', 'https://a.test/after']);
    expect(requests(result)[0]!.draft.body.texts.text).toBe(batch);
  });
});
