import { describe, expect, it } from 'vitest';
import { ChunkBytes } from './chunkBytes';

describe('ChunkBytes', () => {
  it('reads across chunk edges and sees chunks that arrive later', () => {
    const chunks = [Uint8Array.of(0, 1, 2), Uint8Array.of(3), Uint8Array.of(4, 5)];
    const bytes = new ChunkBytes(chunks);
    expect(bytes.length).toBe(6);
    expect([...bytes.read(2, 5)]).toEqual([2, 3, 4]);
    chunks.push(Uint8Array.of(6, 7));
    expect(bytes.length).toBe(8);
    expect([...bytes.read(5, 100)]).toEqual([5, 6, 7]);
    expect(bytes.read(8, 9).length).toBe(0);
  });
});
