import { readFileSync } from 'node:fs';
import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** One place the browser keeps data, and its content as text. */
export interface BrowserStore {
  name: string;
  text: string;
}

/**
 * What the leak test (issue 26, item 2) needs beyond the other page objects: every way a
 * request leaves the app as a file or on the clipboard (collection exports, HAR of the whole
 * history, cURL, code snippets in every language), the parts of the Certificates dialog
 * and the inspector a client certificate with an encrypted key needs, and everything the
 * browser keeps for the origin, store by store, so a hit names the store it is in.
 */
export class LeakAuditPage {
  readonly exportDialog: Locator;
  readonly snippetDialog: Locator;
  readonly requestNotice: Locator;

  constructor(readonly page: Page) {
    this.exportDialog = page.getByRole('dialog', { name: /^Export/ });
    this.snippetDialog = page.getByRole('dialog', { name: 'Code for this request' });
    this.requestNotice = page.locator('.request-notice');
  }

  private async downloaded(download: Promise<Download>): Promise<{ name: string; text: string }> {
    const file = await download;
    return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
  }

  /** Exports collection `name` (tree row menu › Export…) in `format`, secrets not included, and returns the downloaded file. */
  async exportCollection(name: string, format: 'Postman' | '.http'): Promise<{ name: string; text: string }> {
    const row = this.page.getByRole('tree').getByRole('treeitem').filter({ has: this.page.locator('.tree-label').getByText(name, { exact: true }) });
    await row.first().focus();
    await this.page.keyboard.press('Shift+F10');
    await this.page.getByRole('menu', { name: `Actions for ${name}` }).getByRole('menuitem', { name: 'Export…' }).click();
    await expect(this.exportDialog).toBeVisible();
    await this.exportDialog.getByLabel(format === 'Postman' ? /Postman Collection v2\.1/ : /\.http file/).check();
    await expect(this.exportDialog.getByLabel(/Include secrets/)).not.toBeChecked();
    const file = this.downloaded(this.page.waitForEvent('download'));
    await this.exportDialog.getByRole('button', { name: 'Download' }).click();
    const text = await file;
    await this.exportDialog.getByRole('button', { name: 'Close' }).click();
    return text;
  }

  /** Selects every history entry (Ctrl+A in the list) and exports them as HAR. */
  async exportWholeHistoryHar(expectedAtLeast: number): Promise<{ name: string; text: string }> {
    await this.page.getByRole('tab', { name: 'Workspace', exact: true }).click();
    await this.page.getByRole('tablist', { name: 'Workspace sections' }).getByRole('tab', { name: 'History' }).click();
    const list = this.page.getByRole('listbox', { name: 'History' });
    await list.getByRole('option').first().click();
    await list.press('Control+a');
    await expect(this.page.locator('.history-count')).toContainText(/, [\d,]+ selected/);
    const selected = Number(/([\d,]+) selected/.exec((await this.page.locator('.history-count').textContent()) ?? '')?.[1]?.replace(/,/g, ''));
    expect(selected).toBeGreaterThanOrEqual(expectedAtLeast);
    const file = this.downloaded(this.page.waitForEvent('download'));
    await this.page.getByRole('toolbar', { name: 'History actions' }).getByRole('button', { name: 'Export HAR' }).click();
    return file;
  }

  /** "Copy as cURL" for the active tab: what it put on the clipboard (the clipboard must be granted). */
  async copyAsCurl(): Promise<string> {
    await this.page.getByRole('button', { name: 'Copy as cURL' }).click();
    await expect(this.requestNotice).toContainText('Copied the cURL command');
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** The active tab's code in each of `languages` (all the dialog offers when not given), secrets not included. */
  async snippets(languages?: string[]): Promise<{ language: string; text: string }[]> {
    await this.page.getByRole('button', { name: 'Code…' }).click();
    await expect(this.snippetDialog).toBeVisible();
    const select = this.snippetDialog.getByLabel('Language');
    const code = this.snippetDialog.getByTestId('snippet-code');
    await expect(this.snippetDialog.getByLabel('Include secrets')).not.toBeChecked();
    const labels = languages ?? (await select.locator('option').allTextContents()).map((l) => l.trim());
    const out: { language: string; text: string }[] = [];
    for (const language of labels) {
      await select.selectOption({ label: language });
      await expect(code).toHaveAccessibleName(`${language} code`);
      // The code is made asynchronously: wait until it is this language's (not empty, not the previous one).
      const previous = out.at(-1)?.text;
      await expect.poll(async () => {
        const text = (await code.textContent()) ?? '';
        return text !== '' && text !== previous;
      }).toBe(true);
      out.push({ language, text: (await code.textContent()) ?? '' });
    }
    await this.snippetDialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.snippetDialog).toBeHidden();
    return out;
  }

