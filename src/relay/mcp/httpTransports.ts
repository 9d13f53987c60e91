/**
 * The two HTTP transports of MCP, over `fetch` (Node's undici in the relay and the CLI):
 * Streamable HTTP (2025-03-26 and later: each message POSTed, answered with JSON or an SSE
 * stream; a GET stream for what the server sends on its own; `Mcp-Session-Id` and
 * `MCP-Protocol-Version` on every request after the handshake; DELETE at the end) and the
 * older HTTP+SSE transport (2024-11-05: a GET event stream whose first `endpoint` event
 * names where to POST; every answer comes on that stream).
 */
import type { HeaderField } from '../../core/types';
import { droppedStreamMessage, SseReader } from '../../core/protocols/mcp/sseReader';

/** What the transports tell the session. */
export interface TransportSink {
  /** A message's text arrived (`via` says how). */
  message(text: string, via: 'post-json' | 'post-sse' | 'get-sse' | 'legacy-sse'): void;
  /** Something about HTTP itself worth showing (a status, a stream opened, a DELETE). */
  note(text: string, httpStatus?: number, problem?: string): void;
  /** The stream carrying the answers to `ids` ended without them (dropped, closed early). */
  lost(ids: readonly string[], reason: string): void;
}

/** An HTTP answer that is not what the transport can go on with. */
export class McpHttpError extends Error {
  constructor(message: string, readonly status: number, readonly challenges: string[], readonly kind: 'unauthorized' | 'session-expired' | 'http') {
    super(message);
  }
}

export interface McpTransport {
  /** Starts what must be running before the first message (the old transport's stream). */
  start(): Promise<void>;
  /** POSTs one message; `ids` are the request ids it carries (answers expected). */
  post(body: string, ids: readonly string[], isInitialize: boolean): Promise<void>;
  /** After the handshake: the negotiated version (sent as MCP-Protocol-Version), and the GET stream opened. */
  initialized(version: string): void;
  close(): Promise<void>;
  sessionId(): string | undefined;
  /** Stops waiting on the stream carrying the answer to `id` (a cancelled request). */
  release(id: string): void;
}

export interface TransportOptions {
  url: string;
  headers: readonly HeaderField[];
  fetch: typeof fetch;
  sink: TransportSink;
}

function challengesOf(res: Response): string[] {
  const v = res.headers.get('www-authenticate');
  return v ? [v] : [];
}

async function refusal(res: Response, what: string): Promise<McpHttpError> {
  const text = (await res.text().catch(() => '')).slice(0, 300);
  if (res.status === 401 || res.status === 403) {
    return new McpHttpError(`${what} got ${res.status} ${res.status === 401 ? 'Unauthorized: the server wants a token (Authorize finds out how to get one)' : 'Forbidden: the token lacks the scope or rights asked for'}.${text ? ` Body: ${text}` : ''}`, res.status, challengesOf(res), 'unauthorized');
  }
  return new McpHttpError(`${what} got HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.${text ? ` Body: ${text}` : ''}`, res.status, [], 'http');
}

/** Reads an SSE body to its end, handing each message event on; says when it dropped mid-event. */
async function readSse(body: ReadableStream<Uint8Array> | null, where: string, onEvent: (event: string, data: string) => void): Promise<{ dropped?: string; failed?: string }> {
  if (!body) return {};
  const reader = new SseReader();
  const decoder = new TextDecoder();
  const stream = body.getReader();
  try {
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      for (const e of reader.push(decoder.decode(value, { stream: true }))) onEvent(e.event, e.data);
    }
  } catch (err) {
    const cut = reader.finish();
    const cause = (err as Error).name === 'AbortError' ? undefined : `${where} failed: ${(err as Error).message}.`;
    if (cut) return { dropped: droppedStreamMessage(where, cut.partial) };
    return cause ? { failed: cause } : {};
  }
  for (const e of reader.push(decoder.decode())) onEvent(e.event, e.data);
  const cut = reader.finish();
  return cut ? { dropped: droppedStreamMessage(where, cut.partial) } : {};
}

