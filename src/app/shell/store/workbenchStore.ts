/**
 * The one client-state store, composed from the features' slices (each lives with its
 * feature; the state's type is `workbenchState.ts`). A factory, so every test and every
 * mounted app gets its own fresh store. Server state (relay calls) is TanStack Query's.
 */
import { createStore, type StoreApi } from 'zustand';
import { persist } from 'zustand/middleware';
import { composerPersistOptions } from './composerPersistence';
import { createDraftSlice } from '../../features/composer/draftSlice';
import { createEnvironmentsSlice } from '../../features/environments/environmentsSlice';
import { createExchangeSlice } from '../../features/inspector/exchangeSlice';
import { createSendSlice } from '../../features/send/sendSlice';
import { createWorkspaceSlice } from '../../features/workspace/workspaceSlice';
import { createSoapSlice } from '../../features/soap/soapSlice';
import { createUiSlice } from './uiSlice';
import { createChecksSlice } from '../../features/checks/checksSlice';
import type { WorkbenchState } from './workbenchState';

export type { WorkbenchState } from './workbenchState';

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
