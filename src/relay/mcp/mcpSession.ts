/**
 * One MCP client session in the relay (and the CLI): the handshake with its negotiation,
 * requests with ids matched to their responses, notifications as they come, cancellation,
 * the end of the session — and every message both ways recorded in order on the wire.
 * What comes back is a value: a result, a JSON-RPC error explained, or a transport failure.
 */
import { describeJsonRpcError, explainJsonRpcCode } from '../../core/protocols/mcp/errorCodes';
import { jsonRpcWire, parseJsonRpcMessage, PendingIds, readJsonRpcValue, type JsonRpcMessage } from '../../core/protocols/mcp/jsonRpc';
import { describeCapabilities, LATEST_MCP_VERSION, negotiateVersion, type Negotiation } from '../../core/protocols/mcp/versions';
import type { McpWireEntry } from '../../core/protocols/mcp/wire';
import type { HeaderField } from '../../core/types';
import { legacySseTransport, McpHttpError, streamableHttpTransport, type McpTransport } from './httpTransports';

export interface McpSessionOptions {
  url: string;
  transport: 'streamable-http' | 'sse';
  headers: readonly HeaderField[];
  protocolVersion?: string;
  fetch?: typeof fetch;
  onWire?(entry: McpWireEntry): void;
  now?(): number;
}

/** Why a request has no result. */
export interface McpFailure {
  kind: 'jsonrpc' | 'unauthorized' | 'session-expired' | 'http' | 'stream-dropped' | 'cancelled' | 'version' | 'network' | 'closed' | 'timeout';
  message: string;
  /** For `jsonrpc`: the error as received. */
  error?: { code: number; message: string; data?: unknown };
  /** For `unauthorized`: the status and the WWW-Authenticate values. */
  status?: number;
  challenges?: string[];
}

export type McpOutcome = { ok: true; result: Record<string, unknown>; id: string } | { ok: false; failure: McpFailure; id?: string };

export interface McpHandshake {
  negotiation: Negotiation;
  serverInfo: Record<string, unknown>;
  serverCapabilities: Record<string, unknown>;
  capabilityLines: string[];
  clientCapabilityLines: string[];
  instructions?: string;
  sessionId?: string;
}

/** Wire entries a session keeps in memory (the oldest dropped first). */
const MAX_KEPT_ENTRIES = 5_000;

/** What this client declares: nothing optional (no roots, sampling or elicitation to offer). */
const CLIENT_CAPABILITIES = {};

export class McpSession {
  readonly wire: McpWireEntry[] = [];
  private readonly ids = new PendingIds();
  private readonly waiters = new Map<string, (outcome: McpOutcome) => void>();
  private readonly progress = new Map<string, (params: Record<string, unknown>) => void>();
  private readonly transport: McpTransport;
  private closed = false;
  private readonly now: () => number;
  handshake: McpHandshake | undefined;

  constructor(private readonly options: McpSessionOptions) {
    this.now = options.now ?? Date.now;
    const sink = {
      message: (text: string, via: McpWireEntry['via']) => this.receive(text, via),
      note: (text: string, httpStatus?: number, problem?: string) => this.record({ direction: 'note', via: 'http', text, ...(httpStatus !== undefined ? { httpStatus } : {}), ...(problem ? { problem } : {}) }),
      lost: (lostIds: readonly string[], reason: string) => {
        for (const id of lostIds) this.settle(id, { ok: false, id, failure: { kind: 'stream-dropped', message: reason } });
      },
    };
    const t = { url: options.url, headers: options.headers, fetch: options.fetch ?? fetch, sink };
    this.transport = options.transport === 'sse' ? legacySseTransport(t) : streamableHttpTransport(t);
  }

  private recorded = 0;

  private record(entry: Omit<McpWireEntry, 'seq' | 'at'>): McpWireEntry {
    const full = { seq: ++this.recorded, at: this.now(), ...entry };
    // The session keeps the last entries only (the page and history keep their own); seq keeps counting.
    if (this.wire.length >= MAX_KEPT_ENTRIES) this.wire.shift();
    this.wire.push(full);
    this.options.onWire?.(full);
    return full;
  }

