/**
 * Whether two runs of the same collection agree: the same requests in the same order (by
 * name and iteration), the same statuses, the same tests with the same outcomes. Each
 * difference is one sentence naming the request and the test and what each side said, so
 * the report can be read without rerunning anything.
 */
import type { ObservedStep, ObservedTest } from './newmanSuite';

const stepKey = (s: ObservedStep) => `${s.iteration}\u0000${s.name}`;
const where = (s: ObservedStep) => `"${s.name}" (iteration ${s.iteration + 1})`;

/** Longest common subsequence of two key lists, as index pairs in order. */
function alignment(left: string[], right: string[]): [number, number][] {
  const table = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0));
  for (let i = left.length - 1; i >= 0; i--) {
    for (let j = right.length - 1; j >= 0; j--) {
      table[i]![j] = left[i] === right[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    if (left[i] === right[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

function outcomeText(t: ObservedTest): string {
  if (t.skipped) return 'skipped';
  return t.passed ? 'passed' : `failed${t.error ? ` (${t.error})` : ''}`;
}

function testDifferences(a: ObservedStep, b: ObservedStep, nameA: string, nameB: string): string[] {
  const out: string[] = [];
  // Tests are matched by name and occurrence, so a repeated name is compared with its own repeat.
  const occurrences = (tests: ObservedTest[]) => {
    const seen = new Map<string, number>();
    return tests.map((t) => {
      const n = seen.get(t.name) ?? 0;
      seen.set(t.name, n + 1);
      return `${t.name}\u0000${n}`;
    });
  };
  const keysA = occurrences(a.tests);
  const keysB = occurrences(b.tests);
  const inB = new Map(keysB.map((k, i) => [k, b.tests[i]!]));
  const inA = new Set(keysA);
  keysA.forEach((k, i) => {
    const ta = a.tests[i]!;
    const tb = inB.get(k);
    if (!tb) out.push(`${where(a)}: test "${ta.name}" ${outcomeText(ta)} in ${nameA}, not reported by ${nameB}`);
    else if (ta.passed !== tb.passed || Boolean(ta.skipped) !== Boolean(tb.skipped)) {
      out.push(`${where(a)}: test "${ta.name}" ${outcomeText(ta)} in ${nameA}, ${outcomeText(tb)} in ${nameB}`);
    }
  });
  keysB.forEach((k, i) => {
    if (!inA.has(k)) out.push(`${where(b)}: test "${b.tests[i]!.name}" ${outcomeText(b.tests[i]!)} in ${nameB}, not reported by ${nameA}`);
  });
  if (out.length === 0 && keysA.join('\u0001') !== keysB.join('\u0001')) {
    out.push(`${where(a)}: the same tests in another order (${nameA}: ${a.tests.map((t) => t.name).join(', ')}; ${nameB}: ${b.tests.map((t) => t.name).join(', ')})`);
  }
  return out;
}

/**
 * Every difference between run `a` (named `nameA`, e.g. newman) and run `b` (`nameB`);
 * empty when they agree.
 */
export function runDifferences(a: ObservedStep[], b: ObservedStep[], nameA: string, nameB: string): string[] {
  const out: string[] = [];
  const pairs = alignment(a.map(stepKey), b.map(stepKey));
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...pairs, [a.length, b.length] as [number, number]]) {
    for (; i < pi; i++) out.push(`${where(a[i]!)} ran in ${nameA} (step ${i + 1}) but not at that point in ${nameB}`);
    for (; j < pj; j++) out.push(`${where(b[j]!)} ran in ${nameB} (step ${j + 1}) but not at that point in ${nameA}`);
    if (pi === a.length) break;
    const sa = a[pi]!;
    const sb = b[pj]!;
    if (sa.status !== sb.status) {
      out.push(`${where(sa)}: status ${sa.status ?? `none (${sa.error ?? 'no response'})`} in ${nameA}, ${sb.status ?? `none (${sb.error ?? 'no response'})`} in ${nameB}`);
    }
    const errorsA = sa.scriptErrors ?? [];
    const errorsB = sb.scriptErrors ?? [];
    if (errorsA.length !== errorsB.length) {
      const said = (errors: string[]) => (errors.length ? `${errors.length} script error(s) (${errors.join('; ')})` : 'no script error');
      out.push(`${where(sa)}: ${said(errorsA)} in ${nameA}, ${said(errorsB)} in ${nameB}`);
    }
    out.push(...testDifferences(sa, sb, nameA, nameB));
    i = pi + 1;
    j = pj + 1;
  }
  return out;
}
