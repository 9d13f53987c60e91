/**
 * The page's side of the storage worker: the workspace's storage as the session uses it
 * (`WorkspaceStore`), each call a message to the worker (storageWorker.ts) and its answer.
 * A load receives the collections in chunks and puts each back together as its messages
 * arrive (one short task each); a collection is written as chunks the session makes one
 * task at a time, and its progress comes back as the worker commits its transactions.
 * Where there is no worker (tests under Node), the same handler runs in the page over the
 * given storage. A worker that fails fails the open calls with the reason; the next call
 * starts a new one.
 */
import type { Collection } from '../../../core';
import { ItemAssembler, type ItemNode } from './collectionChunks';
import { createStorageHandler } from './storageWorkerHandler';
import type { LoadedRest, StorageCall, StorageRequest, StorageResponse } from './storageWorkerProtocol';
import { indexedDbWorkspaceStorage, memoryWorkspaceStorage, type RecordStoreName, type WorkspaceStorage } from './workspaceStorage';

/** What a load brings: the collections that validated (items put back), those set aside, and the rest as stored. */
export interface LoadedWorkspace extends LoadedRest {
  collections: { key: string; collection: Collection }[];
  setAside: { key: string; reason: string; raw: unknown }[];
}

/** A collection write that failed: how many of its nodes had been written (none of them kept). */
export class StorageWriteError extends Error {
  constructor(
    message: string,
    readonly stored: number,
    readonly total: number,
  ) {
    super(message);
  }
}

/** What to load, and what to do with each chunk of items as it arrives. */
export interface LoadOptions {
  collections: boolean;
  /** May change each chunk of items as it arrives (kept secrets put back). */
  eachChunk?: (nodes: ItemNode[]) => ItemNode[];
  /** Nodes received so far of those announced so far. */
  onProgress?: (received: number, total: number) => void;
}

/** The workspace's storage, as the session calls it. */
export interface WorkspaceStore {
  /** With `collections`, the stored collections, validated; `eachChunk` may change each chunk of items as it arrives (kept secrets put back). */
  load(options: LoadOptions): Promise<LoadedWorkspace>;
  /** Writes a collection: `header` is its stored record without items, `chunks` its stored items in tree order (`total` nodes). Rejects with StorageWriteError. */
  writeCollection(key: string, header: unknown, chunks: AsyncIterable<ItemNode[]> | Iterable<ItemNode[]>, total: number, onProgress?: (stored: number, total: number) => void): Promise<void>;
  deleteCollection(key: string): Promise<void>;
  putEnvironment(key: string, value: unknown): Promise<void>;
  deleteEnvironment(key: string): Promise<void>;
  putMeta(key: string, value: unknown): Promise<void>;
  addHistory(key: string, entry: unknown, row: unknown, body?: Blob): Promise<void>;
  addHistoryBatch(items: { id: string; entry: unknown; row: unknown }[]): Promise<void>;
  readHistoryEntry(key: string): Promise<unknown>;
  readBody(key: string): Promise<Blob | undefined>;
  deleteHistory(ids: readonly string[]): Promise<void>;
  discard(store: RecordStoreName, key: string): Promise<void>;
  /** Ends the worker (open calls fail). */
  close(): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  onProgress?: (stored: number, total: number) => void;
  load?: { entries: Map<string, { value: Collection; assembler: ItemAssembler }>; setAside: LoadedWorkspace['setAside']; options: LoadOptions; received: number; total: number };
}

/** Where requests go: a worker, or the handler in this thread. */
export interface StorageChannel {
  send(request: StorageRequest): void;
  end?(): void;
}

/** A store over a channel, opened on the first call (and again after a failure): `connect` is given the functions that receive and that fail. */
export class StorageClient implements WorkspaceStore {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private channel?: StorageChannel;

  constructor(private readonly connect: (receive: (response: StorageResponse) => void, fail: (message: string) => void) => StorageChannel) {}

  private post(request: StorageRequest): void {
    this.channel ??= this.connect(
      (response) => this.receive(response),
      (message) => this.failAll(message),
    );
    this.channel.send(request);
  }

  /** Fails every open call and ends the channel; the next call opens a new one. */
  private failAll(message: string): void {
    this.channel?.end?.();
    this.channel = undefined;
    for (const pending of this.pending.values()) pending.reject(new Error(message));
    this.pending.clear();
  }

  private receive(response: StorageResponse): void {
    const pending = this.pending.get(response.id);
    if (!pending) return;
    if ('collection' in response) {
      const load = pending.load;
      if (!load) return;
      load.entries.set(response.collection.key, { value: response.collection.value, assembler: new ItemAssembler() });
      load.total += response.collection.nodes;
      load.options.onProgress?.(load.received, load.total);
    } else if ('chunk' in response) {
      const load = pending.load;
      const entry = load?.entries.get(response.chunk.key);
      if (!load || !entry) return;
      entry.assembler.add(load.options.eachChunk ? load.options.eachChunk(response.chunk.nodes) : response.chunk.nodes);
      load.received += response.chunk.nodes.length;
      load.options.onProgress?.(load.received, load.total);
    } else if ('setAside' in response) {
      pending.load?.setAside.push(response.setAside);
    } else if ('progress' in response) {
      pending.onProgress?.(response.progress.stored, response.progress.total);
    } else {
      this.pending.delete(response.id);
      if (response.done) pending.resolve(response.value);
      else pending.reject(response.stored === undefined ? new Error(response.error) : new StorageWriteError(response.error, response.stored, response.total ?? 0));
    }
  }

