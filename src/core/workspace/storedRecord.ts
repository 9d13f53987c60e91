/**
 * Records as stored: the value with the schema version it was written in. Apart from the
 * schemas (zod), so saving a record does not bring the validators onto the first screen.
 */
import { WORKSPACE_SCHEMA_VERSION, type Collection, type Environment, type HistoryEntry } from './model';

/** The kinds of record the workspace stores. */
export type WorkspaceRecordKind = 'collection' | 'environment' | 'history';

/** The value each kind of record holds once loaded. */
export interface WorkspaceRecordValues {
  collection: Collection;
  environment: Environment;
  history: HistoryEntry;
}

/** A record as written to storage: the value plus the schema version it was written with. */
export type StoredWorkspaceRecord<K extends WorkspaceRecordKind> = WorkspaceRecordValues[K] & { version: number };

/** The record to write for `value`: the value stamped with the current schema version. */
export function storedWorkspaceRecord<K extends WorkspaceRecordKind>(_kind: K, value: WorkspaceRecordValues[K]): StoredWorkspaceRecord<K> {
  return { ...value, version: WORKSPACE_SCHEMA_VERSION };
}

