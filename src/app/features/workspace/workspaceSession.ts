/**
 * Keeps the store's workspace and its storage in step for the life of the page: loads
 * collections, environments, history rows and settings (from IndexedDB, or collections and
 * environments from the server's workspace folder), then writes every change as the
 * person works (a short debounce, and at once when the page is hidden), records each
 * finished exchange in history, keeps history bounded, and follows edits made in the
 * workspace folder on disk. Nothing is written before the load finished, so an empty
 * first state can never overwrite stored work.
 */
import type { StoreApi } from 'zustand';
import { fail, ok, storedWorkspaceRecord, validateWorkspaceRecord, type Collection, type HistoryEntry, type RequestEnvironment, type Result } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { cookieJarOf } from '../cookies/cookieJarStore';
import { holdProxySettingsUntil, keepProxySettings, PROXY_SETTINGS_META_KEY } from '../../base/relay/proxySettings';
import { COOKIE_JAR_META_KEY, keepCookieJar } from '../cookies/jarPersistence';
import { onProtocolHistory } from './historySources';
import { watchFinishedExchanges } from './historyRecorder';
import {
  checkedCollections,
  collectionFingerprint,
  environmentFingerprint,
  folderReports,
  loadCollections,
  loadEnvironments,
  loadHistoryRows,
  readWorkspaceMeta,
  storedCollectionOf,
  withSecretsInNodes,
  writeRecords,
  type WrittenFingerprints,
} from './workspaceLoad';
import { httpWorkspaceFolderApi, type FolderState, type WorkspaceFolderApi } from './workspaceFolderClient';
import { maskedHistoryBody } from './historyBodies';
import { canonicalJson, historyEntryWithSecrets, historyOverflow, historyRowOf, sortCollections, storedEnvironment, type SetAsideReport } from './workspaceRecords';
import { memoryWorkspaceStorage, type WorkspaceStorage } from './workspaceStorage';
import { defaultWorkspaceStore, inThreadWorkspaceStore, type LoadedWorkspace, type WorkspaceStore } from './storageWorkerClient';
import { writeStoredCollection } from './collectionWrite';
import { holdUnload, reportLoad } from './storageProgress';
import { MetaWrites, unsavedMeta } from './unsavedMeta';
import { folderFollower, keyedFolderRecords } from './folderFollower';

/** What the panels ask of the running session. */
export interface WorkspaceSession {
  /** Settles once the workspace is loaded (or failed to load, with the problem in the store). */
  ready: Promise<void>;
  readHistoryEntry(id: string): Promise<Result<HistoryEntry>>;
  readResponseBody(ref: string): Promise<Blob | undefined>;
  /** Opens a history entry in a new tab; with `resend`, sends it through the gate as a repeat (consent for POST/PATCH). */
  reopenHistory(id: string, options?: { resend?: boolean }): Promise<Result<void>>;
  deleteHistory(ids: readonly string[]): Promise<void>;
  /** Discards a set-aside record from storage, on the person's explicit request. */
  discardSetAside(report: SetAsideReport): Promise<void>;
  /** Writes every pending change now. */
  flush(): Promise<void>;
  stop(): void;
}

export interface WorkspaceSessionOptions {
  /** Default: IndexedDB in the storage worker, or memory when the page has none. A storage given here is used through the same protocol in this thread. */
  storage?: WorkspaceStorage;
  /** Default: the serving process's `/api/workspace`; null: none. */
  folder?: WorkspaceFolderApi | null;
  /** How long edits are gathered before writing. */
  writeDelayMs?: number;
}

const sessions = new WeakMap<StoreApi<WorkbenchState>, WorkspaceSession>();

/** The session started for `store`, if any. */
export function workspaceSessionOf(store: StoreApi<WorkbenchState>): WorkspaceSession | undefined {
  return sessions.get(store);
}

/** Where shared environments go: the browser's storage, or the workspace folder (which answers with its revision). */
interface WriteTarget {
  putEnvironment(id: string, record: unknown): Promise<number | void>;
  deleteEnvironment(id: string): Promise<number | void>;
}