  /** In the Certificates dialog's entry: the passphrase of an encrypted PEM key. */
  async setKeyPassphrase(entry: Locator, passphrase: string): Promise<void> {
    await entry.getByLabel('Key passphrase (if the key is encrypted)').fill(passphrase);
  }

  /** After a send refused for an unknown server certificate: trusts it for its host (the inspector's offer). */
  async trustServerCertificate(): Promise<void> {
    await this.page.getByTestId('certificate-trust').getByRole('button', { name: /^Trust this certificate for / }).click();
  }

  /**
   * Shows the vault panel and returns its storage badge ("encrypted", "locked", "memory only"). By the
   * sidebar tab's exact name: a request tab named "… vault" would match VaultPage's own locator too.
   */
  async vaultStorageBadge(state: string): Promise<Locator> {
    await this.page.getByRole('tab', { name: 'Vault', exact: true }).click();
    return this.page.getByRole('region', { name: 'Token vault' }).getByText(state, { exact: true });
  }

  /** The environment the workbench uses, chosen in the header bar. */
  async chooseEnvironment(name: string): Promise<void> {
    await this.page.getByLabel('Environment', { exact: true }).selectOption({ label: name });
  }

  /**
   * Everything the origin keeps in the browser, store by store: each localStorage and
   * sessionStorage key, each object store of each IndexedDB database (records as JSON,
   * Blobs and byte arrays read as text), each Cache Storage entry, and the cookies.
   */
  async browserStores(): Promise<BrowserStore[]> {
    const stores = await this.page.evaluate(async () => {
      const out: { name: string; text: string }[] = [];
      for (const [key, value] of Object.entries({ ...localStorage })) out.push({ name: `localStorage[${key}]`, text: value });
      for (const [key, value] of Object.entries({ ...sessionStorage })) out.push({ name: `sessionStorage[${key}]`, text: value });
      const decoder = new TextDecoder('utf-8', { fatal: false });
      const expand = async (value: unknown): Promise<unknown> => {
        if (value instanceof Blob) return `blob:${await value.text()}`;
        if (value instanceof ArrayBuffer) return `bytes:${decoder.decode(value)}`;
        if (ArrayBuffer.isView(value)) return `bytes:${decoder.decode(value)}`;
        if (Array.isArray(value)) return Promise.all(value.map(expand));
        if (value instanceof Map) return expand(Object.fromEntries(value));
        if (value instanceof Set) return expand([...value]);
        if (value && typeof value === 'object') {
          const expanded: Record<string, unknown> = {};
          for (const [key, item] of Object.entries(value)) expanded[key] = await expand(item);
          return expanded;
        }
        return value;
      };
      for (const info of await indexedDB.databases()) {
        if (!info.name) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(info.name!);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (const store of Array.from(db.objectStoreNames)) {
          const [keys, records] = await Promise.all(
            ['getAllKeys', 'getAll'].map(
              (method) =>
                new Promise<unknown[]>((resolve, reject) => {
                  const request = (db.transaction(store).objectStore(store) as unknown as Record<string, () => IDBRequest<unknown[]>>)[method]!();
                  request.onsuccess = () => resolve(request.result);
                  request.onerror = () => reject(request.error);
                }),
            ),
          );
          out.push({ name: `IndexedDB ${info.name}/${store}`, text: JSON.stringify(await expand(records!.map((record, i) => ({ key: keys![i], record })))) });
        }
        db.close();
      }
      if ('caches' in self) {
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) out.push({ name: `Cache Storage ${name} ${request.url}`, text: `${request.url}\n${await (await cache.match(request))?.text()}` });
        }
      }
      return out;
    });
    stores.push({ name: 'browser cookies', text: JSON.stringify(await this.page.context().cookies()) });
    return stores;
  }
}
