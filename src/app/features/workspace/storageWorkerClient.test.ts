import { describe, expect, it } from 'vitest';
import { normaliseDraft, type Collection, type CollectionItem } from '../../../core';
import type { ItemNode } from './collectionChunks';
import { storedChunks, writeStoredCollection } from './collectionWrite';
import { collectionWrites } from './storageProgress';
import { createStorageHandler } from './storageWorkerHandler';
import { inThreadWorkspaceStore, StorageClient, StorageWriteError } from './storageWorkerClient';
import type { StorageRequest, StorageResponse } from './storageWorkerProtocol';
import { storedCollection } from './workspaceRecords';
import { memoryWorkspaceStorage, partKey } from './workspaceStorage';

/** A collection of `folders` folders of `perFolder` requests each. */
function bigCollection(id: string, folders: number, perFolder: number, token?: string): Collection {
  const items: CollectionItem[] = [];
  for (let f = 0; f < folders; f++) {
    const requests: CollectionItem[] = [];
    for (let r = 0; r < perFolder; r++) {
      const name = `Request ${f}.${r}`;
      const draft = normaliseDraft({ name, url: `http://h/${f}/${r}`, ...(token ? { auth: { scheme: 'bearer', values: { token } } } : {}) });
      requests.push({ kind: 'request', id: `${id}-r-${f}-${r}`, name, requestType: 'http', draft });
    }
    items.push({ kind: 'folder', id: `${id}-f-${f}`, name: `Folder ${f}`, items: requests });
  }
  return { id, name: `Collection ${id}`, variables: [], items };
}

async function* chunksOf(collection: Collection, size: number): AsyncGenerator<ItemNode[]> {
  yield* storedChunks(collection.items, size);
}

/** A channel that clones every message as postMessage would, both ways. */
function clonedChannel(storage = memoryWorkspaceStorage(), batchNodes?: number) {
  const sent: StorageRequest[] = [];
  const client = new StorageClient((receive) => {
    const handle = createStorageHandler(storage, (response: StorageResponse) => setTimeout(() => receive(structuredClone(response)), 0), batchNodes);
    return {
      send: (request) => {
        sent.push(request);
        const copy = structuredClone(request);
        setTimeout(() => void handle(copy), 0);
      },
    };
  });
  return { client, sent, storage };
}

