/**
 * GraphQL subscriptions over graphql-ws (`graphql-transport-ws`) through the relay's
 * WebSocket support: the handshake is built as a WebSocket tab builds it (`openMetaFor`:
 * variables, auth with the vault's token, proxy, certificates, cookies), the page opens its
 * channel to the relay (`/api/ws`), then speaks the protocol: connection_init, wait for
 * connection_ack, subscribe, read next / error / complete, answer pings; Stop sends complete.
 * Results live in `graphQlSubscriptions`, keyed by tab.
 */
import type { StoreApi } from 'zustand';
import { createStore } from 'zustand';
import { parseJson } from '../../../core/encoding/json';
import { emptyGraphQlBody } from '../../../core/protocols/graphql/body';
import { encodeGraphQlWs, explainGraphQlWsClose, GRAPHQL_WS_PROTOCOL, readGraphQlWs, type GraphQlWsClientMessage } from '../../../core/protocols/graphql/graphqlWs';
import { describeGraphQlError } from '../../../core/protocols/graphql/response';
import { CHANNEL_KEY_PREFIX, CHANNEL_PATH, CHANNEL_PROTOCOL, type ChannelEvent, type ChannelRequest } from '../../../core/protocols/websocket/channel';
import { relayToken } from '../../base/relay/session';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { openMetaFor } from '../websocket/connection';

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

const channels = new Map<string, WebSocket>();

