/**
 * A tree row's actions by right-click, Shift+F10 or the context-menu key (issue 27): the
 * row's own menu, not the browser's, at the pointer for a right-click, shown above every pane
 * (never clipped by the sidebar) and inside the window even at its bottom edge; Escape gives
 * focus back to the row, and an item runs its action.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const postman = (requests: number) =>
  JSON.stringify({
    info: { name: 'Menus', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: [{ name: 'Orders', item: Array.from({ length: requests }, (_, i) => ({ name: `Order ${i + 1}`, request: { method: 'GET', url: `https://api.example.com/orders/${i + 1}` } })) }],
  });

async function expectInsideWindow(page: Page, locator: Locator): Promise<void> {
  const box = (await locator.boundingBox())!;
  const size = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
  // On top: the element found at the menu's centre is the menu or inside it.
  const onTop = await locator.evaluate((menu) => {
    const r = menu.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && menu.contains(hit);
  });
  expect(onTop).toBe(true);
}

test.beforeEach(async ({ workspace, page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await workspace.open();
  await workspace.openImport();
  await workspace.importPasted(postman(40));
  await expect(workspace.importSuccess()).toContainText('40 requests');
  await workspace.closeImport();
});

test('a right-click on a row opens its actions at the pointer; an item runs', async ({ workspace, page }) => {
  const row = workspace.row('Order 3').first();
  const box = (await row.boundingBox())!;
  await row.click({ button: 'right', position: { x: 40, y: box.height / 2 } });
  const menu = page.getByRole('menu', { name: 'Actions for Order 3' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await expect(menu.getByRole('menuitem')).toHaveText([/^Open/, /^Rename/, 'Duplicate', /^Move up/, /^Move down/, /^Delete/]);
  const at = (await menu.boundingBox())!;
  // At the pointer, not under the row's ⋯ button at its right end.
  expect(Math.abs(at.x - (box.x + 40))).toBeLessThan(12);
  await expectInsideWindow(page, menu);
  await menu.getByRole('menuitem', { name: /^Rename/ }).click();
  const input = page.getByLabel('New name for Order 3');
  await expect(input).toBeFocused();
  await input.fill('Order three');
  await input.press('Enter');
  await expect(workspace.row('Order three')).toBeVisible();
});

test('a folder row offers Run… and New folder; Shift+F10 and the context-menu key open it, Escape gives focus back', async ({ workspace, page }) => {
  const folder = workspace.row('Orders').first();
  await folder.focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Actions for Orders' });
  await expect(menu.getByRole('menuitem', { name: 'Run…' })).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'New folder' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(folder).toBeFocused();
  await page.keyboard.press('ContextMenu');
  await expect(menu).toBeVisible();
  // The menu moves focus to its first item in the frame after it opens: a key pressed before that went to the row.
  await expect(menu.getByRole('menuitem', { name: 'Run…' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: /^Delete/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(folder).toBeFocused();
});

test('a menu opened at the bottom of the window turns upward and stays inside it, above the panes', async ({ workspace, page }) => {
  const rows = page.getByRole('tree').getByRole('treeitem');
  // The last row in view, near the window's bottom edge.
  const size = page.viewportSize()!;
  let target: Locator | undefined;
  for (const row of await rows.all()) {
    const box = await row.boundingBox();
    if (box && box.y + box.height <= size.height && box.y > size.height - 80) target = row;
  }
  expect(target).toBeDefined();
  const name = (await target!.locator('.tree-label').innerText()).trim();
  await target!.click({ button: 'right', position: { x: 30, y: 8 } });
  const menu = page.getByRole('menu', { name: `Actions for ${name}` });
  await expect(menu).toBeVisible();
  await expectInsideWindow(page, menu);
  expect((await menu.boundingBox())!.y).toBeLessThan((await target!.boundingBox())!.y);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});
