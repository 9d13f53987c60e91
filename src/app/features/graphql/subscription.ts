/**
 * GraphQL subscriptions over graphql-ws (`graphql-transport-ws`) through the relay's
 * WebSocket support: the handshake is built as a WebSocket tab builds it (`openMetaFor`:
 * variables, auth with the vault's token, proxy, certificates, cookies), the page opens its
 * channel to the relay (`/api/ws`), then core's `GraphQlWsSession` speaks the protocol:
 * connection_init (the request's headers and auth as payload), subscribe on connection_ack,
 * next / error / complete, pongs; Stop completes it. Results live in `graphQlSubscriptions`,
 * keyed by tab; when it ends, its transcript goes to history (`subscriptionHistory.ts`).
 */
import type { StoreApi } from 'zustand';
import { createStore } from 'zustand';
import { substituteVariables } from '../../../core';
import { emptyGraphQlBody } from '../../../core/protocols/graphql/body';
import { GRAPHQL_WS_PROTOCOL } from '../../../core/protocols/graphql/graphqlWs';
import { describeGraphQlError } from '../../../core/protocols/graphql/response';
import { graphQlWsInitPayload, GraphQlWsSession, subscribePayloadOf, type GraphQlSubscriptionEvent } from '../../../core/protocols/graphql/subscriptionRun';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { openMetaFor } from '../websocket/connection';
import { runSubscriptionChannel } from './subscriptionChannel';
import { recordGraphQlSubscriptionHistory } from './subscriptionHistory';

export interface SubscriptionEvent {
  at: number;
  kind: 'next' | 'error' | 'complete' | 'info';
  text: string;
}

export interface SubscriptionState {
  phase: 'connecting' | 'subscribed' | 'done' | 'failed';
  events: SubscriptionEvent[];
  message?: string;
}

const MAX_EVENTS = 1000;

export const graphQlSubscriptions = createStore<{ tabs: Record<string, SubscriptionState>; patch(tabId: string, patch: Partial<SubscriptionState>, event?: SubscriptionEvent): void }>()((set) => ({
  tabs: {},
  patch: (tabId, patch, event) =>
    set((s) => {
      const current = s.tabs[tabId] ?? { phase: 'connecting' as const, events: [] };
      const events = event ? [...current.events, event].slice(-MAX_EVENTS) : current.events;
      return { tabs: { ...s.tabs, [tabId]: { ...current, ...patch, events } } };
    }),
}));

const running = new Map<string, { stop(): void }>();

/** The WebSocket address of a GraphQL endpoint: the one typed for subscriptions, else the request's URL with ws: for http:. */
export function subscriptionUrlOf(url: string, typed: string | undefined): string {
  if (typed && typed.trim() !== '') return typed.trim();
  return url.trim().replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`);
}

/** Stops the tab's subscription (complete, then close 1000). */
export function stopSubscription(tabId: string): void {
  const run = running.get(tabId);
  if (!run) return;
  running.delete(tabId);
  run.stop();
  const state = graphQlSubscriptions.getState();
  if (state.tabs[tabId]?.phase === 'subscribed' || state.tabs[tabId]?.phase === 'connecting') state.patch(tabId, { phase: 'done' }, { at: Date.now(), kind: 'info', text: 'Stopped.' });
}

/** A result or error as the live log shows it. */
function logEntry(e: GraphQlSubscriptionEvent): SubscriptionEvent {
  if (e.kind === 'next') return { at: e.at, kind: e.payload.errors && e.payload.errors.length > 0 ? 'error' : 'next', text: JSON.stringify(e.payload) };
  if (e.kind === 'error') return { at: e.at, kind: 'error', text: `The server refused the subscription: ${e.errors.map(describeGraphQlError).join('; ')}` };
  return { at: e.at, kind: 'complete', text: 'Complete: the server ended the subscription.' };
}

/** Starts the active tab's subscription (stopping one still running). */
export async function startSubscription(store: StoreApi<WorkbenchState>, tabId: string): Promise<void> {
  stopSubscription(tabId);
  const startedAt = Date.now();
  const { patch } = graphQlSubscriptions.getState();
  const fail = (message: string) => patch(tabId, { phase: 'failed', message }, { at: Date.now(), kind: 'error', text: message });
  graphQlSubscriptions.setState((s) => ({ tabs: { ...s.tabs, [tabId]: { phase: 'connecting', events: [] } } }));
  const draft = store.getState().draft;
  const body = draft.body.graphql ?? emptyGraphQlBody();
  const env = activeEnvironmentValues(store.getState());
  const payload = subscribePayloadOf(body, (text) => substituteVariables(text, env).text);
  if (!payload.ok) return fail(payload.error.message);
  const url = subscriptionUrlOf(draft.url, body.subscriptionUrl);
  const prepared = await openMetaFor(store, { ...draft, url, websocket: { subprotocols: [GRAPHQL_WS_PROTOCOL], deflate: true, messages: [] } });
  if (!prepared.ok) return fail(prepared.message);
  const session = new GraphQlWsSession(payload.value, graphQlWsInitPayload(prepared.meta.headers));
  let shown = 0;
  let said = { connected: false, subscribed: false };
  const mine = () => running.get(tabId) === run;
  const run = runSubscriptionChannel(prepared.meta, session, {
    onUpdate: (connection) => {
      if (!mine()) return;
      if (connection.handshake && !said.connected && connection.handshake.protocol === GRAPHQL_WS_PROTOCOL) {
        said = { ...said, connected: true };
        patch(tabId, {}, { at: connection.handshake.at, kind: 'info', text: `Connected to ${url} (${GRAPHQL_WS_PROTOCOL}); initialising…` });
      }
      if (session.outcome.subscribed && !said.subscribed) {
        said = { ...said, subscribed: true };
        patch(tabId, { phase: 'subscribed' }, { at: Date.now(), kind: 'info', text: 'Acknowledged; subscribed.' });
      }
      for (const e of session.outcome.events.slice(shown)) patch(tabId, e.kind === 'complete' ? { phase: 'done' } : {}, logEntry(e));
      shown = session.outcome.events.length;
    },
  });
  running.set(tabId, run);
  const connection = await run.done;
  const outcome = session.outcome;
  if (mine()) {
    running.delete(tabId);
    const now = graphQlSubscriptions.getState().tabs[tabId];
    if (connection.refusal) fail(`The server refused the WebSocket upgrade with ${connection.refusal.status}${connection.refusal.statusText ? ` ${connection.refusal.statusText}` : ''}: is ${url} the subscriptions endpoint?`);
    else if (outcome.problem && outcome.end !== 'error') fail(outcome.problem);
    else if (outcome.end === 'error') patch(tabId, { phase: 'failed', message: outcome.problem ?? 'The server refused the subscription.' });
    else if (now?.phase !== 'done') patch(tabId, { phase: 'done' }, { at: Date.now(), kind: 'info', text: connection.closure ? `The connection closed with ${connection.closure.code}.` : 'The connection closed.' });
  }
  const events = graphQlSubscriptions.getState().tabs[tabId]?.events ?? [];
  recordGraphQlSubscriptionHistory(store, tabId, draft, {
    url: prepared.meta.url,
    requestHeaders: prepared.meta.headers,
    startedAt,
    ...(connection.handshake ? { handshake: connection.handshake } : {}),
    ...(connection.refusal ? { refusal: connection.refusal } : {}),
    ...(connection.closure ? { closure: connection.closure } : {}),
    events,
    ...(outcome.problem ? { problem: outcome.problem } : {}),
  });
}
