/**
 * A GraphQL request's body as kept on a draft (`DraftBody.graphql`, body kind `graphql`):
 * the document, the variables as JSON text (so `{{variables}}` and half-typed JSON survive),
 * the operation to run, and how it travels (GraphQL over HTTP: POST JSON, or GET with the
 * parameters in the query string, for queries only).
 */

/** How a GraphQL request travels: POST with a JSON body (the default) or GET with query parameters. */
export type GraphQlTransport = 'POST' | 'GET';

export interface GraphQlBody {
  /** The GraphQL document (one or more operations and fragments). */
  query: string;
  /** The variables as JSON text; empty means none. */
  variables: string;
  /** Which operation of the document to run; empty means its only one. */
  operationName: string;
  /** POST (absent) or GET; GET is refused for a mutation. */
  method?: GraphQlTransport;
  /** Where subscriptions go (graphql-ws over WebSocket) when not the request's URL with ws: for http:. */
  subscriptionUrl?: string;
  /** Subscriptions in run steps (the runner, `wirebench run`): how long to collect results, ms (absent: 5000). */
  collectMs?: number;
  /** Subscriptions in run steps: stop after this many results (absent: at `complete` or the time limit). */
  collectCount?: number;
}

/** An empty GraphQL body (POST). */
export function emptyGraphQlBody(): GraphQlBody {
  return { query: '', variables: '', operationName: '' };
}

/** A complete GraphQL body from a partial one (a stored draft, an import). */
export function normaliseGraphQlBody(input: Partial<GraphQlBody> | undefined): GraphQlBody {
  const body: GraphQlBody = { query: input?.query ?? '', variables: input?.variables ?? '', operationName: input?.operationName ?? '' };
  if (input?.method === 'GET' || input?.method === 'POST') body.method = input.method;
  if (input?.subscriptionUrl) body.subscriptionUrl = input.subscriptionUrl;
  if (typeof input?.collectMs === 'number' && input.collectMs > 0) body.collectMs = input.collectMs;
  if (typeof input?.collectCount === 'number' && input.collectCount > 0) body.collectCount = Math.floor(input.collectCount);
  return body;
}

/** The media types a GraphQL-over-HTTP client accepts, the spec's own first. */
export const GRAPHQL_ACCEPT = 'application/graphql-response+json, application/json';

/** The GraphQL-over-HTTP response media type. */
export const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json';
