/**
 * `--workspace DIR`: collections and environments kept as readable files in a folder a
 * team shares through git (layout in `workspaceLayout.ts`). The folder is read at start,
 * written when the app saves, and watched: an edit made on disk while the app runs bumps
 * the revision, and the app, long-polling `/api/workspace/changes`, picks it up. A file
 * that cannot be read is reported as set aside, never fatal and never deleted.
 */
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir, readFile, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import {
  storedWorkspaceRecord,
  validateWorkspaceRecord,
  type Collection,
  type CollectionItem,
  type Environment,
  type Result,
  type StoredWorkspaceRecord,
} from '../core';
import {
  collectionFiles,
  collectionFromFiles,
  environmentFile,
  environmentFromFile,
  slugOf,
  uniqueName,
  type ItemCache,
  type WorkspaceFileSetAside,
} from './workspaceLayout';

/** Everything the app needs from the folder, at one revision. */
export interface WorkspaceFolderState {
  enabled: true;
  /** The folder, as given on the command line (resolved). */
  dir: string;
  /** Grows whenever what the folder holds changes (by the app or on disk). */
  revision: number;
  collections: StoredWorkspaceRecord<'collection'>[];
  environments: StoredWorkspaceRecord<'environment'>[];
  setAside: WorkspaceFileSetAside[];
}

/** Files larger than this are set aside unread: a workspace file is a request, not a payload. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const COLLECTIONS = 'collections';
const ENVIRONMENTS = 'environments';

interface CollectionEntry {
  dir: string;
  collection: Collection;
  /** Workspace-relative paths of the files this collection was read from. */
  loaded: string[];
}

interface EnvironmentEntry {
  file: string;
  environment: Environment;
}

function isHidden(name: string): boolean {
  return name.startsWith('.') || name.endsWith('~');
}

/** Every `.json` file under `dir`, by path relative to it; unreadable or huge ones are reported. */
async function readTree(dir: string, report: (relative: string, reason: string) => void): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (relative: string) => {
    let entries;
    try {
      entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (err) {
      report(relative, `the directory cannot be read: ${(err as Error).message}`);
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (isHidden(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && entry.name.endsWith('.json')) {
        try {
          const info = await stat(path.join(dir, child));
          if (info.size > MAX_FILE_BYTES) {
            report(child, `the file is ${info.size} bytes; workspace files are read up to ${MAX_FILE_BYTES}`);
            continue;
          }
          files.set(child, await readFile(path.join(dir, child), 'utf8'));
        } catch (err) {
          report(child, `the file cannot be read: ${(err as Error).message}`);
        }
      }
    }
  };
  await walk('');
  return files;
}

/** Writes `text` to `file` through a temporary file, so a crash never leaves half a file; unchanged files are not touched. */
async function writeText(file: string, text: string): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current === text) return;
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await writeFile(temporary, text, 'utf8');
  await rename(temporary, file);
}

/** Removes `dir` and its parents up to (not including) `stop` while they are empty. */
async function removeEmptyDirs(dir: string, stop: string): Promise<void> {
  let current = dir;
  while (current.startsWith(stop + path.sep) && current !== stop) {
    const entries = await readdir(current).catch(() => null);
    if (!entries || entries.length > 0) return;
    await rmdir(current).catch(() => undefined);
    current = path.dirname(current);
  }
}

/** Removes every now-empty directory below `dir` (bottom-up), keeping `dir` itself. */
async function pruneEmptyDirs(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const child = path.join(dir, entry.name);
    await pruneEmptyDirs(child);
    const rest = await readdir(child).catch(() => null);
    if (rest && rest.length === 0) await rmdir(child).catch(() => undefined);
  }
}

/** A workspace folder on disk, its current contents, and the watch that keeps them current. */
export class WorkspaceFolder {
  private collections = new Map<string, CollectionEntry>();
  private environments = new Map<string, EnvironmentEntry>();
  private setAside: WorkspaceFileSetAside[] = [];
  private signature = '';
  private cache = new Map<string, CollectionItem>();
  private queue: Promise<unknown> = Promise.resolve();
  private waiters = new Set<() => void>();
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private rescanTimer: NodeJS.Timeout | undefined;
  revision = 0;

  private constructor(readonly dir: string) {}

