/**
 * One GraphQL subscription over graphql-ws (`graphql-transport-ws`), as a small state machine
 * that the transports drive (the CLI over the relay's engine, the app's runner and the tab
 * over the relay's WebSocket channel): after the 101 it says connection_init (its payload
 * from the request's own headers and auth), on connection_ack it subscribes, answers pings,
 * keeps each `next`, and ends on `complete`, on `error`, on a count of results, when time is
 * up, or on a close. Then `graphQlSubscriptionView` maps it onto core/run's ExchangeView
 * (status 101 or the refusal's status; body = JSON array of the results' payloads, an
 * `error` as `{ "errors": [...] }`) so captures and assertions work unchanged. Pure.
 */
import type { HeaderField, Result } from '../../types';
import { fail, ok } from '../../types';
import { graphQlWireParts } from '../../request/graphQlWire';
import type { GraphQlBody } from './body';
import { chooseGraphQlOperation } from './operations';
import type { ExchangeView, ExchangeViewRequest } from '../../run/exchangeView';
import type { AssertionResult } from '../../run/types';
import type { WebSocketHandshake, WebSocketRefusal } from '../websocket/transcript';
import { encodeGraphQlWs, explainGraphQlWsClose, GRAPHQL_WS_PROTOCOL, readGraphQlWs, type GraphQlWsPayload } from './graphqlWs';
import { describeGraphQlError, type GraphQlResponseError } from './response';

/** Run steps: how long to collect results when neither `complete` nor the count came first, ms. */
export const DEFAULT_SUBSCRIPTION_COLLECT_MS = 5000;

/** The id of the one subscription a run or a tab opens. */
const SUBSCRIPTION_ID = '1';

export type GraphQlSubscriptionEvent =
  | { kind: 'next'; at: number; payload: { data: unknown; errors?: GraphQlResponseError[] } }
  | { kind: 'error'; at: number; errors: GraphQlResponseError[] }
  | { kind: 'complete'; at: number };

/** How the subscription ended. */
export type GraphQlSubscriptionEnd = 'complete' | 'error' | 'count' | 'time' | 'stopped' | 'closed' | 'protocol';

export interface GraphQlSubscriptionOutcome {
  /** Acknowledged by the server (connection_ack) and subscribed. */
  subscribed: boolean;
  events: GraphQlSubscriptionEvent[];
  end?: GraphQlSubscriptionEnd;
  /** What went wrong, in plain words, when the subscription failed (refused, broke the protocol, closed early). */
  problem?: string;
}

/** What the transport does next: send these texts, then close with `close` when set. */
export interface GraphQlWsStep {
  send: string[];
  close?: { code: number; reason: string };
}

/** Headers that belong to the HTTP handshake, not to the connection's credentials. */
const HANDSHAKE_ONLY = /^(host|user-agent|accept|accept-encoding|accept-language|connection|upgrade|origin|cookie|content-type|content-length|sec-websocket-.*)$/i;

/**
 * The connection_init payload: the request's own headers and auth (Authorization, an API key
 * header…) as a flat object of header names to values — what graphql-ws servers commonly read
 * from `connectionParams` — leaving out what only the HTTP handshake carries.
 */
export function graphQlWsInitPayload(headers: readonly HeaderField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of headers) if (!HANDSHAKE_ONLY.test(h.name.trim())) out[h.name] = h.value;
  return out;
}

function rawPayload(text: string): unknown {
  return (JSON.parse(text) as { payload?: unknown }).payload;
}

export class GraphQlWsSession {
  readonly outcome: GraphQlSubscriptionOutcome = { subscribed: false, events: [] };

  constructor(
    private readonly payload: GraphQlWsPayload,
    private readonly initPayload: Record<string, unknown>,
    private readonly collectCount?: number,
  ) {}

  get ended(): boolean {
    return this.outcome.end !== undefined;
  }

  /** The 101 arrived with subprotocol `protocol`: initialise (or refuse a server that does not speak graphql-ws). */
  opened(protocol: string): GraphQlWsStep {
    if (protocol !== GRAPHQL_WS_PROTOCOL) {
      return this.fail('protocol', `The server did not agree to ${GRAPHQL_WS_PROTOCOL} (it chose ${protocol ? `"${protocol}"` : 'no subprotocol'}): it does not speak the graphql-ws protocol.`, 1000);
    }
    return { send: [encodeGraphQlWs({ type: 'connection_init', payload: this.initPayload })] };
  }

