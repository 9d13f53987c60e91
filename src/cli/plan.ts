/**
 * Which requests a CLI run sends, in what order: the collections' (or `--folder`'s)
 * requests depth-first as the sidebar lists them (the order core's `runnableRequests`
 * gives), grouped into the top-level units `--shard` splits.
 */
import type { Collection, CollectionItem, Folder, SavedRequest } from '../core';
import { InputError } from './source';

/** One request of the run, with where it sits. */
export interface PlannedRequest {
  request: SavedRequest;
  collection: Collection;
  /** Folder names from the collection down to the request's folder. */
  path: string[];
}

/** A top-level item of what is run: a request, or a folder with all its requests. */
export type PlanUnit = PlannedRequest[];

function flatten(items: readonly CollectionItem[], collection: Collection, path: string[]): PlannedRequest[] {
  return items.flatMap((item) => (item.kind === 'folder' ? flatten(item.items, collection, [...path, item.name]) : [{ request: item, collection, path }]));
}

function findFolder(items: readonly CollectionItem[], name: string, path: string[]): { folder: Folder; path: string[] } | undefined {
  for (const item of items) {
    if (item.kind !== 'folder') continue;
    if (item.name === name) return { folder: item, path: [...path, item.name] };
    const inner = findFolder(item.items, name, [...path, item.name]);
    if (inner) return inner;
  }
  return undefined;
}

function folderNames(items: readonly CollectionItem[]): string[] {
  return items.flatMap((item) => (item.kind === 'folder' ? [item.name, ...folderNames(item.items)] : []));
}

/**
 * The units of the run: every collection's top-level items, or with `folder` the items of
 * the first folder (depth-first) of that name, or of the collection of that name; with a
 * list, each folder's in turn. An unknown folder is an `InputError` listing the folders there are.
 */
export function planUnits(collections: readonly Collection[], folder: string | readonly string[] | undefined): PlanUnit[] {
  // Several folders (`--folder A --folder B`): each one's units, in the order given, as newman runs them.
  if (typeof folder === 'object') return folder.length === 0 ? planUnits(collections, undefined) : folder.flatMap((name) => planUnits(collections, name));
  const units = (items: readonly CollectionItem[], collection: Collection, path: string[]) =>
    items.map((item) => flatten([item], collection, path)).filter((unit) => unit.length > 0);
  if (folder === undefined) return collections.flatMap((c) => units(c.items, c, []));
  for (const collection of collections) {
    const found = findFolder(collection.items, folder, []);
    if (found) return units(found.folder.items, collection, found.path);
  }
  const whole = collections.find((c) => c.name === folder);
  if (whole) return units(whole.items, whole, []);
  const known = [...new Set(collections.flatMap((c) => folderNames(c.items)))];
  throw new InputError(`--folder ${folder}: no folder of that name; ${known.length ? `the folders are ${known.map((n) => `"${n}"`).join(', ')}` : 'the source has no folders'}.`);
}
