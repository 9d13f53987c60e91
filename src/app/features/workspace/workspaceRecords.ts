/**
 * The app's side of workspace records, as pure functions the storage, the folder client
 * and the store share: what a collection or environment looks like when stored (secrets
 * blanked, as everywhere the app stores things), how a finished exchange becomes a history
 * entry (secrets redacted, vault tokens as entry references), and the light rows the
 * history list keeps in memory so 10,000 entries load and filter quickly.
 */
import {
  draftRowId,
  findVariables,
  looksLikeSecretValue,
  isSecretVariable,
  maskResponseHeaders,
  SecretRedaction,
  storedWorkspaceRecord,
  type Collection,
  type CollectionItem,
  type Environment,
  type HistoryEntry,
  type HistoryWire,
  type RelayError,
  type RelayHead,
  type RelaySummary,
  type RequestDraft,
  type RequestEnvironment,
  type SavedRequest,
  type StoredWorkspaceRecord,
  type WireRequest,
} from '../../../core';
import { cookiePairsOf } from '../../../core/cookies/cookieHeader';
import { storableDraft } from '../../base/secrets/storableDraft';
import { keepSecrets } from '../../base/secrets/secretKeeper';
import { checksOfSaved, storableChecks } from '../checks/checksModel';

/** Where a record that did not load came from. */
export type SetAsideSource = 'browser' | 'folder';

/** A stored record or file that did not load, as the workspace panel reports it. */
export interface SetAsideReport {
  /** Unique within the report list. */
  key: string;
  source: SetAsideSource;
  kind: 'collection' | 'environment' | 'history' | 'folder' | 'request';
  reason: string;
  id?: string;
  name?: string;
  /** The file, for the workspace folder. */
  path?: string;
  /** The IndexedDB store and key, so the person can discard it on purpose. */
  storeKey?: { store: 'collections' | 'environments' | 'historyRows'; key: string };
  /** The record as it was found, to copy out. */
  raw?: unknown;
}

/** JSON with object keys sorted: two records are the same when these texts are equal, however they were built. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const record = v as Record<string, unknown>;
    return Object.fromEntries(Object.keys(record).sort().map((k) => [k, record[k]]));
  });
}

/** An item as it is stored (secrets of a request kept aside as references); a folder with its items. */
export function storableItem(item: CollectionItem): CollectionItem {
  if (item.kind === 'folder') return { ...item, items: item.items.map(storableItem) };
  const stored: SavedRequest = { ...item, draft: storableDraft({ ...item.draft, name: item.name }, item.id) };
  // Tokens pasted into a script or an assertion's expected value are kept aside like the draft's (issue 18).
  if (item.scripts || item.assertions) {
    const checks = storableChecks(checksOfSaved(item), item.id, keepSecrets);
    if (item.scripts) stored.scripts = checks.scripts;
    if (item.assertions) stored.assertions = checks.assertions;
  }
  return stored;
}

/**
 * The stored value of a variable: a secret one (or one whose value has the shape of a
 * credential) becomes a `{{secret:owner.name}}` reference, its value handed to the keeper.
 */
export function storableVariableValue(owner: string, name: string, value: string, secret: boolean): string {
  // The one gate's decision: marked secret, or a secret by kind, name or provenance (a token a script stored).
  if (value.trim() === '' || !isSecretVariable({ name, value, secret })) return value;
  if (findVariables(value).length > 0 && value.replace(/\{\{[^{}]*\}\}/g, '').trim() === '') return value;
  const reference = `secret:${owner.replace(/[^A-Za-z0-9_-]+/g, '_')}.${name.replace(/[^A-Za-z0-9_.-]+/g, '_') || 'value'}`;
  keepSecrets({ [reference]: value });
  return `{{${reference}}}`;
}

/**
 * A collection as it is stored (IndexedDB or the workspace folder): every secret of every
 * request, of the collection's auth and of its secret variables is replaced by a
 * `{{secret:…}}` reference, the value kept by the secret keeper (sealed in the vault).
 */
