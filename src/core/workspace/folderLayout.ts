/**
 * How a workspace lives on disk, as pure functions from records to file texts, so a team
 * can keep collections in git and read a diff: one JSON file per request, folders as
 * directories, the order of a folder in its `collection.json` / `folder.json`, keys in a
 * fixed order, 2-space indent and a trailing newline, and nothing volatile (no row ids,
 * no draft ids, no timestamps). Reading the files back, with its set-aside reasons, is in
 * `folderLayoutReading.ts`.
 */
import type { RequestDraft } from '../request';
import type { Collection, CollectionItem, Environment, SavedRequest } from './model';

/** The file naming a collection directory: name, variables, auth and the order of its entries. */
export const COLLECTION_FILE = 'collection.json';
/** The file naming a folder directory and the order of its entries. */
export const FOLDER_FILE = 'folder.json';

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
    scripts: request.scripts,
    // Captures and assertions (issue 18) go with the request, so `wirebench run` on the folder checks what the app saved.
    captures: request.captures,
    assertions: request.assertions,
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

/** The file text of an environment. */
export function environmentFile(environment: Environment): string {
  return stableJson({ version: 1, id: environment.id, name: environment.name, variables: environment.variables });
}