function headerRecord(fields: readonly HeaderField[], extra: Record<string, string>): Headers {
  const h = new Headers();
  for (const f of fields) if (f.name.trim()) h.append(f.name, f.value);
  for (const [k, v] of Object.entries(extra)) h.set(k, v);
  return h;
}

/** Streamable HTTP (MCP 2025-03-26 §Transports). */
export function streamableHttpTransport(o: TransportOptions): McpTransport {
  let session: string | undefined;
  let version: string | undefined;
  const getStream = new AbortController();
  const postStreams = new Set<AbortController>();
  const byId = new Map<string, AbortController>();
  const extra = (): Record<string, string> => ({ ...(session ? { 'Mcp-Session-Id': session } : {}), ...(version ? { 'MCP-Protocol-Version': version } : {}) });

  async function openGet(): Promise<void> {
    let res: Response;
    try {
      res = await o.fetch(o.url, { method: 'GET', headers: headerRecord(o.headers, { Accept: 'text/event-stream', ...extra() }), signal: getStream.signal });
    } catch (err) {
      if (!getStream.signal.aborted) o.sink.note(`The GET stream for server messages could not be opened: ${(err as Error).message}.`);
      return;
    }
    if (res.status === 405) {
      o.sink.note('GET → 405: the server offers no stream of its own messages; notifications come only on the answers to requests.', 405);
      return;
    }
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
      o.sink.note(`GET → ${res.status}: no stream for server messages.`, res.status);
      await res.body?.cancel().catch(() => undefined);
      return;
    }
    o.sink.note('GET → 200 text/event-stream: the stream for notifications the server sends on its own is open.', 200);
    const end = await readSse(res.body, 'The GET stream', (event, data) => event === 'message' && o.sink.message(data, 'get-sse'));
    if (end.dropped) o.sink.note('The GET stream dropped.', undefined, end.dropped);
    else if (!getStream.signal.aborted) o.sink.note(end.failed ?? 'The server closed the GET stream.');
  }

  return {
    start: async () => undefined,
    sessionId: () => session,
    release(id) {
      byId.get(id)?.abort();
    },
    initialized(v) {
      version = v;
      void openGet();
    },
    async post(body, ids, isInitialize) {
      const abort = new AbortController();
      postStreams.add(abort);
      for (const id of ids) byId.set(id, abort);
      try {
        const res = await o.fetch(o.url, {
          method: 'POST',
          headers: headerRecord(o.headers, { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...extra() }),
          body,
          signal: abort.signal,
        });
        if (isInitialize && res.ok) {
          const id = res.headers.get('mcp-session-id');
          if (id) {
            session = id;
            o.sink.note(`The server opened session ${id} (Mcp-Session-Id); it goes with every later request.`, res.status);
          } else o.sink.note('The server gave no Mcp-Session-Id: it keeps no session (stateless).', res.status);
        }
        if (res.status === 404 && session && !isInitialize) {
          throw new McpHttpError(`POST → 404 with session ${session}: the server ended or forgot the session. Disconnect and connect again.`, 404, [], 'session-expired');
        }
        if (!res.ok) throw await refusal(res, 'POST');
        if (res.status === 202 || ids.length === 0) {
          await res.body?.cancel().catch(() => undefined);
          if (ids.length > 0) o.sink.lost(ids, 'The server answered 202 Accepted to a request, which must get a response.');
          return;
        }
        const type = res.headers.get('content-type') ?? '';
        if (type.includes('text/event-stream')) {
          const end = await readSse(res.body, `The SSE stream answering ${ids.map((i) => `#${i}`).join(', ')}`, (event, data) => event === 'message' && o.sink.message(data, 'post-sse'));
          if (end.dropped) o.sink.note('The response stream dropped mid-message.', res.status, end.dropped);
          o.sink.lost(ids, end.dropped ?? end.failed ?? 'The server closed the response stream before sending the response.');
          return;
        }
        const text = await res.text();
        if (!type.includes('json')) {
          o.sink.note(`POST → ${res.status} ${type || 'no Content-Type'}: expected application/json or text/event-stream.`, res.status, `The answer is not JSON-RPC: ${text.slice(0, 200)}`);
          o.sink.lost(ids, `The server answered with ${type || 'no Content-Type'}, not application/json or text/event-stream.`);
          return;
        }
        o.sink.message(text, 'post-json');
        o.sink.lost(ids, 'The JSON answer did not contain the response.');
      } catch (err) {
        if (abort.signal.aborted) return;
        throw err;
      } finally {
        postStreams.delete(abort);
        for (const id of ids) byId.delete(id);
      }
    },
    async close() {
      getStream.abort();
      for (const a of postStreams) a.abort();
      if (!session) return;
      try {
        const res = await o.fetch(o.url, { method: 'DELETE', headers: headerRecord(o.headers, extra()) });
        await res.body?.cancel().catch(() => undefined);
        o.sink.note(
          res.status === 405 ? 'DELETE → 405: the server does not let clients end sessions; it will expire on its own.' : `DELETE → ${res.status}: the session ${session} ${res.ok ? 'is ended' : 'could not be ended'}.`,
          res.status,
        );
      } catch (err) {
        o.sink.note(`DELETE failed: ${(err as Error).message}.`);
      }
    },
  };
}

