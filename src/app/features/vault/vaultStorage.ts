/**
 * Where the sealed vault rests: one IndexedDB record holding the AES-GCM envelope and the
 * entry names (not secrets; they let the composer name a locked entry). Behind a small
 * interface so tests and the memory-only mode use an in-memory stand-in.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { VaultSealedEnvelope } from '../../../core';

/** The one stored record of the vault. */
export interface StoredVault {
  envelope: VaultSealedEnvelope;
  /** Entry ids and names, readable while locked. */
  index: { id: string; name: string }[];
  savedAt: number;
}

/** Reads, writes and erases the stored vault. */
export interface VaultStorage {
  read(): Promise<StoredVault | undefined>;
  write(record: StoredVault): Promise<void>;
  /** Erases everything the vault ever stored. */
  erase(): Promise<void>;
}

/** The IndexedDB database and store names, for tests that read the raw contents. */
export const VAULT_DB_NAME = 'wirebench-vault';
export const VAULT_STORE_NAME = 'sealed';
const RECORD_KEY = 'vault';

interface VaultDb extends DBSchema {
  sealed: { key: string; value: StoredVault };
}

/** The browser's IndexedDB through `idb`. */
export function indexedDbVaultStorage(): VaultStorage {
  let db: Promise<IDBPDatabase<VaultDb>> | undefined;
  const open = () =>
    (db ??= openDB<VaultDb>(VAULT_DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore(VAULT_STORE_NAME);
      },
    }));
  return {
    async read() {
      return (await open()).get(VAULT_STORE_NAME, RECORD_KEY);
    },
    async write(record) {
      await (await open()).put(VAULT_STORE_NAME, record, RECORD_KEY);
    },
    async erase() {
      const database = await open();
      // Clearing (rather than deleting the database) works while other tabs hold it open.
      await database.clear(VAULT_STORE_NAME);
    },
  };
}

/** A stand-in that keeps the record in memory (tests). */
export function memoryVaultStorage(initial?: StoredVault): VaultStorage & { record: StoredVault | undefined } {
  const storage = {
    record: initial,
    async read() {
      return storage.record;
    },
    async write(record: StoredVault) {
      storage.record = structuredClone(record);
    },
    async erase() {
      storage.record = undefined;
    },
  };
  return storage;
}