  /**
   * Opens `dir` (creating it and its `collections/` and `environments/` when missing),
   * reads it, and with `watch` (the default) follows edits made on disk.
   */
  static async open(dir: string, options: { watch?: boolean } = {}): Promise<WorkspaceFolder> {
    const folder = new WorkspaceFolder(path.resolve(dir));
    await mkdir(path.join(folder.dir, COLLECTIONS), { recursive: true });
    await mkdir(path.join(folder.dir, ENVIRONMENTS), { recursive: true });
    await folder.rescan();
    if (options.watch !== false) folder.startWatching();
    return folder;
  }

  private startWatching(): void {
    const schedule = () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.rescan(), 120);
    };
    try {
      this.watcher = watch(this.dir, { recursive: true }, schedule);
      this.watcher.on('error', () => undefined);
    } catch {
      this.watcher = undefined;
    }
    // Watchers miss events on some file systems (network shares, some editors' save dance): a slow poll covers them.
    this.rescanTimer = setInterval(() => void this.rescan(), this.watcher ? 5000 : 1500);
    this.rescanTimer.unref();
  }

  /** Stops watching and releases waiting pollers. */
  close(): void {
    this.watcher?.close();
    clearTimeout(this.timer);
    clearInterval(this.rescanTimer);
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Runs `task` after every earlier write or read, so the folder is never read half-written. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The folder's contents now. */
  state(): WorkspaceFolderState {
    const byName = <T extends { name: string; id: string }>(a: T, b: T) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1);
    return {
      enabled: true,
      dir: this.dir,
      revision: this.revision,
      collections: [...this.collections.values()].map((e) => storedWorkspaceRecord('collection', e.collection)).sort(byName),
      environments: [...this.environments.values()].map((e) => storedWorkspaceRecord('environment', e.environment)).sort(byName),
      setAside: [...this.setAside],
    };
  }

  /** Re-reads the folder; bumps the revision and wakes pollers when anything changed. */
  rescan(): Promise<void> {
    return this.serial(() => this.readAll());
  }

  private async readAll(): Promise<void> {
    const collections = new Map<string, CollectionEntry>();
    const environments = new Map<string, EnvironmentEntry>();
    const setAside: WorkspaceFileSetAside[] = [];
    const nextCache = new Map<string, CollectionItem>();
    const cache: ItemCache = {
      get: (key) => {
        const item = this.cache.get(key) ?? nextCache.get(key);
        if (item) nextCache.set(key, item);
        return item;
      },
      set: (key, item) => nextCache.set(key, item),
    };
    const collectionsDir = path.join(this.dir, COLLECTIONS);
    const entries = await readdir(collectionsDir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (isHidden(entry.name)) continue;
      const root = `${COLLECTIONS}/${entry.name}/`;
      if (!entry.isDirectory()) {
        if (entry.name.endsWith('.json')) setAside.push({ path: `${COLLECTIONS}/${entry.name}`, kind: 'collection', reason: 'a collection is a directory with a collection.json, not a single file' });
        continue;
      }
      const files = await readTree(path.join(collectionsDir, entry.name), (relative, reason) =>
        setAside.push({ path: `${root}${relative}`, kind: 'request', reason }),
      );
      const read = collectionFromFiles(root, files, cache);
      setAside.push(...read.setAside);
      if (!read.collection) continue;
      const clash = collections.get(read.collection.id);
      if (clash) {
        setAside.push({
          path: `${root}collection.json`,
          kind: 'collection',
          id: read.collection.id,
          name: read.collection.name,
          reason: `it has the same id "${read.collection.id}" as ${COLLECTIONS}/${clash.dir}/ (a copied directory?); give it another id`,
        });
        continue;
      }
      collections.set(read.collection.id, { dir: entry.name, collection: read.collection, loaded: read.loaded });
    }
    const environmentFiles = await readTree(path.join(this.dir, ENVIRONMENTS), (relative, reason) =>
      setAside.push({ path: `${ENVIRONMENTS}/${relative}`, kind: 'environment', reason }),
    );
    for (const [relative, text] of environmentFiles) {
      const file = `${ENVIRONMENTS}/${relative}`;
      const read = environmentFromFile(file, text);
      if ('setAside' in read) setAside.push(read.setAside);
      else if (environments.has(read.environment.id)) {
        setAside.push({ path: file, kind: 'environment', id: read.environment.id, name: read.environment.name, reason: `another environment file has the same id "${read.environment.id}"` });
      } else environments.set(read.environment.id, { file: relative, environment: read.environment });
    }
    this.cache = nextCache;
    this.collections = collections;
    this.environments = environments;
    this.setAside = setAside;
    // What is on disk decides the revision: the same files read with fresh row ids are no change.
    const signature = JSON.stringify([
      [...collections.values()].map((e) => [e.dir, [...collectionFiles(e.collection).files].map(([p, f]) => [p, f.text])]),
      [...environments.values()].map((e) => [e.file, environmentFile(e.environment)]),
      setAside,
    ]);
    if (signature !== this.signature) {
      this.signature = signature;
      this.revision += 1;
      for (const wake of this.waiters) wake();
      this.waiters.clear();
    }
  }

  /** Resolves once the revision is above `since`, or after `timeoutMs`, or when `signal` aborts. */
  waitForChange(since: number, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.revision > since || timeoutMs <= 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
      signal?.addEventListener('abort', done);
    });
  }

  /** Writes a collection (a stored record, validated here) as files; fails with the validation message. */
  putCollection(raw: unknown): Promise<Result<number>> {
    return this.serial(async () => {
      const validated = validateWorkspaceRecord('collection', raw);
      if (!validated.ok) return validated;
      const collection = validated.value;
      const existing = this.collections.get(collection.id);
      const slug = slugOf(collection.name);
      const taken = new Set(await readdir(path.join(this.dir, COLLECTIONS)).catch(() => []));
      let dir: string;
      if (existing && (existing.dir === slug || new RegExp(`^${slug}-\\d+$`).test(existing.dir))) dir = existing.dir;
      else {
        if (existing) taken.delete(existing.dir);
        dir = uniqueName(slug, taken);
      }
      const root = path.join(this.dir, COLLECTIONS, dir);
      const written = new Set<string>();
      for (const [relative, file] of collectionFiles(collection).files) {
        const workspacePath = `${COLLECTIONS}/${dir}/${relative}`;
        written.add(workspacePath);
        await writeText(path.join(root, relative), file.text);
        if (file.item) this.cache.set(`${workspacePath}\n${file.text}`, file.item);
      }
      await this.removeStale(existing?.loaded ?? [], written);
      if (existing && existing.dir !== dir) await removeEmptyDirs(path.join(this.dir, COLLECTIONS, existing.dir), path.join(this.dir, COLLECTIONS));
      await pruneEmptyDirs(root);
      await this.readAll();
      return { ok: true, value: this.revision };
    });
  }

  /** Deletes the files a collection was read from; files set aside in its directory stay. */
  deleteCollection(id: string): Promise<boolean> {
    return this.serial(async () => {
      const existing = this.collections.get(id);
      if (!existing) return false;
      await this.removeStale(existing.loaded, new Set());
      const root = path.join(this.dir, COLLECTIONS, existing.dir);
      await pruneEmptyDirs(root);
      await removeEmptyDirs(root, path.join(this.dir, COLLECTIONS));
      await this.readAll();
      return true;
    });
  }

  private async removeStale(loaded: readonly string[], kept: ReadonlySet<string>): Promise<void> {
    for (const file of loaded) {
      if (!kept.has(file)) await unlink(path.join(this.dir, file)).catch(() => undefined);
    }
  }

  /** Writes an environment (a stored record, validated here) as `environments/<name>.json`. */
  putEnvironment(raw: unknown): Promise<Result<number>> {
    return this.serial(async () => {
      const validated = validateWorkspaceRecord('environment', raw);
      if (!validated.ok) return validated;
      const environment = validated.value;
      const existing = this.environments.get(environment.id);
      const slug = slugOf(environment.name);
      let file: string;
      if (existing && (existing.file === `${slug}.json` || new RegExp(`^${slug}-\\d+\\.json$`).test(existing.file))) file = existing.file;
      else {
        const taken = new Set(await readdir(path.join(this.dir, ENVIRONMENTS)).catch(() => []));
        if (existing) taken.delete(existing.file);
        file = uniqueName(slug, taken, '.json');
      }
      await writeText(path.join(this.dir, ENVIRONMENTS, file), environmentFile(environment));
      if (existing && existing.file !== file) await unlink(path.join(this.dir, ENVIRONMENTS, existing.file)).catch(() => undefined);
      await this.readAll();
      return { ok: true, value: this.revision };
    });
  }

  /** Deletes an environment's file. */
  deleteEnvironment(id: string): Promise<boolean> {
    return this.serial(async () => {
      const existing = this.environments.get(id);
      if (!existing) return false;
      await unlink(path.join(this.dir, ENVIRONMENTS, existing.file)).catch(() => undefined);
      await this.readAll();
      return true;
    });
  }
}

