/**
 * Turning what storage holds into what the store shows, as pure functions: every record
 * is validated and migrated by core's schemas one at a time; a record that fails is set
 * aside with its reason (and its key, so the person can discard it on purpose) while the
 * others load. Also: what changed when the workspace folder reports a new revision.
 */
import { z } from 'zod';
import { validateWorkspaceRecord, type Collection, type RequestEnvironment } from '../../../core';
import { DEFAULT_HISTORY_LIMIT, type TabLink } from './workspaceSlice';
import type { FolderSetAside } from './workspaceFolderClient';
import {
  canonicalJson,
  composerEnvironment,
  sortCollections,
  sortHistoryRows,
  storedCollection,
  storedEnvironment,
  type HistoryRow,
  type SetAsideReport,
  type SetAsideSource,
} from './workspaceRecords';
import type { RawStoredRecord } from './workspaceStorage';
import type { ItemNode } from './collectionChunks';
import type { LoadedWorkspace } from './storageWorkerClient';
import { keptValues, withKeptSecrets } from '../../base/secrets/secretKeeper';

/** A stored history row; checked on load, so a damaged one is set aside instead of breaking the list. */
export const historyRowSchema = z.object({
  id: z.string().min(1),
  at: z.iso.datetime({ offset: true }),
  method: z.string(),
  url: z.string(),
  status: z.number().int().min(0).max(999).optional(),
  durationMs: z.number().nonnegative().optional(),
  errorKind: z.string().optional(),
  size: z.number().nonnegative().optional(),
});


function identity(raw: unknown): { id?: string; name?: string } {
  if (typeof raw !== 'object' || raw === null) return {};
  const { id, name } = raw as { id?: unknown; name?: unknown };
  return { ...(typeof id === 'string' ? { id } : {}), ...(typeof name === 'string' ? { name } : {}) };
}

function setAsideOf(source: SetAsideSource, store: 'collections' | 'environments', record: RawStoredRecord, reason: string): SetAsideReport {
  const report: SetAsideReport = { key: `${source}:${store}:${record.key}`, source, kind: store === 'collections' ? 'collection' : 'environment', reason, raw: record.value, ...identity(record.value) };
  if (source === 'browser') report.storeKey = { store, key: record.key };
  return report;
}

/** Kept-secret references put back, unless this page keeps none (then there is nothing to put back, and a 100,000-request collection is not walked for it). */
function withSecrets<T>(value: T): T {
  return Object.keys(keptValues()).length === 0 ? value : withKeptSecrets(value);
}

/** Collections that validate, sorted; the rest set aside. */
export function loadCollections(source: SetAsideSource, records: readonly RawStoredRecord[]): { collections: Collection[]; setAside: SetAsideReport[] } {
  const collections: Collection[] = [];
  const setAside: SetAsideReport[] = [];
  for (const record of records) {
    const result = validateWorkspaceRecord('collection', record.value);
    if (result.ok) collections.push(withSecrets(result.value));
    else setAside.push(setAsideOf(source, 'collections', record, result.error.message));
  }
  return { collections: sortCollections(collections), setAside };
}

/** Kept secrets put back into a chunk of items as it arrives from storage (nothing to do when this page keeps none). */
export function withSecretsInNodes(nodes: ItemNode[]): ItemNode[] {
  return Object.keys(keptValues()).length === 0 ? nodes : nodes.map((node) => ({ ...node, item: withKeptSecrets(node.item) }));
}

/**
 * Collections the storage worker validated (their items already had kept secrets put back,
 * chunk by chunk): the collection's own variables and auth get theirs, the list is sorted,
 * and the ones it set aside are reported. Nothing here walks a collection's items.
 */
export function checkedCollections(loaded: Pick<LoadedWorkspace, 'collections' | 'setAside'>): { collections: Collection[]; setAside: SetAsideReport[] } {
  const collections = loaded.collections.map(({ collection: { items, ...rest } }) => ({ ...withSecrets({ ...rest, items: [] as Collection['items'] }), items }));
  const setAside = loaded.setAside.map((s) => setAsideOf('browser', 'collections', { key: s.key, value: s.raw }, s.reason));
  return { collections: sortCollections(collections), setAside };
}

/** Environments that validate, as the composer edits them; the rest set aside. */
export function loadEnvironments(source: SetAsideSource, records: readonly RawStoredRecord[]): { environments: RequestEnvironment[]; setAside: SetAsideReport[] } {
  const environments: RequestEnvironment[] = [];
  const setAside: SetAsideReport[] = [];
  for (const record of records) {
    const result = validateWorkspaceRecord('environment', record.value);
    if (result.ok) environments.push(composerEnvironment(withSecrets(result.value)));
    else setAside.push(setAsideOf(source, 'environments', record, result.error.message));
  }
  return { environments, setAside };
}

/** History rows that validate, newest first; damaged ones set aside (their entries stay stored). */
export function loadHistoryRows(records: readonly RawStoredRecord[]): { rows: HistoryRow[]; setAside: SetAsideReport[] } {
  const rows: HistoryRow[] = [];
  const setAside: SetAsideReport[] = [];
  for (const record of records) {
    const parsed = historyRowSchema.safeParse(record.value);
    if (parsed.success && parsed.data.id === record.key) rows.push(parsed.data as HistoryRow);
    else {
      const reason = parsed.success ? `its id "${parsed.data.id}" differs from the key it is stored under` : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
      setAside.push({ key: `browser:historyRows:${record.key}`, source: 'browser', kind: 'history', reason: `The history entry is not valid: ${reason}.`, storeKey: { store: 'historyRows', key: record.key }, raw: record.value, ...identity(record.value) });
    }
  }
  return { rows: sortHistoryRows(rows), setAside };
}

