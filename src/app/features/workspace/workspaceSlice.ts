/**
 * The workspace in the store: collections (a tree each, edited with core's pure tree
 * operations), which saved request each tab is, the history list's rows, what did not
 * load, and the last deletion for Undo. No I/O here: `workspace/workspaceSession.ts`
 * loads this state and writes it back as it changes.
 */
import type { StateCreator } from 'zustand';
import {
  addItem,
  duplicateItem,
  findItem,
  moveItem,
  normaliseDraft,
  removeItem,
  renameItem,
  restoreItem,
  updateItem,
  workspaceItemId,
  cloneWithNewIds,
  headerValue,
  type Collection,
  type CollectionItem,
  type RequestDraft,
  type SavedRequest,
  type Variable,
} from '../../../core';
import { soapOriginOfTab } from '../soap/soapSlice';
import { checksOfSaved, savedChecksFields } from '../checks/checksModel';
import { checksOfTab } from '../checks/checksSlice';
import { sortCollections } from './collectionOrder';
import type { HistoryRow, SetAsideReport } from './workspaceRecords';
import type { WorkbenchState } from '../../shell/store/workbenchState';

/** Which saved request a tab holds. */
export interface TabLink {
  collectionId: string;
  requestId: string;
}

/** The last deletion, undoable until the next one. */
export interface WorkspaceUndo {
  id: number;
  message: string;
  restore(): void;
}

/** Where the workspace is kept: loading, IndexedDB, the server's folder, or only this page. */
export type WorkspaceMode = 'loading' | 'browser' | 'folder' | 'memory';

/** Where "Save" puts a request the first time. */
export interface SaveTarget {
  /** An existing collection, or null to create one named `newCollectionName`. */
  collectionId: string | null;
  newCollectionName?: string;
  folderId: string | null;
  name: string;
}

/** History entries kept unless the person chooses another number. */
export const DEFAULT_HISTORY_LIMIT = 10_000;

export interface WorkspaceSlice {
  collections: Collection[];
  selectedCollectionId: string | null;
  tabLinks: Record<string, TabLink>;
  /** Newest first; full entries are read from storage when opened. */
  historyRows: HistoryRow[];
  historyLimit: number;
  /** Store response bodies as received (tokens included) instead of with secrets masked. Off by default. */
  keepResponseBodiesVerbatim: boolean;
  setAside: SetAsideReport[];
  workspaceMode: WorkspaceMode;
  /** The workspace folder on disk, in folder mode. */
  workspaceFolder: string | null;
  /** Why the workspace cannot be stored right now (shown, never hidden). */
  workspaceProblem: string | null;
  /** A tab waiting for the person to say where to save it. */
  pendingSave: { tabId: string } | null;
  undo: WorkspaceUndo | null;
  /** A short message by the composer's request actions (cURL copied, a pasted cURL read with warnings). */
  requestNotice: { message: string; tone: 'info' | 'error' } | null;

  /** Adds an empty collection named `name`, or `name (2)`… when that name is taken; returns its id. */
  addCollection(name: string): string;
  /**
   * Adds what an import made: as a new collection (named `name (2)`… when its name is
   * taken), or, with `intoCollectionId`, its requests and folders at the end of that
   * collection (and its variables whose names that collection lacks). Existing requests
   * are never changed. Returns the id of the collection that holds the import.
   */
  /** `idsAreFresh`: the import worker already gave every item a new id, so no second copy is made. */
  addImportedCollection(collection: Collection, intoCollectionId?: string, options?: { idsAreFresh?: boolean }): string;
  /** Renames a collection; false (nothing changes) when `name` is blank or another collection has it. */
  renameCollection(id: string, name: string): boolean;
  duplicateCollection(id: string): string;
  removeCollection(id: string): void;
  setCollectionVariables(id: string, variables: Variable[]): void;
  selectCollection(id: string | null): void;
  addFolder(collectionId: string, parentId: string | null, name: string): string;
  renameWorkspaceItem(collectionId: string, itemId: string, name: string): void;
  duplicateWorkspaceItem(collectionId: string, itemId: string): string;
  /**
   * Moves an item to folder `toFolderId` (null: the top level) at `index` of collection
   * `toCollectionId` (default: the same collection; open tabs follow a request that moves).
   */
  moveWorkspaceItem(collectionId: string, itemId: string, toFolderId: string | null, index: number, toCollectionId?: string): void;
  removeWorkspaceItem(collectionId: string, itemId: string): void;
  /** Opens a saved request: its tab when open, else a new tab linked to it. */
  openSavedRequest(collectionId: string, requestId: string): void;
  /** Saves the active tab into its saved request, or asks where (`pendingSave`) the first time. */
  saveCurrentRequest(): void;
  saveTabTo(tabId: string, target: SaveTarget): void;
  cancelPendingSave(): void;
  undoLast(): void;
  dismissUndo(): void;
  addHistoryRow(row: HistoryRow): void;
  removeHistoryRows(ids: readonly string[]): void;
  setHistoryLimit(limit: number): void;
  setKeepResponseBodiesVerbatim(on: boolean): void;
  reportSetAside(reports: SetAsideReport[]): void;
  dismissSetAside(key: string): void;
  setRequestNotice(notice: { message: string; tone: 'info' | 'error' } | null): void;
}