/** Request bodies of `/api/workspace` are records, not payloads. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;
/** How long a changes poll waits for a change before answering "unchanged". */
const MAX_WAIT_MS = 25_000;

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(value));
}

async function readJsonBody(req: http.IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { ok: false, status: 413, message: `The record is larger than ${MAX_BODY_BYTES} bytes.` };
    chunks.push(chunk);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch (err) {
    return { ok: false, status: 400, message: `The body is not JSON: ${(err as Error).message}` };
  }
}

/**
 * Answers `/api/workspace*` (the caller has already passed the `/api` guard):
 * `GET /api/workspace` (the state, or `{enabled: false}` without a folder),
 * `GET /api/workspace/changes?since=N&wait=MS` (waits for a revision above N),
 * `PUT`/`DELETE /api/workspace/collections/:id` and `/api/workspace/environments/:id`.
 */
export async function handleWorkspaceApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL, folder: WorkspaceFolder | undefined): Promise<void> {
  const method = req.method ?? 'GET';
  if (url.pathname === '/api/workspace' && method === 'GET') {
    sendJson(res, 200, folder ? folder.state() : { enabled: false });
    return;
  }
  if (url.pathname === '/api/workspace/changes' && method === 'GET') {
    if (!folder) {
      sendJson(res, 200, { enabled: false });
      return;
    }
    const since = Number(url.searchParams.get('since') ?? '0');
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, Number(url.searchParams.get('wait') ?? MAX_WAIT_MS) || 0));
    if (!Number.isInteger(since) || since < 0) {
      sendJson(res, 400, { error: `since must be a revision number, not ${JSON.stringify(url.searchParams.get('since'))}` });
      return;
    }
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    await folder.waitForChange(since, wait, abort.signal);
    if (abort.signal.aborted && res.destroyed) return;
    sendJson(res, 200, folder.revision > since ? folder.state() : { enabled: true, revision: folder.revision, unchanged: true });
    return;
  }
  const match = url.pathname.match(/^\/api\/workspace\/(collections|environments)\/([^/]{1,200})$/);
  if (!match) {
    sendJson(res, 404, { error: `No workspace route ${method} ${url.pathname}` });
    return;
  }
  if (!folder) {
    sendJson(res, 409, { error: 'This server has no workspace folder; start it with --workspace DIR to keep collections as files.' });
    return;
  }
  const kind = match[1] === 'collections' ? 'collection' : 'environment';
  const id = decodeURIComponent(match[2]!);
  try {
    if (method === 'DELETE') {
      const removed = kind === 'collection' ? await folder.deleteCollection(id) : await folder.deleteEnvironment(id);
      sendJson(res, removed ? 200 : 404, removed ? { revision: folder.revision } : { error: `No ${kind} with id "${id}" in the folder.` });
      return;
    }
    if (method !== 'PUT') {
      sendJson(res, 405, { error: `${method} is not allowed here; use PUT or DELETE.` });
      return;
    }
    const body = await readJsonBody(req);
    if (!body.ok) {
      sendJson(res, body.status, { error: body.message });
      return;
    }
    const given = typeof body.value === 'object' && body.value !== null ? (body.value as { id?: unknown }).id : undefined;
    if (given !== id) {
      sendJson(res, 400, { error: `The ${kind} in the body has id ${JSON.stringify(given)}, but the URL names "${id}".` });
      return;
    }
    const written = kind === 'collection' ? await folder.putCollection(body.value) : await folder.putEnvironment(body.value);
    if (!written.ok) sendJson(res, 400, { error: written.error.message, field: written.error.field });
    else sendJson(res, 200, { revision: written.value });
  } catch (err) {
    sendJson(res, 500, { error: `The workspace folder could not be written: ${(err as Error).message}` });
  }
}
