/**
 * The workspace session's side of the folder's changes (`/api/workspace/changes`): merges each
 * state the server sends — an edit made on disk, or this page's own write coming back — into
 * the store, by the fingerprints of what the page last wrote (`mergeRemote`). While the page
 * writes to the folder, a state that arrives waits (the latest one) until the write ends:
 * merged before, a record being written looks changed here, and the folder's version of it
 * would be passed over for good (an edit on disk that the server read together with the
 * page's save was lost so, under load). A state whose revision is below the page's latest
 * write's answer was read before that write; it is passed over, and the one with the write
 * follows.
 */
import type { StoreApi } from 'zustand';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { FolderState, WorkspaceFolderApi } from './workspaceFolderClient';
import { collectionFingerprint, environmentFingerprint, folderReports, loadCollections, loadEnvironments, mergeRemote, type WrittenFingerprints } from './workspaceLoad';
import { sortCollections } from './workspaceRecords';

export interface FolderFollower {
  /** A write to the folder starts; the returned function ends it (and merges a state that waited). */
  startWrite(): () => void;
  /** The revision a write to the folder answered with (nothing when the server said none). */
  noteRevision(revision: number | void): void;
  /** Merges one state of the folder, or keeps it for the end of the write under way. */
  merge(state: FolderState): void;
  /** Long-polls the folder from `revision` until `signal` aborts, merging each change. */
  follow(api: WorkspaceFolderApi, revision: number): Promise<void>;
}

/** The records of a folder state, keyed by id (or position) for the loaders. */
export const keyedFolderRecords = (values: unknown[]) => values.map((value, i) => ({ key: String((value as { id?: unknown })?.id ?? i), value }));

/** `written`: the fingerprints of what the session last wrote (or read); `signal` ends the following. */
export function folderFollower(store: StoreApi<WorkbenchState>, written: { collections: WrittenFingerprints; environments: WrittenFingerprints }, signal: AbortSignal): FolderFollower {
  let writing = false;
  let waiting: FolderState | null = null;
  let ownRevision = 0;

  function merge(state: FolderState): void {
    if (signal.aborted || state.revision < ownRevision) return;
    if (writing) {
      waiting = state;
      return;
    }
    const collections = loadCollections('folder', keyedFolderRecords(state.collections));
    const environments = loadEnvironments('folder', keyedFolderRecords(state.environments));
    const s = store.getState();
    const nextCollections = mergeRemote(s.collections, collections.collections, written.collections, collectionFingerprint);
    // Environments get new variable row ids on every load; keep the local object when its stored form is the same.
    const nextEnvironments = mergeRemote(s.environments, environments.environments, written.environments, environmentFingerprint);
    const setAside = [...s.setAside.filter((r) => r.source !== 'folder'), ...folderReports(state.setAside), ...collections.setAside, ...environments.setAside];
    store.setState({
      collections: nextCollections === s.collections ? s.collections : sortCollections(nextCollections),
      environments: nextEnvironments,
      setAside,
      activeEnvironmentId: nextEnvironments.some((e) => e.id === s.activeEnvironmentId) ? s.activeEnvironmentId : null,
    });
  }

  return {
    startWrite() {
      writing = true;
      return () => {
        writing = false;
        const arrived = waiting;
        waiting = null;
        if (arrived) merge(arrived);
      };
    },
    noteRevision(revision) {
      if (typeof revision === 'number' && revision > ownRevision) ownRevision = revision;
    },
    merge,
    async follow(api, revision) {
      while (!signal.aborted) {
        try {
          const next = await api.changes(revision, signal);
          if (next) {
            revision = next.revision;
            merge(next);
          }
        } catch {
          if (signal.aborted) return;
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
      }
    },
  };
}
