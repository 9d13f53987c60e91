/**
 * What the storage worker does with each message, apart from the worker itself so it runs
 * the same in a test, over the in-memory storage, and in the page when there is no worker.
 * Loads validate each stored collection here (core's schemas; a damaged one is set aside
 * with its reason) and send it in chunks; writes of a collection's chunks are put in
 * transactions of at most `WRITE_BATCH_NODES` nodes, with progress after each, and made
 * visible only by the last one (commit), so a write that fails midway changes nothing.
 */
import { validateWorkspaceRecord } from '../../../core';
import { itemChunks, type ItemNode } from './collectionChunks';
import { MESSAGE_NODES, WRITE_BATCH_NODES, type LoadedRest, type StorageRequest, type StorageResponse } from './storageWorkerProtocol';
import { newGeneration, type WorkspaceStorage } from './workspaceStorage';

interface Write {
  key: string;
  header: unknown;
  total: number;
  gen: string;
  /** Parts waiting for the next transaction, and their node count. */
  batch: ItemNode[][];
  batchNodes: number;
  /** Parts and nodes written so far. */
  parts: number;
  stored: number;
  /** Transactions run one after another. */
  queue: Promise<void>;
  error?: Error;
}

/** Counts the nodes (folders and requests) of a tree. */
export function countNodes(items: readonly { kind: string; items?: readonly unknown[] }[]): number {
  let n = 0;
  const walk = (list: readonly { kind: string; items?: readonly unknown[] }[]) => {
    for (const item of list) {
      n++;
      if (item.kind === 'folder' && item.items) walk(item.items as { kind: string; items?: readonly unknown[] }[]);
    }
  };
  walk(items);
  return n;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A handler for page messages over `storage`, answering through `post`. */
export function createStorageHandler(storage: WorkspaceStorage, post: (response: StorageResponse) => void, batchNodes = WRITE_BATCH_NODES): (request: StorageRequest) => Promise<void> {
  const writes = new Map<number, Write>();

  const flush = (write: Write, id: number) => {
    if (write.batch.length === 0) return;
    const parts = write.batch;
    const nodes = write.batchNodes;
    write.batch = [];
    write.batchNodes = 0;
    write.queue = write.queue.then(async () => {
      if (write.error) return;
      try {
        await storage.putCollectionParts(write.key, write.gen, write.parts, parts);
        write.parts += parts.length;
        write.stored += nodes;
        post({ id, progress: { stored: write.stored, total: write.total } });
      } catch (err) {
        write.error = err instanceof Error ? err : new Error(String(err));
      }
    });
  };

  async function call(request: StorageRequest): Promise<unknown> {
    switch (request.op) {
      case 'load': {
        const raw = await storage.loadAll();
        if (request.collections) {
          for (const record of raw.collections) {
            if (record.problem) {
              post({ id: request.id, setAside: { key: record.key, reason: `The stored collection is not whole: ${record.problem}.`, raw: record.value } });
              continue;
            }
            const result = validateWorkspaceRecord('collection', record.value);
            if (!result.ok) {
              post({ id: request.id, setAside: { key: record.key, reason: result.error.message, raw: record.value } });
              continue;
            }
            const collection = result.value;
            post({ id: request.id, collection: { key: record.key, value: { ...collection, items: [] }, nodes: countNodes(collection.items) } });
            for (const nodes of itemChunks(collection.items, MESSAGE_NODES)) post({ id: request.id, chunk: { key: record.key, nodes } });
          }
        }
        return { environments: raw.environments, historyRows: raw.historyRows, meta: raw.meta } satisfies LoadedRest;
      }
      case 'putEnvironment':
        return storage.putEnvironment(request.key, request.value);
      case 'deleteEnvironment':
        return storage.deleteEnvironment(request.key);
      case 'deleteCollection':
        return storage.deleteCollection(request.key);
      case 'putMeta':
        return storage.putMeta(request.key, request.value);
      case 'addHistory':
        return storage.addHistory(request.key, request.entry, request.row, request.body);
      case 'addHistoryBatch':
        return storage.addHistoryBatch(request.items);
      case 'readHistoryEntry':
        return storage.readHistoryEntry(request.key);
      case 'readBody':
        return storage.readBody(request.key);
      case 'deleteHistory':
        return storage.deleteHistory(request.ids);
      case 'discard':
        return storage.discard(request.store, request.key);
      default:
        throw new Error('unknown request');
    }
  }

  return async (request) => {
    const { id } = request;
    if (request.op === 'write-begin') {
      writes.set(id, { key: request.key, header: request.header, total: request.total, gen: newGeneration(), batch: [], batchNodes: 0, parts: 0, stored: 0, queue: Promise.resolve() });
      return;
    }
    if (request.op === 'write-chunk' || request.op === 'write-end' || request.op === 'write-abort') {
      const write = writes.get(id);
      if (!write) {
        if (request.op === 'write-end') post({ id, done: false, error: 'the storage worker has no such write (it may have restarted)' });
        return;
      }
      if (request.op === 'write-chunk') {
        write.batch.push(request.nodes);
        write.batchNodes += request.nodes.length;
        if (write.batchNodes >= batchNodes) flush(write, id);
        return;
      }
      writes.delete(id);
      if (request.op === 'write-abort') write.error ??= new Error(request.reason);
      else flush(write, id);
      await write.queue;
      if (!write.error) {
        try {
          await storage.commitCollection(write.key, write.gen, write.header, write.parts);
          post({ id, done: true });
          return;
        } catch (err) {
          write.error = err instanceof Error ? err : new Error(String(err));
        }
      }
      // Nothing of this write is visible: drop what it wrote, keep the collection as it was.
      await storage.dropCollectionParts(write.key, write.gen).catch(() => undefined);
      post({ id, done: false, error: write.error.message, stored: write.stored, total: write.total });
      return;
    }
    try {
      post({ id, done: true, value: await call(request) });
    } catch (err) {
      post({ id, done: false, error: message(err) });
    }
  };
}
