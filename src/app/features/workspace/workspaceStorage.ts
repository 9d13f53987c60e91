/**
 * Where the workspace rests in the browser: IndexedDB through `idb`. Collections,
 * environments, history entries with their light rows, response bodies as Blobs, and a
 * few settings. Runs in the storage worker (storageWorker.ts), never on the page's thread.
 * A collection is stored as its record with its items in parts of a few hundred
 * (`collectionParts`, one generation per write, made visible by one last transaction that
 * also drops the previous generation), so a write of 100,000 requests is many bounded
 * transactions and a failure midway leaves the previous version whole. A record written
 * with its items inline (version 1 of the database) still loads. Records are read raw — validating them is the loader's job, so a damaged
 * one can be set aside and reported — and nothing here deletes a record unless asked to.
 * Behind an interface, with an in-memory stand-in for tests and for browsers without
 * IndexedDB.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ItemAssembler, type ItemNode } from './collectionChunks';

/** The database and store names, for tests that seed or read the raw contents. */
export const WORKSPACE_DB_NAME = 'wirebench-workspace';
export const WORKSPACE_DB_VERSION = 2;

/** A raw stored record and the key it is stored under. */
export interface RawStoredRecord {
  key: string;
  value: unknown;
  /** Why the record cannot be put together (a collection whose parts are missing); it is then set aside with this reason. */
  problem?: string;
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
  /** Writes parts `firstSeq`, `firstSeq + 1`… of generation `gen` of a collection's items, in one transaction; not visible until committed. */
  putCollectionParts(id: string, gen: string, firstSeq: number, parts: ItemNode[][]): Promise<void>;
  /** Makes generation `gen` (of `parts` parts) the collection, with `header` its record without items, and drops every other generation: one transaction. */
  commitCollection(id: string, gen: string, header: unknown, parts: number): Promise<void>;
  /** Drops the parts of a generation never committed (a write that failed). */
  dropCollectionParts(id: string, gen: string): Promise<void>;
}

/** Which generation of parts holds a collection's items. */
interface PartsIndex {
  gen: string;
  parts: number;
}

/** The key of part `seq` of generation `gen`: parts of one generation sort together and in order. */
export function partKey(id: string, gen: string, seq: number): string {
  return `${id}\u0001${gen}\u0001${String(seq).padStart(8, '0')}`;
}

/** A new generation name, later ones sorting after earlier ones. */
export function newGeneration(): string {
  return `${Date.now().toString(36).padStart(9, '0')}${Math.random().toString(36).slice(2, 8)}`;
}

/** A collection's record with its items put back from its parts (the parts' nodes in tree order). */
export function withItemsFromParts(header: unknown, parts: readonly ItemNode[][]): unknown {
  const assembler = new ItemAssembler();
  for (const part of parts) assembler.add(part);
  if (!assembler.complete()) throw new Error('its items are incomplete (a part is missing)');
  return typeof header === 'object' && header !== null ? { ...header, items: assembler.items } : header;
}

interface WorkspaceDb extends DBSchema {
  collections: { key: string; value: unknown };
  environments: { key: string; value: unknown };
  history: { key: string; value: unknown };
  historyRows: { key: string; value: unknown };
  bodies: { key: string; value: Blob };
  meta: { key: string; value: unknown };
  collectionIndex: { key: string; value: PartsIndex };
  collectionParts: { key: string; value: ItemNode[] };
}

