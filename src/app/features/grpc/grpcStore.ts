/**
 * Per-tab live state of gRPC tabs, keyed by tab id (not in the workbench store): the
 * services loaded, the call in flight and its transcript, the message being written for a
 * stream. What is saved lives on the draft (`draft.grpc`); this is what a reload forgets.
 */
import { create } from 'zustand';
import type { GrpcCatalog } from '../../../core/protocols/grpc/descriptorModel';
import type { GrpcFailure, GrpcTranscript } from '../../../core/protocols/grpc/callModel';

export interface GrpcTabState {
  catalog?: GrpcCatalog;
  /** Where the catalog came from, as said to the person: "reflection v1 at grpc://…". */
  catalogFrom?: string;
  loading: boolean;
  loadError?: GrpcFailure;
  transcript?: GrpcTranscript;
  /** The deadline the call in the transcript was made with (for its explanation). */
  deadlineMs?: number;
  running: boolean;
  /** Why the last Invoke did not go (bad JSON, locked secrets…), shown by the button. */
  problem?: string;
  /** The next message of a client or bidi stream, as typed. */
  nextMessage: string;
  abort?: AbortController;
}

interface GrpcStore {
  tabs: Record<string, GrpcTabState>;
  patch(tabId: string, change: Partial<GrpcTabState> | ((t: GrpcTabState) => Partial<GrpcTabState>)): void;
}

export const blankGrpcTab = (): GrpcTabState => ({ loading: false, running: false, nextMessage: '{}' });

export const useGrpcStore = create<GrpcStore>((set) => ({
  tabs: {},
  patch: (tabId, change) =>
    set((s) => {
      const current = s.tabs[tabId] ?? blankGrpcTab();
      const next = typeof change === 'function' ? change(current) : change;
      return { tabs: { ...s.tabs, [tabId]: { ...current, ...next } } };
    }),
}));

const BLANK = blankGrpcTab();

/** The tab's live state (a shared blank one until something happens). */
export function useGrpcTab(tabId: string): GrpcTabState {
  return useGrpcStore((s) => s.tabs[tabId] ?? BLANK);
}
