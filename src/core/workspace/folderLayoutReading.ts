/**
 * Reading a workspace's files back into records: the inverse of `folderLayout.ts`,
 * tolerant of hand-written files (missing ids, names and order are filled in from paths).
 * A file that cannot be read is set aside with the reason; it never hides the rest of its
 * collection. Separate from the writing side because it carries all the validation,
 * migration and error wording, which writing never needs.
 */
import { parseJson } from '../encoding/json';
import type { Collection, CollectionItem, Environment, Folder, SavedRequest } from './model';
import { collectionItemSchema, collectionSchema, environmentSchema, migrateWorkspaceRecord } from './schema';
import { formatSchemaProblem, schemaProblems } from './schemaIssues';
import { COLLECTION_FILE, FOLDER_FILE, pathId } from './folderLayout';

/** A file the folder could not load, and why. Paths are relative to the workspace folder. */
export interface WorkspaceFileSetAside {
  path: string;
  kind: 'collection' | 'folder' | 'request' | 'environment';
  reason: string;
  id?: string;
  name?: string;
}

/** Parsed items by `path + text`, so an unchanged file keeps the very item it had (row ids included). */
export type ItemCache = Pick<Map<string, CollectionItem>, 'get' | 'set'>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses JSON, failing with the line and column of the first error. */
function readJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  const parsed = parseJson(text);
  if (parsed.ok) return parsed;
  const at = parsed.error.position;
  return { ok: false, reason: `not valid JSON${at ? ` at line ${at.line}, column ${at.column}` : ''}: ${parsed.error.message}` };
}

function problemsText(error: Parameters<typeof schemaProblems>[0]): string {
  const problems = schemaProblems(error);
  return problems.slice(0, 5).map(formatSchemaProblem).join('; ') + (problems.length > 5 ? ` (and ${problems.length - 5} more)` : '');
}

/** A draft read from disk gets back what `diskDraft` left out: the request's name and empty file ids. */
function draftFromDisk(raw: unknown, name: string): unknown {
  if (!isObject(raw)) return raw;
  const restoreFile = (file: unknown) => (isObject(file) && file.id === undefined ? { ...file, id: '' } : file);
  const body = isObject(raw.body)
    ? {
        ...raw.body,
        binary: restoreFile(raw.body.binary),
        multipart: Array.isArray(raw.body.multipart) ? raw.body.multipart.map((part) => (isObject(part) ? { ...part, file: restoreFile(part.file) } : part)) : raw.body.multipart,
      }
    : raw.body;
  return { ...raw, name, body };
}

function readRequest(path: string, text: string, cache: ItemCache | undefined): { item: SavedRequest } | { reason: string; id?: string; name?: string } {
  const key = `${path}\n${text}`;
  const cached = cache?.get(key);
  if (cached && cached.kind === 'request') return { item: cached };
  const json = readJson(text);
  if (!json.ok) return { reason: json.reason };
  if (!isObject(json.value)) return { reason: 'a request file must hold a JSON object' };
  const raw = json.value;
  const name = typeof raw.name === 'string' ? raw.name : (path.split('/').pop() ?? path).replace(/\.json$/, '');
  const candidate = {
    ...raw,
    kind: raw.kind ?? 'request',
    id: raw.id ?? pathId('req', path),
    name,
    requestType: raw.requestType ?? (raw.soap ? 'soap' : 'http'),
    draft: draftFromDisk(raw.draft, name),
  };
  if (candidate.kind !== 'request') return { reason: `"kind" is ${JSON.stringify(candidate.kind)}; a file in a collection holds one request (folders are directories)` };
  const parsed = collectionItemSchema.safeParse(candidate);
  const named = { ...(typeof raw.id === 'string' ? { id: raw.id } : {}), name };
  if (!parsed.success) return { reason: problemsText(parsed.error), ...named };
  const item = parsed.data as SavedRequest;
  cache?.set(key, item);
  return { item };
}

/** The entry names of a folder in display order: those in `order` first (if present), then the rest by name. */
function entryOrder(entries: string[], order: unknown): string[] {
  const listed = Array.isArray(order) ? order.filter((e): e is string => typeof e === 'string' && entries.includes(e)) : [];
  const rest = entries.filter((e) => !listed.includes(e)).sort();
  return [...new Set(listed), ...rest];
}

/** What a collection directory held. */
export interface CollectionRead {
  /** The collection, when its `collection.json` could be read. */
  collection?: Collection;
  setAside: WorkspaceFileSetAside[];
  /** Paths (inside the workspace folder) of the files that were read into the collection. */
  loaded: string[];
}

/**
 * Reads one collection directory from its files (`files`: text by path relative to the
 * directory). A broken `collection.json` sets the whole collection aside; a broken request
 * or `folder.json` sets aside only that file (a folder whose `folder.json` is broken is
 * still read, named after its directory). A directory without `collection.json` is a
 * collection named after it. `root` prefixes the paths in reports, e.g. `collections/shop/`.
 */