  /** A text message arrived at `at`. */
  received(text: string, at: number): GraphQlWsStep {
    if (this.ended) return { send: [] };
    const read = readGraphQlWs(text);
    if (!read.ok) return this.fail('protocol', read.message, 4400);
    const message = read.message;
    switch (message.type) {
      case 'connection_ack':
        this.outcome.subscribed = true;
        return { send: [encodeGraphQlWs({ type: 'subscribe', id: SUBSCRIPTION_ID, payload: this.payload })] };
      case 'ping':
        return { send: [encodeGraphQlWs({ type: 'pong' })] };
      case 'pong':
        return { send: [] };
      case 'next': {
        // The payload as the server sent it (assertions read what arrived), checked by the reader above.
        this.outcome.events.push({ kind: 'next', at, payload: rawPayload(text) as { data: unknown; errors?: GraphQlResponseError[] } });
        const results = this.outcome.events.filter((e) => e.kind === 'next').length;
        if (this.collectCount !== undefined && this.collectCount > 0 && results >= this.collectCount) {
          this.outcome.end = 'count';
          return { send: [encodeGraphQlWs({ type: 'complete', id: SUBSCRIPTION_ID })], close: { code: 1000, reason: 'enough results' } };
        }
        return { send: [] };
      }
      case 'error':
        this.outcome.events.push({ kind: 'error', at, errors: (Array.isArray(rawPayload(text)) ? rawPayload(text) : message.errors) as GraphQlResponseError[] });
        return this.fail('error', `The server refused the subscription: ${message.errors.length > 0 ? message.errors.map(describeGraphQlError).join('; ') : 'its error message carried no errors'}.`, 1000);
      case 'complete':
        this.outcome.events.push({ kind: 'complete', at });
        this.outcome.end = 'complete';
        return { send: [], close: { code: 1000, reason: 'complete' } };
    }
  }

  /** The time limit passed (`time`) or the person stopped it (`stopped`): complete the subscription and close. */
  finish(why: 'time' | 'stopped'): GraphQlWsStep {
    if (this.ended) return { send: [] };
    this.outcome.end = why;
    return { send: this.outcome.subscribed ? [encodeGraphQlWs({ type: 'complete', id: SUBSCRIPTION_ID })] : [], close: { code: 1000, reason: why === 'time' ? 'time limit' : 'stopped' } };
  }

  /** The connection closed with `code` (absent: dropped) before the subscription ended. */
  closed(code: number | undefined, reason: string): void {
    if (this.ended) return;
    const words = code !== undefined ? (explainGraphQlWsClose(code) ?? `${code}${reason ? ` ${reason}` : ''}`) : 'without a close frame';
    if (code === undefined || code >= 4000 || !this.outcome.subscribed) {
      this.outcome.end = 'closed';
      this.outcome.problem = `The server closed the connection ${this.outcome.subscribed ? 'during the subscription' : 'before the subscription started'}: ${words}`;
      return;
    }
    this.outcome.end = 'closed';
  }

  /** The connection failed (`message`, already in words) before or during the subscription. */
  failed(message: string): void {
    if (this.ended) return;
    this.outcome.end = 'closed';
    this.outcome.problem = message;
  }

  private fail(end: GraphQlSubscriptionEnd, problem: string, code: number): GraphQlWsStep {
    this.outcome.end = end;
    this.outcome.problem = problem;
    return { send: [], close: { code, reason: end === 'protocol' ? 'protocol error' : 'subscription refused' } };
  }
}

/** The subscription's results as the run step's body: each `next` payload in order, an `error` as `{ "errors": [...] }`. */
export function subscriptionResultsForRun(events: readonly GraphQlSubscriptionEvent[]): unknown[] {
  const out: unknown[] = [];
  for (const e of events) {
    if (e.kind === 'next') out.push(e.payload);
    else if (e.kind === 'error') out.push({ errors: e.errors });
  }
  return out;
}

