/**
 * The one client-state store, composed from slices. A factory, so every test and every
 * mounted app gets its own fresh store. Server state (relay calls) is TanStack Query's.
 */
import { createStore, type StoreApi } from 'zustand';
import { createDraftSlice, type DraftSlice } from './draftSlice';
import { createExchangeSlice, type ExchangeSlice } from './exchangeSlice';

export type WorkbenchState = DraftSlice & ExchangeSlice;

export interface WorkbenchStoreOptions {
  initialUrl?: string;
}

/** Makes a new store. */
export function createWorkbenchStore(options: WorkbenchStoreOptions = {}): StoreApi<WorkbenchState> {
  return createStore<WorkbenchState>()((...a) => ({
    ...createDraftSlice(options.initialUrl ?? '')(...a),
    ...createExchangeSlice(...a),
  }));
}
