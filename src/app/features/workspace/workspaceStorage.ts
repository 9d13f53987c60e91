/**
 * Where the workspace rests in the browser: IndexedDB through `idb`. Collections,
 * environments, history entries with their light rows, response bodies as Blobs, and a
 * few settings. Records are read raw — validating them is the loader's job, so a damaged
 * one can be set aside and reported — and nothing here deletes a record unless asked to.
 * Behind an interface, with an in-memory stand-in for tests and for browsers without
 * IndexedDB.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** The database and store names, for tests that seed or read the raw contents. */
export const WORKSPACE_DB_NAME = 'wirebench-workspace';
export const WORKSPACE_DB_VERSION = 1;

/** A raw stored record and the key it is stored under. */
export interface RawStoredRecord {
  key: string;
  value: unknown;
}

/** Everything loaded at start, still unvalidated. */
export interface RawWorkspace {
  collections: RawStoredRecord[];
  environments: RawStoredRecord[];
  historyRows: RawStoredRecord[];
  meta: Record<string, unknown>;
}

/** A store whose records can be set aside and discarded. */
export type RecordStoreName = 'collections' | 'environments' | 'historyRows';

/** Reads and writes the workspace. */
export interface WorkspaceStorage {
  loadAll(): Promise<RawWorkspace>;
  putCollection(id: string, record: unknown): Promise<void>;
  deleteCollection(id: string): Promise<void>;
  putEnvironment(id: string, record: unknown): Promise<void>;
  deleteEnvironment(id: string): Promise<void>;
  /** Adds a history entry, its row and (optionally) its response body, in one transaction. */
  addHistory(id: string, entry: unknown, row: unknown, body?: Blob): Promise<void>;
  /** Many entries at once (seeding, imports), in one transaction. */
  addHistoryBatch(items: { id: string; entry: unknown; row: unknown }[]): Promise<void>;
  readHistoryEntry(id: string): Promise<unknown>;
  readBody(ref: string): Promise<Blob | undefined>;
  /** Deletes entries with their rows and bodies. */
  deleteHistory(ids: readonly string[]): Promise<void>;
  putMeta(key: string, value: unknown): Promise<void>;
  /** Deletes a record the person chose to discard after it was set aside. */
  discard(store: RecordStoreName, key: string): Promise<void>;
}

interface WorkspaceDb extends DBSchema {
  collections: { key: string; value: unknown };
  environments: { key: string; value: unknown };
  history: { key: string; value: unknown };
  historyRows: { key: string; value: unknown };
  bodies: { key: string; value: Blob };
  meta: { key: string; value: unknown };
}

async function pairs(db: IDBPDatabase<WorkspaceDb>, store: 'collections' | 'environments' | 'historyRows' | 'meta'): Promise<RawStoredRecord[]> {
  const tx = db.transaction(store, 'readonly');
  // getAllKeys and getAll walk the store in the same key order, so index i of both is one record.
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll(), tx.done]);
  return keys.map((key, i) => ({ key: String(key), value: values[i] }));
}

/**
 * The browser's IndexedDB. Version 1 creates the stores; later versions add upgrade steps
 * here and never drop a store that holds the person's work.
 */
