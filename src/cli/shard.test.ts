import { describe, expect, it } from 'vitest';
import { parseShard, UsageError } from './args';
import { shardRange, shardSlice } from './shard';

describe('shardRange', () => {
  it('gives contiguous slices, the first (units mod n) one unit larger, as Playwright does', () => {
    expect([1, 2, 3].map((index) => shardRange(10, { index, total: 3 }))).toEqual([
      [0, 4],
      [4, 7],
      [7, 10],
    ]);
    expect([1, 2, 3].map((index) => shardRange(2, { index, total: 3 }))).toEqual([
      [0, 1],
      [1, 2],
      [2, 2],
    ]);
  });

  it('puts every unit in exactly one shard', () => {
    for (let units = 0; units < 30; units++) {
      for (let total = 1; total < 8; total++) {
        const taken = Array.from({ length: total }, (_, i) => shardSlice([...Array(units).keys()], { index: i + 1, total })).flat();
        expect(taken).toEqual([...Array(units).keys()]);
      }
    }
  });
});

describe('parseShard', () => {
  it('reads i/n and refuses anything else', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, total: 4 });
    for (const bad of ['0/3', '4/3', '1/0', '1', 'a/b', '1/2/3']) expect(() => parseShard(bad)).toThrow(UsageError);
  });
});
