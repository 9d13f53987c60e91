/**
 * Operations on a collection's item tree as pure functions: each returns a new tree and
 * leaves the one it was given untouched, so the app can keep the old tree for undo and
 * React sees new references only along the changed path. An id that is not in the tree
 * is a programmer error (the sidebar only offers ids it shows) and throws a RangeError.
 */
import { draftRowId } from '../request';
import type { CollectionItem, Folder, SavedRequest } from './model';

/** Where an item sits: its parent folder (null for the top level) and its index there. */
export interface ItemLocation {
  item: CollectionItem;
  /** The folder holding the item, or null when it is at the top level. */
  parentId: string | null;
  index: number;
  /** The folders from the top level down to the parent, outermost first. */
  ancestors: Folder[];
}

/** What `removeItem` took out, enough for `restoreItem` to put it back. */
export interface ItemRemoval {
  items: CollectionItem[];
  removed: CollectionItem;
  parentId: string | null;
  index: number;
}

/** One search hit: the item and the names of the folders above it. */
export interface ItemMatch {
  item: CollectionItem;
  folderPath: string[];
}

/** A fresh id for a collection, folder or saved request. */
export function workspaceItemId(prefix: 'col' | 'fld' | 'req' | 'env' | 'his' = 'req'): string {
  return draftRowId(prefix);
}

