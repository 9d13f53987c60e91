import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffHunks, diffLines, type DiffRun } from './lineDiff';

const lines = (text: string) => (text === '' ? [] : text.split(' '));
const runs = (a: string, b: string) => {
  const result = diffLines(lines(a), lines(b));
  if (!result.ok) throw new Error(result.error.message);
  return result.value.map((r) => `${r.kind === 'equal' ? '=' : r.kind === 'delete' ? '-' : '+'}${r.lines.join(',')}`).join(' ');
};

const side = (result: DiffRun[], which: 'old' | 'new') =>
  result.filter((r) => r.kind === 'equal' || r.kind === (which === 'old' ? 'delete' : 'insert')).flatMap((r) => r.lines);

function lcsLength(a: readonly string[], b: readonly string[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) dp[i]![j] = a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
  return dp[a.length]![b.length]!;
}

describe('diffLines', () => {
  it('describes changes as runs, deletions before insertions', () => {
    expect(runs('a b c', 'a x c')).toBe('=a -b +x =c');
    expect(runs('a b c', 'a b c d')).toBe('=a,b,c +d');
    expect(runs('a b c', 'b c')).toBe('-a =b,c');
    expect(runs('', 'a')).toBe('+a');
    expect(runs('a', 'a')).toBe('=a');
    expect(runs('', '')).toBe('');
  });

  it('finds the shortest edit (Myers\u2019 example ABCABBA → CBABAC has D = 5)', () => {
    const result = diffLines([...'ABCABBA'], [...'CBABAC']);
    expect(result.ok && result.value.filter((r) => r.kind !== 'equal').reduce((n, r) => n + r.lines.length, 0)).toBe(5);
  });

  it('fails clearly when the texts differ in more lines than the cap', () => {
    const result = diffLines(['a', 'b', 'c'], ['x', 'y', 'z'], { maxEdits: 4 });
    expect(result.ok ? undefined : result.error.kind).toBe('diff-too-large');
  });

  it('rebuilds both texts and is minimal, for any pair', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 25 }), fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 25 }), (a, b) => {
        const result = diffLines(a, b);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(side(result.value, 'old')).toEqual(a);
        expect(side(result.value, 'new')).toEqual(b);
        const edits = result.value.filter((r) => r.kind !== 'equal').reduce((n, r) => n + r.lines.length, 0);
        expect(edits).toBe(a.length + b.length - 2 * lcsLength(a, b));
      }),
    );
  });
});

describe('diffHunks', () => {
  it('keeps three lines of context and merges nearby changes', () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i + 1}`);
    const after = [...before];
    after[4] = 'changed5';
    after[8] = 'changed9';
    after[18] = 'changed19';
    const result = diffLines(before, after);
    if (!result.ok) throw new Error(result.error.message);
    const hunks = diffHunks(result.value);
    expect(hunks.map((h) => [h.oldStart, h.newStart, h.lines.length])).toEqual([
      [2, 2, 13],
      [16, 16, 6],
    ]);
    expect(hunks[0]!.lines[3]).toEqual({ kind: 'delete', text: 'l5', oldLine: 5 });
    expect(hunks[0]!.lines[4]).toEqual({ kind: 'insert', text: 'changed5', newLine: 5 });
  });

  it('gives no hunks for equal texts', () => {
    const result = diffLines(['a'], ['a']);
    expect(result.ok && diffHunks(result.value)).toEqual([]);
  });
});
