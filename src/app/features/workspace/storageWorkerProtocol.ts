/**
 * Messages between the page and the storage worker (storageWorker.ts), which does every
 * IndexedDB read and write of the workspace (issue 32 item 5). Plain data, cloned by
 * `postMessage`. Each request has an `id`; the worker answers it with one `done` (a value
 * or an error in words) and, before that, for a load the collections in chunks and for a
 * collection write its progress. A collection is written as `write-begin`, any number of
 * `write-chunk`s and `write-end`, all with the id of the begin: each message is small, so
 * neither thread spends long on one.
 */
import type { Collection } from '../../../core';
import type { ItemNode } from './collectionChunks';
import type { RawStoredRecord, RecordStoreName } from './workspaceStorage';

/** The storage calls that are one request and one answer. */
export type StorageCall =
  | { op: 'putEnvironment'; key: string; value: unknown }
  | { op: 'deleteEnvironment'; key: string }
  | { op: 'deleteCollection'; key: string }
  | { op: 'putMeta'; key: string; value: unknown }
  | { op: 'addHistory'; key: string; entry: unknown; row: unknown; body?: Blob }
  | { op: 'addHistoryBatch'; items: { id: string; entry: unknown; row: unknown }[] }
  | { op: 'readHistoryEntry'; key: string }
  | { op: 'readBody'; key: string }
  | { op: 'deleteHistory'; ids: readonly string[] }
  | { op: 'discard'; store: RecordStoreName; key: string };

/** Page → worker. */
export type StorageRequest =
  | ({ id: number } & StorageCall)
  /** Everything but the collections' items comes in `done`; with `collections`, each collection comes first as `collection` and its `chunk`s. */
  | { id: number; op: 'load'; collections: boolean }
  /** `header`: the stored record without its items (secrets already blanked on the page); `total`: how many nodes the chunks will bring. */
  | { id: number; op: 'write-begin'; key: string; header: unknown; total: number }
  | { id: number; op: 'write-chunk'; nodes: ItemNode[] }
  | { id: number; op: 'write-end' }
  /** The page could not make the rest of the chunks: drop what was written, commit nothing. */
  | { id: number; op: 'write-abort'; reason: string };

/** Worker → page. */
export type StorageResponse =
  /** A collection that validated, without its items (they follow as chunks); `nodes`: how many. */
  | { id: number; collection: { key: string; value: Collection; nodes: number } }
  | { id: number; chunk: { key: string; nodes: ItemNode[] } }
  /** A stored collection that did not validate: set aside with the reason, its record as found. */
  | { id: number; setAside: { key: string; reason: string; raw: unknown } }
  /** Nodes of a collection write in committed transactions so far. */
  | { id: number; progress: { stored: number; total: number } }
  | { id: number; done: true; value?: unknown }
  /** A failed call; for a collection write, `stored` says how many nodes had been written (and were then dropped: the stored collection is as before). */
  | { id: number; done: false; error: string; stored?: number; total?: number };

/** What a load answers besides the collections. */
export interface LoadedRest {
  environments: RawStoredRecord[];
  historyRows: RawStoredRecord[];
  meta: Record<string, unknown>;
}

/** Nodes written per transaction: bounded, so each commit is short and progress is seen. */
export const WRITE_BATCH_NODES = 5_000;
/** Nodes per message of a load: a few milliseconds of cloning each on the page (and less garbage for one task to leave). */
export const MESSAGE_NODES = 500;
/**
 * Nodes per message of a write, each a stored part: the page makes their stored forms (secrets
 * kept aside) and sends them in one task, about 0.1 ms a request on a quiet machine; at 500 that
 * task was the import's longest (102 ms) with two CPU-bound processes beside the browser.
 */
export const WRITE_MESSAGE_NODES = 250;