export function collectionFromFiles(root: string, files: ReadonlyMap<string, string>, cache?: ItemCache): CollectionRead {
  const setAside: WorkspaceFileSetAside[] = [];
  const loaded: string[] = [];
  const dirName = root.replace(/\/+$/, '').split('/').pop() ?? root;
  let head: Record<string, unknown> = { name: dirName };
  const headText = files.get(COLLECTION_FILE);
  if (headText !== undefined) {
    const json = readJson(headText);
    if (!json.ok || !isObject(json.value)) {
      setAside.push({ path: `${root}${COLLECTION_FILE}`, kind: 'collection', reason: json.ok ? 'collection.json must hold a JSON object' : json.reason });
      return { setAside, loaded };
    }
    head = json.value;
  }
  const migrated = migrateWorkspaceRecord('collection', { ...head, id: head.id ?? pathId('col', root), name: head.name ?? dirName, items: [] });
  const identity = { ...(typeof head.id === 'string' ? { id: head.id } : {}), ...(typeof head.name === 'string' ? { name: head.name } : {}) };
  if (!migrated.ok) {
    setAside.push({ path: `${root}${COLLECTION_FILE}`, kind: 'collection', reason: migrated.error.message, ...identity });
    return { setAside, loaded };
  }
  const { order: _order, ...withoutOrder } = migrated.value as Record<string, unknown>;
  const checked = collectionSchema.safeParse(withoutOrder);
  if (!checked.success) {
    setAside.push({ path: `${root}${COLLECTION_FILE}`, kind: 'collection', reason: problemsText(checked.error), ...identity });
    return { setAside, loaded };
  }
  if (headText !== undefined) loaded.push(`${root}${COLLECTION_FILE}`);

  const readDir = (prefix: string, order: unknown): CollectionItem[] => {
    const entries = new Set<string>();
    for (const path of files.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash >= 0) entries.add(rest.slice(0, slash));
      else if (rest.endsWith('.json') && rest !== COLLECTION_FILE && rest !== FOLDER_FILE) entries.add(rest);
    }
    const items: CollectionItem[] = [];
    for (const entry of entryOrder([...entries], order)) {
      const path = `${prefix}${entry}`;
      const text = files.get(path);
      if (text !== undefined) {
        const read = readRequest(`${root}${path}`, text, cache);
        if ('item' in read) {
          items.push(read.item);
          loaded.push(`${root}${path}`);
        } else {
          setAside.push({ path: `${root}${path}`, kind: 'request', reason: read.reason, ...(read.id ? { id: read.id } : {}), ...(read.name ? { name: read.name } : {}) });
        }
        continue;
      }
      let folderHead: Record<string, unknown> = {};
      const folderText = files.get(`${path}/${FOLDER_FILE}`);
      if (folderText !== undefined) {
        const json = readJson(folderText);
        if (json.ok && isObject(json.value)) {
          folderHead = json.value;
          loaded.push(`${root}${path}/${FOLDER_FILE}`);
        } else {
          setAside.push({ path: `${root}${path}/${FOLDER_FILE}`, kind: 'folder', reason: `${json.ok ? 'folder.json must hold a JSON object' : json.reason}; the folder is shown with its directory name` });
        }
      }
      const folder: Folder = {
        kind: 'folder',
        id: typeof folderHead.id === 'string' && folderHead.id !== '' ? folderHead.id : pathId('fld', `${root}${path}`),
        name: typeof folderHead.name === 'string' && folderHead.name.trim() !== '' ? folderHead.name : entry,
        items: readDir(`${path}/`, folderHead.order),
      };
      if (typeof folderHead.description === 'string') folder.description = folderHead.description;
      items.push(folder);
    }
    return items;
  };

  const { version: _version, ...value } = checked.data;
  const collection: Collection = { ...(value as Omit<Collection, 'items'>), items: readDir('', head.order) };
  return { collection, setAside: dedupeIds(collection, setAside, root), loaded };
}

/** Two files with the same item id (a copied file): the later one would break the tree, so it gets an id from its path. */
function dedupeIds(collection: Collection, setAside: WorkspaceFileSetAside[], root: string): WorkspaceFileSetAside[] {
  const seen = new Set<string>();
  const visit = (items: CollectionItem[], path: string): CollectionItem[] =>
    items.map((item, index) => {
      let next = item;
      if (seen.has(item.id)) next = { ...item, id: pathId(item.kind === 'folder' ? 'fld' : 'req', `${root}${path}${index}:${item.name}`) };
      seen.add(next.id);
      return next.kind === 'folder' ? { ...next, items: visit(next.items, `${path}${next.name}/`) } : next;
    });
  collection.items = visit(collection.items, '');
  return setAside;
}

/** Reads an environment file (`path` relative to the workspace folder, for reports and default ids). */
export function environmentFromFile(path: string, text: string): { environment: Environment } | { setAside: WorkspaceFileSetAside } {
  const json = readJson(text);
  if (!json.ok || !isObject(json.value)) return { setAside: { path, kind: 'environment', reason: json.ok ? 'an environment file must hold a JSON object' : json.reason } };
  const raw = json.value;
  const name = typeof raw.name === 'string' ? raw.name : (path.split('/').pop() ?? path).replace(/\.json$/, '');
  const migrated = migrateWorkspaceRecord('environment', { ...raw, id: raw.id ?? pathId('env', path), name });
  const identity = { ...(typeof raw.id === 'string' ? { id: raw.id } : {}), name };
  if (!migrated.ok) return { setAside: { path, kind: 'environment', reason: migrated.error.message, ...identity } };
  const parsed = environmentSchema.safeParse(migrated.value);
  if (!parsed.success) return { setAside: { path, kind: 'environment', reason: problemsText(parsed.error), ...identity } };
  const { version: _version, ...environment } = parsed.data;
  return { environment };
}