/** The WebSocket address of a GraphQL endpoint: the one typed for subscriptions, else the request's URL with ws: for http:. */
export function subscriptionUrlOf(url: string, typed: string | undefined): string {
  if (typed && typed.trim() !== '') return typed.trim();
  return url.trim().replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`);
}

/** Stops the tab's subscription (complete, then close 1000). */
export function stopSubscription(tabId: string): void {
  const channel = channels.get(tabId);
  if (!channel) return;
  if (channel.readyState === WebSocket.OPEN) {
    channel.send(JSON.stringify({ type: 'send', opcode: 'text', text: encodeGraphQlWs({ type: 'complete', id: '1' }) } satisfies ChannelRequest));
    channel.send(JSON.stringify({ type: 'close', code: 1000, reason: 'stopped' } satisfies ChannelRequest));
  }
  channels.delete(tabId);
  const state = graphQlSubscriptions.getState();
  if (state.tabs[tabId]?.phase === 'subscribed' || state.tabs[tabId]?.phase === 'connecting') state.patch(tabId, { phase: 'done' }, { at: Date.now(), kind: 'info', text: 'Stopped.' });
}

/** Starts the active tab's subscription (stopping one still running). */
export async function startSubscription(store: StoreApi<WorkbenchState>, tabId: string): Promise<void> {
  stopSubscription(tabId);
  const { patch } = graphQlSubscriptions.getState();
  const fail = (message: string) => patch(tabId, { phase: 'failed', message }, { at: Date.now(), kind: 'error', text: message });
  graphQlSubscriptions.setState((s) => ({ tabs: { ...s.tabs, [tabId]: { phase: 'connecting', events: [] } } }));
  const draft = store.getState().draft;
  const body = draft.body.graphql ?? emptyGraphQlBody();
  let variables: Record<string, unknown> | undefined;
  if (body.variables.trim() !== '') {
    const parsed = parseJson(body.variables);
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) return fail(`The variables are not a JSON object${!parsed.ok && parsed.error.position ? ` (line ${parsed.error.position.line}, column ${parsed.error.position.column})` : ''}.`);
    variables = parsed.value as Record<string, unknown>;
  }
  const url = subscriptionUrlOf(draft.url, body.subscriptionUrl);
  const prepared = await openMetaFor(store, { ...draft, url, websocket: { subprotocols: [GRAPHQL_WS_PROTOCOL], deflate: true, messages: [] } });
  if (!prepared.ok) return fail(prepared.message);
  const channel = new WebSocket(new URL(CHANNEL_PATH, location.href).href.replace(/^http/, 'ws'), [CHANNEL_PROTOCOL, `${CHANNEL_KEY_PREFIX}${relayToken()}`]);
  channels.set(tabId, channel);
  const say = (message: GraphQlWsClientMessage) => channel.send(JSON.stringify({ type: 'send', opcode: 'text', text: encodeGraphQlWs(message) } satisfies ChannelRequest));
  const mine = () => channels.get(tabId) === channel;
  channel.onopen = () => channel.send(JSON.stringify({ type: 'open', meta: prepared.meta } satisfies ChannelRequest));
  channel.onmessage = (e: MessageEvent<string>) => {
    if (!mine()) return;
    const event = JSON.parse(e.data) as ChannelEvent;
    switch (event.type) {
      case 'handshake':
        if (event.handshake.protocol !== GRAPHQL_WS_PROTOCOL) {
          fail(`The server did not agree to ${GRAPHQL_WS_PROTOCOL} (it chose ${event.handshake.protocol ? `"${event.handshake.protocol}"` : 'no subprotocol'}): it does not speak the graphql-ws protocol.`);
          channel.send(JSON.stringify({ type: 'close', code: 1000 } satisfies ChannelRequest));
          return;
        }
        patch(tabId, {}, { at: Date.now(), kind: 'info', text: `Connected to ${url} (${GRAPHQL_WS_PROTOCOL}); initialising…` });
        say({ type: 'connection_init', payload: {} });
        return;
      case 'refused':
        return fail(`The server refused the WebSocket upgrade with ${event.refusal.status}${event.refusal.statusText ? ` ${event.refusal.statusText}` : ''}: is ${url} the subscriptions endpoint?`);
      case 'failed':
        return fail(event.failure.message);
      case 'problem':
        return fail(event.message);
      case 'closed': {
        channels.delete(tabId);
        const code = event.closure.code;
        const words = code !== undefined ? (explainGraphQlWsClose(code) ?? `closed with ${code}${event.closure.reason ? ` ${event.closure.reason}` : ''}`) : 'closed';
        const now = graphQlSubscriptions.getState().tabs[tabId];
        if (now?.phase === 'done' || now?.phase === 'failed') return;
        if (code !== undefined && code >= 4400) return fail(`The server closed the connection: ${words}`);
        return patch(tabId, { phase: 'done' }, { at: Date.now(), kind: 'info', text: `The connection ${words}.` });
      }
      case 'messages':
        for (const m of event.messages) {
          if (m.direction !== 'received' || m.text === undefined) continue;
          const read = readGraphQlWs(m.text);
          if (!read.ok) {
            fail(read.message);
            channel.send(JSON.stringify({ type: 'close', code: 4400, reason: 'protocol error' } satisfies ChannelRequest));
            return;
          }
          const message = read.message;
          if (message.type === 'connection_ack') {
            say({ type: 'subscribe', id: '1', payload: { query: body.query, ...(variables ? { variables } : {}), ...(body.operationName.trim() ? { operationName: body.operationName.trim() } : {}) } });
            patch(tabId, { phase: 'subscribed' }, { at: m.at, kind: 'info', text: 'Acknowledged; subscribed.' });
          } else if (message.type === 'ping') say({ type: 'pong' });
          else if (message.type === 'next') patch(tabId, {}, { at: m.at, kind: message.errors.length > 0 ? 'error' : 'next', text: JSON.stringify(message.errors.length > 0 ? { data: message.data, errors: message.errors } : { data: message.data }) });
          else if (message.type === 'error') fail(`The server refused the subscription: ${message.errors.map(describeGraphQlError).join('; ')}`);
          else if (message.type === 'complete') {
            patch(tabId, { phase: 'done' }, { at: m.at, kind: 'complete', text: 'Complete: the server ended the subscription.' });
            channel.send(JSON.stringify({ type: 'close', code: 1000 } satisfies ChannelRequest));
          }
        }
        return;
    }
  };
  channel.onclose = () => {
    if (!mine()) return;
    channels.delete(tabId);
    const now = graphQlSubscriptions.getState().tabs[tabId];
    if (now?.phase === 'connecting' || now?.phase === 'subscribed') fail('The channel to the relay closed.');
  };
}