async function pairs(db: IDBPDatabase<WorkspaceDb>, store: 'collections' | 'environments' | 'historyRows' | 'meta' | 'collectionIndex'): Promise<RawStoredRecord[]> {
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
        if (oldVersion < 2) {
          database.createObjectStore('collectionIndex');
          database.createObjectStore('collectionParts');
        }
      },
      blocking() {
        // Another tab wants a newer version: let it, rather than leave it waiting forever.
        void db?.then((d) => d.close());
        db = undefined;
      },
    }));
  /** Every part of collection `id`, of any generation. */
  const allParts = (id: string) => IDBKeyRange.bound(`${id}\u0001`, `${id}\u0001\uffff`);
  const generation = (id: string, gen: string) => IDBKeyRange.bound(`${id}\u0001${gen}\u0001`, `${id}\u0001${gen}\u0001\uffff`);
  /** Writes (or deletes, with undefined) a collection's record and drops its parts, in one transaction. */
  async function replaceCollection(id: string, record: unknown): Promise<void> {
    const tx = (await open()).transaction(['collections', 'collectionIndex', 'collectionParts'], 'readwrite');
    const writes: Promise<unknown>[] = [tx.objectStore('collectionIndex').delete(id), tx.objectStore('collectionParts').delete(allParts(id))];
    writes.push(record === undefined ? tx.objectStore('collections').delete(id) : tx.objectStore('collections').put(record, id));
    await Promise.all([...writes, tx.done]);
  }
  return {
    async loadAll() {
      const database = await open();
      const [collections, environments, historyRows, meta, index] = await Promise.all([
        pairs(database, 'collections'),
        pairs(database, 'environments'),
        pairs(database, 'historyRows'),
        pairs(database, 'meta'),
        pairs(database, 'collectionIndex'),
      ]);
      const indexOf = new Map(index.map((i) => [i.key, i.value as PartsIndex]));
      for (const record of collections) {
        const parts = indexOf.get(record.key);
        if (!parts) continue;
        const stored = await database.getAll('collectionParts', generation(record.key, parts.gen));
        try {
          if (stored.length !== parts.parts) throw new Error(`its items are incomplete (${stored.length} of ${parts.parts} parts found)`);
          record.value = withItemsFromParts(record.value, stored);
        } catch (err) {
          // Set aside with this reason; the other collections load.
          record.problem = (err as Error).message;
        }
      }
      return { collections, environments, historyRows, meta: Object.fromEntries(meta.map((m) => [m.key, m.value])) };
    },
    async putCollection(id, record) {
      await replaceCollection(id, record);
    },
    async deleteCollection(id) {
      await replaceCollection(id, undefined);
    },
    async putCollectionParts(id, gen, firstSeq, parts) {
      const tx = (await open()).transaction('collectionParts', 'readwrite');
      await Promise.all([...parts.map((part, i) => tx.store.put(part, partKey(id, gen, firstSeq + i))), tx.done]);
    },
    async commitCollection(id, gen, header, parts) {
      const tx = (await open()).transaction(['collections', 'collectionIndex', 'collectionParts'], 'readwrite');
      const partStore = tx.objectStore('collectionParts');
      // Every other generation goes: the previous one, and any left by a write that failed.
      const writes = [
        tx.objectStore('collections').put(header, id),
        tx.objectStore('collectionIndex').put({ gen, parts }, id),
        partStore.delete(IDBKeyRange.bound(`${id}\u0001`, `${id}\u0001${gen}\u0001`, false, true)),
        partStore.delete(IDBKeyRange.bound(`${id}\u0001${gen}\u0001\uffff`, `${id}\u0001\uffff`, true, false)),
      ];
      await Promise.all([...writes, tx.done]);
    },
    async dropCollectionParts(id, gen) {
      await (await open()).delete('collectionParts', generation(id, gen));
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
      } else if (store === 'collections') await replaceCollection(key, undefined);
      else await database.delete(store, key);
    },
  };
}

/** A stand-in that keeps everything in memory (tests; browsers where IndexedDB is unavailable). */
export function memoryWorkspaceStorage(): WorkspaceStorage & { stores: Record<'collections' | 'environments' | 'history' | 'historyRows' | 'bodies' | 'meta', Map<string, unknown>>; parts: Map<string, ItemNode[]> } {
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
  /** Parts not yet committed, by partKey. */
  const parts = new Map<string, ItemNode[]>();
  const storage: WorkspaceStorage & { stores: typeof stores; parts: typeof parts } = {
    stores,
    parts,
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
    async putCollectionParts(id, gen, firstSeq, list) {
      list.forEach((part, i) => parts.set(partKey(id, gen, firstSeq + i), copy(part)));
    },
    async commitCollection(id, gen, header, count) {
      const list: ItemNode[][] = [];
      for (let seq = 0; seq < count; seq++) {
        const part = parts.get(partKey(id, gen, seq));
        if (!part) throw new Error(`part ${seq} of ${count} is missing`);
        list.push(part);
      }
      // Kept whole, as a version-1 database held it (tests read stores.collections); through putCollection, which tests may watch.
      await storage.putCollection(id, withItemsFromParts(header, list));
      for (const key of [...parts.keys()]) if (key.startsWith(`${id}\u0001`)) parts.delete(key);
    },
    async dropCollectionParts(id, gen) {
      for (const key of [...parts.keys()]) if (key.startsWith(`${id}\u0001${gen}\u0001`)) parts.delete(key);
    },
  };
  return storage;
}
