/**
 * JSON-RPC 2.0 as MCP uses it: the four kinds of message (request, notification, result,
 * error), read from text with a clear error saying what is wrong and where, and the ids a
 * client has in flight matched to the responses that come back (a response whose id was
 * never sent, or was already answered, is said so rather than dropped).
 */
import { fail, ok, type Result } from '../../types';

export type JsonRpcId = string | number;

export interface JsonRpcRequest { kind: 'request'; id: JsonRpcId; method: string; params?: Record<string, unknown> }
export interface JsonRpcNotification { kind: 'notification'; method: string; params?: Record<string, unknown> }
export interface JsonRpcResult { kind: 'result'; id: JsonRpcId; result: Record<string, unknown> }
export interface JsonRpcErrorObject { code: number; message: string; data?: unknown }
export interface JsonRpcError { kind: 'error'; id: JsonRpcId | null; error: JsonRpcErrorObject }

export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResult | JsonRpcError;

export interface JsonRpcProblem { kind: 'mcp-malformed'; message: string }

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}

const bad = (message: string) => fail<JsonRpcProblem>({ kind: 'mcp-malformed', message });

/** One message from its decoded JSON value; `where` names it in errors ("the response to POST", "SSE event 3"). */
export function readJsonRpcValue(value: unknown, where = 'The message'): Result<JsonRpcMessage, JsonRpcProblem> {
  if (Array.isArray(value)) return bad(`${where} is a JSON array (a batch); MCP since 2025-06-18 sends one message at a time, so each element must be read on its own.`);
  if (!isObject(value)) return bad(`${where} is not a JSON object, so it is not a JSON-RPC message.`);
  if (value.jsonrpc !== '2.0') return bad(`${where} has ${value.jsonrpc === undefined ? 'no "jsonrpc" member' : `"jsonrpc": ${JSON.stringify(value.jsonrpc)}`}; JSON-RPC 2.0 requires "jsonrpc": "2.0".`);
  const hasId = 'id' in value;
  if ('method' in value) {
    if (typeof value.method !== 'string' || value.method === '') return bad(`${where} has a "method" that is not a non-empty string.`);
    if (value.params !== undefined && !isObject(value.params)) return bad(`${where} (${value.method}) has "params" that is not an object; MCP's params are always named (an object).`);
    const params = value.params as Record<string, unknown> | undefined;
    if (!hasId) return ok({ kind: 'notification', method: value.method, ...(params ? { params } : {}) });
    if (!isId(value.id)) return bad(`${where} (${value.method}) has an "id" that is neither a string nor an integer${value.id === null ? ' (null ids are not allowed in MCP)' : ''}.`);
    return ok({ kind: 'request', id: value.id, method: value.method, ...(params ? { params } : {}) });
  }
  if ('result' in value && 'error' in value) return bad(`${where} has both "result" and "error"; a response carries exactly one.`);
  if ('result' in value) {
    if (!isId(value.id)) return bad(`${where} is a result without a string or integer "id", so it cannot be matched to a request.`);
    if (!isObject(value.result)) return bad(`${where} (id ${JSON.stringify(value.id)}) has a "result" that is not an object; MCP results are objects.`);
    return ok({ kind: 'result', id: value.id, result: value.result });
  }
  if ('error' in value) {
    const e = value.error;
    if (!isObject(e) || typeof e.code !== 'number' || !Number.isInteger(e.code) || typeof e.message !== 'string') return bad(`${where} has an "error" without an integer "code" and a string "message".`);
    if (value.id !== null && !isId(value.id)) return bad(`${where} is an error whose "id" is neither a string, an integer nor null.`);
    return ok({ kind: 'error', id: (value.id ?? null) as JsonRpcId | null, error: { code: e.code, message: e.message, ...('data' in e ? { data: e.data } : {}) } });
  }
  return bad(`${where} has neither "method", "result" nor "error", so it is no kind of JSON-RPC message.`);
}

/** One message from its text (a POST's JSON body, an SSE event's data). */
export function parseJsonRpcMessage(text: string, where = 'The message'): Result<JsonRpcMessage, JsonRpcProblem> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
    return bad(`${where} is not JSON (${(err as Error).message}): ${JSON.stringify(shown)}. This is what a server's -32700 Parse error means, seen from the client's side.`);
  }
  return readJsonRpcValue(value, where);
}

/** The wire form of a message (what is sent). */
export function jsonRpcWire(message: JsonRpcMessage): Record<string, unknown> {
  switch (message.kind) {
    case 'request': return { jsonrpc: '2.0', id: message.id, method: message.method, ...(message.params ? { params: message.params } : {}) };
    case 'notification': return { jsonrpc: '2.0', method: message.method, ...(message.params ? { params: message.params } : {}) };
    case 'result': return { jsonrpc: '2.0', id: message.id, result: message.result };
    case 'error': return { jsonrpc: '2.0', id: message.id, error: message.error };
  }
}

/** What became of a response: matched to the request it answers, or why it could not be. */
export type IdMatch =
  | { matched: true; method: string; sentAt: number }
  | { matched: false; reason: string };

/**
 * The ids a client has sent and not yet had answered. `answer` takes a response off the
 * list; a response with an unknown id (never sent, or answered already) is said so.
 */
export class PendingIds {
  private next = 1;
  private readonly pending = new Map<string, { method: string; sentAt: number }>();
  private readonly answered = new Set<string>();

  /** A fresh id for a request of `method`, recorded as in flight. */
  issue(method: string, at: number): number {
    const id = this.next++;
    this.pending.set(String(id), { method, sentAt: at });
    return id;
  }

  /** Records an id chosen elsewhere (a raw message typed by the person). */
  track(id: JsonRpcId, method: string, at: number): void {
    this.pending.set(String(id), { method, sentAt: at });
  }

  has(id: JsonRpcId): boolean {
    return this.pending.has(String(id));
  }

  /** The method of a request in flight. */
  methodOf(id: JsonRpcId): string | undefined {
    return this.pending.get(String(id))?.method;
  }

  answer(id: JsonRpcId | null): IdMatch {
    if (id === null) return { matched: false, reason: 'The error has "id": null: the server could not read which request it answers (usually a parse error or an invalid request).' };
    const key = String(id);
    const entry = this.pending.get(key);
    if (!entry) {
      return {
        matched: false,
        reason: this.answered.has(key)
          ? `A second response arrived for id ${JSON.stringify(id)}, which was already answered; it was kept here but not used.`
          : `A response arrived with id ${JSON.stringify(id)}, which this client never sent (ids in flight: ${[...this.pending.keys()].join(', ') || 'none'}); it was kept here but matches no request.`,
      };
    }
    this.pending.delete(key);
    this.answered.add(key);
    return { matched: true, ...entry };
  }

  /** Ids still waiting, oldest first. */
  inFlight(): { id: string; method: string }[] {
    return [...this.pending].map(([id, e]) => ({ id, method: e.method }));
  }
}