export function indexedDbWorkspaceStorage(name = WORKSPACE_DB_NAME): WorkspaceStorage {
  let db: Promise<IDBPDatabase<WorkspaceDb>> | undefined;
  const open = () =>
    (db ??= openDB<WorkspaceDb>(name, WORKSPACE_DB_VERSION, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          for (const store of ['collections', 'environments', 'history', 'historyRows', 'bodies', 'meta'] as const) database.createObjectStore(store);
        }
      },
      blocking() {
        // Another tab wants a newer version: let it, rather than leave it waiting forever.
        void db?.then((d) => d.close());
        db = undefined;
      },
    }));
  return {
    async loadAll() {
      const database = await open();
      const [collections, environments, historyRows, meta] = await Promise.all([
        pairs(database, 'collections'),
        pairs(database, 'environments'),
        pairs(database, 'historyRows'),
        pairs(database, 'meta'),
      ]);
      return { collections, environments, historyRows, meta: Object.fromEntries(meta.map((m) => [m.key, m.value])) };
    },
    async putCollection(id, record) {
      await (await open()).put('collections', record, id);
    },
    async deleteCollection(id) {
      await (await open()).delete('collections', id);
    },
    async putEnvironment(id, record) {
      await (await open()).put('environments', record, id);
    },
    async deleteEnvironment(id) {
      await (await open()).delete('environments', id);
    },
    async addHistory(id, entry, row, body) {
      const tx = (await open()).transaction(['history', 'historyRows', 'bodies'], 'readwrite');
      const writes: Promise<unknown>[] = [tx.objectStore('history').put(entry, id), tx.objectStore('historyRows').put(row, id)];
      if (body) writes.push(tx.objectStore('bodies').put(body, id));
      await Promise.all([...writes, tx.done]);
    },
    async addHistoryBatch(items) {
      const tx = (await open()).transaction(['history', 'historyRows'], 'readwrite');
      const writes = items.flatMap((item) => [tx.objectStore('history').put(item.entry, item.id), tx.objectStore('historyRows').put(item.row, item.id)]);
      await Promise.all([...writes, tx.done]);
    },
    async readHistoryEntry(id) {
      return (await open()).get('history', id);
    },
    async readBody(ref) {
      return (await open()).get('bodies', ref);
    },
    async deleteHistory(ids) {
      if (ids.length === 0) return;
      const tx = (await open()).transaction(['history', 'historyRows', 'bodies'], 'readwrite');
      const writes = ids.flatMap((id) => [tx.objectStore('history').delete(id), tx.objectStore('historyRows').delete(id), tx.objectStore('bodies').delete(id)]);
      await Promise.all([...writes, tx.done]);
    },
    async putMeta(key, value) {
      await (await open()).put('meta', value, key);
    },
    async discard(store, key) {
      const database = await open();
      if (store === 'historyRows') {
        const tx = database.transaction(['history', 'historyRows', 'bodies'], 'readwrite');
        await Promise.all([tx.objectStore('history').delete(key), tx.objectStore('historyRows').delete(key), tx.objectStore('bodies').delete(key), tx.done]);
      } else await database.delete(store, key);
    },
  };
}

/** A stand-in that keeps everything in memory (tests; browsers where IndexedDB is unavailable). */
export function memoryWorkspaceStorage(): WorkspaceStorage & { stores: Record<'collections' | 'environments' | 'history' | 'historyRows' | 'bodies' | 'meta', Map<string, unknown>> } {
  const stores = {
    collections: new Map<string, unknown>(),
    environments: new Map<string, unknown>(),
    history: new Map<string, unknown>(),
    historyRows: new Map<string, unknown>(),
    bodies: new Map<string, unknown>(),
    meta: new Map<string, unknown>(),
  };
  // Structured clones, as IndexedDB stores them: a later change to the caller's object never reaches storage.
  const copy = <T>(value: T): T => (value instanceof Blob ? value : structuredClone(value));
  const list = (store: Map<string, unknown>) => [...store.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, value]) => ({ key, value: copy(value) }));
  return {
    stores,
    async loadAll() {
      return { collections: list(stores.collections), environments: list(stores.environments), historyRows: list(stores.historyRows), meta: Object.fromEntries(list(stores.meta).map((m) => [m.key, m.value])) };
    },
    async putCollection(id, record) {
      stores.collections.set(id, copy(record));
    },
    async deleteCollection(id) {
      stores.collections.delete(id);
    },
    async putEnvironment(id, record) {
      stores.environments.set(id, copy(record));
    },
    async deleteEnvironment(id) {
      stores.environments.delete(id);
    },
    async addHistory(id, entry, row, body) {
      stores.history.set(id, copy(entry));
      stores.historyRows.set(id, copy(row));
      if (body) stores.bodies.set(id, body);
    },
    async addHistoryBatch(items) {
      for (const item of items) {
        stores.history.set(item.id, copy(item.entry));
        stores.historyRows.set(item.id, copy(item.row));
      }
    },
    async readHistoryEntry(id) {
      return copy(stores.history.get(id));
    },
    async readBody(ref) {
      return stores.bodies.get(ref) as Blob | undefined;
    },
    async deleteHistory(ids) {
      for (const id of ids) for (const store of [stores.history, stores.historyRows, stores.bodies]) store.delete(id);
    },
    async putMeta(key, value) {
      stores.meta.set(key, copy(value));
    },
    async discard(store, key) {
      stores[store].delete(key);
      if (store === 'historyRows') {
        stores.history.delete(key);
        stores.bodies.delete(key);
      }
    },
  };
}
