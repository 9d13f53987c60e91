/**
 * Starts the workspace session without putting it (and the schemas that check stored
 * records) on the first screen: the session's code loads right after the first render.
 * Panels that need the session synchronously are themselves loaded later and use
 * `useWorkspaceSession`.
 */
import { useEffect } from 'react';
import type { StoreApi } from 'zustand';
import { afterFirstScreen } from '../lazy/afterFirstScreen';
import { useWorkbenchApi } from '../store/StoreProvider';
import type { WorkbenchState } from '../store/workbenchStore';
import type { WorkspaceSession } from './workspaceSession';

const loading = new WeakMap<StoreApi<WorkbenchState>, Promise<WorkspaceSession>>();

/** The store's workspace session, started on the first call. */
export function loadWorkspaceSession(store: StoreApi<WorkbenchState>): Promise<WorkspaceSession> {
  let session = loading.get(store);
  if (!session) {
    session = import('./workspaceSession').then((m) => m.startWorkspaceSession(store));
    // A failed load may be retried by the next caller.
    session.catch(() => loading.delete(store));
    loading.set(store, session);
  }
  return session;
}

/** Starts the workspace session once the first screen is up (collections, environments, history). */
export function useStartWorkspaceSession(): void {
  const store = useWorkbenchApi();
  useEffect(
    () =>
      afterFirstScreen(() => {
        loadWorkspaceSession(store).catch((err: Error) => store.setState({ workspaceMode: 'memory', workspaceProblem: `The workspace could not be loaded: ${err.message}` }));
      }),
    [store],
  );
}
