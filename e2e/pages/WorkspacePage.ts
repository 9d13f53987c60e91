import { expect, type Locator, type Page } from '@playwright/test';
import { urlField } from '../support/urlField';

/** The IndexedDB database of the workspace (see src/app/features/workspace/workspaceStorage.ts). */
const WORKSPACE_DB = 'wirebench-workspace';

/** The workspace as a person uses it: collections, history, import and export, the composer's save and code actions. */
export class WorkspacePage {
  readonly sidebarTab: Locator;
  readonly collectionsTab: Locator;
  readonly historyTab: Locator;
  readonly tree: Locator;
  readonly collectionSearch: Locator;
  readonly historySearch: Locator;
  readonly historyList: Locator;
  readonly historyCount: Locator;
  readonly storage: Locator;
  readonly setAside: Locator;
  readonly undoToast: Locator;
  readonly saveDialog: Locator;
  readonly importDialog: Locator;
  readonly exportDialog: Locator;
  readonly snippetDialog: Locator;
  readonly variablesDialog: Locator;
  readonly environmentDialog: Locator;
  readonly requestNotice: Locator;
  readonly url: Locator;
  readonly method: Locator;

  constructor(readonly page: Page) {
    this.sidebarTab = page.getByRole('tab', { name: 'Workspace', exact: true });
    this.collectionsTab = page.getByRole('tablist', { name: 'Workspace sections' }).getByRole('tab', { name: 'Collections' });
    this.historyTab = page.getByRole('tablist', { name: 'Workspace sections' }).getByRole('tab', { name: 'History' });
    this.tree = page.getByRole('tree');
    this.collectionSearch = page.getByLabel('Search collections');
    this.historySearch = page.getByLabel('Search history');
    this.historyList = page.getByRole('listbox', { name: 'History' });
    this.historyCount = page.locator('.history-count');
    this.storage = page.getByTestId('workspace-storage');
    this.setAside = page.getByTestId('set-aside');
    this.undoToast = page.locator('.undo-toast');
    this.saveDialog = page.getByRole('dialog', { name: 'Save request' });
    this.importDialog = page.getByRole('dialog', { name: 'Import' });
    this.exportDialog = page.getByRole('dialog', { name: /^Export/ });
    this.snippetDialog = page.getByRole('dialog', { name: 'Code for this request' });
    this.variablesDialog = page.getByRole('dialog', { name: /^Variables of/ });
    this.environmentDialog = page.getByRole('dialog', { name: 'Environments' });
    this.requestNotice = page.locator('.request-notice');
    this.url = urlField(page.getByLabel('URL', { exact: true }));
    this.method = page.getByLabel('Method', { exact: true });
  }

  async open(origin = ''): Promise<void> {
    await this.page.goto(`${origin}/`);
    await this.showCollections();
  }

  async showCollections(): Promise<void> {
    await this.sidebarTab.click();
    await this.collectionsTab.click();
    await expect(this.storage).not.toHaveText('Loading…');
  }

  async showHistory(): Promise<void> {
    await this.sidebarTab.click();
    await this.historyTab.click();
  }

