/**
 * Per-tab WebSocket state (keyed by tab id, outside the workbench store): the connection's
 * phase, the handshake, refusal, failure and close, and the message list. Messages arrive in
 * batches from the relay; they are appended in place and the list's `version` bumped at most
 * once per animation frame, so 1,000 messages a second cost a few renders, not a thousand.
 */
import { create } from 'zustand';
import type { WebSocketClosure, WebSocketFailure, WebSocketHandshake, WebSocketMessage, WebSocketRefusal } from '../../../core/protocols/websocket/transcript';

export type WsPhase = 'idle' | 'connecting' | 'open' | 'closing' | 'closed';

/** Most messages kept per tab; the oldest go first (the count says how many were dropped). */
export const MAX_KEPT_MESSAGES = 100_000;

export interface WsTabState {
  phase: WsPhase;
  url?: string;
  handshake?: WebSocketHandshake;
  refusal?: WebSocketRefusal;
  failure?: WebSocketFailure;
  closure?: WebSocketClosure;
  /** A request the relay or the page could not carry out (the socket stays as it was). */
  problem?: string;
  /** Appended in place; `version` says when it changed. */
  messages: WebSocketMessage[];
  dropped: number;
  version: number;
}

interface WsStore {
  tabs: Record<string, WsTabState>;
  patch(tabId: string, change: Partial<WsTabState>): void;
  reset(tabId: string, url: string): void;
}

export const emptyTab = (): WsTabState => ({ phase: 'idle', messages: [], dropped: 0, version: 0 });

export const useWsStore = create<WsStore>((set) => ({
  tabs: {},
  patch: (tabId, change) => set((s) => ({ tabs: { ...s.tabs, [tabId]: { ...(s.tabs[tabId] ?? emptyTab()), ...change } } })),
  reset: (tabId, url) => set((s) => ({ tabs: { ...s.tabs, [tabId]: { ...emptyTab(), phase: 'connecting', url } } })),
}));

const pending = new Map<string, WebSocketMessage[]>();
let frame = 0;

function flushPending(): void {
  frame = 0;
  const { tabs, patch } = useWsStore.getState();
  for (const [tabId, batch] of pending) {
    const tab = tabs[tabId];
    if (!tab) continue;
    const list = tab.messages;
    for (const m of batch) list.push(m);
    let dropped = tab.dropped;
    if (list.length > MAX_KEPT_MESSAGES) {
      const over = list.length - MAX_KEPT_MESSAGES;
      list.splice(0, over);
      dropped += over;
    }
    patch(tabId, { version: tab.version + 1, dropped });
  }
  pending.clear();
}

/** Queues messages for the tab's list; they show at the next frame. */
export function appendMessages(tabId: string, messages: readonly WebSocketMessage[]): void {
  const queue = pending.get(tabId);
  if (queue) queue.push(...messages);
  else pending.set(tabId, [...messages]);
  if (!frame) frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(flushPending) : (setTimeout(flushPending, 16) as unknown as number);
}

/** Shows what is queued at once (before a close or failure is shown after it). */
export function flushMessages(): void {
  if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
  flushPending();
}
