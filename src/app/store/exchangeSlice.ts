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

/**
 * How often the received byte count is published while a body streams. Every `set`
 * runs every subscriber and middleware (persisting the composer, history, the inspector);
 * at one per chunk a 100 MB body would cost thousands of those on the page's thread.
 */
const PUBLISH_MS = 50;

export const createExchangeSlice: StateCreator<WorkbenchState, [], [], ExchangeSlice> = (set, get) => {
  // Bytes pushed into `chunks` but not yet counted in `received`, and the timer that counts them.
  let unpublished = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const takeUnpublished = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const bytes = unpublished;
    unpublished = 0;
    return bytes;
  };
  const publish = () => {
    const bytes = takeUnpublished();
    if (bytes) set((s) => ({ exchange: { ...s.exchange, received: s.exchange.received + bytes } }));
  };
  return {
    exchange: idle,
    // A fresh chunk list per exchange: receiveBody appends in place, so sharing idle's would leak bodies across sends.
    beginExchange: (request, origin = {}) => {
      takeUnpublished();
      set((s) => ({
        exchange: { ...idle, chunks: [], hops: [], ...origin, phase: 'sending', request, startedAt: Date.now(), sentAt: Date.now() },
        previousExchange: previousFor(s, request, origin.draftId),
      }));
    },
    receiveHead: (head) => set((s) => ({ exchange: { ...s.exchange, head } })),
    receiveHop: (hop) => set((s) => ({ exchange: { ...s.exchange, hops: [...s.exchange.hops, hop] } })),
    receiveBody: (chunk) => {
      // Chunks are appended in place at once (copying the list per chunk would be quadratic);
      // the count and the notification follow within PUBLISH_MS, the first one right away.
      const exchange = get().exchange;
      exchange.chunks.push(chunk);
      unpublished += chunk.length;
      timer ??= setTimeout(publish, exchange.received === 0 ? 0 : PUBLISH_MS);
    },
    completeExchange: (summary) => {
      const bytes = takeUnpublished();
      set((s) => ({ exchange: { ...s.exchange, received: s.exchange.received + bytes, phase: 'done', summary } }));
    },
    failExchange: (error) => {
      const bytes = takeUnpublished();
      set((s) => ({ exchange: { ...s.exchange, received: s.exchange.received + bytes, phase: 'failed', error } }));
    },
  };
};