export function storedCollection(collection: Collection): StoredWorkspaceRecord<'collection'> {
  const value: Collection = {
    ...collection,
    variables: collection.variables.map((v) => ({ ...v, value: storableVariableValue(`col-${collection.id}`, v.name, v.value, v.secret === true) })),
    items: collection.items.map(storableItem),
  };
  if (collection.auth) {
    const redaction = new SecretRedaction('variables', [], `secret:col-${collection.id.replace(/[^A-Za-z0-9_-]+/g, '_')}.`);
    const auth = redaction.auth(collection.auth);
    keepSecrets(Object.fromEntries(redaction.variables.map((v) => [v.name, v.value])));
    value.auth = storableDraft({ auth } as RequestDraft).auth;
  }
  return storedWorkspaceRecord('collection', value);
}

/** An environment of the composer as it is stored: no row ids, secret values kept aside as `{{secret:…}}` references. */
export function storedEnvironment(environment: RequestEnvironment): StoredWorkspaceRecord<'environment'> {
  return storedWorkspaceRecord('environment', {
    id: environment.id,
    name: environment.name,
    ...(environment.secret ? { secret: true } : {}),
    variables: environment.variables.map((v) => ({
      name: v.name,
      value: storableVariableValue(`env-${environment.id}`, v.name, v.value, v.secret === true),
      ...(v.secret ? { secret: true } : {}),
      ...(v.enabled ? {} : { enabled: false }),
    })),
  });
}

/** A stored environment as the composer edits it (each variable gets a row id). */
export function composerEnvironment(environment: Environment): RequestEnvironment {
  return {
    id: environment.id,
    name: environment.name,
    ...(environment.secret ? { secret: true } : {}),
    variables: environment.variables.map((v) => ({ id: draftRowId('var'), name: v.name, value: v.value, enabled: v.enabled !== false, secret: v.secret === true })),
  };
}

export { sortCollections } from './collectionOrder';

/** What the history list keeps in memory for one entry; the full entry stays in storage until opened. */
export interface HistoryRow {
  id: string;
  at: string;
  method: string;
  url: string;
  status?: number;
  durationMs?: number;
  /** The relay error kind when no response came. */
  errorKind?: string;
  /** Decoded response body size in bytes. */
  size?: number;
}

/** The row of a history entry. */
export function historyRowOf(entry: HistoryEntry): HistoryRow {
  const row: HistoryRow = { id: entry.id, at: entry.at, method: entry.wire.method, url: entry.wire.url };
  if (entry.status !== undefined) row.status = entry.status;
  if (entry.durationMs !== undefined) row.durationMs = entry.durationMs;
  if (entry.error) row.errorKind = entry.error.kind;
  if (entry.sizes?.responseBodyDecoded !== undefined) row.size = entry.sizes.responseBodyDecoded;
  return row;
}

/** Newest first; entries of the same instant keep a stable order by id. */
export function sortHistoryRows(rows: HistoryRow[]): HistoryRow[] {
  return rows.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1));
}

/**
 * Rows whose method, URL, status or error contain every word of `text` (case-insensitive).
 * Blank text keeps every row, as the same array.
 */
