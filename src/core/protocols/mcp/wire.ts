/**
 * The wire of an MCP session: every JSON-RPC message in both directions in the order it
 * was sent or received, with what carried it, the request a response answers, and notes
 * for what is not a message (an HTTP status, a stream opened or dropped, a DELETE).
 */
import type { JsonRpcMessage } from './jsonRpc';

export type WireDirection = 'out' | 'in' | 'note';

export interface McpWireEntry {
  /** Order in the session, from 1. */
  seq: number;
  /** Local time (ms). */
  at: number;
  direction: WireDirection;
  /** What carried it: a POST body, the POST's JSON answer, its SSE stream, the GET stream, the old transport's stream, HTTP itself. */
  via: 'post' | 'post-json' | 'post-sse' | 'get-sse' | 'legacy-sse' | 'http';
  /** The raw text as on the wire (secrets masked by whoever keeps it). */
  text: string;
  message?: JsonRpcMessage;
  /** For a response: the request it answers; else why it matches none. */
  answers?: { id: string; method: string } | { unmatched: string };
  /** A malformed message or an error, explained. */
  problem?: string;
  /** An explanation (a JSON-RPC error code's, a note's). */
  explanation?: string;
  /** For notes about HTTP: the status it got. */
  httpStatus?: number;
}

/** A one-line label of an entry, for lists and history. */
export function wireLabel(entry: McpWireEntry): string {
  const m = entry.message;
  const arrow = entry.direction === 'out' ? '→' : entry.direction === 'in' ? '←' : '·';
  if (!m) return `${arrow} ${entry.problem ? 'malformed' : entry.text.slice(0, 80)}`;
  switch (m.kind) {
    case 'request': return `${arrow} ${m.method} #${m.id}`;
    case 'notification': return `${arrow} ${m.method}`;
    case 'result': return `${arrow} result #${m.id}${entry.answers && 'method' in entry.answers ? ` (${entry.answers.method})` : ''}`;
    case 'error': return `${arrow} error ${m.error.code} #${m.id ?? 'null'}`;
  }
}