/** A SOAP call: an XML body with SOAPAction (1.1) or the SOAP 1.2 media type. */
function looksLikeSoap(draft: RequestDraft): boolean {
  if (draft.body.kind !== 'xml') return false;
  const headers = draft.headers.filter((h) => h.enabled);
  return headerValue(headers, 'soapaction') !== undefined || /application\/soap\+xml/i.test(headerValue(headers, 'content-type') ?? '');
}

let undoCounter = 0;

/** Whether a collection other than `exceptId` is named `name` (trimmed, any letter case). */
export function collectionNameTaken(collections: readonly Pick<Collection, 'id' | 'name'>[], name: string, exceptId?: string): boolean {
  const wanted = name.trim().toLocaleLowerCase();
  return collections.some((c) => c.id !== exceptId && c.name.trim().toLocaleLowerCase() === wanted);
}

/** `name` when no collection has it, else `name (2)`, `name (3)`…: two collections are never named alike. */
export function uniqueCollectionName(collections: readonly Pick<Collection, 'id' | 'name'>[], name: string): string {
  const base = name.trim();
  if (!collectionNameTaken(collections, base)) return base;
  let n = 2;
  while (collectionNameTaken(collections, `${base} (${n})`)) n++;
  return `${base} (${n})`;
}

export const createWorkspaceSlice: StateCreator<WorkbenchState, [], [], WorkspaceSlice> = (set, get) => {
  const editCollection = (id: string, recipe: (c: Collection) => Collection) =>
    set((s) => ({ collections: s.collections.map((c) => (c.id === id ? recipe(c) : c)) }));
  const editItems = (id: string, recipe: (items: CollectionItem[]) => CollectionItem[]) => editCollection(id, (c) => ({ ...c, items: recipe(c.items) }));
  const offerUndo = (message: string, restore: () => void) => set({ undo: { id: ++undoCounter, message, restore } });
  const markSaved = (tabId: string, draft: RequestDraft) =>
    set((s) => ({ tabs: s.tabs.map((t) => (t.id === tabId ? { ...t, draft, dirty: false } : t)), ...(s.activeTabId === tabId ? { draft } : {}) }));

  return {
    collections: [],
    selectedCollectionId: null,
    tabLinks: {},
    historyRows: [],
    historyLimit: DEFAULT_HISTORY_LIMIT,
    keepResponseBodiesVerbatim: false,
    setAside: [],
    workspaceMode: 'loading',
    workspaceFolder: null,
    workspaceProblem: null,
    pendingSave: null,
    undo: null,
    requestNotice: null,

    addCollection: (name) => {
      const collection: Collection = { id: workspaceItemId('col'), name: uniqueCollectionName(get().collections, name.trim() || 'New collection'), variables: [], items: [] };
      set((s) => ({ collections: sortCollections([...s.collections, collection]), selectedCollectionId: collection.id }));
      return collection.id;
    },
    addImportedCollection: (imported, intoCollectionId, options = {}) => {
      // Fresh ids always, so importing the same file twice gives two copies, never a merge of ids.
      const items = options.idsAreFresh ? imported.items : imported.items.map((item) => cloneWithNewIds(item));
      if (intoCollectionId !== undefined) {
        const into = get().collections.find((c) => c.id === intoCollectionId);
        if (!into) throw new RangeError(`addImportedCollection: no collection "${intoCollectionId}" to import into`);
        const known = new Set(into.variables.map((v) => v.name.trim()));
        editCollection(intoCollectionId, (c) => ({ ...c, items: [...c.items, ...items], variables: [...c.variables, ...imported.variables.filter((v) => !known.has(v.name.trim()))] }));
        set({ selectedCollectionId: intoCollectionId });
        return intoCollectionId;
      }
      const collection: Collection = { ...imported, id: workspaceItemId('col'), name: uniqueCollectionName(get().collections, imported.name.trim() || 'Imported collection'), items };
      set((s) => ({ collections: sortCollections([...s.collections, collection]), selectedCollectionId: collection.id }));
      return collection.id;
    },
    renameCollection: (id, name) => {
      const trimmed = name.trim();
      if (!trimmed || collectionNameTaken(get().collections, trimmed, id)) return false;
      set((s) => ({ collections: sortCollections(s.collections.map((c) => (c.id === id ? { ...c, name: trimmed } : c))) }));
      return true;
    },
    duplicateCollection: (id) => {
      const original = get().collections.find((c) => c.id === id);
      if (!original) throw new RangeError(`duplicateCollection: no collection "${id}"`);
      const name = uniqueCollectionName(get().collections, `${original.name} copy`);
      const copy: Collection = { ...structuredClone(original), id: workspaceItemId('col'), name, items: original.items.map((item) => cloneWithNewIds(item)) };
      set((s) => ({ collections: sortCollections([...s.collections, copy]), selectedCollectionId: copy.id }));
      return copy.id;
    },
    removeCollection: (id) => {
      const removed = get().collections.find((c) => c.id === id);
      if (!removed) return;
      set((s) => ({ collections: s.collections.filter((c) => c.id !== id), selectedCollectionId: s.selectedCollectionId === id ? null : s.selectedCollectionId }));
      offerUndo(`Deleted collection "${removed.name}"`, () => {
        if (get().collections.some((c) => c.id === id)) return;
        set((s) => ({ collections: sortCollections([...s.collections, removed]), selectedCollectionId: id }));
      });
    },
    setCollectionVariables: (id, variables) => editCollection(id, (c) => ({ ...c, variables })),
    selectCollection: (selectedCollectionId) => set({ selectedCollectionId }),
    addFolder: (collectionId, parentId, name) => {
      const folder: CollectionItem = { kind: 'folder', id: workspaceItemId('fld'), name: name.trim() || 'New folder', items: [] };
      editItems(collectionId, (items) => addItem(items, folder, parentId));
      return folder.id;
    },
    renameWorkspaceItem: (collectionId, itemId, name) => {
      if (!name.trim()) return;
      editItems(collectionId, (items) => renameItem(items, itemId, name));
      // An open tab of a renamed request shows the new name.
      set((s) => {
        const request = findItem(s.collections.find((c) => c.id === collectionId)?.items ?? [], itemId)?.item;
        if (!request || request.kind !== 'request') return {};
        const tabs = s.tabs.map((t) => {
          const link = s.tabLinks[t.id];
          return link?.collectionId === collectionId && link.requestId === itemId ? { ...t, draft: { ...t.draft, name: request.name } } : t;
        });
        const active = tabs.find((t) => t.id === s.activeTabId);
        return { tabs, ...(active ? { draft: active.draft } : {}) };
      });
    },
    duplicateWorkspaceItem: (collectionId, itemId) => {
      const collection = get().collections.find((c) => c.id === collectionId);
      if (!collection) throw new RangeError(`duplicateWorkspaceItem: no collection "${collectionId}"`);
      const { items, copy } = duplicateItem(collection.items, itemId);
      editItems(collectionId, () => items);
      return copy.id;
    },
    moveWorkspaceItem: (collectionId, itemId, toFolderId, index, toCollectionId = collectionId) => {
      if (toCollectionId === collectionId) {
        editItems(collectionId, (items) => moveItem(items, itemId, toFolderId, index));
        return;
      }
      const source = get().collections.find((c) => c.id === collectionId);
      if (!source || !get().collections.some((c) => c.id === toCollectionId)) throw new RangeError(`moveWorkspaceItem: no collection "${source ? toCollectionId : collectionId}"`);
      const removal = removeItem(source.items, itemId);
      editItems(toCollectionId, (items) => addItem(items, removal.removed, toFolderId, index));
      editItems(collectionId, () => removal.items);
      const moved = new Set(collectionRequestIds(removal.removed));
      set((s) => ({
        tabLinks: Object.fromEntries(Object.entries(s.tabLinks).map(([tab, link]) => [tab, link.collectionId === collectionId && moved.has(link.requestId) ? { ...link, collectionId: toCollectionId } : link])),
      }));
    },
    removeWorkspaceItem: (collectionId, itemId) => {
      const collection = get().collections.find((c) => c.id === collectionId);
      if (!collection) return;
      const removal = removeItem(collection.items, itemId);
      editItems(collectionId, () => removal.items);
      offerUndo(`Deleted ${removal.removed.kind === 'folder' ? 'folder' : 'request'} "${removal.removed.name}"`, () => {
        const current = get().collections.find((c) => c.id === collectionId);
        if (!current || findItem(current.items, removal.removed.id)) return;
        editItems(collectionId, (items) => restoreItem(items, removal));
      });
    },
    openSavedRequest: (collectionId, requestId) => {
      const s = get();
      const found = findItem(s.collections.find((c) => c.id === collectionId)?.items ?? [], requestId)?.item;
      if (!found || found.kind !== 'request') throw new RangeError(`openSavedRequest: no request "${requestId}" in collection "${collectionId}"`);
      const openTab = s.tabs.find((t) => s.tabLinks[t.id]?.collectionId === collectionId && s.tabLinks[t.id]?.requestId === requestId);
      if (openTab) {
        s.activateTab(openTab.id);
      } else {
        s.loadDraft({ ...found.draft, name: found.name }, { newTab: true });
        const tabId = get().activeTabId;
        set((state) => ({ tabLinks: { ...state.tabLinks, [tabId]: { collectionId, requestId } } }));
        get().setTabChecks(tabId, checksOfSaved(found));
      }
      set({ selectedCollectionId: collectionId });
    },
    saveCurrentRequest: () => {
      const s = get();
      const link = s.tabLinks[s.activeTabId];
      const collection = link && s.collections.find((c) => c.id === link.collectionId);
      const saved = collection && findItem(collection.items, link.requestId)?.item;
      if (!link || !saved || saved.kind !== 'request') {
        set({ pendingSave: { tabId: s.activeTabId } });
        return;
      }
      const draft = { ...s.draft, name: saved.name };
      // A SOAP tab may have been pointed at another operation since it was opened.
      const soap = soapOriginOfTab(s, s.activeTabId) ?? saved.soap;
      // Captures, assertions and scripts are saved with the request (issue 18).
      const checks = savedChecksFields(checksOfTab(s, s.activeTabId));
      editItems(link.collectionId, (items) => updateItem(items, saved.id, (item) => withoutUndefined({ ...item, draft, ...(soap ? { soap } : {}), ...checks }) as CollectionItem));
      markSaved(s.activeTabId, draft);
    },
    saveTabTo: (tabId, target) => {
      const s = get();
      const tab = s.tabs.find((t) => t.id === tabId);
      if (!tab) throw new RangeError(`saveTabTo: no tab "${tabId}"`);
      const name = target.name.trim() || 'Untitled request';
      let collectionId = target.collectionId;
      if (collectionId === null) collectionId = get().addCollection(target.newCollectionName?.trim() || 'My requests');
      const draft = normaliseDraft({ ...tab.draft, name });
      const soap = soapOriginOfTab(s, tabId);
      const request: SavedRequest = withoutUndefined({ kind: 'request', id: workspaceItemId('req'), name, draft, requestType: soap || looksLikeSoap(draft) ? 'soap' : 'http', ...(soap ? { soap } : {}), ...savedChecksFields(checksOfTab(s, tabId)) });
      editItems(collectionId, (items) => addItem(items, request, target.folderId));
      set((state) => ({ tabLinks: { ...state.tabLinks, [tabId]: { collectionId: collectionId!, requestId: request.id } }, pendingSave: null, selectedCollectionId: collectionId }));
      markSaved(tabId, draft);
    },
    cancelPendingSave: () => set({ pendingSave: null }),
    undoLast: () => {
      const undo = get().undo;
      if (!undo) return;
      set({ undo: null });
      undo.restore();
    },
    dismissUndo: () => set({ undo: null }),
    addHistoryRow: (row) => set((s) => ({ historyRows: [row, ...s.historyRows.filter((r) => r.id !== row.id)] })),
    removeHistoryRows: (ids) => {
      const drop = new Set(ids);
      set((s) => ({ historyRows: s.historyRows.filter((r) => !drop.has(r.id)) }));
    },
    setKeepResponseBodiesVerbatim: (on) => set({ keepResponseBodiesVerbatim: on }),
    setHistoryLimit: (limit) => {
      if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`The history limit must be a whole number above 0, not ${limit}`);
      set({ historyLimit: limit });
    },
    reportSetAside: (reports) =>
      set((s) => {
        const known = new Set(s.setAside.map((r) => r.key));
        return { setAside: [...s.setAside, ...reports.filter((r) => !known.has(r.key))] };
      }),
    dismissSetAside: (key) => set((s) => ({ setAside: s.setAside.filter((r) => r.key !== key) })),
    setRequestNotice: (requestNotice) => set({ requestNotice }),
  };
};

/** The record without keys whose value is undefined (an emptied list of checks leaves the stored request). */
function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

function collectionRequestIds(item: CollectionItem): string[] {
  return item.kind === 'folder' ? item.items.flatMap(collectionRequestIds) : [item.id];
}