/** The server's reports of files it could not read. */
export function folderReports(files: readonly FolderSetAside[]): SetAsideReport[] {
  return files.map((file) => ({ key: `folder:${file.path}`, source: 'folder', kind: file.kind, reason: file.reason, path: file.path, ...(file.id ? { id: file.id } : {}), ...(file.name ? { name: file.name } : {}) }));
}

/** Settings kept between visits. */
export interface WorkspaceMeta {
  tabLinks: Record<string, TabLink>;
  selectedCollectionId: string | null;
  historyLimit: number;
  keepResponseBodiesVerbatim: boolean;
  /** Set once environments were written to this storage (before that, a snapshot's environments are migrated in). */
  environmentsStored: boolean;
}

/** Reads settings, ignoring any that are damaged (they have defaults; nothing of the person's work is in them). */
export function readWorkspaceMeta(meta: Readonly<Record<string, unknown>>): WorkspaceMeta {
  const links: Record<string, TabLink> = {};
  if (typeof meta.tabLinks === 'object' && meta.tabLinks !== null) {
    for (const [tabId, link] of Object.entries(meta.tabLinks as Record<string, unknown>)) {
      const { collectionId, requestId } = (link ?? {}) as Partial<TabLink>;
      if (typeof collectionId === 'string' && typeof requestId === 'string') links[tabId] = { collectionId, requestId };
    }
  }
  const limit = meta.historyLimit;
  return {
    tabLinks: links,
    selectedCollectionId: typeof meta.selectedCollectionId === 'string' ? meta.selectedCollectionId : null,
    historyLimit: typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_HISTORY_LIMIT,
    environmentsStored: meta.environmentsStored === true,
    keepResponseBodiesVerbatim: meta.keepResponseBodiesVerbatim === true,
  };
}

/**
 * What storing a collection writes, and the text it is compared by, worked out once per
 * collection object: the store replaces a collection when it changes, so an unchanged one
 * (all of them but the one edited) costs nothing at the next write. Without this, every edit
 * anywhere re-serialised every collection, seconds for 100,000 requests (issue 32 item 5).
 */
const storedForms = new WeakMap<Collection, { stored: unknown; text?: string }>();

function storedFormOf(collection: Collection): { stored: unknown; text?: string } {
  let form = storedForms.get(collection);
  if (!form) storedForms.set(collection, (form = { stored: storedCollection(collection) }));
  return form;
}

/** The collection as storage keeps it (secrets blanked), once per collection object. */
export function storedCollectionOf(collection: Collection): unknown {
  return storedFormOf(collection).stored;
}

/** The text a collection is compared by: what storing it would write. */
export function collectionFingerprint(collection: Collection): string {
  const form = storedFormOf(collection);
  form.text ??= canonicalJson(form.stored);
  return form.text;
}

/** The text an environment is compared by: what storing it would write. */
export function environmentFingerprint(environment: RequestEnvironment): string {
  return canonicalJson(storedEnvironment(environment));
}

/** Records by id, with the fingerprint last written (or read) for each. */
export type WrittenFingerprints = Map<string, string>;

/**
 * Merges a new folder revision into the local list. A record whose remote text equals
 * what was last written is unchanged (our own save coming back). A record changed or
 * added on disk replaces or joins the local one — unless the local one has changes not
 * yet written, which then win and are written over it. A record removed on disk goes,
 * unless changed locally. Returns the list to show (same array when nothing changed);
 * `written` is updated to the remote texts adopted.
 */
export function mergeRemote<T extends { id: string }>(local: readonly T[], remote: readonly T[], written: WrittenFingerprints, fingerprint: (record: T) => string): T[] {
  const localById = new Map(local.map((r) => [r.id, r]));
  const remoteIds = new Set(remote.map((r) => r.id));
  const pending = (record: T) => written.get(record.id) !== fingerprint(record);
  let changed = false;
  const out: T[] = [];
  for (const record of local) {
    if (remoteIds.has(record.id) || pending(record) || !written.has(record.id)) out.push(record);
    else {
      written.delete(record.id);
      changed = true;
    }
  }
  for (const record of remote) {
    const text = fingerprint(record);
    const mine = localById.get(record.id);
    if (mine && (text === written.get(record.id) || pending(mine))) continue;
    // Deleted here and not yet written, while unchanged there: the deletion stands.
    if (!mine && text === written.get(record.id)) continue;
    written.set(record.id, text);
    changed = true;
    const index = out.findIndex((r) => r.id === record.id);
    if (index >= 0) out[index] = record;
    else out.push(record);
  }
  return changed ? out : (local as T[]);
}

/**
 * Writes what changed of `records` since the fingerprints in `written` (and removes what is gone):
 * a record is serialised to compare only when it is not the very object last written or read.
 */
export async function writeRecords<T extends { id: string }>(
  records: readonly T[],
  written: WrittenFingerprints,
  fingerprint: (r: T) => string,
  stored: (r: T) => unknown,
  put: (id: string, record: unknown) => Promise<void>,
  remove: (id: string) => Promise<void>,
  /** The objects last written or read: the same object is unchanged, without serialising it to compare. */
  objects?: Map<string, T>,
): Promise<void> {
  const ids = new Set(records.map((r) => r.id));
  for (const record of records) {
    if (objects?.get(record.id) === record && written.has(record.id)) continue;
    const text = fingerprint(record);
    if (written.get(record.id) !== text) await put(record.id, stored(record));
    written.set(record.id, text);
    objects?.set(record.id, record);
  }
  for (const id of [...written.keys()]) {
    if (ids.has(id)) continue;
    await remove(id);
    written.delete(id);
    objects?.delete(id);
  }
}