  /** Exports the selected history entries as HAR and returns the file's text. */
  async exportHistoryHar(): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('toolbar', { name: 'History actions' }).getByRole('button', { name: 'Export HAR' }).click();
    const { readFileSync } = await import('node:fs');
    return readFileSync(await (await download).path(), 'utf8');
  }

  /** The history setting that keeps response bodies as received (tokens included). */
  verbatimBodies(): Locator {
    return this.page.getByLabel(/Keep response bodies verbatim/);
  }

  /** A row of the tree by its exact name. */
  row(name: string): Locator {
    return this.tree.getByRole('treeitem').filter({ has: this.page.locator('.tree-label').getByText(name, { exact: true }) });
  }

  /** Tree rows of saved SOAP requests (marked with a SOAP badge). */
  soapRequests(): Locator {
    return this.tree.getByRole('treeitem').filter({ has: this.page.locator('.tree-soap') });
  }

  /** The names of the visible tree rows, in order. */
  async rowNames(): Promise<string[]> {
    return this.tree.getByRole('treeitem').locator('.tree-label').allInnerTexts();
  }

  /** Creates a collection: its name field opens at once, as a new folder's does. */
  async newCollection(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New collection' }).click();
    const input = this.newCollectionName();
    await expect(input).toBeFocused();
    await input.fill(name);
    await input.press('Enter');
    await expect(this.row(name).first()).toBeVisible();
  }

  /** The name field of a collection just created ("New collection", or "New collection (2)"… when taken). */
  newCollectionName(): Locator {
    return this.page.getByLabel(/^New name for New collection( \(\d+\))?$/);
  }

  /** The reason a name typed into a tree row's name field was refused. */
  renameError(): Locator {
    return this.tree.getByRole('alert');
  }

  async rename(from: string, to: string): Promise<void> {
    await this.row(from).first().focus();
    await this.page.keyboard.press('F2');
    const input = this.page.getByLabel(`New name for ${from}`);
    await input.fill(to);
    await input.press('Enter');
    await expect(this.row(to).first()).toBeVisible();
  }

  /** Runs an action of a row's menu (Shift+F10 on the row, then the item). */
  async rowAction(name: string, action: string): Promise<void> {
    await this.row(name).first().focus();
    await this.page.keyboard.press('Shift+F10');
    await this.page.getByRole('menu', { name: `Actions for ${name}` }).getByRole('menuitem', { name: action }).click();
  }

  async addFolder(parent: string, name: string): Promise<void> {
    await this.rowAction(parent, 'New folder');
    const input = this.page.getByLabel('New name for New folder');
    await input.fill(name);
    await input.press('Enter');
    await expect(this.row(name)).toBeVisible();
  }

  /** Composes a request in a new tab. */
  async compose(method: string, url: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New request' }).click();
    await this.method.fill(method);
    await this.url.fill(url);
  }

  /** Saves the active tab, answering the first-save dialog with a name, a collection and a folder. */
  async saveAs(name: string, collection: string, folder?: string, secrets?: 'collection' | 'environment'): Promise<void> {
    await this.page.keyboard.press('Control+s');
    await expect(this.saveDialog).toBeVisible();
    await this.saveDialog.getByLabel('Request name').fill(name);
    await this.saveDialog.getByRole('combobox', { name: /^Collection/ }).selectOption({ label: collection });
    if (folder) await this.saveDialog.getByLabel('Folder').selectOption({ label: folder });
    if (secrets) await this.saveDialog.getByLabel(secrets === 'collection' ? /secret variables of the collection/ : /Move into the environment/).check();
    await this.saveDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(this.saveDialog).toBeHidden();
  }

  async setCollectionVariable(collection: string, name: string, value: string): Promise<void> {
    await this.rowAction(collection, 'Variables…');
    await this.variablesDialog.getByRole('button', { name: 'Add variable' }).click();
    const index = await this.variablesDialog.getByLabel(/^Collection variable \d+ name$/).count();
    await this.variablesDialog.getByLabel(`Collection variable ${index} name`).fill(name);
    await this.variablesDialog.getByLabel(`Collection variable ${index} value`).fill(value);
    await this.variablesDialog.getByRole('button', { name: 'Done' }).click();
  }

  async addEnvironment(name: string, variable: string, value: string): Promise<void> {
    await this.page.getByRole('toolbar', { name: 'Collection actions' }).getByRole('button', { name: 'Environments' }).click();
    await this.environmentDialog.getByRole('button', { name: 'New environment' }).click();
    await this.environmentDialog.getByLabel('Environment name').fill(name);
    await this.environmentDialog.getByRole('button', { name: 'Add variable' }).click();
    await this.environmentDialog.getByLabel('Variable 1 name').fill(variable);
    await this.environmentDialog.getByLabel('Variable 1 value').fill(value);
    await this.environmentDialog.getByRole('button', { name: 'Done' }).click();
  }

  /** Waits until what the store holds has been written (writes are debounced by a fraction of a second). */
  async settle(): Promise<void> {
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 400)));
  }

  // Import

  async openImport(): Promise<void> {
    await this.sidebarTab.click();
    await this.collectionsTab.click();
    await this.page.getByRole('toolbar', { name: 'Collection actions' }).getByRole('button', { name: 'Import…' }).click();
    await expect(this.importDialog).toBeVisible();
  }

  async importPasted(text: string): Promise<void> {
    await this.importDialog.getByLabel('Paste').fill(text);
    await this.importDialog.getByRole('button', { name: 'Import pasted text' }).click();
  }

  async importFile(path: string): Promise<void> {
    await this.importDialog.getByLabel('Choose a file…').setInputFiles(path);
  }

  importError(): Locator {
    return this.importDialog.getByRole('alert');
  }

  importSuccess(): Locator {
    return this.importDialog.locator('.import-success');
  }

  async closeImport(): Promise<void> {
    await this.importDialog.getByRole('button', { name: 'Close' }).click();
  }

  // Composer actions

  /** Pastes `text` into the URL field as the clipboard would. */
  async pasteIntoUrl(text: string): Promise<void> {
    await this.url.click();
    await this.url.evaluate((element, pasted) => {
      const data = new DataTransfer();
      data.setData('text/plain', pasted);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  }

  async copyAsCurl(): Promise<string> {
    await this.page.getByRole('button', { name: 'Copy as cURL' }).click();
    await expect(this.requestNotice).toContainText('Copied the cURL command');
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  async openCode(language: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Code…' }).click();
    await this.snippetDialog.getByLabel('Language').selectOption({ label: language });
    return this.snippetDialog.getByTestId('snippet-code');
  }

  // History

  historyOption(text: string): Locator {
    return this.historyList.getByRole('option').filter({ hasText: text });
  }

  /**
   * Writes `count` history entries straight into IndexedDB, as earlier sessions would have
   * left them (entry, row, newest last), then reloads so the app loads them.
   */
  async seedHistory(count: number, origin: string): Promise<void> {
    await this.page.evaluate(
      async ({ count, origin, dbName }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(dbName);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tx = db.transaction(['history', 'historyRows'], 'readwrite');
        const start = Date.UTC(2025, 0, 1);
        for (let i = 0; i < count; i++) {
          const id = `his-seed-${String(i).padStart(5, '0')}`;
          const at = new Date(start + i * 1000).toISOString();
          const url = `${origin}/sandbox/anything/item/${i}`;
          const status = i % 7 === 0 ? 404 : 200;
          tx.objectStore('history').put({ version: 1, id, at, draft: { method: 'GET', url }, wire: { method: 'GET', url, headers: [] }, status, reason: 'OK', durationMs: 5 }, id);
          tx.objectStore('historyRows').put({ id, at, method: 'GET', url, status, durationMs: 5 }, id);
        }
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      { count, origin, dbName: WORKSPACE_DB },
    );
    await this.page.reload();
  }

  /** Puts a record that fails validation into a store of the workspace database. */
  async storeRaw(store: 'collections' | 'environments', key: string, value: unknown): Promise<void> {
    await this.page.evaluate(
      async ({ store, key, value, dbName }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(dbName);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tx = db.transaction(store, 'readwrite');
        tx.objectStore(store).put(value, key);
        await new Promise<void>((resolve) => (tx.oncomplete = () => resolve()));
        db.close();
      },
      { store, key, value, dbName: WORKSPACE_DB },
    );
  }

  /** Collects long tasks (over 50 ms) from page start, for smoothness checks. */
  static async observeLongTasks(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
  }

  /** The longest task that started after `since` (performance.now() time), in ms. */
  async longestTaskSince(since: number): Promise<number> {
    return this.page.evaluate((from) => {
      const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
      return Math.max(0, ...tasks.filter((t) => t.start >= from).map((t) => t.duration));
    }, since);
  }

  async now(): Promise<number> {
    return this.page.evaluate(() => performance.now());
  }
}
