/**
 * The workspace's small settings records (meta: tab links, the selected collection, the
 * history limit, the proxy settings, the cookie jar's stored form) whose write had not been
 * confirmed when the page went. A write goes to the storage worker and commits there a
 * moment later; a page that is reloaded or closed in that moment ends the worker with it,
 * and the change would be lost. So when the page is hidden, the records still on their way
 * are also put, synchronously, in the page's localStorage; the next load stores them over
 * what IndexedDB had and then removes them. Only meta records are kept here: they hold no
 * secret (the proxy password is never stored; cookie values are kept aside as references,
 * exactly as in IndexedDB) and are small. Collections and environments are not: an
 * unfinished write of theirs makes the page ask before it is left (`holdUnload`).
 */

import { holdUnload } from './storageProgress';

const KEY = 'wirebench.unsavedMeta';

function local(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Keeps `records` (meta key → stored value) until the next load; replaces what was kept. */
export function keepUnsavedMeta(records: Readonly<Record<string, unknown>>): void {
  try {
    local()?.setItem(KEY, JSON.stringify({ version: 1, records }));
  } catch {
    // Refused (quota, private mode): the browser's own unload question was the last resort.
  }
}

/** The records a page kept when it went before they were stored; empty when none (or what was kept cannot be read). */
export function unsavedMeta(): Record<string, unknown> {
  try {
    const raw = local()?.getItem(KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as { version?: unknown; records?: unknown };
    if (parsed.version !== 1 || typeof parsed.records !== 'object' || parsed.records === null || Array.isArray(parsed.records)) return {};
    return { ...(parsed.records as Record<string, unknown>) };
  } catch {
    return {};
  }
}

/** Forgets the kept records (they are stored now, or nothing is on its way any more). */
export function clearUnsavedMeta(): void {
  try {
    local()?.removeItem(KEY);
  } catch {
    // Refused (rare): the next load stores this copy again, over anything written after it.
  }
}

/**
 * The meta records a workspace session sends to storage, each on its way (and the unload
 * question held) until storage confirms it; when the page is hidden, those still on their way
 * are kept in localStorage, and the copy is forgotten once everything is stored.
 */
export class MetaWrites {
  private readonly unconfirmed = new Map<string, unknown>();
  private kept = false;

  /** `put` stores one record; `stored` says whether the session's own settings are all written. */
  constructor(
    private readonly put: (key: string, value: unknown) => Promise<void>,
    private readonly stored: () => boolean,
  ) {}

  /** One record to storage, tracked until storage confirms it. */
  async write(key: string, value: unknown): Promise<void> {
    const release = holdUnload();
    this.unconfirmed.set(key, value);
    try {
      await this.put(key, value);
    } finally {
      if (this.unconfirmed.get(key) === value) this.unconfirmed.delete(key);
      release();
      this.forgetWhenStored();
    }
  }

  /** The page is hidden (it may be going): the records on their way, and `unsent` (settings not sent yet), kept for the next load. */
  keep(unsent?: Readonly<Record<string, unknown>>): void {
    const records = { ...Object.fromEntries(this.unconfirmed), ...unsent };
    if (Object.keys(records).length === 0) return;
    keepUnsavedMeta(records);
    this.kept = true;
  }

  /** Stores what a page kept when it went (call before any other write, so later writes land after them); the copy stays until they are confirmed. */
  restore(kept: Readonly<Record<string, unknown>>): void {
    const entries = Object.entries(kept);
    if (entries.length === 0) return;
    this.kept = true;
    for (const [key, value] of entries) void this.write(key, value).catch(() => undefined);
  }

  /** Forgets the localStorage copy once nothing is on its way and the session's settings are written. */
  forgetWhenStored(): void {
    if (!this.kept || this.unconfirmed.size > 0 || !this.stored()) return;
    clearUnsavedMeta();
    this.kept = false;
  }
}
