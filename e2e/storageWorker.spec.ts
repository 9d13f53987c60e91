/**
 * The workspace stored by the storage worker (issue 32 item 5): a 3,000-request Postman file
 * imported through the UI is stored in parts (the dialog says so when all of it is), comes
 * back after a reload, its tree holds only the rows in view, and a request found by search
 * opens with its URL. The database holds the collection's record without items and its
 * items in parts of one generation.
 */
import { largePostmanCollection } from '../bench/largeCollection';
import { WRITE_MESSAGE_NODES } from '../src/app/features/workspace/storageWorkerProtocol';
import { expect, test } from './fixtures';

const REQUESTS = 3_000;

test('3,000 imported requests are stored in parts by the worker, come back after a reload, and one opens', async ({ workspace, page }) => {
  test.setTimeout(180_000);
  await workspace.open();
  await workspace.openImport();
  await workspace.importDialog.getByLabel('Choose a file…').setInputFiles({ name: 'stored.postman_collection.json', mimeType: 'application/json', buffer: Buffer.from(largePostmanCollection(REQUESTS, 1000, 'Stored import')) });
  await expect(workspace.importSuccess()).toContainText(`${REQUESTS} requests`, { timeout: 60_000 });
  // 3,000 requests and 3 folders, all committed.
  await expect(workspace.importDialog.locator('.collection-write-stored')).toHaveText('Stored in this browser: all 3,003 requests and folders.', { timeout: 60_000 });
  await workspace.closeImport();
  await expect(workspace.storage).not.toHaveAttribute('data-saving', 'true');

  const layout = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('wirebench-workspace');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
      });
    const collections = (await all('collections')) as { name: string; items: unknown[] }[];
    const parts = (await all('collectionParts')) as unknown[][];
    const index = (await all('collectionIndex')) as { parts: number }[];
    db.close();
    return { version: db.version, collections: collections.map((c) => ({ name: c.name, items: c.items.length })), parts: parts.map((p) => p.length), index };
  });
  expect(layout.version).toBe(2);
  expect(layout.collections).toEqual([{ name: 'Stored import', items: 0 }]);
  expect(layout.parts.reduce((a, b) => a + b, 0)).toBe(REQUESTS + 3);
  expect(layout.index).toEqual([expect.objectContaining({ parts: layout.parts.length })]);

  await page.reload();
  await workspace.showCollections();
  const rows = page.locator('[role="tree"] [role="treeitem"]');
  await expect(rows.filter({ hasText: 'Stored import' }).first()).toBeVisible({ timeout: 60_000 });
  await expect(rows.filter({ hasText: 'Folder 1' }).first()).toBeVisible();
  // Virtualised after the reload too: the rows in view, not 3,003.
  expect(await rows.count()).toBeLessThan(200);

  await page.getByLabel('Search collections').fill('Request 2999');
  const found = workspace.row('Request 2999');
  await expect(found).toBeVisible();
  await found.click();
  await expect(workspace.url).toHaveText('https://api.example.com/items/2999');
});

test('a collection whose stored parts are not all there is set aside with the reason while the rest loads', async ({ workspace, page }) => {
  await workspace.open();
  await workspace.newCollection('Healthy');
  await workspace.openImport();
  await workspace.importDialog.getByLabel('Choose a file…').setInputFiles({ name: 'parts.postman_collection.json', mimeType: 'application/json', buffer: Buffer.from(largePostmanCollection(2_500, 1000, 'Loses a part')) });
  await expect(workspace.importDialog.locator('.collection-write-stored')).toBeVisible({ timeout: 60_000 });
  await workspace.closeImport();
  await expect(workspace.storage).not.toHaveAttribute('data-saving', 'true');
  // One part of the imported collection's items goes missing, as in a damaged database.
  const removed = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('wirebench-workspace');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const store = db.transaction('collectionParts', 'readwrite').objectStore('collectionParts');
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const request = store.getAllKeys();
      request.onsuccess = () => resolve(request.result);
    });
    store.delete(keys[1]!);
    await new Promise<void>((resolve) => (store.transaction.oncomplete = () => resolve()));
    db.close();
    return keys.length;
  });
  // 2,503 requests and folders, one stored part per message of the write.
  const parts = Math.ceil(2_503 / WRITE_MESSAGE_NODES);
  expect(removed).toBe(parts);
  await page.reload();
  await workspace.showCollections();
  await expect(workspace.row('Healthy')).toBeVisible();
  await expect(workspace.setAside).toContainText('1 item could not be loaded');
  await workspace.setAside.locator('summary').click();
  await expect(workspace.setAside).toContainText('collection "Loses a part"');
  await expect(workspace.setAside).toContainText(`The stored collection is not whole: its items are incomplete (${parts - 1} of ${parts} parts found).`);
});
