/**
 * How far the writes of collections to the browser's storage have come, for the import
 * dialog's progress bar and the workspace panel's storage line. The session reports each
 * write (start, each committed transaction, the end or the failure in words); components
 * read it with `useStorageProgress`. Module state: one page, one workspace session.
 */
import { useSyncExternalStore } from 'react';

/** One collection's latest write. */
export interface CollectionWrite {
  collectionId: string;
  name: string;
  /** Items (requests and folders) committed so far, of `total`. */
  stored: number;
  total: number;
  state: 'writing' | 'stored' | 'failed';
  /** For a failed write: what was stored and what was not. */
  message?: string;
}

let writes: ReadonlyMap<string, CollectionWrite> = new Map();
const listeners = new Set<() => void>();

/** Records the state of a collection's write. */
export function reportCollectionWrite(write: CollectionWrite): void {
  const next = new Map(writes);
  next.set(write.collectionId, write);
  writes = next;
  guardUnload();
  for (const listener of listeners) listener();
}

/** Leaving the page mid-write drops what was not yet committed: the browser asks first. */
function askBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
}

/** Writes other than collections' (settings, environments, an edit waiting for its write) that have not reached storage yet. */
let held = 0;
let unloadGuarded = false;
function guardUnload(): void {
  const writing = held > 0 || [...writes.values()].some((w) => w.state === 'writing');
  if (writing === unloadGuarded || typeof window === 'undefined') return;
  unloadGuarded = writing;
  if (writing) window.addEventListener('beforeunload', askBeforeUnload);
  else window.removeEventListener('beforeunload', askBeforeUnload);
}

/**
 * Says a change is on its way to storage (scheduled, or sent to the storage worker and not
 * yet confirmed): until the returned release is called (once; later calls do nothing),
 * leaving the page asks first.
 */
export function holdUnload(): () => void {
  held += 1;
  guardUnload();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held -= 1;
    guardUnload();
  };
}

/** The latest write of each collection. */
export function collectionWrites(): ReadonlyMap<string, CollectionWrite> {
  return writes;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How much of the stored collections a load has received (requests and folders), while it runs. */
export interface LoadProgress {
  received: number;
  total: number;
}

let loading: LoadProgress | null = null;

/** Records how far the load has come; null when it is over. */
export function reportLoad(progress: LoadProgress | null): void {
  loading = progress;
  for (const listener of listeners) listener();
}

const loadProgress = () => loading;

/** How far the load has come, re-rendering as it moves on. */
export function useLoadProgress(): LoadProgress | null {
  return useSyncExternalStore(subscribe, loadProgress, loadProgress);
}

/** The latest write of every collection, re-rendering as it moves on. */
export function useCollectionWrites(): ReadonlyMap<string, CollectionWrite> {
  return useSyncExternalStore(subscribe, collectionWrites, collectionWrites);
}
