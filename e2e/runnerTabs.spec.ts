/**
 * The runner opens nothing unless asked (issue 27 item 2), against the sandbox: a run of
 * several saved requests leaves the tab strip as it was (each step is sent from a hidden
 * run context, through the same send path: checks run, history is written); a result's
 * Preview shows its exchange in one preview tab (italic), the next Preview reuses that tab,
 * Open pins it, and double-click pins a preview tab too.
 */
import { expect, test } from './fixtures';
import { RunnerTabsPage } from './pages/RunnerTabsPage';

const SHOTS = '/tmp/shots-runner-tabs';

test('a run opens no tab; Preview reuses one italic preview tab; Open and double-click pin it', async ({ workspace, page }) => {
  await workspace.open();
  const origin = new URL(page.url()).origin;
  await workspace.newCollection('Shop');
  const names = ['List', 'Create', 'Pay', 'Ship'];
  for (const [i, name] of names.entries()) {
    await workspace.compose('GET', `${origin}/sandbox/anything?step=${name.toLowerCase()}&n=${i + 1}`);
    await workspace.saveAs(name, 'Shop');
  }
  const view = new RunnerTabsPage(page, workspace);
  const before = await view.tabs.count();
  const activeBefore = await view.activeTab.getAttribute('data-tab-id');
  const urlBefore = await workspace.url.textContent();

  await view.openRunner('Shop');
  await view.runner.run();
  await expect(view.runner.steps()).toHaveCount(4);
  await expect(view.runner.totals).toContainText('4 requests · 0 failed');
  for (const name of names) await expect(view.runner.step(1, name).locator('.runner-step-status')).toHaveText('200');
  // Nothing opened, nothing switched: the tab shown before the run is still shown, as it was.
  await expect(view.tabs).toHaveCount(before);
  await expect(view.activeTab).toHaveAttribute('data-tab-id', activeBefore!);
  await expect(workspace.url).toHaveText(urlBefore ?? '');
  await expect(view.previewTab).toHaveCount(0);

  // Preview: one tab, italic, showing that step's exchange.
  await view.show(1, 'Create', 'Preview');
  await expect(view.tabs).toHaveCount(before + 1);
  await expect(view.previewTab).toHaveCount(1);
  await expect(view.previewTab).toHaveAttribute('aria-selected', 'true');
  await expect(view.previewTab).toContainText('(preview)');
  expect(await view.labelStyle(view.previewTab)).toBe('italic');
  await expect(page.getByTestId('status')).toContainText('200');
  await expect(page.getByTestId('response-body')).toContainText('"step": "create"');
  const previewId = await view.previewTab.getAttribute('data-tab-id');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const [w, h] of [[1024, 700], [1920, 1080]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/preview-${theme}-${w}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The next Preview reuses the same tab.
  await view.openRunner('Shop');
  await view.show(1, 'Pay', 'Preview');
  await expect(view.tabs).toHaveCount(before + 1);
  await expect(view.previewTab).toHaveAttribute('data-tab-id', previewId!);
  await expect(page.getByTestId('response-body')).toContainText('"step": "pay"');
  await expect(page.getByTestId('response-body')).not.toContainText('"step": "create"');

  // Open pins it: a normal tab; the next Preview opens a new preview tab beside it.
  await view.openRunner('Shop');
  await view.show(1, 'Pay', 'Open');
  await expect(view.previewTab).toHaveCount(0);
  await expect(view.tabs).toHaveCount(before + 1);
  await expect(view.activeTab).toHaveAttribute('data-tab-id', previewId!);
  expect(await view.labelStyle(view.activeTab)).toBe('normal');
  await view.openRunner('Shop');
  await view.show(1, 'Ship', 'Preview');
  await expect(view.tabs).toHaveCount(before + 2);
  await expect(page.getByTestId('response-body')).toContainText('"step": "ship"');

  // Double-click pins a preview tab as well.
  await view.previewTab.dblclick();
  await expect(view.previewTab).toHaveCount(0);
  await expect(view.tabs).toHaveCount(before + 2);
});

test('the run sends the saved request, not an open tab with unsaved edits, and leaves that tab alone', async ({ workspace, page }) => {
  await workspace.open();
  const origin = new URL(page.url()).origin;
  await workspace.newCollection('Edits');
  await workspace.compose('GET', `${origin}/sandbox/anything?saved=yes`);
  await workspace.saveAs('Echo', 'Edits');
  await workspace.url.fill(`${origin}/sandbox/anything?saved=edited`);
  const view = new RunnerTabsPage(page, workspace);
  const before = await view.tabs.count();
  await view.openRunner('Edits');
  await view.runner.run();
  await expect(view.runner.totals).toContainText('1 request · 0 failed');
  await view.runner.close();
  await expect(view.tabs).toHaveCount(before);
  // The edited tab keeps its edit and has no response of the run in it.
  await expect(workspace.url).toHaveText(`${origin}/sandbox/anything?saved=edited`);
  await expect(page.getByTestId('response-body')).toHaveCount(0);
  await view.openRunner('Edits');
  await view.show(1, 'Echo', 'Preview');
  await expect(page.getByTestId('response-body')).toContainText('"saved": "yes"');
});