  private settle(id: string, outcome: McpOutcome): void {
    const waiter = this.waiters.get(id);
    if (!waiter) return;
    this.waiters.delete(id);
    this.progress.delete(id);
    waiter(outcome);
  }

  private receive(text: string, via: McpWireEntry['via']): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      const bad = parseJsonRpcMessage(text, 'The message');
      this.record({ direction: 'in', via, text, problem: bad.ok ? 'unreadable' : bad.error.message });
      return;
    }
    // A JSON array (a batch, allowed before 2025-06-18): each element is its own message.
    for (const item of Array.isArray(value) ? value : [value]) this.receiveOne(Array.isArray(value) ? JSON.stringify(item) : text, item, via);
  }

  private receiveOne(text: string, value: unknown, via: McpWireEntry['via']): void {
    const read = readJsonRpcValue(value, 'The message');
    if (!read.ok) {
      this.record({ direction: 'in', via, text, problem: read.error.message });
      return;
    }
    const m = read.value;
    if (m.kind === 'result' || m.kind === 'error') {
      const match = this.ids.answer(m.id);
      const explanation = m.kind === 'error' ? describeJsonRpcError(m.error) : undefined;
      this.record({ direction: 'in', via, text, message: m, answers: match.matched ? { id: String(m.id), method: match.method } : { unmatched: match.reason }, ...(explanation ? { explanation } : {}) });
      if (!match.matched || m.id === null) return;
      const id = String(m.id);
      if (m.kind === 'result') this.settle(id, { ok: true, id, result: m.result });
      else this.settle(id, { ok: false, id, failure: { kind: 'jsonrpc', message: describeJsonRpcError(m.error), error: m.error } });
      return;
    }
    this.record({ direction: 'in', via, text, message: m });
    if (m.kind === 'notification') {
      if (m.method === 'notifications/progress' && m.params) {
        const token = m.params.progressToken;
        if (token !== undefined) this.progress.get(String(token))?.(m.params);
      }
      return;
    }
    // A request from the server: ping is answered; what this client did not declare is refused.
    if (m.method === 'ping') void this.sendRaw({ kind: 'result', id: m.id, result: {} }, []);
    else void this.sendRaw({ kind: 'error', id: m.id, error: { code: -32601, message: `Method not found: this client declared no capability for ${m.method}` } }, []);
  }

  private async sendRaw(message: JsonRpcMessage, ids: string[], isInitialize = false): Promise<McpFailure | undefined> {
    const text = JSON.stringify(jsonRpcWire(message));
    this.record({ direction: 'out', via: 'post', text, message });
    try {
      await this.transport.post(text, ids, isInitialize);
      return undefined;
    } catch (err) {
      const failure: McpFailure = err instanceof McpHttpError
        ? { kind: err.kind, message: err.message, status: err.status, challenges: err.challenges }
        : { kind: 'network', message: `The server at ${this.options.url} could not be reached: ${(err as Error).message.replace(/\.$/, '')}${(err as { cause?: Error }).cause ? ` (${(err as { cause: Error }).cause.message})` : ''}.` };
      this.record({ direction: 'note', via: 'http', text: failure.message, ...(failure.status ? { httpStatus: failure.status } : {}), problem: failure.message });
      return failure;
    }
  }

  /** Sends a request and waits for its response (or the failure); `onProgress` gets its progress notifications. */
  async request(method: string, params?: Record<string, unknown>, hooks: { onProgress?: (p: Record<string, unknown>) => void; onId?: (id: string) => void } = {}): Promise<McpOutcome> {
    if (this.closed) return { ok: false, failure: { kind: 'closed', message: 'The session is closed; connect again.' } };
    const id = String(this.ids.issue(method, this.now()));
    hooks.onId?.(id);
    const withProgress = hooks.onProgress ? { ...params, _meta: { ...(params?._meta as object | undefined), progressToken: id } } : params;
    const answered = new Promise<McpOutcome>((resolve) => this.waiters.set(id, resolve));
    if (hooks.onProgress) this.progress.set(id, hooks.onProgress);
    // The POST may stay open as an SSE stream after its answer (or forever, once cancelled): wait for the answer, not the POST.
    void this.sendRaw({ kind: 'request', id: Number(id), method, ...(withProgress ? { params: withProgress } : {}) }, [id], method === 'initialize').then((failure) => {
      if (failure) this.settle(id, { ok: false, id, failure });
    });
    return answered;
  }

  /** Sends a notification. */
  async notify(method: string, params?: Record<string, unknown>): Promise<McpFailure | undefined> {
    return this.sendRaw({ kind: 'notification', method, ...(params ? { params } : {}) }, []);
  }

  /** Cancels a request in flight (`notifications/cancelled`); its caller gets `cancelled`. */
  async cancel(id: string, reason = 'Cancelled by the person'): Promise<boolean> {
    if (!this.waiters.has(id)) return false;
    this.settle(id, { ok: false, id, failure: { kind: 'cancelled', message: `Request #${id} was cancelled: notifications/cancelled was sent; a response that still comes is shown but not used.` } });
    await this.notify('notifications/cancelled', { requestId: Number(id), reason });
    // The stream that was to carry its answer is no longer needed.
    this.transport.release(id);
    return true;
  }

  /** The handshake: initialize, the version negotiated, notifications/initialized. */
  async connect(): Promise<{ ok: true; handshake: McpHandshake } | { ok: false; failure: McpFailure }> {
    try {
      await this.transport.start();
    } catch (err) {
      const failure: McpFailure = err instanceof McpHttpError ? { kind: err.kind, message: err.message, status: err.status, challenges: err.challenges } : { kind: 'network', message: `The server at ${this.options.url} could not be reached: ${(err as Error).message.replace(/\.$/, '')}.` };
      this.record({ direction: 'note', via: 'http', text: failure.message, problem: failure.message });
      return { ok: false, failure };
    }
    const asked = this.options.protocolVersion ?? LATEST_MCP_VERSION;
    const init = await this.request('initialize', { protocolVersion: asked, capabilities: CLIENT_CAPABILITIES, clientInfo: { name: 'wirebench', version: '1' } });
    if (!init.ok) return init;
    const negotiation = negotiateVersion(asked, init.result.protocolVersion);
    if (!negotiation.ok) {
      this.record({ direction: 'note', via: 'http', text: 'Disconnecting: the protocol version cannot be agreed.', problem: negotiation.error.message });
      await this.close();
      return { ok: false, failure: { kind: 'version', message: negotiation.error.message } };
    }
    this.record({ direction: 'note', via: 'http', text: negotiation.value.explanation });
    const caps = (init.result.capabilities ?? {}) as Record<string, unknown>;
    this.transport.initialized(negotiation.value.answered);
    const sent = await this.notify('notifications/initialized');
    if (sent) return { ok: false, failure: sent };
    const sessionId = this.transport.sessionId();
    this.handshake = {
      negotiation: negotiation.value,
      serverInfo: (init.result.serverInfo ?? {}) as Record<string, unknown>,
      serverCapabilities: caps,
      capabilityLines: describeCapabilities('server', caps),
      clientCapabilityLines: describeCapabilities('client', CLIENT_CAPABILITIES),
      ...(typeof init.result.instructions === 'string' ? { instructions: init.result.instructions } : {}),
      ...(sessionId ? { sessionId } : {}),
    };
    return { ok: true, handshake: this.handshake };
  }

  /** Ends the session (DELETE on Streamable HTTP); requests in flight fail with `closed`. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const id of [...this.waiters.keys()]) this.settle(id, { ok: false, id, failure: { kind: 'closed', message: 'The session was closed before the response came.' } });
    await this.transport.close();
  }
}

export { explainJsonRpcCode };
