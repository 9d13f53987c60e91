import { expect, test } from './fixtures';
import { LazyPartsPage } from './pages/LazyPartsPage';

/** Parts that are not on the first screen, so their code must not be fetched for it. */
const ON_DEMAND = ['SoapPanel', 'VaultPanel', 'WorkspacePanel', 'ImportDialog', 'ExportDialog', 'SnippetDialog', 'CodeField', 'ReadOnlyCode', 'pdf', 'RunnerDialog', 'ProxySettingsDialog', 'CertificatesDialog'] as const;

test('the first screen fetches none of the on-demand parts; the SOAP panel’s code comes when SOAP is chosen', async ({ page }) => {
  const parts = new LazyPartsPage(page);
  await parts.open();
  await expect(parts.url).toBeEditable();
  await page.waitForLoadState('networkidle');
  expect(parts.fetched(ON_DEMAND)).toEqual([]);
  await parts.chooseSoap();
  await expect(parts.wsdlUrl).toBeVisible();
  expect(parts.fetched(['SoapPanel'])).toHaveLength(1);
});

test('a part whose code fails to load says so with Try again, which loads it', async ({ page }) => {
  const parts = new LazyPartsPage(page);
  await parts.open();
  await parts.failChunk('SoapPanel');
  await parts.chooseSoap();
  await expect(parts.failure).toContainText('The SOAP panel could not be shown');
  await expect(parts.failure).toContainText('could not be loaded from the Wirebench server');
  // The rest of the workbench still works.
  await expect(parts.url).toBeEditable();
  await parts.tryAgain.click();
  await expect(parts.wsdlUrl).toBeVisible();
  await expect(parts.failure).toHaveCount(0);
});

test('the URL field takes typing before its key bindings have loaded, and undoes once they have', async ({ page }) => {
  const parts = new LazyPartsPage(page);
  // Undo history and CodeMirror's key bindings load after the first screen (idle, or the field's first focus).
  const commands = await parts.holdChunk('urlEditorCommands');
  await parts.open();
  await parts.url.click();
  await page.keyboard.press('End');
  await page.keyboard.type('/early');
  await page.keyboard.press('Backspace');
  await expect(parts.url).toHaveText(/\/sandbox\/anything\/earl$/);
  await expect(parts.url).toBeFocused();
  commands.release();
  await page.waitForLoadState('networkidle');
  expect(parts.fetched(['urlEditorCommands'])).toHaveLength(1);
  // Typed after the bindings arrived: one undo step takes it back, and only it (the field's history starts then).
  await page.keyboard.type('/later');
  await expect(parts.url).toHaveText(/\/earl\/later$/);
  await page.keyboard.press('ControlOrMeta+z');
  await expect(parts.url).toHaveText(/\/sandbox\/anything\/earl$/);
  await expect(parts.url).toBeFocused();
});
