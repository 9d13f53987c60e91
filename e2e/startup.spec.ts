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

test('the first screen is HTML that takes typing before any script; the app takes over what was typed, the caret and the focus', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  // Hold the app's entry script until the shell has been typed into.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const shellField = page.locator('#boot-url');
  await expect(shellField).toHaveText(/\/sandbox\/anything$/);
  await shellField.click();
  await page.keyboard.press('End');
  await page.keyboard.type('/typed-early');
  // One line: Enter adds nothing, and a pasted text's line breaks are dropped.
  await page.keyboard.press('Enter');
  await shellField.evaluate((field) => {
    const data = new DataTransfer();
    data.setData('text/plain', '-a\r\nb');
    field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(shellField).toHaveText(/\/sandbox\/anything\/typed-early-ab$/);
  expect(await shellField.evaluate((field) => field.textContent)).not.toMatch(/[\r\n]/);
  // The caret goes over too: put it before "early".
  for (let i = 0; i < '-ab'.length + 'early'.length; i++) await page.keyboard.press('ArrowLeft');
  release();
  // The shell goes once the app's URL editor is in place, with the text and the focus.
  await expect(page.locator('#boot')).toHaveCount(0);
  const url = page.getByRole('textbox', { name: 'URL', exact: true });
  await expect(url).toHaveText(/\/sandbox\/anything\/typed-early-ab$/);
  await expect(url).toBeFocused();
  await page.keyboard.type('!');
  await expect(url).toHaveText(/\/typed-!early-ab$/);
  // The draft has it too: what is sent is what was typed.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText('/sandbox/anything/typed-!early-ab');
  expect(refused).toEqual([]);
});
