/**
 * A `graphql` body on the wire, as the GraphQL-over-HTTP specification says: POST with
 * the JSON `{"query", "variables"?, "operationName"?}` and `Content-Type: application/json`,
 * or GET with `query`, `variables` (JSON) and `operationName` in the query string — for
 * queries only: a mutation over GET is refused before sending (GraphQL over HTTP §7.2, a
 * server must not run one). Either way the request accepts
 * `application/graphql-response+json, application/json`. The variables are spliced in as
 * written (after `{{variable}}` substitution), so big numbers keep every digit.
 */
import { parseJson } from '../encoding/json';
import { GRAPHQL_ACCEPT, type GraphQlBody, type GraphQlTransport } from '../protocols/graphql/body';
import { chooseGraphQlOperation } from '../protocols/graphql/operations';
import { fail, ok, type Result } from '../types';

/** What a GraphQL body adds to the request. */
export interface GraphQlWireParts {
  method: GraphQlTransport;
  /** Query parameters of a GET. */
  query: { name: string; value: string }[];
  /** The JSON body of a POST (empty for GET). */
  chunks: string[];
  /** `application/json` for a POST. */
  contentType?: string;
  accept: string;
}

/**
 * How the body travels: as the request line says when it says GET or POST (so what is shown
 * is what is sent; the editor's "Send as" sets both), else the body's own choice, else POST.
 */
export function graphQlTransportOf(body: Pick<GraphQlBody, 'method'> | undefined, draftMethod: string): GraphQlTransport {
  const method = draftMethod.trim().toUpperCase();
  if (method === 'GET' || method === 'POST') return method;
  return body?.method ?? 'POST';
}

/**
 * The wire parts of `body` (texts through `value`, which substitutes variables). Fails with
 * field `graphql:query`, `graphql:variables` or `graphql:operationName`, saying what and
 * where: an empty query, variables that are not a JSON object (line and column), an
 * operation name that names no operation, a mutation or subscription sent with GET.
 */
export function graphQlWireParts(body: GraphQlBody, draftMethod: string, value: (text: string, where: string) => string): Result<GraphQlWireParts> {
  const query = value(body.query, 'GraphQL query');
  if (query.trim() === '') return fail({ kind: 'graphql-query-empty', field: 'graphql:query', message: 'The GraphQL query is empty: type a query such as { __typename }.' });
  const operationName = value(body.operationName, 'GraphQL operation name').trim();
  const variablesText = value(body.variables, 'GraphQL variables').trim();
  if (variablesText !== '') {
    const parsed = parseJson(variablesText);
    if (!parsed.ok) {
      const at = parsed.error.position ? ` at line ${parsed.error.position.line}, column ${parsed.error.position.column}` : '';
      return fail({ kind: 'graphql-variables-json', field: 'graphql:variables', message: `The GraphQL variables are not valid JSON${at}: ${parsed.error.message}.`, ...(parsed.error.position ? { position: parsed.error.position } : {}) });
    }
    const v = parsed.value;
    if (v !== null && (typeof v !== 'object' || Array.isArray(v))) {
      return fail({ kind: 'graphql-variables-object', field: 'graphql:variables', message: `The GraphQL variables must be a JSON object such as {"id": 1}, not ${Array.isArray(v) ? 'an array' : typeof v === 'string' ? 'a string' : `a ${typeof v}`}.` });
    }
  }
  const choice = chooseGraphQlOperation(query, operationName);
  if (!choice.ok) return fail({ kind: 'graphql-operation', field: 'graphql:operationName', message: choice.message });
  const method = graphQlTransportOf(body, draftMethod);
  if (method === 'GET') {
    const type = choice.operation?.type;
    if (type === 'mutation' || type === 'subscription') {
      const named = choice.operation?.name ? ` ${choice.operation.name}` : '';
      return fail({
        kind: 'graphql-get-mutation',
        field: 'graphql:method',
        message: `The ${type}${named} cannot be sent with GET: GraphQL over HTTP runs only queries over GET (a GET must be safe to repeat), so a server refuses it with 405. Send it with POST.`,
      });
    }
    const params = [{ name: 'query', value: query }];
    if (variablesText !== '') params.push({ name: 'variables', value: variablesText });
    if (operationName !== '') params.push({ name: 'operationName', value: operationName });
    return ok({ method, query: params, chunks: [], accept: GRAPHQL_ACCEPT });
  }
  const fields = [`"query":${JSON.stringify(query)}`];
  if (variablesText !== '') fields.push(`"variables":${variablesText}`);
  if (operationName !== '') fields.push(`"operationName":${JSON.stringify(operationName)}`);
  return ok({ method, query: [], chunks: [`{${fields.join(',')}}`], contentType: 'application/json', accept: GRAPHQL_ACCEPT });
}
