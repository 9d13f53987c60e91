/**
 * Starts the workspace session without putting it (and the schemas that check stored
 * records) on the first screen: the session's code loads right after the first render.
 * Panels that need the session synchronously are themselves loaded later and use
 * `useWorkspaceSession`. The proxy settings come with the session's load, so relay calls
 * are told to wait for it (bounded) from the first render on.
 */
import { useEffect } from 'react';
import type { StoreApi } from 'zustand';
import { afterFirstScreen } from '../../base/lazy/afterFirstScreen';
import { nextTask } from '../../base/lazy/nextTask';
import { holdProxySettingsUntil } from '../../base/relay/proxySettings';
import { useWorkbenchApi } from '../../base/state/StoreProvider';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { WorkspaceSession } from './workspaceSession';

const loading = new WeakMap<StoreApi<WorkbenchState>, Promise<WorkspaceSession>>();

/** The store's workspace session, started on the first call. */
export function loadWorkspaceSession(store: StoreApi<WorkbenchState>): Promise<WorkspaceSession> {
  let session = loading.get(store);
  if (!session) {
    // Three tasks, not one of over 100 ms: the stored records' schemas (zod builds each when defined),
    // then the session's code, then its start.
    session = import('../../../core/workspace/schema')
      .then(nextTask)
      .then(() => import('./workspaceSession'))
      .then(async (m) => {
        await nextTask();
        return m.startWorkspaceSession(store);
      });
    // A failed load may be retried by the next caller.
    session.catch(() => loading.delete(store));
    loading.set(store, session);
  }
  return session;
}

/** Starts the workspace session once the first screen is up (collections, environments, history). */
export function useStartWorkspaceSession(): void {
  const store = useWorkbenchApi();
  useEffect(() => {
    // The proxy settings come with the session's load; its code loads only once the page is idle, and a send
    // made before that must wait for them too (bounded), not only one made after the session started.
    let started!: (session: Promise<WorkspaceSession>) => void;
    const release = holdProxySettingsUntil(new Promise<WorkspaceSession>((resolve) => (started = resolve)).then((session) => session.ready));
    const cancel = afterFirstScreen(() => {
      const session = loadWorkspaceSession(store);
      started(session);
      session.catch((err: Error) => store.setState({ workspaceMode: 'memory', workspaceProblem: `The workspace could not be loaded: ${err.message}` }));
    });
    return () => {
      cancel();
      release();
    };
  }, [store]);
}
