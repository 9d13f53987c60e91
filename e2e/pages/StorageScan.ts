import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * Everything the page and the server keep: localStorage, every record of every IndexedDB
 * database the origin has (found with `indexedDB.databases()`), and every file under a
 * workspace folder — as one text, to search for secrets that must not be there.
 */
export class StorageScan {
  readonly secretsNotice: Locator;

  constructor(readonly page: Page) {
    this.secretsNotice = page.locator('.secrets-notice');
  }

  async browserText(): Promise<string> {
    return this.page.evaluate(async () => {
      const dump: Record<string, unknown> = { localStorage: { ...localStorage } };
      // Blobs (stored response bodies) would stringify as {}: read their text.
      const expand = async (value: unknown): Promise<unknown> => {
        if (value instanceof Blob) return `blob:${await value.text()}`;
        if (Array.isArray(value)) return Promise.all(value.map(expand));
        if (value && typeof value === 'object') {
          const out: Record<string, unknown> = {};
          for (const [key, item] of Object.entries(value)) out[key] = await expand(item);
          return out;
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
          dump[`${info.name}/${store}`] = await new Promise<unknown[]>((resolve, reject) => {
            const request = db.transaction(store).objectStore(store).getAll();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          }).then((records) => expand(records) as Promise<unknown[]>);
        }
        db.close();
      }
      return JSON.stringify(dump);
    });
  }

  /** The names of the IndexedDB databases found (so a scan that found nothing is noticed). */
  async databaseNames(): Promise<string[]> {
    return this.page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
  }

  /** Every file under `dir` (hidden ones included), path and content. */
  static folderText(dir: string): string {
    const parts: string[] = [];
    const walk = (at: string) => {
      for (const name of readdirSync(at)) {
        const full = path.join(at, name);
        if (statSync(full).isDirectory()) walk(full);
        else parts.push(`${full}\n${readFileSync(full, 'utf8')}`);
      }
    };
    walk(dir);
    return parts.join('\n');
  }
}
