import { test, expect } from './fixtures';
import { LayoutProbe } from './pages/LayoutProbe';
import { VaultPage } from './pages/VaultPage';
import { WorkspacePage } from './pages/WorkspacePage';

/**
 * Layout that cannot break (issue 27, item 1): however many tabs and whatever the width, the
 * page itself never scrolls sideways, the active tab is wholly in the strip, menus and
 * popovers lie inside the window above both panes, and at 1024×700 the request's parts get
 * at least 40 % of the request pane.
 */

test('40 tabs at 1024×700: no sideways page, the active tab wholly in the strip, every menu inside the window (and the width holds at 1920 and 2560)', async ({ workbench, page }) => {
  test.setTimeout(120_000);
  const layout = new LayoutProbe(page);
  const workspace = new WorkspacePage(page);
  await page.setViewportSize({ width: 1024, height: 700 });
  // A collection row for the tree's menu, made before the tabs.
  await workspace.showCollections();
  await workspace.newCollection('Layout');

  await layout.openTabs(40);
  await layout.expectNoSidewaysPage();
  await layout.expectActiveTabInStrip();
  // Namesakes are told apart: 40 tabs on one URL, numbered after the first.
  await expect(layout.strip.locator('.request-tab-active')).toContainText('anything · 40');

  // A sideways scroll over the response pane moves nothing of the page (it slid off screen with 9+ tabs).
  await layout.responsePane.hover();
  await page.mouse.wheel(600, 0);
  await layout.strip.hover();
  await page.mouse.wheel(0, -2000);
  await layout.expectNoSidewaysPage();

  // The All tabs menu: above both panes, inside the window, its list scrolling inside itself.
  await layout.allTabsButton.click();
  const allTabs = page.getByRole('menu', { name: 'Open tabs' });
  await layout.expectInsideWindowAndOnTop(allTabs, 'All tabs menu');
  // Going to the first tab from the menu scrolls the strip to it.
  await allTabs.getByRole('menuitemradio').first().click();
  await expect(allTabs).toBeHidden();
  await layout.expectActiveTabInStrip();
  // … and to the last one again with End.
  await layout.strip.getByRole('tab', { selected: true }).press('End');
  await layout.expectActiveTabInStrip();

  // The tab context menu at the right edge of the strip.
  const active = layout.strip.locator('.request-tab-active');
  const tabBox = await layout.box(active);
  await active.click({ button: 'right', position: { x: tabBox.right - tabBox.left - 4, y: 6 } });
  const tabMenu = page.getByRole('menu', { name: 'Tab actions' });
  await layout.expectInsideWindowAndOnTop(tabMenu, 'tab context menu');
  await page.keyboard.press('Escape');
  await expect(tabMenu).toBeHidden();

  // A tree row's menu in the sidebar.
  await workspace.row('Layout').first().focus();
  await page.keyboard.press('Shift+F10');
  const rowMenu = page.getByRole('menu', { name: 'Actions for Layout' });
  await layout.expectInsideWindowAndOnTop(rowMenu, 'tree row menu');
  await page.keyboard.press('Escape');
  await expect(rowMenu).toBeHidden();

  // A help popover near the request pane's bottom edge: not clipped by it, not under the response pane.
  await page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Params/ }).click();
  const help = page.getByRole('button', { name: 'About lists in the query' });
  await help.click();
  const popover = page.locator(`#${await help.getAttribute('aria-controls')}`);
  await layout.expectInsideWindowAndOnTop(popover, 'help popover');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await layout.expectNoSidewaysPage();

  for (const size of [
    { width: 1920, height: 1080 },
    { width: 2560, height: 1440 },
  ]) {
    await page.setViewportSize(size);
    await layout.expectNoSidewaysPage();
    await layout.expectActiveTabInStrip();
    await layout.allTabsButton.click();
    await layout.expectInsideWindowAndOnTop(allTabs, `All tabs menu at ${size.width}`);
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 1024, height: 700 });
  await layout.expectNoSidewaysPage();
  await layout.expectActiveTabInStrip();
});

test('at 1024×700 the request parts (params, body editor) get at least 40 % of the request pane', async ({ workbench, page }) => {
  const layout = new LayoutProbe(page);
  await page.setViewportSize({ width: 1024, height: 700 });
  const pane = page.locator('.split-pane').filter({ has: layout.requestPane });
  const parts = page.getByRole('tablist', { name: 'Request parts' });
  const content = page.locator('.composer-sections > [role="tabpanel"]');
  await parts.getByRole('tab', { name: /^Params/ }).click();
  await expect(content).toBeVisible();
  expect(await layout.visibleShare(content, pane), 'Params').toBeGreaterThanOrEqual(0.4);

  await workbench.method.fill('POST');
  await parts.getByRole('tab', { name: /^Body/ }).click();
  await page.getByRole('radio', { name: 'JSON', exact: true }).check();
  await expect(content.locator('.cm-editor').first()).toBeVisible();
  expect(await layout.visibleShare(content, pane), 'Body (JSON editor)').toBeGreaterThanOrEqual(0.4);
  expect(await layout.visibleShare(content.locator('.cm-editor').first(), pane), 'the body editor itself').toBeGreaterThanOrEqual(0.2);
  await layout.expectNoSidewaysPage();
});

test('"What will be sent" starts closed and stays as the person left it across reloads', async ({ workbench, page }) => {
  const summary = page.locator('details.wire-preview > summary');
  const details = page.locator('details.wire-preview');
  await expect(details).not.toHaveAttribute('open');
  await expect(page.getByTestId('wire-preview')).toBeHidden();

  await summary.click();
  await expect(page.getByTestId('wire-preview')).toBeVisible();
  await expect(page.getByTestId('wire-preview')).toContainText('GET /sandbox/anything HTTP/1.1');
  await page.reload();
  await expect(page.getByTestId('wire-preview')).toBeVisible();

  await summary.click();
  await expect(page.getByTestId('wire-preview')).toBeHidden();
  await page.reload();
  await expect(summary).toBeVisible();
  await expect(details).not.toHaveAttribute('open');
});

test('the vault entry\'s response-mapping fields leave room for underscores (/access_token)', async ({ workbench, page }) => {
  const vault = new VaultPage(page);
  await vault.open();
  await vault.keepInMemory();
  await vault.panel.getByRole('button', { name: 'New entry' }).click();
  await expect(vault.dialog).toBeVisible();
  const fields = vault.dialog.getByRole('group', { name: /Response mapping/ }).locator('input');
  await expect(fields.first()).toBeVisible();
  await fields.first().fill('/access_token');
  const boxes = await fields.evaluateAll((elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      const fontSize = parseFloat(style.fontSize);
      const content = element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return { id: element.id, fontSize, lineHeight: parseFloat(style.lineHeight), content, family: style.fontFamily };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (const box of boxes) {
    expect(box.family, box.id).toMatch(/mono/i);
    expect(box.lineHeight / box.fontSize, `${box.id}: line-height`).toBeGreaterThanOrEqual(1.3);
    expect(box.content / box.fontSize, `${box.id}: content box`).toBeGreaterThanOrEqual(1.3);
  }
});