/** Starts (once per store) loading, writing, history recording and folder following. */
export function startWorkspaceSession(store: StoreApi<WorkbenchState>, options: WorkspaceSessionOptions = {}): WorkspaceSession {
  const existing = sessions.get(store);
  if (existing) return existing;
  const writeDelay = options.writeDelayMs ?? 120;
  let storage: WorkspaceStore = options.storage ? inThreadWorkspaceStore(options.storage) : defaultWorkspaceStore();
  let target: WriteTarget = storage;
  let folderApi: WorkspaceFolderApi | null = null;
  const writtenCollections: WrittenFingerprints = new Map();
  const writtenCollectionObjects = new Map<string, Collection>();
  const writtenEnvironments: WrittenFingerprints = new Map();
  /** In folder mode, environments kept on this machine only are written to the browser's storage instead. */
  const writtenLocalEnvironments: WrittenFingerprints = new Map();
  let writtenMeta = '';
  let environmentsStored = false;
  let loaded = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  /** While an edit waits for its write: leaving the page asks first. */
  let scheduledHold: (() => void) | undefined;
  const unsubscribers: (() => void)[] = [];
  const following = new AbortController();
  const folder = folderFollower(store, { collections: writtenCollections, environments: writtenEnvironments }, following.signal);
  const metaWrites = new MetaWrites(
    (key, value) => storage.putMeta(key, value),
    () => canonicalJson(metaOf(store.getState())) === writtenMeta,
  );
  const putMeta = (key: string, value: unknown) => metaWrites.write(key, value);

  const problem = (message: string | null) => {
    if (store.getState().workspaceProblem !== message) store.setState({ workspaceProblem: message });
  };

  async function writeNow(): Promise<void> {
    if (!loaded || stopped) return;
    const s = store.getState();
    const endFolderWrite = folderApi ? folder.startWrite() : undefined;
    try {
      if (folderApi) {
        const api = folderApi;
        await writeRecords<Collection>(
          s.collections,
          writtenCollections,
          collectionFingerprint,
          storedCollectionOf,
          (id, r) => api.putCollection(id, r).then(folder.noteRevision),
          (id) => api.deleteCollection(id).then(folder.noteRevision),
          writtenCollectionObjects,
        );
      } else await writeCollections(s.collections);
      const shared = folderApi ? s.environments.filter((e) => !e.secret) : s.environments;
      await writeRecords<RequestEnvironment>(
        shared,
        writtenEnvironments,
        environmentFingerprint,
        storedEnvironment,
        (id, r) => target.putEnvironment(id, r).then(folder.noteRevision),
        (id) => target.deleteEnvironment(id).then(folder.noteRevision),
      );
      if (folderApi) {
        const local = s.environments.filter((e) => e.secret);
        await writeRecords<RequestEnvironment>(local, writtenLocalEnvironments, environmentFingerprint, storedEnvironment, (id, r) => storage.putEnvironment(id, r), (id) => storage.deleteEnvironment(id));
      }
      const meta = metaOf(s);
      const metaText = canonicalJson(meta);
      if (metaText !== writtenMeta) {
        await Promise.all(Object.entries(meta).map(([key, value]) => putMeta(key, value)));
        writtenMeta = metaText;
        environmentsStored = meta.environmentsStored;
      }
      metaWrites.forgetWhenStored();
      problem(null);
    } catch (err) {
      problem(`Your latest changes are not stored yet: ${(err as Error).message}. Retrying…`);
      clearTimeout(timer);
      timer = setTimeout(flush, 3000);
    } finally {
      // A state that came from the folder meanwhile is merged now that `written` says what this page wrote.
      endFolderWrite?.();
    }
  }

  /** The settings records as written from `s`. */
  function metaOf(s: WorkbenchState) {
    const liveTabs = new Set(s.tabs.map((t) => t.id));
    return {
      tabLinks: Object.fromEntries(Object.entries(s.tabLinks).filter(([tabId]) => liveTabs.has(tabId))),
      selectedCollectionId: s.selectedCollectionId,
      historyLimit: s.historyLimit,
      keepResponseBodiesVerbatim: s.keepResponseBodiesVerbatim,
      environmentsStored: environmentsStored || !folderApi,
    };
  }

  /** Collections to the browser's storage: each whose object changed since last written or read (the store replaces it exactly then; nothing is serialised whole to compare), in chunks; removed ones deleted. */
  async function writeCollections(collections: readonly Collection[]): Promise<void> {
    const ids = new Set(collections.map((c) => c.id));
    for (const collection of collections) {
      if (writtenCollectionObjects.get(collection.id) === collection) continue;
      await writeStoredCollection(storage, collection, !writtenCollectionObjects.has(collection.id));
      writtenCollectionObjects.set(collection.id, collection);
    }
    for (const id of [...writtenCollectionObjects.keys()]) {
      if (ids.has(id)) continue;
      await storage.deleteCollection(id);
      writtenCollectionObjects.delete(id);
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    const release = scheduledHold ?? holdUnload();
    scheduledHold = undefined;
    writing = writing.then(writeNow, writeNow);
    void writing.then(release, release);
    return writing;
  }

  const schedule = () => {
    clearTimeout(timer);
    scheduledHold ??= holdUnload();
    timer = setTimeout(() => void flush(), writeDelay);
  };

  async function recordFinished(...[record, body]: Parameters<Parameters<typeof watchFinishedExchanges>[1]>): Promise<void> {
    const { entry, carried } = historyEntryWithSecrets(record);
    const row = historyRowOf(entry);
    if (body && !store.getState().keepResponseBodiesVerbatim) {
      const contentType = record.head?.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
      const masked = await maskedHistoryBody(body, contentType, carried);
      if (masked === 'too-large') {
        const { responseBodyRef: _ref, ...withoutBody } = entry;
        await storage.addHistory(entry.id, storedWorkspaceRecord('history', withoutBody), row).catch((err: Error) => problem(`History could not be stored: ${err.message}`));
        store.getState().addHistoryRow(row);
        return;
      }
      body = masked;
    }
    store.getState().addHistoryRow(row);
    try {
      await storage.addHistory(entry.id, storedWorkspaceRecord('history', entry), row, body);
    } catch (err) {
      // Without its body, then; a quota error on a big response must not lose the entry.
      const { responseBodyRef: _ref, ...withoutBody } = entry;
      await storage.addHistory(entry.id, storedWorkspaceRecord('history', withoutBody), row).catch(() => problem(`History could not be stored: ${(err as Error).message}`));
    }
    const drop = historyOverflow(store.getState().historyRows, store.getState().historyLimit);
    if (drop.length > 0) await deleteHistory(drop);
  }

  async function deleteHistory(ids: readonly string[]): Promise<void> {
    store.getState().removeHistoryRows(ids);
    await storage.deleteHistory(ids).catch((err: Error) => problem(`History could not be deleted: ${err.message}`));
  }

  async function load(): Promise<void> {
    let raw: LoadedWorkspace;
    let mode: WorkbenchState['workspaceMode'] = 'browser';
    let loadProblem: string | null = null;
    let folderState: FolderState | null = null;
    const api = options.folder === undefined ? httpWorkspaceFolderApi() : options.folder;
    if (api) {
      try {
        folderState = await api.state();
      } catch (err) {
        loadProblem = `The workspace folder could not be read: ${(err as Error).message}`;
      }
    }
    // Read, validated and put back together in the storage worker; the page takes each chunk of items in its own short task.
    // With a workspace folder, the collections come from the folder and the browser's are not read.
    try {
      raw = await storage.load({ collections: !folderState, eachChunk: withSecretsInNodes, onProgress: (received, total) => reportLoad({ received, total }) });
    } catch (err) {
      loadProblem = `The browser's storage (IndexedDB) cannot be used: ${(err as Error).message}. Work is kept in this page only.`;
      storage.close();
      storage = inThreadWorkspaceStore(memoryWorkspaceStorage());
      target = storage;
      raw = await storage.load({ collections: !folderState });
      mode = 'memory';
    }
    // Settings a page kept when it went before their write was confirmed: newer than what storage has (stored below).
    const kept = unsavedMeta();
    if (Object.keys(kept).length > 0) raw = { ...raw, meta: { ...raw.meta, ...kept } };
    const meta = readWorkspaceMeta(raw.meta);
    environmentsStored = meta.environmentsStored;
    const s = store.getState();
    const collections = folderState
      ? loadCollections('folder', keyedFolderRecords(folderState.collections))
      : checkedCollections(raw);
    const environments = folderState
      ? loadEnvironments('folder', keyedFolderRecords(folderState.environments))
      : loadEnvironments('browser', raw.environments);
    // Before environments lived here, the tab snapshot held them: keep those (they are written below) until storage has its own.
    const storedAny = environments.environments.length > 0 || environments.setAside.length > 0;
    const adoptStored = storedAny || s.environments.length === 0 || (folderState === null && environmentsStored);
    // With a folder, environments marked for this machine only come from the browser's storage.
    const localOnly = folderState ? loadEnvironments('browser', raw.environments).environments.filter((e) => e.secret) : [];
    const folderEnvironments = adoptStored ? environments.environments : s.environments;
    const nextEnvironments = [...folderEnvironments, ...localOnly.filter((e) => !folderEnvironments.some((f) => f.id === e.id))];
    const history = loadHistoryRows(raw.historyRows);
    const liveTabs = new Set(s.tabs.map((t) => t.id));
    const collectionIds = new Set(collections.collections.map((c) => c.id));
    const tabLinks = Object.fromEntries(Object.entries(meta.tabLinks).filter(([tabId, link]) => liveTabs.has(tabId) && collectionIds.has(link.collectionId)));
    const overflow = historyOverflow(history.rows, meta.historyLimit);
    if (folderState) {
      folderApi = api;
      target = api!;
      mode = 'folder';
    }
    // From the browser's storage, the objects just read are what is stored: nothing to serialise until one changes.
    // A folder's revisions are merged by text, so there each gets its fingerprint now.
    for (const c of collections.collections) {
      writtenCollections.set(c.id, folderState ? collectionFingerprint(c) : '');
      if (!folderState) writtenCollectionObjects.set(c.id, c);
    }
    if (adoptStored) for (const e of folderEnvironments) writtenEnvironments.set(e.id, environmentFingerprint(e));
    for (const e of localOnly) writtenLocalEnvironments.set(e.id, environmentFingerprint(e));
    store.setState({
      // Anything created in the moment before the load finished is kept beside what was stored.
      collections: sortCollections([...collections.collections, ...store.getState().collections.filter((c) => !collectionIds.has(c.id))]),
      environments: nextEnvironments,
      activeEnvironmentId: nextEnvironments.some((e) => e.id === s.activeEnvironmentId) ? s.activeEnvironmentId : null,
      tabLinks: { ...tabLinks, ...s.tabLinks },
      selectedCollectionId: meta.selectedCollectionId && collectionIds.has(meta.selectedCollectionId) ? meta.selectedCollectionId : (collections.collections[0]?.id ?? null),
      historyLimit: meta.historyLimit,
      keepResponseBodiesVerbatim: meta.keepResponseBodiesVerbatim,
      historyRows: overflow.length > 0 ? history.rows.slice(0, meta.historyLimit) : history.rows,
      setAside: [...collections.setAside, ...environments.setAside, ...history.setAside, ...(folderState ? folderReports(folderState.setAside) : [])],
      workspaceMode: mode,
      workspaceFolder: folderState?.dir ?? null,
      workspaceProblem: loadProblem,
    });
    reportLoad(null);
    writtenMeta = canonicalJson({ tabLinks: meta.tabLinks, selectedCollectionId: meta.selectedCollectionId, historyLimit: meta.historyLimit, keepResponseBodiesVerbatim: meta.keepResponseBodiesVerbatim, environmentsStored: meta.environmentsStored });
    loaded = true;
    // Sent before anything else is written, so every later write lands after them.
    metaWrites.restore(kept);
    // The cookie jar rests in the browser's storage only, never in the workspace folder.
    unsubscribers.push(keepCookieJar(cookieJarOf(store), raw.meta[COOKIE_JAR_META_KEY], (jar) => putMeta(COOKIE_JAR_META_KEY, jar)));
    // So do the proxy settings: they are this machine's, not the team's.
    unsubscribers.push(keepProxySettings(raw.meta[PROXY_SETTINGS_META_KEY], (settings) => putMeta(PROXY_SETTINGS_META_KEY, settings)));
    if (overflow.length > 0) await storage.deleteHistory(overflow).catch(() => undefined);
    unsubscribers.push(
      store.subscribe((state, previous) => {
        if (
          state.collections !== previous.collections ||
          state.environments !== previous.environments ||
          state.tabLinks !== previous.tabLinks ||
          state.selectedCollectionId !== previous.selectedCollectionId ||
          state.historyLimit !== previous.historyLimit ||
          state.keepResponseBodiesVerbatim !== previous.keepResponseBodiesVerbatim
        ) {
          schedule();
        }
        if (state.historyLimit < previous.historyLimit) {
          const drop = historyOverflow(state.historyRows, state.historyLimit);
          if (drop.length > 0) void deleteHistory(drop);
        }
      }),
    );
    await flush();
    if (folderState && api) void folder.follow(api, folderState.revision);
  }

  unsubscribers.push(watchFinishedExchanges(store, (record, body) => void ready.then(() => recordFinished(record, body))));
  // Live-protocol sessions (WebSocket, gRPC, MCP, GraphQL subscriptions), as they end: their transcript
  // or results as the body, masked the same way (each protocol registers its source: historySources.ts).
  unsubscribers.push(onProtocolHistory((record, body) => void ready.then(() => recordFinished(record, body))));
  const onHidden = (event: Event) => {
    if (event.type !== 'pagehide' && typeof document !== 'undefined' && document.visibilityState !== 'hidden') return;
    if (loaded && !stopped) {
      const meta = metaOf(store.getState());
      metaWrites.keep(canonicalJson(meta) === writtenMeta ? undefined : meta);
    }
    void flush();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', onHidden);
    document.addEventListener('visibilitychange', onHidden);
    unsubscribers.push(() => {
      window.removeEventListener('pagehide', onHidden);
      document.removeEventListener('visibilitychange', onHidden);
    });
  }
  const ready = load().catch((err: Error) => {
    store.setState({ workspaceMode: 'memory', workspaceProblem: `The workspace could not be loaded: ${err.message}` });
  });
  // The proxy settings come with this load: a send right after a reload waits for them (bounded) instead of going the default way.
  holdProxySettingsUntil(ready);

  const session: WorkspaceSession = {
    ready,
    async readHistoryEntry(id) {
      let raw: unknown;
      try {
        raw = await storage.readHistoryEntry(id);
      } catch (err) {
        return fail({ kind: 'storage', message: `The history entry could not be read: ${(err as Error).message}` });
      }
      if (raw === undefined) return fail({ kind: 'not-found', message: 'This history entry is no longer stored.' });
      const result = validateWorkspaceRecord('history', raw);
      if (!result.ok) {
        store.getState().reportSetAside([{ key: `browser:historyRows:${id}`, source: 'browser', kind: 'history', reason: result.error.message, id, raw, storeKey: { store: 'historyRows', key: id } }]);
      }
      return result;
    },
    readResponseBody: (ref) => storage.readBody(ref),
    async reopenHistory(id, reopen = {}) {
      const entry = await session.readHistoryEntry(id);
      if (!entry.ok) return entry;
      store.getState().loadDraft(entry.value.draft, { newTab: true });
      if (reopen.resend) store.getState().requestSend({ origin: 'history' });
      return ok(undefined);
    },
    deleteHistory,
    async discardSetAside(report) {
      if (report.storeKey) await storage.discard(report.storeKey.store, report.storeKey.key);
      store.getState().dismissSetAside(report.key);
    },
    flush,
    stop() {
      stopped = true;
      following.abort();
      clearTimeout(timer);
      scheduledHold?.();
      scheduledHold = undefined;
      for (const unsubscribe of unsubscribers) unsubscribe();
      sessions.delete(store);
    },
  };
  sessions.set(store, session);
  return session;
}
