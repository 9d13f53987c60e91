/**
 * The sidebar tree as a flat list of visible rows (collections, folders, requests, with
 * their level and place), so the tree renders as one list with `aria-level`, keyboard
 * moves are index arithmetic, and drag and drop knows where each row sits. Search turns
 * the tree into a list of matches named by their folder path.
 */
import { searchItems, type Collection, type CollectionItem } from '../../../core';

/** One visible row of the tree. */
export interface TreeRow {
  /** Unique in the list: the collection id, or `collectionId/itemId`. */
  key: string;
  kind: 'collection' | 'folder' | 'request';
  collectionId: string;
  /** The folder or request; absent for a collection row. */
  item?: CollectionItem;
  name: string;
  /** 1 for collections, 2 for their top-level items, … */
  level: number;
  /** The folder holding the item (null: the collection's top level); absent for collections. */
  parentId?: string | null;
  /** Position among its siblings, and how many siblings there are (for aria-posinset/setsize). */
  index: number;
  siblings: number;
  /** For collections and folders: whether its children are shown. */
  expanded?: boolean;
  /** In search results: the folders above the item. */
  folderPath?: string[];
}

/** The key of a collection or item row. */
export function treeRowKey(collectionId: string, itemId?: string): string {
  return itemId ? `${collectionId}/${itemId}` : collectionId;
}

/** From this many requests and folders, a collection's folders start closed: its first screen is its top level, not 100,000 rows to lay out. */
export const LARGE_TREE_NODES = 5_000;

const large = new WeakMap<Collection, boolean>();

/** Whether `collection` has more than LARGE_TREE_NODES items (counted once per collection object, stopping there). */
export function isLargeTree(collection: Collection): boolean {
  let answer = large.get(collection);
  if (answer === undefined) {
    let n = 0;
    const walk = (items: readonly CollectionItem[]): boolean => {
      for (const item of items) {
        if (++n > LARGE_TREE_NODES || (item.kind === 'folder' && walk(item.items))) return true;
      }
      return false;
    };
    large.set(collection, (answer = walk(collection.items)));
  }
  return answer;
}

/**
 * The visible rows: each collection, and the items of collections and folders that are
 * open. `toggled` holds the keys whose state differs from where they start: open, except
 * the folders of a large collection (`isLargeTree`), which start closed.
 */
export function treeRows(collections: readonly Collection[], toggled: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (collection: Collection, items: readonly CollectionItem[], level: number, parentId: string | null, startsClosed: boolean) => {
    items.forEach((item, index) => {
      const key = treeRowKey(collection.id, item.id);
      const open = item.kind === 'folder' && startsClosed === toggled.has(key);
      rows.push({ key, kind: item.kind, collectionId: collection.id, item, name: item.name, level, parentId, index, siblings: items.length, ...(item.kind === 'folder' ? { expanded: open } : {}) });
      if (item.kind === 'folder' && open) walk(collection, item.items, level + 1, item.id, startsClosed);
    });
  };
  collections.forEach((collection, index) => {
    const open = !toggled.has(collection.id);
    rows.push({ key: collection.id, kind: 'collection', collectionId: collection.id, name: collection.name, level: 1, index, siblings: collections.length, expanded: open });
    if (open) walk(collection, collection.items, 2, null, isLargeTree(collection));
  });
  return rows;
}

/**
 * Search results as rows: collections whose name matches, then every matching folder and
 * request (core's `searchItems`: all words, folder names count) with its folder path.
 */
export function searchTreeRows(collections: readonly Collection[], text: string): TreeRow[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const rows: TreeRow[] = [];
  for (const collection of collections) {
    if (words.every((w) => collection.name.toLowerCase().includes(w))) {
      rows.push({ key: collection.id, kind: 'collection', collectionId: collection.id, name: collection.name, level: 1, index: 0, siblings: 0, expanded: false });
    }
    for (const match of searchItems(collection.items, text)) {
      rows.push({
        key: treeRowKey(collection.id, match.item.id),
        kind: match.item.kind,
        collectionId: collection.id,
        item: match.item,
        name: match.item.name,
        level: 1,
        index: 0,
        siblings: 0,
        folderPath: [collection.name, ...match.folderPath],
      });
    }
  }
  rows.forEach((row, i) => {
    row.index = i;
    row.siblings = rows.length;
  });
  return rows;
}

/** Where a dragged item lands relative to the row it is dropped on. */
export type DropPlace = 'before' | 'after' | 'inside';

/** A move the store can perform: into folder `folderId` (null: top level) of `collectionId` at `index`. */
export interface DropTarget {
  collectionId: string;
  folderId: string | null;
  index: number;
}

/**
 * Where dropping on `row` at `place` puts an item: inside a collection or folder goes to
 * its end; before or after an item goes next to it. `index` counts the destination list
 * without the moved item when it comes from the same list (as core's `moveItem` wants).
 */
export function dropTarget(row: TreeRow, place: DropPlace, moving: { collectionId: string; parentId: string | null; index: number }, childCount: number): DropTarget {
  if (row.kind === 'collection' || (row.kind === 'folder' && place === 'inside')) {
    const folderId = row.kind === 'collection' ? null : row.item!.id;
    const sameList = moving.collectionId === row.collectionId && moving.parentId === folderId;
    return { collectionId: row.collectionId, folderId, index: sameList ? childCount - 1 : childCount };
  }
  const folderId = row.parentId ?? null;
  let index = place === 'after' ? row.index + 1 : row.index;
  if (moving.collectionId === row.collectionId && moving.parentId === folderId && moving.index < index) index -= 1;
  return { collectionId: row.collectionId, folderId, index };
}
