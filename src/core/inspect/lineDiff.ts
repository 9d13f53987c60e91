/**
 * Line diff for comparing two responses: Myers' O(ND) shortest edit script (Myers 1986,
 * "An O(ND) Difference Algorithm and Its Variations"), after trimming the common prefix
 * and suffix, grouped into unified-diff hunks with context. The edit distance is capped,
 * so two unrelated large bodies fail fast instead of taking quadratic time and memory.
 */
import type { CoreError, Result } from '../types';
import { fail, ok } from '../types';

/** A run of lines that are equal, only in the old text, or only in the new one. */
export interface DiffRun {
  kind: 'equal' | 'delete' | 'insert';
  lines: string[];
}

/** Options of {@link diffLines}. */
export interface LineDiffOptions {
  /** Most inserted plus deleted lines to search for; beyond it the diff fails. Default 2000. */
  maxEdits?: number;
}

/** Two texts too different to diff within the edit cap. */
export interface LineDiffError extends CoreError {
  kind: 'diff-too-large';
}

/**
 * The shortest sequence of runs turning `before` into `after`. Adjacent runs never share
 * a kind; deletions come before insertions where both happen at the same place.
 */
export function diffLines(before: readonly string[], after: readonly string[], options: LineDiffOptions = {}): Result<DiffRun[], LineDiffError> {
  if (!Array.isArray(before) || !Array.isArray(after)) throw new TypeError('diffLines expects two arrays of lines');
  const maxEdits = options.maxEdits ?? 2000;
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  ) {
    suffix++;
  }
  const a = before.slice(prefix, before.length - suffix);
  const b = after.slice(prefix, after.length - suffix);
  const middle = myers(a, b, maxEdits);
  if (!middle) {
    return fail({
      kind: 'diff-too-large',
      message: `The texts differ in more than ${maxEdits} lines (${a.length} and ${b.length} lines differ around the common start and end); too different to diff line by line.`,
    });
  }
  const runs: DiffRun[] = [];
  const push = (kind: DiffRun['kind'], lines: readonly string[]) => {
    if (lines.length === 0) return;
    const last = runs[runs.length - 1];
    if (last && last.kind === kind) last.lines.push(...lines);
    else runs.push({ kind, lines: [...lines] });
  };
  push('equal', before.slice(0, prefix));
  for (const run of middle) push(run.kind, run.lines);
  push('equal', before.slice(before.length - suffix));
  return ok(runs);
}

/**
 * Edit script by Myers' greedy forward search. Each round keeps only the slice of the
 * frontier it can reach (diagonals -d-1..d+1), so the trace costs O(D²), not O(D·(N+M)).
 */
function myers(a: readonly string[], b: readonly string[], maxEdits: number): DiffRun[] | undefined {
  const n = a.length;
  const m = b.length;
  if (n === 0 && m === 0) return [];
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b);
    }
  }
  return undefined;
}

function backtrack(trace: readonly Int32Array[], a: readonly string[], b: readonly string[]): DiffRun[] {
  const ops: ('equal' | 'delete' | 'insert')[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    // trace[d] holds the frontier after round d-1, indexed from diagonal -d-1.
    const v = trace[d]!;
    const at = (k: number) => v[k + d + 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push('equal');
      x--;
      y--;
    }
    ops.push(down ? 'insert' : 'delete');
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    ops.push('equal');
    x--;
    y--;
  }
  ops.reverse();
  const runs: DiffRun[] = [];
  let i = 0;
  let j = 0;
  for (let p = 0; p < ops.length; ) {
    // Within a change, deletions are listed before insertions so hunks read old then new.
    if (ops[p] !== 'equal') {
      const deleted: string[] = [];
      const inserted: string[] = [];
      while (p < ops.length && ops[p] !== 'equal') {
        if (ops[p] === 'delete') deleted.push(a[i++]!);
        else inserted.push(b[j++]!);
        p++;
      }
      if (deleted.length) runs.push({ kind: 'delete', lines: deleted });
      if (inserted.length) runs.push({ kind: 'insert', lines: inserted });
      continue;
    }
    const equal: string[] = [];
    while (p < ops.length && ops[p] === 'equal') {
      equal.push(a[i++]!);
      j++;
      p++;
    }
    runs.push({ kind: 'equal', lines: equal });
  }
  return runs;
}

/** One line of a unified diff, with its line numbers in the old and new text. */
export interface DiffLine {
  kind: 'equal' | 'delete' | 'insert';
  text: string;
  oldLine?: number;
  newLine?: number;
}

/** A hunk: changed lines with up to `context` equal lines around them. */
export interface DiffHunk {
  oldStart: number;
  newStart: number;
  lines: DiffLine[];
}

/** Groups runs into unified-diff hunks with `context` equal lines before and after each change. */
export function diffHunks(runs: readonly DiffRun[], context = 3): DiffHunk[] {
  const lines: DiffLine[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const run of runs) {
    for (const text of run.lines) {
      if (run.kind === 'equal') lines.push({ kind: 'equal', text, oldLine: oldLine++, newLine: newLine++ });
      else if (run.kind === 'delete') lines.push({ kind: 'delete', text, oldLine: oldLine++ });
      else lines.push({ kind: 'insert', text, newLine: newLine++ });
    }
  }
  // Each change claims `context` lines on both sides; overlapping or touching claims merge.
  const ranges: [number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.kind === 'equal') continue;
    const from = Math.max(0, i - context);
    const to = Math.min(lines.length, i + context + 1);
    const last = ranges[ranges.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  }
  const hunks: DiffHunk[] = ranges.map(([from, to]) => {
    const hunkLines = lines.slice(from, to);
    // A hunk that starts with an insertion has no old line yet; it starts after the previous old line.
    const firstOld = hunkLines.find((l) => l.oldLine !== undefined)?.oldLine;
    const firstNew = hunkLines.find((l) => l.newLine !== undefined)?.newLine;
    return { oldStart: firstOld ?? oldLine, newStart: firstNew ?? newLine, lines: hunkLines };
  });
  return hunks;
}
