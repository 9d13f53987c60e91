/**
 * GraphQL over HTTP (issue 29): partial data with errors, a query over GET and a mutation
 * refused over GET, a document that does not parse, and introspection — against the
 * sandbox's `/sandbox/graphql` (the library schema). The requests load as GraphQL bodies.
 */
import type { Lesson } from './lesson';

const GRAPHQL_HEADERS = [
  { name: 'Content-Type', value: 'application/json' },
  { name: 'Accept', value: 'application/graphql-response+json, application/json' },
];

const body = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  JSON.stringify({ query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) }, null, 2);

export const GRAPHQL_LESSONS: readonly Lesson[] = [
  {
    id: 'graphql-partial-data',
    group: 'Utilities',
    title: 'GraphQL: partial data with errors',
    convention: 'GraphQL spec §7.1.2 (errors, path, locations), GraphQL over HTTP §6.4',
    teaches:
      'A GraphQL server answers 200 when it ran the operation, even when some fields failed: each failed field comes back null in data, and errors says which (path, into the data) and where in the query (locations, line and column). A 200 with errors is not a success for those fields.',
    lookAt:
      'The status card says partial data, not success; the GraphQL card lists each error with its path (books[2].author, prices) and its line and column — click one to put the cursor there in the query. The other fields are in the body.',
    request: { method: 'POST', url: '/sandbox/graphql', headers: GRAPHQL_HEADERS, body: body('query Library {\n  books {\n    title\n    author { name }\n    price\n  }\n}') },
    expectedStatus: 200,
  },
  {
    id: 'graphql-parse-error',
    group: 'Utilities',
    title: 'GraphQL: a document that does not parse',
    convention: 'GraphQL over HTTP §6.4.2 (application/graphql-response+json)',
    teaches:
      'A request the server cannot run — a document that does not parse or validate, variables that do not fit — gets no data entry at all. With application/graphql-response+json the status is 400; a server answering application/json would send 200, and only the errors would say it failed.',
    lookAt: 'The 400 is explained as the request’s fault; the editor marks the missing brace; the GraphQL card gives its line and column.',
    request: { method: 'POST', url: '/sandbox/graphql', headers: GRAPHQL_HEADERS, body: body('query Broken {\n  book(id: "1") {\n    title\n') },
    expectedStatus: 400,
  },
  {
    id: 'graphql-get-query',
    group: 'Utilities',
    title: 'GraphQL: a query over GET',
    convention: 'GraphQL over HTTP §6.1 (GET), §7.2',
    teaches:
      'A query may be sent with GET: query, variables (JSON) and operationName go in the query string, so a cache can keep the answer. A mutation never goes over GET — a GET must be safe to repeat — and a server answers one with 405 and Allow: POST; Wirebench refuses to send it.',
    lookAt: 'Params shows query and variables as query-string parameters. In a GraphQL body, Send as GET does this for you; try it with a mutation to see the refusal.',
    request: { method: 'GET', url: '/sandbox/graphql?query=query%20One(%24id%3A%20ID!)%20%7B%20book(id%3A%20%24id)%20%7B%20title%20year%20%7D%20%7D&variables=%7B%22id%22%3A%222%22%7D', headers: [{ name: 'Accept', value: 'application/graphql-response+json, application/json' }] },
    expectedStatus: 200,
  },
  {
    id: 'graphql-introspection',
    group: 'Utilities',
    title: 'GraphQL: introspection',
    convention: 'GraphQL spec §4 (introspection)',
    teaches:
      'A GraphQL schema describes itself: the __schema and __type fields answer which types, fields and arguments exist. Tools fetch the whole schema this way to complete and check queries; servers in production often switch it off, and then the schema comes from an SDL file instead.',
    lookAt: 'The answer lists every type. In the Body, Fetch schema runs the full introspection query through the relay: completion, checks and the schema explorer then use it.',
    request: { method: 'POST', url: '/sandbox/graphql', headers: GRAPHQL_HEADERS, body: body('query Types {\n  __schema {\n    queryType { name }\n    mutationType { name }\n    types { name kind description }\n  }\n}') },
    expectedStatus: 200,
  },
];
