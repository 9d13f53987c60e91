/**
 * The status of a GraphQL exchange explained with its body (GraphQL over HTTP §6.4), so the
 * status card and the GraphQL errors card tell one story: a 200 whose body carries
 * `errors` is not a success; a 400 for a document that does not parse is the request's
 * fault and fails again unchanged. Read when the answer is `application/graphql-response+json`,
 * or JSON with `data`/`errors` to a request that looks like GraphQL (a JSON body with a
 * `query`, or a GET with `?query=`).
 */
import type { Finding } from '../../http/finding';
import type { StatusInfo } from '../../http/status';
import { headerValue, type WireRequest, type WireResponse } from '../../types';
import { GRAPHQL_RESPONSE_TYPE } from './body';
import { describeGraphQlError, formatGraphQlPath, readGraphQlResponse, type GraphQlResponse } from './response';

/** Bodies this long or longer are not read (the inspector passes small bodies only). */
const MAX_TEXT = 1 << 20;

function essence(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Whether `request` looks like a GraphQL request: a JSON body with "query", or a GET with a query parameter named query. */
export function looksLikeGraphQlRequest(request: WireRequest): boolean {
  if (headerValue(request.headers, 'Accept')?.includes(GRAPHQL_RESPONSE_TYPE)) return true;
  const first = request.body?.[0];
  if (typeof first === 'string' && /^\s*\{\s*"query"\s*:/.test(first)) return true;
  try {
    return request.method === 'GET' && new URL(request.url).searchParams.has('query');
  } catch {
    return false;
  }
}

/** The GraphQL response of an exchange, when it is one. */
export function graphQlResponseOfExchange(request: WireRequest, response: WireResponse): GraphQlResponse | undefined {
  const text = response.bodyText;
  if (text === undefined || text.length >= MAX_TEXT) return undefined;
  const type = essence(headerValue(response.headers, 'Content-Type'));
  const declared = type === GRAPHQL_RESPONSE_TYPE;
  if (!declared && !(type.endsWith('json') && looksLikeGraphQlRequest(request))) return undefined;
  return readGraphQlResponse(text);
}

function errorsSentence(response: GraphQlResponse): string {
  const shown = response.errors.slice(0, 3).map(describeGraphQlError);
  const more = response.errors.length > 3 ? `, and ${response.errors.length - 3} more` : '';
  return `${shown.join('; ')}${more}`;
}

/**
 * The status summary of a GraphQL exchange, or undefined when the body's outcome agrees
 * with the status alone (complete data with a 2xx, or no GraphQL body at all).
 */
export function graphQlStatusSummary(request: WireRequest, response: WireResponse, info: StatusInfo): Finding | undefined {
  const graphQl = graphQlResponseOfExchange(request, response);
  if (!graphQl || graphQl.outcome === 'complete') return undefined;
  const status = response.status;
  const title = `${status} ${info.reason}`;
  const declared = essence(headerValue(response.headers, 'Content-Type')) === GRAPHQL_RESPONSE_TYPE;
  const count = graphQl.errors.length;
  const reference = 'GraphQL over HTTP §6.4';
  switch (graphQl.outcome) {
    case 'partial': {
      const paths = graphQl.errors.flatMap((e) => (e.path ? [formatGraphQlPath(e.path)] : []));
      return {
        id: 'status',
        severity: 'warning',
        title,
        message: `Partial data: the operation ran, but ${count === 1 ? 'one field failed' : `${count} fields failed`}${paths.length > 0 ? ` (${paths.slice(0, 3).join(', ')})` : ''} and came back null while the rest of the data is there. The ${status} says the request was carried, not that every field worked (a GraphQL server answers 200 with errors in the body). ${errorsSentence(graphQl)}.`,
        next: 'Read each error and its path; the null fields are the failed ones. Retrying may help if the error is a resolver’s temporary failure.',
        reference,
        verdict: { outcome: 'failed' },
      };
    }
    case 'data-null':
      return {
        id: 'status',
        severity: 'error',
        title,
        message: `No data: the operation ran, but a failing non-null field made all of data null. ${errorsSentence(graphQl)}. The ${status} only says the request was carried.`,
        next: 'Read the error’s path: the field there (or a non-null parent) failed; make it nullable on the server or fix what it reads.',
        reference,
        verdict: { outcome: 'failed' },
      };
    case 'request-error': {
      const statusWords =
        info.class === 'success'
          ? declared
            ? ` The server sent ${status} with application/graphql-response+json, which GraphQL over HTTP reserves for responses with data; a request error should come with a 4xx such as 400.`
            : ` Servers answering application/json send ${status} even for a request error (GraphQL over HTTP §6.4.1), so the errors, not the status, say it failed.`
          : status === 400
            ? ' GraphQL over HTTP answers a document that does not parse or validate, or variables that do not fit, with 400.'
            : '';
      return {
        id: 'status',
        severity: 'error',
        title,
        message: `The server did not run the operation: ${errorsSentence(graphQl)}.${statusWords}`,
        next: 'Fix the query or variables where the error points (click a location to go there); sent unchanged it will fail again.',
        reference,
        verdict: { blame: 'request', outcome: 'failed', retry: 'will-fail' },
      };
    }
  }
}
