/**
 * `npm run bench`: every `bench:*` script of package.json, one after another, in a short
 * mode (few rounds, small sizes: enough to prove each still runs end to end and prints its
 * table, not to measure), and a failure if any of them fails. The full figures come from
 * running each `bench:*` on its own. New benchmarks are picked up by name; their short
 * mode is the `BENCH_SHORT=1` they are given, plus the knobs below for the older ones.
 *
 * The benches that need the built app share one build (`dist`, rebuilt only when stale),
 * so a run after `npm test` reuses the e2e suite's build.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable } from './table';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** Short mode: each bench's own knobs turned down. */
const SHORT: Record<string, string> = {
  BENCH_SHORT: '1',
  // bench:relay
  BENCH_COUNT: '200',
  BENCH_MB: '16',
  BENCH_TRANSFERS: '1',
  BENCH_CONCURRENT: '20',
  BENCH_BURSTS: '1',
  // bench:inspector
  BENCH_SIZES: '1',
  // bench:wsdl
  BENCH_WSDL_FILES: '2',
  BENCH_RUNS: '2',
  BENCH_WARMUP: '1',
  BENCH_LARGE_RUNS: '2',
  // bench:startup
  BENCH_LOADS: '2',
  // One build for every bench that serves the app.
  WIREBENCH_DIST_DIR: process.env.WIREBENCH_DIST_DIR ?? 'dist',
};

const only = process.argv.slice(2);
const names = Object.keys(pkg.scripts)
  .filter((name) => name.startsWith('bench:'))
  .filter((name) => only.length === 0 || only.includes(name));

function run(name: string): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { cwd: root, stdio: 'inherit', env: { ...process.env, ...SHORT } });
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

const rows: string[][] = [];
let failed = 0;
for (const name of names) {
  console.log(`\n=== npm run ${name} (short mode) ===`);
  const started = Date.now();
  const { code, signal } = await run(name);
  const ok = code === 0;
  if (!ok) failed++;
  rows.push([name, ok ? 'ran' : `FAILED (${signal ?? `exit ${code}`})`, `${((Date.now() - started) / 1000).toFixed(0)} s`]);
}
printTable('npm run bench: every benchmark in short mode (figures above are not measurements; run each bench:* alone for those)', ['benchmark', 'outcome', 'wall time'], rows);
if (names.length === 0) {
  console.error('No bench:* script matched.');
  process.exit(2);
}
if (failed) {
  console.error(`\n${failed} of ${names.length} benchmarks failed.`);
  process.exit(1);
}
