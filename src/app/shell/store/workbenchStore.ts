/**
 * The one client-state store, composed from slices. A factory, so every test and every
 * mounted app gets its own fresh store. Server state (relay calls) is TanStack Query's.
 */
import { createStore, type StoreApi } from 'zustand';
import { persist } from 'zustand/middleware';
import { composerPersistOptions } from './composerPersistence';
import { createDraftSlice, type DraftSlice } from './draftSlice';
import { createEnvironmentsSlice, type EnvironmentsSlice } from './environmentsSlice';
import { createExchangeSlice, type ExchangeSlice } from './exchangeSlice';
import { createSendSlice, type SendSlice } from './sendSlice';
import { createWorkspaceSlice, type WorkspaceSlice } from './workspaceSlice';
import { createSoapSlice, type SoapSlice } from '../../features/soap/soapSlice';
import { createUiSlice, type UiSlice } from './uiSlice';
import { createChecksSlice, type ChecksSlice } from '../../features/checks/checksSlice';

export type WorkbenchState = DraftSlice & ExchangeSlice & SendSlice & EnvironmentsSlice & WorkspaceSlice & SoapSlice & UiSlice & ChecksSlice;

export interface WorkbenchStoreOptions {
  initialUrl?: string;
  /** Storage key of the composer's tabs and environments (tests use their own). */
  persistName?: string;
}

/** Makes a new store. */
export function createWorkbenchStore(options: WorkbenchStoreOptions = {}): StoreApi<WorkbenchState> {
  return createStore<WorkbenchState>()(
    persist(
      (...a) => ({
        ...createDraftSlice(options.initialUrl ?? '')(...a),
        ...createExchangeSlice(...a),
        ...createSendSlice(...a),
        ...createEnvironmentsSlice(...a),
        // After the draft slice: its saveCurrentRequest is replaced by saving into a collection.
        ...createWorkspaceSlice(...a),
        ...createSoapSlice(...a),
        ...createUiSlice(...a),
        ...createChecksSlice(...a),
      }),
      composerPersistOptions(options.persistName),
    ),
  );
}
