/**
 * `npm run bench:scaling`: parsers that read what a server or a file sends must take time
 * linear in its size. The audit found the XML reader quadratic in the attributes of one
 * element, the challenge parser quadratic in quoted params, and `.http` variables quadratic
 * in their number. Each is timed at 100 KB and 1 MB in the same run (fastest of seven) and
 * the ratio printed: linear work gives ~10 (plus what a ten times larger heap costs the
 * garbage collector), quadratic work ~100; the table marks a ratio under 30 as linear.
 * (This was a unit test; ratios of timings belong here, where a loaded machine cannot fail
 * the suite. The parsers' results are still checked in src/core/scaling.test.ts.)
 */
import { parseChallenges } from '../src/core/auth/challenges';
import { parseHttpFile } from '../src/core/formats/httpFile';
import { readXmlDocument } from '../src/core/soap/xmlTree';
import { printTable } from './table';
import { scalingInputs } from '../src/core/scalingInputs';

const LINEAR_LIMIT = 30;
const short = process.env.BENCH_SHORT === '1';
const RUNS = short ? 2 : 7;

/** The fastest of RUNS runs: noise (other processes, GC of earlier work) only ever adds time. */
function fastest(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const parsers: Record<keyof typeof scalingInputs, (text: string) => unknown> = {
  xmlAttributes: readXmlDocument,
  challengeParams: parseChallenges,
  httpFileVariables: parseHttpFile,
};

const rows: string[][] = [];
for (const [name, input] of Object.entries(scalingInputs) as [keyof typeof scalingInputs, (typeof scalingInputs)[keyof typeof scalingInputs]][]) {
  const parse = parsers[name];
  const small = input.make(100_000);
  const large = input.make(1_000_000);
  // Warm the JIT (and the heap) on both sizes first, so neither measurement pays for it.
  parse(small);
  parse(large);
  const smallMs = fastest(() => parse(small));
  const largeMs = fastest(() => parse(large));
  const ratio = largeMs / Math.max(smallMs, 0.05);
  rows.push([input.what, `${smallMs.toFixed(2)} ms`, `${largeMs.toFixed(2)} ms`, `${ratio.toFixed(1)}×`, ratio < LINEAR_LIMIT ? 'yes' : 'NO (superlinear)']);
}
printTable(`Parser scaling: 100 KB vs 1 MB, fastest of ${RUNS}; the floor is linear work, a ratio of ~10`, ['input', '100 KB', '1 MB', 'ratio (floor ~10×)', `linear (< ${LINEAR_LIMIT}×)`], rows);
