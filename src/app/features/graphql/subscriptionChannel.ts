/**
 * One GraphQL subscription over the relay's WebSocket channel (`/api/ws`): opens the channel
 * with the handshake `meta` (built by `openMetaFor`, offering `graphql-transport-ws`), then lets
 * core's `GraphQlWsSession` speak graphql-ws — connection_init, subscribe on connection_ack,
 * pongs, results — until `complete`, `error`, the count, the time limit (when given), a stop
 * or a close. The tab (live log) and the runner's step both drive it.
 */
import { GRAPHQL_WS_PROTOCOL } from '../../../core/protocols/graphql/graphqlWs';
import type { GraphQlWsSession, GraphQlWsStep } from '../../../core/protocols/graphql/subscriptionRun';
import { CHANNEL_KEY_PREFIX, CHANNEL_PATH, CHANNEL_PROTOCOL, type ChannelEvent, type ChannelRequest, type WebSocketOpenMeta } from '../../../core/protocols/websocket/channel';
import type { WebSocketClosure, WebSocketHandshake, WebSocketRefusal } from '../../../core/protocols/websocket/transcript';
import { relayToken } from '../../base/relay/session';

/** How long the closing handshake may take before the channel is dropped. */
const CLOSE_GRACE_MS = 3000;

export interface SubscriptionConnection {
  handshake?: WebSocketHandshake;
  refusal?: WebSocketRefusal;
  closure?: WebSocketClosure;
  durationMs: number;
}

export interface SubscriptionChannelRun {
  /** Resolves when the channel is closed (never rejects). */
  done: Promise<SubscriptionConnection>;
  /** Completes the subscription and closes (the person's Stop). */
  stop(): void;
}

export function runSubscriptionChannel(
  meta: WebSocketOpenMeta,
  session: GraphQlWsSession,
  options: { collectMs?: number; signal?: AbortSignal; onUpdate?: (connection: SubscriptionConnection) => void } = {},
): SubscriptionChannelRun {
  const started = performance.now();
  const connection: SubscriptionConnection = { durationMs: 0 };
  const channel = new WebSocket(new URL(CHANNEL_PATH, location.href).href.replace(/^http/, 'ws'), [CHANNEL_PROTOCOL, `${CHANNEL_KEY_PREFIX}${relayToken()}`]);
  const timers: ReturnType<typeof setTimeout>[] = [];
  let closing = false;
  const say = (r: ChannelRequest) => channel.readyState === WebSocket.OPEN && channel.send(JSON.stringify(r));
  const update = () => {
    connection.durationMs = performance.now() - started;
    options.onUpdate?.(connection);
  };
  const act = (step: GraphQlWsStep) => {
    for (const text of step.send) say({ type: 'send', opcode: 'text', text });
    if (step.close && !closing) {
      closing = true;
      say({ type: 'close', code: step.close.code, reason: step.close.reason });
      timers.push(setTimeout(() => channel.close(), CLOSE_GRACE_MS));
    }
  };
  const onAbort = () => {
    act(session.finish('stopped'));
    channel.close();
  };
  const done = new Promise<SubscriptionConnection>((resolve) => {
    options.signal?.addEventListener('abort', onAbort, { once: true });
    channel.onopen = () => say({ type: 'open', meta: { ...meta, subprotocols: [GRAPHQL_WS_PROTOCOL] } });
    channel.onclose = () => {
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener('abort', onAbort);
      if (!connection.refusal) session.failed(options.signal?.aborted ? 'The run was stopped.' : 'The channel to the Wirebench server closed.');
      update();
      resolve(connection);
    };
    channel.onmessage = (e: MessageEvent<string>) => {
      const event = JSON.parse(e.data) as ChannelEvent;
      switch (event.type) {
        case 'handshake':
          connection.handshake = event.handshake;
          act(session.opened(event.handshake.protocol));
          if (options.collectMs !== undefined) timers.push(setTimeout(() => act(session.finish('time')), options.collectMs));
          break;
        case 'refused':
          connection.refusal = event.refusal;
          break;
        case 'failed':
          session.failed(event.failure.message);
          break;
        case 'problem':
          session.failed(event.message);
          act({ send: [], close: { code: 1000, reason: 'problem' } });
          break;
        case 'closed':
          connection.closure = event.closure;
          if (event.failure && event.failure.kind !== 'closed') session.failed(event.failure.message);
          session.closed(event.closure.by === 'network' ? undefined : event.closure.code, event.closure.reason);
          channel.close();
          break;
        case 'messages':
          for (const m of event.messages) if (m.direction === 'received' && m.opcode === 'text' && m.text !== undefined) act(session.received(m.text, m.at));
          break;
      }
      update();
    };
  });
  return {
    done,
    stop: () => {
      act(session.finish('stopped'));
      if (!connection.handshake) channel.close();
    },
  };
}
