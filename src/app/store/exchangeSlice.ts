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
}

export interface ExchangeSlice {
  exchange: Exchange;
  beginExchange(request: WireRequest): void;
  receiveHead(head: RelayHead): void;
  receiveHop(hop: RelayHop): void;
  receiveBody(chunk: Uint8Array): void;
  completeExchange(summary: RelaySummary): void;
  failExchange(error: RelayError): void;
}

const idle: Exchange = { phase: 'idle', hops: [], chunks: [], received: 0 };

export const createExchangeSlice: StateCreator<WorkbenchState, [], [], ExchangeSlice> = (set) => ({
  exchange: idle,
  beginExchange: (request) => set({ exchange: { ...idle, phase: 'sending', request, startedAt: Date.now() } }),
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
