import { createContext, useContext, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { WorkbenchState } from '../../shell/store/workbenchState';

const StoreContext = createContext<StoreApi<WorkbenchState> | null>(null);

/** Provides a store made by `createWorkbenchStore` to the tree below. */
export function StoreProvider({ store, children }: { store: StoreApi<WorkbenchState>; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** Selects from the workbench store. */
export function useWorkbench<T>(selector: (state: WorkbenchState) => T): T {
  const store = useContext(StoreContext);
  if (!store) throw new TypeError('useWorkbench must be used inside <StoreProvider>');
  return useStore(store, selector);
}

/** The store itself, for handlers that read state without subscribing. */
export function useWorkbenchApi(): StoreApi<WorkbenchState> {
  const store = useContext(StoreContext);
  if (!store) throw new TypeError('useWorkbenchApi must be used inside <StoreProvider>');
  return store;
}
