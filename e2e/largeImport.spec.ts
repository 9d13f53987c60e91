/**
 * A large import through the real UI (issue 32 item 5): 20,000 requests in a Postman file
 * are imported, the tree keeps only the rows in view in the page (not one per request),
 * a collection that large starts with its folders closed, keyboard moves open the last
 * folder, reach the last request and keep the ARIA tree's levels, sizes and positions, and after a reload the URL field is usable and the collection comes back.
 * The main-thread figures are measured by `npm run bench:workspace`, not here.
 */
import { largePostmanCollection } from '../bench/largeCollection';
import { expect, test } from './fixtures';

const REQUESTS = 20_000;

test('20,000 imported requests: a tree of the rows in view, keyboard to the last one, and back after a reload', async ({ workspace, page }) => {
  test.setTimeout(240_000);
  await workspace.open();
  await workspace.openImport();
  await workspace.importDialog.getByLabel('Choose a file…').setInputFiles({ name: 'large.postman_collection.json', mimeType: 'application/json', buffer: Buffer.from(largePostmanCollection(REQUESTS, 1000, 'Large import')) });
  await expect(workspace.importSuccess()).toContainText(`${REQUESTS} requests`, { timeout: 120_000 });
  // Stored before the reload below: a reload mid-write drops the write (the page asks first).
  await expect(workspace.importSuccess().locator('.collection-write-stored')).toContainText('all 20,020 requests and folders', { timeout: 120_000 });
  await workspace.closeImport();

  const rows = page.locator('[role="tree"] [role="treeitem"]');
  const collection = rows.filter({ hasText: 'Large import' }).first();
  await expect(collection).toBeVisible();
  // Virtualised: the page holds the rows in view, not 20,000 of them.
  expect(await rows.count()).toBeLessThan(200);

  await collection.focus();
  await page.keyboard.press('End');
  // Its 20 folders are closed: the last row is the last folder, opened with the right arrow.
  const lastFolder = rows.filter({ hasText: 'Folder 20' }).first();
  await expect(lastFolder).toBeFocused();
  await expect(lastFolder).toHaveAttribute('aria-expanded', 'false');
  await expect(lastFolder).toHaveAttribute('aria-level', '2');
  await expect(lastFolder).toHaveAttribute('aria-setsize', '20');
  await page.keyboard.press('ArrowRight');
  await expect(lastFolder).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('End');
  const last = rows.filter({ hasText: `Request ${REQUESTS}` }).first();
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
  await expect(last).toHaveAttribute('aria-level', '3');
  await expect(last).toHaveAttribute('aria-setsize', '1000');
  await expect(last).toHaveAttribute('aria-posinset', '1000');
  await page.keyboard.press('ArrowUp');
  await expect(rows.filter({ hasText: `Request ${REQUESTS - 1}` }).first()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(collection).toBeFocused();
  await expect(collection).toHaveAttribute('aria-level', '1');
  expect(await rows.count()).toBeLessThan(200);

  // After a reload: the URL field takes input whatever the workspace holds; the collection comes back.
  await expect(async () => {
    await page.reload();
    const url = page.getByLabel('URL', { exact: true });
    await url.fill('http://example.test/after-reload');
    // The URL field is a code editor (contenteditable), not an input.
    await expect(url).toHaveText('http://example.test/after-reload');
    await workspace.showCollections();
    await expect(rows.filter({ hasText: 'Large import' }).first()).toBeVisible({ timeout: 60_000 });
  }).toPass({ timeout: 180_000 });
  await expect(rows.filter({ hasText: 'Folder 1' }).first()).toBeVisible();
  expect(await rows.count()).toBeLessThan(200);
});