/** The HTTP+SSE transport (MCP 2024-11-05). */
export function legacySseTransport(o: TransportOptions): McpTransport {
  const stream = new AbortController();
  let endpoint: string | undefined;
  const inFlight = new Set<string>();
  return {
    sessionId: () => (endpoint ? new URL(endpoint).searchParams.get('sessionId') ?? undefined : undefined),
    initialized: () => undefined,
    release: () => undefined,
    async start() {
      const res = await o.fetch(o.url, { method: 'GET', headers: headerRecord(o.headers, { Accept: 'text/event-stream' }), signal: stream.signal });
      if (!res.ok) throw await refusal(res, 'GET (HTTP+SSE transport)');
      o.sink.note(`GET → ${res.status}: the event stream of the HTTP+SSE transport is open; waiting for its endpoint event.`, res.status);
      let found: (() => void) | undefined;
      const named = new Promise<void>((resolve) => (found = resolve));
      const ended = readSse(res.body, 'The HTTP+SSE event stream', (event, data) => {
        if (event === 'endpoint') {
          endpoint = new URL(data, o.url).href;
          o.sink.note(`endpoint event: messages are POSTed to ${endpoint}.`);
          found?.();
        } else if (event === 'message') o.sink.message(data, 'legacy-sse');
      }).then((end) => {
        if (stream.signal.aborted) return;
        if (end.dropped) o.sink.note('The event stream dropped mid-message.', undefined, end.dropped);
        o.sink.lost([...inFlight], end.dropped ?? end.failed ?? 'The server closed the event stream.');
      });
      await Promise.race([named, ended]);
      if (!endpoint) throw new McpHttpError('The event stream ended before its endpoint event, so there is nowhere to POST messages. Is this an HTTP+SSE (2024-11-05) server? Try Streamable HTTP.', res.status, [], 'http');
    },
    async post(body, ids) {
      if (!endpoint) throw new McpHttpError('Not connected: no endpoint to POST to.', 0, [], 'http');
      for (const id of ids) inFlight.add(id);
      const res = await o.fetch(endpoint, { method: 'POST', headers: headerRecord(o.headers, { 'Content-Type': 'application/json' }), body });
      await res.body?.cancel().catch(() => undefined);
      if (!res.ok) throw await refusal(res, 'POST (HTTP+SSE transport)');
    },
    async close() {
      stream.abort();
    },
  };
}