export function searchHistoryRows(rows: readonly HistoryRow[], text: string): readonly HistoryRow[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const haystack = `${row.method} ${row.url} ${row.status ?? ''} ${row.errorKind ?? ''}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

/** The ids to drop so that at most `limit` rows remain: the oldest ones (rows are newest first). */
export function historyOverflow(rows: readonly HistoryRow[], limit: number): string[] {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`The history limit must be a whole number above 0, not ${limit}`);
  return rows.length <= limit ? [] : rows.slice(limit).map((r) => r.id);
}

/** Request bodies up to this size are kept as text in history (redacted); larger ones are not kept. */
export const HISTORY_BODY_TEXT_LIMIT = 64 * 1024;

/** The wire request as history keeps it: a text body only when it is text and small. */
export function historyWireOf(wire: WireRequest): HistoryWire {
  const out: HistoryWire = { method: wire.method, url: wire.url, headers: wire.headers.map((h) => ({ name: h.name, value: h.value })) };
  const chunks = wire.body ?? [];
  if (chunks.length === 0) return out;
  let text = '';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const chunk of chunks) {
    if (typeof chunk === 'string') text += chunk;
    else if (chunk instanceof Uint8Array) {
      try {
        text += decoder.decode(chunk);
      } catch {
        return out;
      }
    } else return out;
    if (text.length > HISTORY_BODY_TEXT_LIMIT) return out;
  }
  out.bodyText = text;
  return out;
}

/** A reference naming a vault entry in place of its token: `{{vault:<entry id>}}`. */
export function vaultReference(entryId: string): string {
  return `{{vault:${entryId}}}`;
}

/** What a finished exchange leaves for history. */
export interface ExchangeRecord {
  id: string;
  /** When the send started, ms since the epoch. */
  sentAt: number;
  draft: RequestDraft;
  wire: WireRequest;
  head?: RelayHead;
  summary?: RelaySummary;
  error?: RelayError;
  /** Whether a response body Blob is stored under the entry's id. */
  bodyStored: boolean;
  /** Milliseconds from send to the end, when the relay gave no timings. */
  elapsedMs?: number;
}

/**
 * The history entry of an exchange, with secrets taken out: the draft and the wire go
 * through one `SecretRedaction`, so a secret becomes the same `{{variable}}` in both; the
 * Authorization a vault entry produced becomes a reference to the entry; the values of
 * the introduced variables are dropped, never stored.
 */
export function historyEntryOf(record: ExchangeRecord): HistoryEntry {
  return historyEntryWithSecrets(record).entry;
}

/** `historyEntryOf`, with the secret values the request carried (to mask them where the response repeats them); never stored. */
export function historyEntryWithSecrets(record: ExchangeRecord): { entry: HistoryEntry; carried: string[] } {
  const redaction = new SecretRedaction('variables');
  const draft = redaction.draft(record.draft);
  let wire = redaction.wire(historyWireOf(record.wire));
  const vaultEntryId = record.draft.auth.scheme === 'vault' ? record.draft.auth.vaultEntryId : undefined;
  if (vaultEntryId) {
    wire = {
      ...wire,
      headers: wire.headers.map((h) => {
        if (!/^(proxy-)?authorization$/i.test(h.name)) return h;
        const scheme = /^\S+\s/.exec(h.value)?.[0] ?? '';
        return { name: h.name, value: `${scheme}${vaultReference(vaultEntryId)}` };
      }),
    };
  }
  const entry: HistoryEntry = { id: record.id, at: new Date(record.sentAt).toISOString(), draft, wire };
  let headerSecrets: string[] = [];
  if (record.head) {
    entry.status = record.head.status;
    entry.reason = record.head.reason;
    entry.httpVersion = record.head.httpVersion;
    // Secret headers and cookies become references as on the request side; what is left
    // (a token or an authorization code in a Location, a credential in any value) is masked.
    const masked = maskResponseHeaders(redaction.headers(record.head.headers));
    entry.responseHeaders = masked.headers;
    headerSecrets = masked.secrets;
  }
  if (record.summary) {
    entry.timings = record.summary.timings;
    entry.sizes = record.summary.sizes;
    entry.durationMs = record.summary.timings.total;
  } else if (record.elapsedMs !== undefined) entry.durationMs = Math.max(0, record.elapsedMs);
  if (record.error) entry.error = { kind: record.error.kind, message: record.error.message };
  if (record.bodyStored) entry.responseBodyRef = record.id;
  return { entry, carried: [...redaction.variables.map((v) => v.value), ...cookieValuesOf(record), ...headerSecrets] };
}

/**
 * The cookie values an exchange carried that the draft did not: what the jar added to the
 * Cookie header as sent and what Set-Cookie lines set, so a body that repeats one is masked.
 */
function cookieValuesOf(record: ExchangeRecord): string[] {
  const sent = (record.summary?.sent.headers ?? []).filter((h) => /^cookie$/i.test(h.name)).flatMap((h) => cookiePairsOf(h.value));
  const set = (record.head?.headers ?? []).filter((h) => /^set-cookie$/i.test(h.name)).flatMap((h) => cookiePairsOf(h.value.split(';', 1)[0] ?? ''));
  return [...sent, ...set].map((p) => p.value).filter((v) => v.length >= 4);
}
