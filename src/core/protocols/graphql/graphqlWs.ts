/**
 * GraphQL over WebSocket with the graphql-ws library's protocol (`graphql-transport-ws`,
 * github.com/enisdenjo/graphql-ws PROTOCOL.md): the messages a client sends and reads, a
 * reader that says clearly what is wrong with a message, and the protocol's close codes in
 * plain words. Pure: the socket is the relay's (src/relay/websocket).
 */
import type { GraphQlResponseError } from './response';
import { graphQlResponseOf } from './response';

export const GRAPHQL_WS_PROTOCOL = 'graphql-transport-ws';

export interface GraphQlWsPayload {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** Client → server. */
export type GraphQlWsClientMessage =
  | { type: 'connection_init'; payload?: Record<string, unknown> }
  | { type: 'subscribe'; id: string; payload: GraphQlWsPayload }
  | { type: 'complete'; id: string }
  | { type: 'ping' | 'pong'; payload?: Record<string, unknown> };

/** Server → client, read. */
export type GraphQlWsServerMessage =
  | { type: 'connection_ack' }
  | { type: 'ping' | 'pong' }
  | { type: 'next'; id: string; data: unknown; errors: GraphQlResponseError[] }
  | { type: 'error'; id: string; errors: GraphQlResponseError[] }
  | { type: 'complete'; id: string };

export function encodeGraphQlWs(message: GraphQlWsClientMessage): string {
  return JSON.stringify(message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a server message; a message that breaks the protocol is a clear error (the client then closes with 4400). */
export function readGraphQlWs(text: string): { ok: true; message: GraphQlWsServerMessage } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The server sent a message that is not JSON; graphql-transport-ws messages are JSON objects.' };
  }
  if (!isRecord(value) || typeof value.type !== 'string') return { ok: false, message: 'The server sent a message without a "type".' };
  const id = typeof value.id === 'string' ? value.id : undefined;
  switch (value.type) {
    case 'connection_ack':
    case 'ping':
    case 'pong':
      return { ok: true, message: { type: value.type } };
    case 'next': {
      if (!id) return { ok: false, message: 'The server sent "next" without the subscription\'s id.' };
      const result = graphQlResponseOf(value.payload);
      if (!result) return { ok: false, message: 'The server sent "next" whose payload is no GraphQL result (no data, no errors).' };
      return { ok: true, message: { type: 'next', id, data: result.data ?? null, errors: result.errors } };
    }
    case 'error': {
      if (!id) return { ok: false, message: 'The server sent "error" without the subscription\'s id.' };
      const errors = Array.isArray(value.payload) ? (graphQlResponseOf({ errors: value.payload })?.errors ?? []) : [];
      return { ok: true, message: { type: 'error', id, errors } };
    }
    case 'complete':
      if (!id) return { ok: false, message: 'The server sent "complete" without the subscription\'s id.' };
      return { ok: true, message: { type: 'complete', id } };
    default:
      return { ok: false, message: `The server sent a message of type "${value.type}", which graphql-transport-ws does not have.` };
  }
}

/** The protocol's own close codes (4400–4504), in plain words; undefined for others (RFC 6455 codes are the WebSocket tools'). */
export function explainGraphQlWsClose(code: number): string | undefined {
  switch (code) {
    case 4400:
      return '4400 Bad request: a message broke the protocol (invalid JSON, an unknown type, a missing id), or the server could not read one.';
    case 4401:
      return '4401 Unauthorized: a subscribe came before the server acknowledged the connection (connection_ack).';
    case 4403:
      return '4403 Forbidden: the server refused the connection_init (its payload carries the credentials it checks).';
    case 4406:
      return '4406 Subprotocol not acceptable: the server does not speak graphql-transport-ws (an older server may speak graphql-ws, the subscriptions-transport-ws protocol).';
    case 4408:
      return '4408 Connection initialisation timeout: no connection_init arrived in time.';
    case 4409:
      return '4409 Subscriber already exists: a subscribe reused the id of one still running.';
    case 4429:
      return '4429 Too many initialisation requests: connection_init was sent twice.';
    case 4500:
      return '4500 Internal server error: the server failed while handling a message.';
    case 4504:
      return '4504 Connection acknowledgement timeout: the server did not acknowledge in time.';
    default:
      return undefined;
  }
}
