/**
 * The workspace session of the app's store: started by the first caller (the App), shared
 * by every panel after, and kept for the life of the page — React may mount and unmount
 * the caller twice in development, which must not load the workspace twice.
 */
import { useWorkbenchApi } from '../../base/state/StoreProvider';
import { startWorkspaceSession, type WorkspaceSession } from './workspaceSession';

/** The running workspace session (started on first use). */
export function useWorkspaceSession(): WorkspaceSession {
  return startWorkspaceSession(useWorkbenchApi());
}
