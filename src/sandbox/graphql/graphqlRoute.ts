/**
 * `/graphql`: a GraphQL-over-HTTP endpoint on the library schema, answering as the
 * specification says (GraphQL over HTTP, §5–§7): POST with `application/json`, GET for
 * queries (a mutation over GET is 405 with `Allow: POST`); `application/graphql-response+json`
 * when the client accepts it (a request error — a document that does not parse or validate,
 * variables that do not fit — is then 400), else `application/json` with 200 for any
 * well-formed GraphQL response. `/graphql/schema.graphql` serves the SDL.
 */
import { execute, GraphQLError, getOperationAST, parse, validate, type DocumentNode, type ExecutionResult } from 'graphql';
import { readBody, sendTooLarge, type BodyTooLarge } from '../requestBody';
import { sendProblem, type SandboxContext, type SandboxRoute } from '../router';
import { onSandboxReset } from '../reset';
import { LIBRARY_SDL, librarySchema, resetLibrary } from './librarySchema';

onSandboxReset(resetLibrary);

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

interface Params {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

function respond(ctx: SandboxContext, status: number, result: ExecutionResult | { errors: readonly GraphQLError[] }, modern: boolean, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(result, null, 2);
  ctx.res.writeHead(status, { 'Content-Type': `${modern ? GRAPHQL_RESPONSE : 'application/json'}; charset=utf-8`, 'Content-Length': Buffer.byteLength(body), Vary: 'Accept', ...headers });
  ctx.res.end(body);
}

/** Whether the client accepts application/graphql-response+json (the spec's media type). */
function acceptsModern(ctx: SandboxContext): boolean {
  const accept = String(ctx.req.headers.accept ?? '');
  return accept.toLowerCase().includes(GRAPHQL_RESPONSE);
}

type Refusal = { status: number; title: string; detail: string; headers?: Record<string, string> } | { tooLarge: BodyTooLarge };

async function paramsOf(ctx: SandboxContext): Promise<Params | Refusal> {
  if (ctx.method === 'GET') {
    const get = (name: string) => ctx.url.searchParams.get(name) ?? undefined;
    let variables: unknown;
    const text = get('variables');
    if (text !== undefined && text !== '') {
      try {
        variables = JSON.parse(text);
      } catch {
        return { status: 400, title: 'Bad Request', detail: 'The variables parameter is not JSON.' };
      }
    }
    return { query: get('query'), variables, operationName: get('operationName') };
  }
  const type = String(ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    return { status: 415, title: 'Unsupported Media Type', detail: `A GraphQL POST carries application/json, not ${type || 'no Content-Type'}.`, headers: { 'Accept-Post': 'application/json' } };
  }
  const read = await readBody(ctx.req);
  if (!read.ok) return { tooLarge: read };
  try {
    const value: unknown = JSON.parse(read.bytes.toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { status: 400, title: 'Bad Request', detail: 'The body must be a JSON object {"query", "variables", "operationName"}.' };
    return value as Params;
  } catch {
    return { status: 400, title: 'Bad Request', detail: 'The body is not JSON.' };
  }
}

async function handle(ctx: SandboxContext): Promise<void> {
  if (ctx.method !== 'GET' && ctx.method !== 'POST') {
    sendProblem(ctx.res, 405, { title: 'Method Not Allowed', detail: 'A GraphQL endpoint takes GET (queries) and POST.' }, { Allow: 'GET, POST' });
    return;
  }
  const modern = acceptsModern(ctx);
  const params = await paramsOf(ctx);
  if ('tooLarge' in params) return sendTooLarge(ctx.res, params.tooLarge);
  if ('status' in params) return sendProblem(ctx.res, params.status, { title: params.title, detail: params.detail }, params.headers);
  const requestError = (errors: readonly GraphQLError[]) => respond(ctx, modern ? 400 : 200, { errors }, modern);
  if (typeof params.query !== 'string' || params.query.trim() === '') return requestError([new GraphQLError('The request has no query: send {"query": "…"}.')]);
  if (params.variables !== undefined && params.variables !== null && (typeof params.variables !== 'object' || Array.isArray(params.variables))) {
    return requestError([new GraphQLError('The variables must be a JSON object.')]);
  }
  if (params.operationName !== undefined && params.operationName !== null && typeof params.operationName !== 'string') return requestError([new GraphQLError('The operationName must be a string.')]);
  let document: DocumentNode;
  try {
    document = parse(params.query);
  } catch (error) {
    return requestError([error instanceof GraphQLError ? error : new GraphQLError(String(error))]);
  }
  const schema = librarySchema();
  const invalid = validate(schema, document);
  if (invalid.length > 0) return requestError(invalid);
  const operationName = typeof params.operationName === 'string' && params.operationName !== '' ? params.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation) return requestError([new GraphQLError(operationName ? `Unknown operation named "${operationName}".` : 'Several operations: say which to run with operationName.')]);
  if (ctx.method === 'GET' && operation.operation !== 'query') {
    sendProblem(ctx.res, 405, { title: 'Method Not Allowed', detail: `A ${operation.operation} cannot run over GET (GraphQL over HTTP §7.2): send it with POST.` }, { Allow: 'POST' });
    return;
  }
  if (operation.operation === 'subscription') return requestError([new GraphQLError('Subscriptions run over WebSocket (graphql-ws) at /sandbox/graphql/ws, not over HTTP.')]);
  const result = await execute({ schema, document, variableValues: (params.variables ?? undefined) as Record<string, unknown> | undefined, operationName });
  // Variables that do not fit the operation are a request error: no data entry.
  if (!('data' in result) || result.data === undefined) return requestError(result.errors ?? []);
  respond(ctx, 200, result, modern);
}

export const graphqlRoutes: SandboxRoute[] = [
  {
    method: 'GET',
    pattern: '/graphql/schema.graphql',
    handle(ctx) {
      ctx.res.writeHead(200, { 'Content-Type': 'application/graphql; charset=utf-8', 'Content-Length': Buffer.byteLength(LIBRARY_SDL) });
      ctx.res.end(LIBRARY_SDL);
    },
  },
  {
    // A plain GET of the subscriptions endpoint: it speaks WebSocket only.
    method: 'GET',
    pattern: '/graphql/ws',
    handle(ctx) {
      sendProblem(ctx.res, 426, { title: 'Upgrade Required', detail: 'GraphQL subscriptions here run over WebSocket with the graphql-transport-ws subprotocol (graphql-ws); open it as a WebSocket.' }, { Upgrade: 'websocket', Connection: 'Upgrade' });
    },
  },
  { method: '*', pattern: '/graphql', handle },
];