describe('the storage worker protocol', () => {
  it('writes a collection as chunks in bounded transactions, with progress, and loads it back in chunks, whole', async () => {
    const storage = memoryWorkspaceStorage();
    const transactions: number[] = [];
    const putParts = storage.putCollectionParts.bind(storage);
    storage.putCollectionParts = async (id, gen, first, parts) => {
      transactions.push(parts.reduce((n, p) => n + p.length, 0));
      await putParts(id, gen, first, parts);
    };
    const { client, sent } = clonedChannel(storage, 50);
    const collection = bigCollection('col-big', 4, 30);
    const progress: number[] = [];
    await client.writeCollection('col-big', storedCollection({ ...collection, items: [] }), chunksOf(collection, 20), 124, (stored) => progress.push(stored));
    // 124 nodes in messages of 20: transactions of at most 50 + 20 nodes, the last one the rest.
    expect(sent.filter((m) => m.op === 'write-chunk').length).toBe(7);
    expect(transactions.reduce((a, b) => a + b, 0)).toBe(124);
    expect(Math.max(...transactions)).toBeLessThanOrEqual(60);
    expect(transactions.length).toBeGreaterThan(1);
    expect(progress).toEqual(transactions.map((_, i) => transactions.slice(0, i + 1).reduce((a, b) => a + b, 0)));
    expect(storage.parts.size).toBe(0);

    const chunkSizes: number[] = [];
    const loaded = await client.load({
      collections: true,
      eachChunk: (nodes) => {
        chunkSizes.push(nodes.length);
        return nodes;
      },
    });
    expect(loaded.setAside).toEqual([]);
    expect(loaded.collections.map((c) => c.key)).toEqual(['col-big']);
    expect(loaded.collections[0]!.collection).toEqual(collection);
    expect(chunkSizes.length).toBeGreaterThanOrEqual(1);
  });

  it('sets a damaged collection aside with its reason and loads the rest', async () => {
    const storage = memoryWorkspaceStorage();
    await storage.putCollection('col-ok', storedCollection(bigCollection('col-ok', 1, 2)));
    await storage.putCollection('col-bad', { version: 1, id: 'col-bad', name: 'Broken', variables: [], items: [{ kind: 'request', id: 'r', name: 'R', requestType: 'http', draft: { method: 'GET' } }] });
    const loaded = await inThreadWorkspaceStore(storage).load({ collections: true });
    expect(loaded.collections.map((c) => c.key)).toEqual(['col-ok']);
    expect(loaded.setAside).toHaveLength(1);
    expect(loaded.setAside[0]!.key).toBe('col-bad');
    expect(loaded.setAside[0]!.reason).toMatch(/not valid/);
    // Without collections (a workspace folder holds them), none are sent.
    expect((await inThreadWorkspaceStore(storage).load({ collections: false })).collections).toEqual([]);
  });

  it('keeps the stored collection as it was when a write fails midway, and says how much had been written', async () => {
    const storage = memoryWorkspaceStorage();
    const before = bigCollection('col-x', 1, 3);
    await storage.putCollection('col-x', storedCollection(before));
    let calls = 0;
    const putParts = storage.putCollectionParts.bind(storage);
    storage.putCollectionParts = async (...args) => {
      if (++calls === 3) throw new Error('QuotaExceededError: the quota has been exceeded');
      await putParts(...args);
    };
    // 2,500 nodes: messages of 1,000, a transaction each.
    const store = inThreadWorkspaceStore(storage, 1_000);
    const bigger = bigCollection('col-x', 5, 499);
    const error = await writeStoredCollection(store, bigger, false).then(
      () => null,
      (err: Error) => err,
    );
    expect(error?.message).toMatch(/“Collection col-x” is not stored: 2,000 of 2,500 requests and folders had been written when storing stopped \(QuotaExceededError/);
    expect(error?.message).toMatch(/keeps it as it was before this change/);
    expect(collectionWrites().get('col-x')).toMatchObject({ state: 'failed', stored: 2_000, total: 2_500 });
    // What was written is dropped; the previous version loads.
    expect([...storage.parts.keys()].filter((k) => k.startsWith('col-x'))).toEqual([]);
    const loaded = await inThreadWorkspaceStore(storage).load({ collections: true });
    expect(loaded.collections[0]!.collection).toEqual(before);
  });

  it('commits nothing when the page cannot make the rest of the chunks', async () => {
    const storage = memoryWorkspaceStorage();
    const store = inThreadWorkspaceStore(storage, 1);
    async function* broken(): AsyncGenerator<ItemNode[]> {
      yield [{ item: bigCollection('c', 1, 1).items[0]! }];
      throw new Error('a request could not be prepared');
    }
    const error = await store.writeCollection('col-y', { version: 1, id: 'col-y', name: 'Y', variables: [], items: [] }, broken(), 2).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(StorageWriteError);
    expect((error as StorageWriteError).message).toMatch(/could not be prepared/);
    expect(storage.stores.collections.has('col-y')).toBe(false);
    expect(storage.parts.size).toBe(0);
  });

  it('sets aside a collection whose parts are not all there', async () => {
    const storage = memoryWorkspaceStorage();
    // A committed record whose parts are incomplete, as a damaged database would have it: the memory storage puts them together on commit, so this is the same check.
    await storage.putCollectionParts('col-z', 'g1', 0, [[{ item: { kind: 'folder', id: 'f', name: 'F', items: [] }, children: 2 }]]);
    await expect(storage.commitCollection('col-z', 'g1', { version: 1, id: 'col-z', name: 'Z', variables: [], items: [] }, 1)).rejects.toThrow(/incomplete/);
    await expect(storage.commitCollection('col-z', 'g1', { version: 1, id: 'col-z', name: 'Z', variables: [], items: [] }, 2)).rejects.toThrow(/part 1 of 2 is missing/);
    expect(partKey('a', 'g', 3) < partKey('a', 'g', 10)).toBe(true);
  });

  it('stores no secret: the stored form is made on the page before anything reaches the worker', async () => {
    const { client, sent } = clonedChannel();
    const collection = bigCollection('col-s', 2, 3, 'tok-very-secret-1234567890');
    await writeStoredCollection(client, collection, true);
    expect(JSON.stringify(sent)).not.toContain('tok-very-secret-1234567890');
    expect(JSON.stringify(sent)).toContain('{{secret:');
    const loaded = await client.load({ collections: true });
    expect(JSON.stringify(loaded)).not.toContain('tok-very-secret-1234567890');
    expect(collectionWrites().get('col-s')).toMatchObject({ state: 'stored', stored: 8, total: 8 });
  });

  it('answers history, meta and environment calls, and fails open calls with the reason when the worker fails', async () => {
    const { client } = clonedChannel();
    await client.addHistory('h1', { id: 'h1' }, { id: 'h1', at: '2025-01-01T00:00:00.000Z', method: 'GET', url: 'http://h/' });
    await client.putMeta('historyLimit', 5);
    await client.putEnvironment('env-1', { version: 1, id: 'env-1', name: 'E', variables: [] });
    expect(await client.readHistoryEntry('h1')).toEqual({ id: 'h1' });
    const loaded = await client.load({ collections: true });
    expect(loaded.historyRows.map((r) => r.key)).toEqual(['h1']);
    expect(loaded.meta.historyLimit).toBe(5);
    expect(loaded.environments.map((e) => e.key)).toEqual(['env-1']);
    await client.deleteHistory(['h1']);
    expect(await client.readHistoryEntry('h1')).toBeUndefined();

    let opened = 0;
    const failing = new StorageClient((_receive, fail) => {
      opened++;
      return { send: () => setTimeout(() => fail('The storage worker failed (out of memory).'), 0) };
    });
    await expect(failing.putMeta('a', 1)).rejects.toThrow('The storage worker failed (out of memory).');
    await expect(failing.putMeta('a', 1)).rejects.toThrow(/out of memory/);
    expect(opened).toBe(2);
  });
});
