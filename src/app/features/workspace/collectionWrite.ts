/**
 * One collection to the browser's storage, from the page (issue 32 item 5): its record
 * without items (secrets blanked through the one gate, `storedCollection`) and its items in
 * tree order as chunks of `WRITE_MESSAGE_NODES`, each request's stored form made one chunk per
 * task — so a 100,000-request collection never holds the page for long and the storage
 * worker never sees a secret. The write's progress and end are reported for the import dialog; a failure
 * says how much had been written and that none of it is kept.
 */
import type { Collection, CollectionItem } from '../../../core';
import { nextTask } from '../../base/lazy/nextTask';
import { itemChunks, type ItemNode } from './collectionChunks';
import { reportCollectionWrite } from './storageProgress';
import { StorageWriteError, type WorkspaceStore } from './storageWorkerClient';
import { countNodes } from './storageWorkerHandler';
import { WRITE_MESSAGE_NODES } from './storageWorkerProtocol';
import { storableItem, storedCollection } from './workspaceRecords';

/**
 * A node as stored: a request's secrets kept aside; a folder travels without its items
 * already. Not cached per request object: a WeakMap of 100,000 requests made the garbage
 * collector's pause (its weak-map marking) half a second long on the page's thread.
 */
export function storedNode(node: ItemNode): ItemNode {
  return node.item.kind === 'folder' ? node : { item: storableItem(node.item) };
}

/** The stored chunks of `items`, one per task: input and rendering get their turn between two chunks. */
export async function* storedChunks(items: readonly CollectionItem[], size = WRITE_MESSAGE_NODES): AsyncGenerator<ItemNode[]> {
  let first = true;
  for (const chunk of itemChunks(items, size)) {
    if (!first) await nextTask();
    first = false;
    yield chunk.map(storedNode);
  }
}

/** Writes `collection` through `store`, reporting its progress; throws an Error that says what was stored and what was not. */
export async function writeStoredCollection(store: WorkspaceStore, collection: Collection, isNew: boolean): Promise<void> {
  const header = storedCollection({ ...collection, items: [] });
  const total = countNodes(collection.items);
  const report = (stored: number, state: 'writing' | 'stored' | 'failed', message?: string) =>
    reportCollectionWrite({ collectionId: collection.id, name: collection.name, stored, total, state, ...(message ? { message } : {}) });
  report(0, 'writing');
  try {
    await store.writeCollection(collection.id, header, storedChunks(collection.items), total, (stored) => report(stored, 'writing'));
  } catch (err) {
    const written = err instanceof StorageWriteError ? err.stored : 0;
    const before = isNew ? 'nothing of it is in the browser’s storage yet' : 'the browser’s storage keeps it as it was before this change';
    const message = `“${collection.name}” is not stored: ${written.toLocaleString('en')} of ${total.toLocaleString('en')} requests and folders had been written when storing stopped (${(err as Error).message}), and they were dropped, so ${before}. It is all still in this page; export it to keep a copy`;
    report(written, 'failed', message);
    throw new Error(message);
  }
  report(total, 'stored');
}
