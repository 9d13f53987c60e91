import { describe, expect, it } from 'vitest';
import type { CollectionItem } from '../../../core';
import { CHUNK_NODES, ItemAssembler, itemChunks } from './collectionChunks';

const request = (id: string): CollectionItem => ({ kind: 'request', id, name: id, draft: { id: `d-${id}` } } as unknown as CollectionItem);
const folder = (id: string, items: CollectionItem[]): CollectionItem => ({ kind: 'folder', id, name: id, items } as unknown as CollectionItem);

describe('collection items in chunks', () => {
  it('walks a nested tree into small chunks and puts it back the same, whatever the chunk size', () => {
    const tree = [folder('a', [request('a1'), folder('b', [request('b1'), request('b2')]), folder('empty', []), request('a2')]), request('top'), folder('c', [folder('d', [request('d1')])])];
    for (const size of [1, 2, 3, 5, 100]) {
      const chunks = [...itemChunks(tree, size)];
      expect(chunks.every((c) => c.length <= size)).toBe(true);
      const assembler = new ItemAssembler();
      for (const chunk of chunks) assembler.add(chunk);
      expect(assembler.complete()).toBe(true);
      expect(assembler.items).toEqual(tree);
    }
  });

  it('cuts 100,000 requests into chunks of CHUNK_NODES (500) nodes', () => {
    const tree = Array.from({ length: 100 }, (_, f) => folder(`f${f}`, Array.from({ length: 1000 }, (_, i) => request(`r${f}-${i}`))));
    const chunks = [...itemChunks(tree)];
    expect(CHUNK_NODES).toBe(500);
    expect(chunks.length).toBe(Math.ceil(100_100 / CHUNK_NODES));
    expect(chunks.every((chunk) => chunk.length <= CHUNK_NODES)).toBe(true);
    const assembler = new ItemAssembler();
    for (const chunk of chunks) assembler.add(chunk);
    expect(assembler.items.length).toBe(100);
    expect(assembler.items[99]!.kind === 'folder' && assembler.items[99]!.items.length).toBe(1000);
  });

  it('does not leave the source folders emptied', () => {
    const tree = [folder('a', [request('a1')])];
    [...itemChunks(tree)];
    expect((tree[0] as { items: CollectionItem[] }).items).toHaveLength(1);
  });
});