  private expect(id: number, extra: Omit<Pending, 'resolve' | 'reject'> = {}): Promise<unknown> {
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, ...extra }));
  }

  private call<T>(call: StorageCall): Promise<T> {
    const id = this.nextId++;
    const answer = this.expect(id);
    this.post({ id, ...call });
    return answer as Promise<T>;
  }

  async load(options: LoadOptions): Promise<LoadedWorkspace> {
    const id = this.nextId++;
    const load: NonNullable<Pending['load']> = { entries: new Map(), setAside: [], options, received: 0, total: 0 };
    const answer = this.expect(id, { load });
    this.post({ id, op: 'load', collections: options.collections });
    const rest = (await answer) as LoadedRest;
    const collections: LoadedWorkspace['collections'] = [];
    for (const [key, { value, assembler }] of load.entries) {
      if (assembler.complete()) collections.push({ key, collection: { ...value, items: assembler.items } });
      else load.setAside.push({ key, reason: 'The stored collection did not arrive whole from the storage worker; reload the page to try again.', raw: value });
    }
    return { ...rest, collections, setAside: load.setAside };
  }

  async writeCollection(key: string, header: unknown, chunks: AsyncIterable<ItemNode[]> | Iterable<ItemNode[]>, total: number, onProgress?: (stored: number, total: number) => void): Promise<void> {
    const id = this.nextId++;
    const answer = this.expect(id, { onProgress });
    // Seen before the chunks are made, so a failure while making them never leaves an unhandled rejection.
    answer.catch(() => undefined);
    this.post({ id, op: 'write-begin', key, header, total });
    try {
      for await (const nodes of chunks) {
        if (!this.pending.has(id)) break;
        this.post({ id, op: 'write-chunk', nodes });
      }
    } catch (err) {
      this.post({ id, op: 'write-abort', reason: `the collection could not be prepared for storing: ${(err as Error).message}` });
      await answer;
      return;
    }
    if (this.pending.has(id)) this.post({ id, op: 'write-end' });
    await answer;
  }

  deleteCollection = (key: string) => this.call<void>({ op: 'deleteCollection', key });
  putEnvironment = (key: string, value: unknown) => this.call<void>({ op: 'putEnvironment', key, value });
  deleteEnvironment = (key: string) => this.call<void>({ op: 'deleteEnvironment', key });
  putMeta = (key: string, value: unknown) => this.call<void>({ op: 'putMeta', key, value });
  addHistory = (key: string, entry: unknown, row: unknown, body?: Blob) => this.call<void>({ op: 'addHistory', key, entry, row, ...(body ? { body } : {}) });
  addHistoryBatch = (items: { id: string; entry: unknown; row: unknown }[]) => this.call<void>({ op: 'addHistoryBatch', items });
  readHistoryEntry = (key: string) => this.call<unknown>({ op: 'readHistoryEntry', key });
  readBody = (key: string) => this.call<Blob | undefined>({ op: 'readBody', key });
  deleteHistory = (ids: readonly string[]) => this.call<void>({ op: 'deleteHistory', ids: [...ids] });
  discard = (store: RecordStoreName, key: string) => this.call<void>({ op: 'discard', store, key });

  close(): void {
    this.failAll('The workspace storage was closed.');
  }
}

/** The storage worker, with IndexedDB inside. */
export function workerWorkspaceStore(): WorkspaceStore {
  return new StorageClient((receive, fail) => {
    const worker = new Worker(new URL('./storageWorker.ts', import.meta.url), { type: 'module', name: 'wirebench-storage' });
    worker.onmessage = (event: MessageEvent<StorageResponse>) => receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      fail(`The storage worker failed (${event.message || 'it stopped with an error'}).`);
    };
    worker.onmessageerror = () => fail('The storage worker sent an answer that could not be read.');
    return { send: (request) => worker.postMessage(request), end: () => worker.terminate() };
  });
}

/** The same protocol handled in this thread over `storage` (tests; pages without workers). Answers come a microtask later, as from a worker. */
export function inThreadWorkspaceStore(storage: WorkspaceStorage, batchNodes?: number): WorkspaceStore {
  return new StorageClient((receive) => {
    const handle = createStorageHandler(storage, (response) => queueMicrotask(() => receive(response)), batchNodes);
    return { send: (request) => void handle(request) };
  });
}

/** The storage worker where there are workers and IndexedDB; the same protocol in this thread otherwise. */
export function defaultWorkspaceStore(): WorkspaceStore {
  if (typeof Worker !== 'undefined' && typeof indexedDB !== 'undefined') return workerWorkspaceStore();
  return inThreadWorkspaceStore(typeof indexedDB === 'undefined' ? memoryWorkspaceStorage() : indexedDbWorkspaceStorage());
}
