/**
 * `--shard i/n`: which part of a run this machine takes, split the way Playwright splits
 * tests. The units are, in run order: whole iterations when the run has more than one,
 * otherwise the top-level items of what is run (a request, or a folder with everything in
 * it, so a chain of requests in one folder is never cut). The n shards take contiguous
 * slices: each gets ⌊units/n⌋ units and the first (units mod n) shards one more. Every unit
 * lands in exactly one shard, and the same input always splits the same way.
 */
import type { Shard } from './args';

/** The [start, end) range of unit indexes shard `shard` takes out of `units`. */
export function shardRange(units: number, shard: Shard): [number, number] {
  if (!Number.isInteger(units) || units < 0) throw new RangeError(`units must be a whole number, got ${units}`);
  const base = Math.floor(units / shard.total);
  const extra = units % shard.total;
  const before = shard.index - 1;
  const start = before * base + Math.min(before, extra);
  return [start, start + base + (before < extra ? 1 : 0)];
}

/** The units shard `shard` takes (all of them without a shard). */
export function shardSlice<T>(units: readonly T[], shard: Shard | undefined): T[] {
  if (!shard) return [...units];
  const [start, end] = shardRange(units.length, shard);
  return units.slice(start, end);
}
