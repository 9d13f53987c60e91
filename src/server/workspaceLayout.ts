/**
 * How a workspace lives on disk, as pure functions between records and file texts, so a
 * team can keep collections in git and read a diff: one JSON file per request, folders as
 * directories, the order of a folder in its `collection.json` / `folder.json`, keys in a
 * fixed order, 2-space indent and a trailing newline, and nothing volatile (no row ids,
 * no draft ids, no timestamps). A file that cannot be read is set aside with the reason;
 * it never hides the rest of its collection.
 */
import {
  collectionItemSchema,
  collectionSchema,
  environmentSchema,
  formatSchemaProblem,
  migrateWorkspaceRecord,
  parseJson,
  schemaProblems,
  type Collection,
  type CollectionItem,
  type Environment,
  type Folder,
  type RequestDraft,
  type SavedRequest,
} from '../core';

/** The file naming a collection directory: name, variables, auth and the order of its entries. */
export const COLLECTION_FILE = 'collection.json';
/** The file naming a folder directory and the order of its entries. */
export const FOLDER_FILE = 'folder.json';

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

/** Keys written first, in this order; the rest follow alphabetically. */
const KEY_ORDER = [
  'version',
  'kind',
  'id',
  'name',
  'description',
  'requestType',
  'soap',
  'enabled',
  'secret',
  'scheme',
  'method',
  'url',
  'value',
  'order',
  'variables',
  'pathParams',
  'query',
  'headers',
  'auth',
  'body',
  'options',
  'draft',
];
const KEY_RANK = new Map(KEY_ORDER.map((key, i) => [key, i]));

function orderedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort((a, b) => (KEY_RANK.get(a) ?? KEY_ORDER.length) - (KEY_RANK.get(b) ?? KEY_ORDER.length) || (a < b ? -1 : a > b ? 1 : 0));
}

function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of orderedKeys(record)) out[key] = ordered(record[key]);
  return out;
}

/** JSON with keys in a fixed order, 2-space indent and a trailing newline: the same value always gives the same bytes. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(ordered(value), null, 2)}\n`;
}

/** A file or directory name for `name`: lower case letters, digits and dashes, at most 60 characters. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'untitled';
}

/** `base + ext`, or `base-2 + ext`, `base-3 + ext`… — the first not in `taken`, which it joins. */
export function uniqueName(base: string, taken: Set<string>, ext = ''): string {
  for (let n = 1; ; n++) {
    const name = `${n === 1 ? base : `${base}-${n}`}${ext}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

/** A short id that is the same every time for the same path, for hand-written files without one. */
export function pathId(prefix: string, path: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${prefix}-${hash.toString(36)}`;
}

function withoutId<T extends { id?: string }>(row: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = row;
  return rest;
}

function fileRefOnDisk(file: { id: string; name: string; size: number; type?: string } | undefined) {
  return file ? withoutId(file) : undefined;
}

/**
 * A draft as written to disk: no draft id or row ids (they change on every load), no name
 * (the request's name is the file's `name`), and only the body parts in use, so a file
 * says what the request is and a diff shows only what changed.
 */
export function diskDraft(draft: RequestDraft): Record<string, unknown> {
  const body = draft.body;
  const texts = Object.fromEntries(Object.entries(body.texts).filter(([, text]) => text !== ''));
  const out: Record<string, unknown> = { method: draft.method, url: draft.url };
  if (draft.pathParams.some((p) => p.value !== '')) out.pathParams = draft.pathParams;
  if (draft.query.length > 0) out.query = draft.query.map(withoutId);
  if (draft.headers.length > 0) out.headers = draft.headers.map(withoutId);
  if (draft.auth.scheme !== 'none' || Object.keys(draft.auth.values).length > 0) out.auth = draft.auth;
  const diskBody: Record<string, unknown> = { kind: body.kind };
  if (Object.keys(texts).length > 0) diskBody.texts = texts;
  if (body.form.length > 0) diskBody.form = body.form.map(withoutId);
  if (body.multipart.length > 0) {
    diskBody.multipart = body.multipart.map((part) => ({ ...withoutId(part), file: fileRefOnDisk(part.file), headers: part.headers.length > 0 ? part.headers.map(withoutId) : undefined }));
  }
  if (body.kind === 'multipart') diskBody.boundary = body.boundary;
  if (body.binary) diskBody.binary = fileRefOnDisk(body.binary);
  out.body = diskBody;
  out.options = draft.options;
  return out;
}

/** What `collectionFiles` writes for one collection: file texts by path inside its directory, with the item each request file holds. */
export interface CollectionFileSet {
  files: Map<string, { text: string; item?: SavedRequest }>;
}

function requestFile(request: SavedRequest): string {
  return stableJson({
    kind: 'request',
    id: request.id,
    name: request.name,
    description: request.description,
    requestType: request.requestType,
    soap: request.soap,
    draft: diskDraft(request.draft),
  });
}

/**
 * The files of `collection`, by path relative to its directory: `collection.json`, one
 * `<name>.json` per request and one directory (with `folder.json`) per folder. Names are
 * slugs of the items' names, made unique within their folder; `order` keeps the tree order.
 */
export function collectionFiles(collection: Collection): CollectionFileSet {
  const files = new Map<string, { text: string; item?: SavedRequest }>();
  const writeItems = (items: readonly CollectionItem[], prefix: string): string[] => {
    const taken = new Set([COLLECTION_FILE, FOLDER_FILE]);
    const order: string[] = [];
    for (const item of items) {
      if (item.kind === 'folder') {
        const dir = uniqueName(slugOf(item.name), taken);
        order.push(dir);
        const inner = writeItems(item.items, `${prefix}${dir}/`);
        files.set(`${prefix}${dir}/${FOLDER_FILE}`, { text: stableJson({ id: item.id, name: item.name, description: item.description, order: inner }) });
      } else {
        const file = uniqueName(slugOf(item.name), taken, '.json');
        order.push(file);
        files.set(`${prefix}${file}`, { text: requestFile(item), item });
      }
    }
    return order;
  };
  const order = writeItems(collection.items, '');
  files.set(COLLECTION_FILE, {
    text: stableJson({
      version: 1,
      id: collection.id,
      name: collection.name,
      description: collection.description,
      variables: collection.variables,
      auth: collection.auth,
      order,
    }),
  });
  return { files };
}

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

/** The file text of an environment. */
export function environmentFile(environment: Environment): string {
  return stableJson({ version: 1, id: environment.id, name: environment.name, variables: environment.variables });
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
