import type { StateCreator } from 'zustand';
import type { RelayError, RelayHead, RelayHop, RelaySummary, WireRequest } from '../../core';
import type { WorkbenchState } from './workbenchStore';

/** The exchange currently shown in the response pane. */
export interface Exchange {
  phase: 'idle' | 'sending' | 'done' | 'failed';
  request?: WireRequest;
  head?: RelayHead;
  hops: RelayHop[];
  /** Body chunks as they arrived (raw bytes; decoded for display by the pane). */
  chunks: Uint8Array[];
  received: number;
  summary?: RelaySummary;
  error?: RelayError;
  startedAt?: number;
  /** The draft and tab it was sent from, when it came from the composer. */
  draftId?: string;
  tabId?: string;
  /** Wall-clock time the send started (ms since the epoch). */
  sentAt?: number;
}

export interface ExchangeSlice {
  exchange: Exchange;
  /**
   * The last finished exchange of the same method and URL, kept for Compare. Only one is
   * kept, and it is dropped when a different request is sent, so a large body is never
   * held longer than the person can compare it.
   */
  previousExchange?: Exchange;
  beginExchange(request: WireRequest, origin?: { draftId?: string; tabId?: string }): void;
  receiveHead(head: RelayHead): void;
  receiveHop(hop: RelayHop): void;
  receiveBody(chunk: Uint8Array): void;
  completeExchange(summary: RelaySummary): void;
  failExchange(error: RelayError): void;
}

const idle: Exchange = { phase: 'idle', hops: [], chunks: [], received: 0 };

/**
 * "The same request" for Compare: same method and URL, and the same draft when both know
 * their draft. A request edited in place (a header changed) still compares with its last answer.
 */
export function sameRequest(a: Exchange, request: WireRequest, draftId: string | undefined): boolean {
  if (!a.request || a.request.method !== request.method || a.request.url !== request.url) return false;
  return a.draftId === undefined || draftId === undefined || a.draftId === draftId;
}

/** What to keep for Compare when `request` is sent: the finished exchange it repeats, if any. */
function previousFor(s: ExchangeSlice, request: WireRequest, draftId: string | undefined): Exchange | undefined {
  if (s.exchange.phase === 'done' && sameRequest(s.exchange, request, draftId)) return s.exchange;
  if (s.previousExchange && sameRequest(s.previousExchange, request, draftId)) return s.previousExchange;
  return undefined;
}

export const createExchangeSlice: StateCreator<WorkbenchState, [], [], ExchangeSlice> = (set) => ({
  exchange: idle,
  // A fresh chunk list per exchange: receiveBody appends in place, so sharing idle's would leak bodies across sends.
  beginExchange: (request, origin = {}) =>
    set((s) => ({
      exchange: { ...idle, chunks: [], hops: [], ...origin, phase: 'sending', request, startedAt: Date.now(), sentAt: Date.now() },
      previousExchange: previousFor(s, request, origin.draftId),
    })),
  receiveHead: (head) => set((s) => ({ exchange: { ...s.exchange, head } })),
  receiveHop: (hop) => set((s) => ({ exchange: { ...s.exchange, hops: [...s.exchange.hops, hop] } })),
  receiveBody: (chunk) =>
    set((s) => {
      // Chunks are appended in place: copying the list per chunk would be quadratic on big bodies.
      s.exchange.chunks.push(chunk);
      return { exchange: { ...s.exchange, received: s.exchange.received + chunk.length } };
    }),
  completeExchange: (summary) => set((s) => ({ exchange: { ...s.exchange, phase: 'done', summary } })),
  failExchange: (error) => set((s) => ({ exchange: { ...s.exchange, phase: 'failed', error } })),
});