/** Finds an item anywhere in the tree, with its location, or undefined. */
export function findItem(items: readonly CollectionItem[], id: string): ItemLocation | undefined {
  const search = (list: readonly CollectionItem[], parent: Folder | null, ancestors: Folder[]): ItemLocation | undefined => {
    for (let index = 0; index < list.length; index++) {
      const item = list[index]!;
      if (item.id === id) return { item, parentId: parent?.id ?? null, index, ancestors };
      if (item.kind === 'folder') {
        const found = search(item.items, item, [...ancestors, item]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return search(items, null, []);
}

function locate(items: readonly CollectionItem[], id: string, operation: string): ItemLocation {
  const found = findItem(items, id);
  if (!found) throw new RangeError(`${operation}: no item with id "${id}" in the tree`);
  return found;
}

/** The tree with the list of folder `parentId` (or the top level for null) replaced by `edit(list)`. */
function editList(items: readonly CollectionItem[], parentId: string | null, edit: (list: CollectionItem[]) => CollectionItem[]): CollectionItem[] {
  if (parentId === null) return edit([...items]);
  return items.map((item) => {
    if (item.kind !== 'folder') return item;
    if (item.id === parentId) return { ...item, items: edit([...item.items]) };
    const inner = editList(item.items, parentId, edit);
    return inner === item.items || sameList(inner, item.items) ? item : { ...item, items: inner };
  });
}

function sameList(a: readonly CollectionItem[], b: readonly CollectionItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function checkParent(items: readonly CollectionItem[], parentId: string | null, operation: string): number {
  if (parentId === null) return items.length;
  const parent = locate(items, parentId, operation).item;
  if (parent.kind !== 'folder') throw new RangeError(`${operation}: "${parentId}" is a request, not a folder`);
  return parent.items.length;
}

function checkIndex(index: number, length: number, operation: string): void {
  if (!Number.isInteger(index) || index < 0 || index > length) {
    throw new RangeError(`${operation}: index ${index} is outside 0…${length}`);
  }
}

function idsOf(item: CollectionItem): string[] {
  return item.kind === 'folder' ? [item.id, ...item.items.flatMap(idsOf)] : [item.id];
}

/**
 * The tree with `item` inserted into folder `parentId` (null: top level) at `index`
 * (default: at the end). Throws when the parent is missing or a request, when the index is
 * out of range, or when an id of `item` is already in the tree.
 */
export function addItem(items: readonly CollectionItem[], item: CollectionItem, parentId: string | null = null, index?: number): CollectionItem[] {
  const length = checkParent(items, parentId, 'addItem');
  const at = index ?? length;
  checkIndex(at, length, 'addItem');
  for (const id of idsOf(item)) {
    if (findItem(items, id)) throw new RangeError(`addItem: id "${id}" is already in the tree`);
  }
  return editList(items, parentId, (list) => {
    list.splice(at, 0, item);
    return list;
  });
}

/**
 * The tree with item `id` moved into folder `toFolderId` (null: top level) at `index`,
 * counted in the destination list after the item left its old place (so moving within one
 * folder to index 0 makes it first). Moving a folder into itself or its own descendant
 * throws, as does an index outside the destination list.
 */
export function moveItem(items: readonly CollectionItem[], id: string, toFolderId: string | null, index: number): CollectionItem[] {
  const from = locate(items, id, 'moveItem');
  if (toFolderId !== null && idsOf(from.item).includes(toFolderId)) {
    throw new RangeError(`moveItem: cannot move "${id}" into itself or one of its own folders`);
  }
  const without = editList(items, from.parentId, (list) => {
    list.splice(from.index, 1);
    return list;
  });
  const length = checkParent(without, toFolderId, 'moveItem');
  checkIndex(index, length, 'moveItem');
  return editList(without, toFolderId, (list) => {
    list.splice(index, 0, from.item);
    return list;
  });
}

/** The tree with item `id` replaced by `update(item)`; the id must stay the same. */
export function updateItem(items: readonly CollectionItem[], id: string, update: (item: CollectionItem) => CollectionItem): CollectionItem[] {
  const at = locate(items, id, 'updateItem');
  const next = update(at.item);
  if (next.id !== id) throw new RangeError(`updateItem: the update changed the id from "${id}" to "${next.id}"`);
  return editList(items, at.parentId, (list) => {
    list[at.index] = next;
    return list;
  });
}

/** The tree with item `id` renamed. A blank name throws: the sidebar keeps the old one instead. */
export function renameItem(items: readonly CollectionItem[], id: string, name: string): CollectionItem[] {
  const trimmed = name.trim();
  if (trimmed === '') throw new RangeError('renameItem: the name is empty');
  return updateItem(items, id, (item) =>
    item.kind === 'request' ? { ...item, name: trimmed, draft: { ...item.draft, name: trimmed } } : { ...item, name: trimmed },
  );
}

/** A deep copy of `item` where every folder, request and draft gets a new id. */
export function cloneWithNewIds(item: CollectionItem, newId: (prefix: 'fld' | 'req') => string = workspaceItemId): CollectionItem {
  if (item.kind === 'folder') {
    return { ...item, id: newId('fld'), items: item.items.map((child) => cloneWithNewIds(child, newId)) };
  }
  const copy: SavedRequest = structuredClone(item);
  copy.id = newId('req');
  copy.draft.id = draftRowId('draft');
  return copy;
}

/**
 * The tree with a copy of item `id` placed right after it, named "<name> copy", with new
 * ids throughout (a folder's contents included), and the copy itself.
 */
export function duplicateItem(items: readonly CollectionItem[], id: string): { items: CollectionItem[]; copy: CollectionItem } {
  const at = locate(items, id, 'duplicateItem');
  const clone = cloneWithNewIds(at.item);
  const name = `${at.item.name} copy`;
  const copy: CollectionItem = clone.kind === 'request' ? { ...clone, name, draft: { ...clone.draft, name } } : { ...clone, name };
  return { items: addItem(items, copy, at.parentId, at.index + 1), copy };
}

/** The tree without item `id`, with what was removed and where, for undo. */
export function removeItem(items: readonly CollectionItem[], id: string): ItemRemoval {
  const at = locate(items, id, 'removeItem');
  const next = editList(items, at.parentId, (list) => {
    list.splice(at.index, 1);
    return list;
  });
  return { items: next, removed: at.item, parentId: at.parentId, index: at.index };
}

/**
 * Undoes a removal: puts the item back at its old place. When its folder is gone too, or
 * the folder is now shorter, it goes to the end of the top level or of the folder.
 */
export function restoreItem(items: readonly CollectionItem[], removal: Pick<ItemRemoval, 'removed' | 'parentId' | 'index'>): CollectionItem[] {
  const parent = removal.parentId === null ? null : findItem(items, removal.parentId);
  const parentId = parent && parent.item.kind === 'folder' ? parent.item.id : null;
  const length = parentId === null ? items.length : (parent!.item as Folder).items.length;
  const index = parentId === removal.parentId ? Math.min(removal.index, length) : length;
  return addItem(items, removal.removed, parentId, index);
}

/** Every saved request of the tree in display order, with the folder names above it. */
export function collectionRequests(items: readonly CollectionItem[]): { request: SavedRequest; folderPath: string[] }[] {
  const out: { request: SavedRequest; folderPath: string[] }[] = [];
  const walk = (list: readonly CollectionItem[], path: string[]) => {
    for (const item of list) {
      if (item.kind === 'folder') walk(item.items, [...path, item.name]);
      else out.push({ request: item, folderPath: path });
    }
  };
  walk(items, []);
  return out;
}

/**
 * Items whose name, description, or (for requests) method and URL contain every word of
 * `text`, case-insensitively, in display order. A folder matches by its own text; a
 * request under a matching folder matches when the folder name supplies the missing words,
 * so "billing invoices" finds the request "List invoices" in folder "Billing". Blank text
 * matches nothing.
 */
export function searchItems(items: readonly CollectionItem[], text: string): ItemMatch[] {
  const words = text.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [];
  const out: ItemMatch[] = [];
  const walk = (list: readonly CollectionItem[], path: string[]) => {
    for (const item of list) {
      const own = [item.name, item.description ?? ''];
      if (item.kind === 'request') own.push(item.draft.method, item.draft.url);
      const haystack = [...path, ...own].join('\n').toLowerCase();
      const ownText = own.join('\n').toLowerCase();
      if (words.every((w) => haystack.includes(w)) && words.some((w) => ownText.includes(w))) out.push({ item, folderPath: path });
      if (item.kind === 'folder') walk(item.items, [...path, item.name]);
    }
  };
  walk(items, []);
  return out;
}