/** A subscription run as an ExchangeView; undefined when there was no answer at all (no 101, no refusal). */
export function graphQlSubscriptionView(
  connection: { handshake?: WebSocketHandshake; refusal?: WebSocketRefusal },
  outcome: GraphQlSubscriptionOutcome,
  request: ExchangeViewRequest,
  durationMs?: number,
): ExchangeView | undefined {
  const timing = durationMs !== undefined ? { durationMs } : {};
  if (connection.refusal) {
    const r = connection.refusal;
    return { request, status: r.status, reason: r.statusText, httpVersion: '1.1', headers: r.headers, bodyText: r.body, ...timing };
  }
  const h = connection.handshake;
  if (!h) return undefined;
  const bodyText = JSON.stringify(subscriptionResultsForRun(outcome.events));
  return {
    request,
    status: h.status,
    reason: h.statusText,
    httpVersion: '1.1',
    headers: [...h.responseHeaders.filter((x) => !/^content-type$/i.test(x.name)), { name: 'Content-Type', value: 'application/json' }],
    bodyText,
    sizeBytes: new TextEncoder().encode(bodyText).length,
    ...timing,
  };
}

/**
 * A subscription that failed after the 101 (the server's `error`, a broken protocol, a close
 * before the end) as a failed check of its step: the request was sent, so the step fails as a
 * failed assertion does (not as "not sent"), with the problem in words.
 */
export function subscriptionCheck(outcome: GraphQlSubscriptionOutcome): AssertionResult | undefined {
  if (!outcome.problem) return undefined;
  return { assertionId: 'graphql-subscription', label: outcome.end === 'error' ? 'the server accepts the subscription' : 'the subscription runs to its end', passed: false, message: outcome.problem };
}

/** One line saying how the subscription went, for reports. */
export function graphQlSubscriptionLine(connection: { handshake?: WebSocketHandshake; refusal?: WebSocketRefusal }, outcome: GraphQlSubscriptionOutcome): string {
  if (connection.refusal) return `upgrade refused: ${connection.refusal.status} ${connection.refusal.statusText}`;
  if (outcome.problem) return outcome.problem;
  const results = outcome.events.filter((e) => e.kind === 'next').length;
  const how = { complete: 'completed by the server', error: 'refused', count: 'stopped at the count', time: 'stopped at the time limit', stopped: 'stopped', closed: 'closed', protocol: 'protocol error' }[outcome.end ?? 'closed'];
  return `${results} result${results === 1 ? '' : 's'}, ${how}`;
}

/** Whether the operation `body` runs is a subscription (it then goes over graphql-ws, not with Send). */
export function isGraphQlSubscription(body: Pick<GraphQlBody, 'query' | 'operationName'> | undefined): boolean {
  if (!body) return false;
  const choice = chooseGraphQlOperation(body.query, body.operationName);
  return choice.ok && choice.operation?.type === 'subscription';
}

/**
 * The subscribe payload of `body` (texts through `value`, which substitutes variables), checked
 * as a POST's body is checked: an empty query, variables that are not a JSON object (line and
 * column), an operation name that names no operation — each a clear error.
 */
export function subscribePayloadOf(body: GraphQlBody, value: (text: string, where: string) => string): Result<GraphQlWsPayload> {
  const parts = graphQlWireParts(body, 'POST', value);
  if (!parts.ok) return parts;
  try {
    return ok(JSON.parse(parts.value.chunks.join('')) as GraphQlWsPayload);
  } catch (error) {
    return fail({ kind: 'graphql-variables-json', field: 'graphql:variables', message: `The subscription could not be prepared: ${error instanceof Error ? error.message : String(error)}.` });
  }
}

/** The run limits of a subscription step: the body's own, else the default time and no count. */
export function subscriptionLimitsOf(body: Pick<GraphQlBody, 'collectMs' | 'collectCount'> | undefined): { collectMs: number; collectCount?: number } {
  const ms = body?.collectMs;
  const count = body?.collectCount;
  return { collectMs: ms !== undefined && Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_SUBSCRIPTION_COLLECT_MS, ...(count !== undefined && Number.isInteger(count) && count > 0 ? { collectCount: count } : {}) };
}
