/**
 * A collection's items sent between a worker and the page in small messages (issue 32
 * item 5): one `postMessage` of 100,000 requests is one structured clone of seconds on the
 * receiving thread, during which the page cannot answer. The tree is walked in order into
 * nodes (a folder without its items, and how many it has), cut into chunks of
 * `CHUNK_NODES`, each its own message and so its own short task, and put back together.
 */
import type { CollectionItem } from '../../../core';

/**
 * Items per message: a few milliseconds of cloning each. At 2,000 an import's messages were
 * the page's longest tasks (50–85 ms each to take in, half of it the garbage collector's
 * work that the new objects started), so they are as small as a load's.
 */
export const CHUNK_NODES = 500;

/** One item in tree order: a folder travels without its items and says how many follow inside it. */
export interface ItemNode {
  item: CollectionItem;
  children?: number;
}

/** The items in tree order, as chunks of at most `size` nodes. */
export function* itemChunks(items: readonly CollectionItem[], size = CHUNK_NODES): Generator<ItemNode[]> {
  let chunk: ItemNode[] = [];
  const walk = function* (list: readonly CollectionItem[]): Generator<ItemNode[]> {
    for (const item of list) {
      chunk.push(item.kind === 'folder' ? { item: { ...item, items: [] }, children: item.items.length } : { item });
      if (chunk.length >= size) {
        yield chunk;
        chunk = [];
      }
      if (item.kind === 'folder') yield* walk(item.items);
    }
  };
  yield* walk(items);
  if (chunk.length) yield chunk;
}

/** Puts chunks of nodes back into a tree, chunk by chunk as they arrive. */
export class ItemAssembler {
  /** The top-level items, filled as chunks are added. */
  readonly items: CollectionItem[] = [];
  private readonly open: { items: CollectionItem[]; remaining: number }[] = [{ items: this.items, remaining: Infinity }];

  add(nodes: readonly ItemNode[]): void {
    for (const node of nodes) {
      const parent = this.open[this.open.length - 1]!;
      const item = node.item.kind === 'folder' ? { ...node.item, items: [] as CollectionItem[] } : node.item;
      parent.items.push(item);
      parent.remaining -= 1;
      if (item.kind === 'folder' && (node.children ?? 0) > 0) this.open.push({ items: item.items, remaining: node.children! });
      while (this.open.length > 1 && this.open[this.open.length - 1]!.remaining === 0) this.open.pop();
    }
  }

  /** True when every folder received all the items it announced. */
  complete(): boolean {
    return this.open.length === 1;
  }
}
