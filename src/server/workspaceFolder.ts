/**
 * `--workspace DIR`: collections and environments kept as readable files in a folder a
 * team shares through git. The folder is read at start, written when the app saves, and
 * watched: an edit made on disk while the app runs bumps the revision, and the app,
 * long-polling `/api/workspace/changes`, picks it up. A file that cannot be read is
 * reported as set aside, never fatal and never deleted. This module holds the folder's
 * state and revision; the layout is in `src/core/workspace/folderLayout.ts` (writing) and
 * `folderLayoutReading.ts` (reading), file-system primitives in `workspaceDisk.ts`, and
 * the HTTP routes in `workspaceApi.ts`.
 */
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir, readFile, realpath } from 'node:fs/promises';
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
import { confine } from './workspaceConfine';
import { isHidden, pruneEmptyDirs, readTree, removeEmptyDirs, removeFile, writeText } from './workspaceDisk';
import { recoverInterruptedSave, swapCollectionDir } from './workspaceSwap';
import { collectionFiles, environmentFile, slugOf, uniqueName } from '../core/workspace/folderLayout';
import { collectionFromFiles, environmentFromFile, type ItemCache, type WorkspaceFileSetAside } from '../core/workspace/folderLayoutReading';

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
  private afterSwapStep: Parameters<typeof swapCollectionDir>[0]['afterStep'];

  private constructor(readonly dir: string) {}

  /** False when `collections/` leads outside the folder through a link: then it is neither read nor written. */
  private insideCollections(): Promise<boolean> {
    return confine(this.dir, path.join(this.dir, COLLECTIONS)).then(
      () => true,
      () => false,
    );
  }

  /**
   * Opens `dir` (creating it and its `collections/` and `environments/` when missing),
   * reads it, and with `watch` (the default) follows edits made on disk.
   */
  static async open(dir: string, options: { watch?: boolean; afterSwapStep?: Parameters<typeof swapCollectionDir>[0]['afterStep'] } = {}): Promise<WorkspaceFolder> {
    await mkdir(path.resolve(dir), { recursive: true });
    // A linked root is the person's choice: resolved once here, and everything stays inside its real path.
    const folder = new WorkspaceFolder(await realpath(path.resolve(dir)));
    folder.afterSwapStep = options.afterSwapStep;
    for (const sub of [COLLECTIONS, ENVIRONMENTS]) {
      const inside = await confine(folder.dir, path.join(folder.dir, sub)).then(
        () => true,
        () => false,
      );
      if (inside) await mkdir(path.join(folder.dir, sub), { recursive: true });
    }
    if (await folder.insideCollections()) await recoverInterruptedSave(path.join(folder.dir, COLLECTIONS));
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
    const collectionsInside = await this.insideCollections();
    if (!collectionsInside) setAside.push({ path: `${COLLECTIONS}/`, kind: 'collection', reason: 'the directory is a symbolic link leading outside the workspace folder; it was not read' });
    const entries = collectionsInside ? await readdir(collectionsDir, { withFileTypes: true }).catch(() => []) : [];
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (isHidden(entry.name)) continue;
      const root = `${COLLECTIONS}/${entry.name}/`;
      if (entry.isSymbolicLink()) {
        setAside.push({ path: `${COLLECTIONS}/${entry.name}`, kind: 'collection', reason: 'a symbolic link; collections are read only from directories inside the workspace folder' });
        continue;
      }
      if (!entry.isDirectory()) {
        if (entry.name.endsWith('.json')) setAside.push({ path: `${COLLECTIONS}/${entry.name}`, kind: 'collection', reason: 'a collection is a directory with a collection.json, not a single file' });
        continue;
      }
      const files = await readTree(
        path.join(collectionsDir, entry.name),
        (relative, reason) => setAside.push({ path: `${root}${relative}`, kind: 'request', reason }),
        this.dir,
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
    const environmentFiles = await readTree(
      path.join(this.dir, ENVIRONMENTS),
      (relative, reason) => setAside.push({ path: `${ENVIRONMENTS}/${relative}`, kind: 'environment', reason }),
      this.dir,
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
      const collectionsDir = path.join(this.dir, COLLECTIONS);
      const root = path.join(collectionsDir, dir);
      const planned = collectionFiles(collection).files;
      const texts = new Map<string, string>();
      for (const [relative, file] of planned) {
        texts.set(relative, file.text);
        if (file.item) this.cache.set(`${COLLECTIONS}/${dir}/${relative}\n${file.text}`, file.item);
      }
      const written = new Set([...texts.keys()].map((relative) => `${COLLECTIONS}/${dir}/${relative}`));
      const stale = (existing?.loaded ?? []).filter((file) => !written.has(file));
      let changed = stale.length;
      if (existing?.dir === dir) {
        for (const [relative, text] of texts) {
          const current = await readFile(path.join(root, relative), 'utf8').catch(() => undefined);
          if (current !== text) changed++;
        }
      } else changed += texts.size;
      if (existing?.dir === dir && changed <= 1) {
        // One file changes: a rename into place is already all-or-nothing.
        for (const [relative, text] of texts) await writeText(path.join(root, relative), text, this.dir);
        for (const file of stale) await removeFile(path.join(this.dir, file), this.dir);
      } else if (changed > 0) {
        const prefix = existing ? `${COLLECTIONS}/${existing.dir}/` : '';
        await swapCollectionDir({
          collectionsDir,
          root: this.dir,
          target: dir,
          previous: existing?.dir,
          files: texts,
          replaced: new Set((existing?.loaded ?? []).map((file) => file.slice(prefix.length))),
          afterStep: this.afterSwapStep,
        });
      }
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
      const prefix = `${COLLECTIONS}/${existing.dir}/`;
      // The same swap as a save with no files: what was not part of the collection stays.
      await swapCollectionDir({
        collectionsDir: path.join(this.dir, COLLECTIONS),
        root: this.dir,
        target: existing.dir,
        previous: existing.dir,
        files: new Map(),
        replaced: new Set(existing.loaded.map((file) => file.slice(prefix.length))),
        afterStep: this.afterSwapStep,
      });
      const root = path.join(this.dir, COLLECTIONS, existing.dir);
      await pruneEmptyDirs(root);
      await removeEmptyDirs(root, path.join(this.dir, COLLECTIONS));
      await this.readAll();
      return true;
    });
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
      await writeText(path.join(this.dir, ENVIRONMENTS, file), environmentFile(environment), this.dir);
      if (existing && existing.file !== file) await removeFile(path.join(this.dir, ENVIRONMENTS, existing.file), this.dir);
      await this.readAll();
      return { ok: true, value: this.revision };
    });
  }

  /** Deletes an environment's file. */
  deleteEnvironment(id: string): Promise<boolean> {
    return this.serial(async () => {
      const existing = this.environments.get(id);
      if (!existing) return false;
      await removeFile(path.join(this.dir, ENVIRONMENTS, existing.file), this.dir);
      await this.readAll();
      return true;
    });
  }
}
