/**
 * The sidebar's order of collections, on its own: the store's workspace slice (on the first
 * screen) needs only this of `workspaceRecords.ts`, whose history entries and redaction load
 * with the workspace session.
 */
import type { Collection } from '../../../core';

/** Collections in the order the sidebar lists them: by name, then id. */
export function sortCollections(collections: readonly Collection[]): Collection[] {
  return [...collections].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
