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
    // Nothing to do: a stale copy is overwritten by the next write's own value at the next load's end.
  }
}
