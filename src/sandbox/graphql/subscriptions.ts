/**
 * `/sandbox/graphql/ws`: GraphQL subscriptions (and queries, mutations) over WebSocket with
 * the `graphql-transport-ws` subprotocol (the graphql-ws library's server), on the library
 * schema — e.g. `subscription { countdown(from: 3) }`. Served through the local server's
 * upgrade routes (`src/server/upgradeRoutes.ts`).
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { execute, parse, subscribe, validate } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { librarySchema } from './librarySchema';

export const GRAPHQL_WS_PATH = '/sandbox/graphql/ws';

let server: WebSocketServer | undefined;

function wsServer(): WebSocketServer {
  if (server) return server;
  server = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  // This module's own graphql functions: graphql-ws may load the other build of graphql (CommonJS), whose checks refuse this schema.
  useServer(
    {
      schema: librarySchema(),
      execute,
      subscribe,
      validate,
      onSubscribe: (_ctx, _id, payload) => {
        const document = parse(payload.query);
        const invalid = validate(librarySchema(), document);
        if (invalid.length > 0) return invalid;
        return { schema: librarySchema(), document, variableValues: payload.variables ?? undefined, operationName: payload.operationName ?? undefined };
      },
    }, server);
  return server;
}

/** Hands an upgrade on GRAPHQL_WS_PATH to the graphql-ws server. */
export function handleGraphQlWsUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void {
  const wss = wsServer();
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
}
