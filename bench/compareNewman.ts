/**
 * `npm run compare:newman` (issue 18, item 6): the Postman collections of test-data/newman
 * run through newman (its library API) and through `wirebench run` (the package's bin, a
 * child process, its JSON report read back), against a sandbox this script starts on
 * loopback. Prints per collection the requests sent and tests passed/failed by each and
 * whether they agree (same requests in order, same tests, same outcomes), then every
 * difference in words. Then throughput: a generated collection of 1,000 requests with one
 * test each, through both as child processes, with requests per second and peak RSS (after
 * one `wirebench --version`, so a rebuild of the bin's CLI bundle is not measured as the run).
 * Exits 1 when the collections disagree (or newman no longer gives the recorded outcome).
 *
 * Options (environment): COMPARE_REQUESTS (default 1000) for the throughput run,
 * COMPARE_ROUNDS (default 1; the best round of each runner is kept), COMPARE_SKIP_THROUGHPUT=1
 * to leave it out, WIREBENCH_BIN (a path from the repository root) to run another entry
 * than package.json's bin.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunJsonReport, RunResult } from '../src/core/run';
import { startServer } from '../src/server/listen';
import { stopsWithBench } from './benchLifetime';
import { runDifferences } from './newmanAgreement';
import { environmentFor, loadExpectedOutcomes, loadSuite, observeRunResult, outcomeOf, runWithNewman, SUITE_DIR, tally, writeEnvironmentFile, type ObservedRun, type SuiteEntry } from './newmanSuite';
import { samplePeak, type TreePeak } from './processTreePeak';
import { printTable } from './table';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NEWMAN_BIN = path.join(root, 'node_modules/newman/bin/newman.js');

/** How to start `wirebench`, or why it cannot be started yet. */
function wirebenchCommand(): { argv: string[] } | { unavailable: string } {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> };
  const bin = process.env.WIREBENCH_BIN || (typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.wirebench);
  if (!bin) return { unavailable: 'package.json has no "wirebench" bin yet' };
  const file = path.join(root, bin);
  if (!existsSync(file)) return { unavailable: `the bin ${bin} does not exist` };
  // A TypeScript entry needs the loader; a JavaScript one (the published shape) runs as it is.
  return { argv: /\.[cm]?ts$/.test(file) ? ['--import', 'tsx', file] : [file] };
}

/** The RunResult in a `--reporter json` file: the report wraps it as `run` (core/run reportJson.ts); a bare RunResult is read too. */
function readRunReport(file: string): RunResult {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as RunJsonReport | RunResult;
  const run = 'format' in parsed && parsed.format === 'wirebench-run' ? parsed.run : (parsed as RunResult);
  if (!Array.isArray(run.steps)) throw new TypeError(`${file} is not a wirebench JSON report (no run steps)`);
  return run;
}

interface ChildOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  peak: TreePeak;
}

function runChild(argv: string[]): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // A run in flight when the comparison is stopped (a signal, a failure) goes with it (benchLifetime.ts).
    const child = stopsWithBench(spawn(process.execPath, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }));
    const sampler = samplePeak(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr, wallMs: performance.now() - started, peak: sampler.stop() }));
  });
}

const tail = (text: string) => text.trim().split('\n').slice(-6).join(' | ').slice(0, 600);

type WirebenchRun = { run: ObservedRun; result: RunResult; child: ChildOutcome } | { unavailable: string };

async function runWithWirebench(entry: SuiteEntry, sandboxBase: string, tmp: string): Promise<WirebenchRun> {
  const command = wirebenchCommand();
  if ('unavailable' in command) return command;
  const report = path.join(tmp, `${entry.name}.wirebench.json`);
  const args = [...command.argv, 'run', path.join(SUITE_DIR, entry.collection), '--env', writeEnvironmentFile(entry, sandboxBase, tmp)];
  if (entry.data) args.push('--data', path.join(SUITE_DIR, entry.data));
  args.push('--reporter', 'json', '--reporter-json-export', report);
  const child = await runChild(args);
  if (!existsSync(report)) return { unavailable: `wirebench run exited ${child.code} without a JSON report: ${tail(child.stderr || child.stdout)}` };
  const result = readRunReport(report);
  return { run: observeRunResult(result), result, child };
}

const counts = (run: ObservedRun) => {
  const t = tally(run);
  return [t.requests, `${t.passed} / ${t.failed}`];
};

async function compareCollections(sandboxBase: string, tmp: string): Promise<{ agree: boolean; available: boolean }> {
  const expected = loadExpectedOutcomes();
  const rows: (string | number)[][] = [];
  const details: string[] = [];
  let agree = true;
  let available = true;
  for (const entry of loadSuite()) {
    const started = performance.now();
    const newman = await runWithNewman(entry, sandboxBase);
    const newmanMs = performance.now() - started;
    const drift = runDifferences(expected[entry.name] ?? [], outcomeOf(newman), 'the recording', 'newman');
    if (drift.length) {
      agree = false;
      details.push(`${entry.name}: newman no longer gives the recorded outcome:`, ...drift.map((d) => `  - ${d}`));
    }
    const wirebench = await runWithWirebench(entry, sandboxBase, tmp);
    if ('unavailable' in wirebench) {
      available = false;
      rows.push([entry.name, ...counts(newman), `${newmanMs.toFixed(0)} ms`, '—', '—', '—', `not available: ${wirebench.unavailable}`]);
      continue;
    }
    // The observed runs themselves, so a difference quotes each side's own failure and script error messages.
    const differences = runDifferences(newman.steps, wirebench.run.steps, 'newman', 'wirebench');
    if (differences.length) {
      agree = false;
      details.push(`${entry.name}: ${differences.length} difference(s):`, ...differences.map((d) => `  - ${d}`));
    }
    if (wirebench.run.scriptErrors.length) details.push(`${entry.name}: wirebench script errors:`, ...wirebench.run.scriptErrors.map((e) => `  - ${e}`));
    if (wirebench.result.stopped) details.push(`${entry.name}: wirebench stopped early (${wirebench.result.stopped.reason}): ${wirebench.result.stopped.message}`);
    rows.push([
      entry.name,
      ...counts(newman),
      `${newmanMs.toFixed(0)} ms`,
      ...counts(wirebench.run),
      `${wirebench.child.wallMs.toFixed(0)} ms (exit ${wirebench.child.code})`,
      differences.length ? `no (${differences.length})` : 'yes',
    ]);
  }
  printTable(
    'Postman collections: newman (library, in process) and wirebench run (child process)',
    ['Collection', 'newman requests', 'newman tests ✓ / ✗', 'newman time', 'wirebench requests', 'wirebench tests ✓ / ✗', 'wirebench time', 'Agree'],
    rows,
  );
  console.log('\nRequests are the collection\'s own (pm.sendRequest calls not counted); tests are pm.test and tests[] results.');
  if (details.length) console.log('\nDifferences:\n' + details.join('\n'));
  else if (available) console.log('\nEvery collection agrees: same requests in the same order, same tests, same outcomes.');
  return { agree, available };
}

/** A collection of `n` GET requests to a cheap endpoint, one test each. */
function throughputCollection(n: number): object {
  return {
    info: { name: `Throughput: ${n} requests`, schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: Array.from({ length: n }, (_, i) => ({
      name: `User 1, request ${i + 1}`,
      event: [{ listen: 'test', script: { type: 'text/javascript', exec: ["pm.test('Status code is 200', function () {", '    pm.response.to.have.status(200);', '});'] } }],
      request: { method: 'GET', header: [], url: { raw: '{{baseUrl}}/api/users/1', host: ['{{baseUrl}}'], path: ['api', 'users', '1'] } },
      response: [],
    })),
  };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** One runner's throughput run, or why it could not be measured. */
type Measurement =
  | { requests: number; passed: number; failed: number; wallMs: number; runMs: number; peak: TreePeak }
  | { unavailable: string };

async function measureNewman(collection: string, env: string, report: string): Promise<Measurement> {
  const child = await runChild([NEWMAN_BIN, 'run', collection, '-e', env, '-r', 'json', '--reporter-json-export', report]);
  if (!existsSync(report)) return { unavailable: `exit ${child.code} without a report: ${tail(child.stderr || child.stdout)}` };
  const summary = JSON.parse(readFileSync(report, 'utf8')) as {
    run: { stats: { requests: { total: number }; assertions: { total: number; failed: number } }; timings: { started: number; completed: number } };
  };
  rmSync(report);
  const a = summary.run.stats.assertions;
  return { requests: summary.run.stats.requests.total, passed: a.total - a.failed, failed: a.failed, wallMs: child.wallMs, runMs: summary.run.timings.completed - summary.run.timings.started, peak: child.peak };
}

async function measureWirebench(collection: string, env: string, report: string): Promise<Measurement> {
  const command = wirebenchCommand();
  if ('unavailable' in command) return command;
  const child = await runChild([...command.argv, 'run', collection, '--env', env, '--reporter', 'json', '--reporter-json-export', report]);
  if (!existsSync(report)) return { unavailable: `exit ${child.code} without a report: ${tail(child.stderr || child.stdout)}` };
  const result = readRunReport(report);
  rmSync(report);
  const t = tally(observeRunResult(result));
  return { requests: result.steps.length, passed: t.passed, failed: t.failed, wallMs: child.wallMs, runMs: result.durationMs, peak: child.peak };
}

const runRps = (m: Measurement) => ('unavailable' in m ? 0 : m.requests / (m.runMs / 1000));

async function compareThroughput(sandboxBase: string, tmp: string, n: number, rounds: number): Promise<void> {
  const collection = path.join(tmp, 'throughput.postman_collection.json');
  writeFileSync(collection, JSON.stringify(throughputCollection(n)));
  const env = path.join(tmp, 'throughput.postman_environment.json');
  writeFileSync(env, JSON.stringify(environmentFor(loadSuite()[0]!, sandboxBase)));
  const row = (label: string, m: Measurement): (string | number)[] =>
    'unavailable' in m
      ? [label, '—', '—', '—', '—', '—', '—', `not available: ${m.unavailable}`]
      : [label, m.requests, `${m.passed} / ${m.failed}`, (m.wallMs / 1000).toFixed(2), (m.requests / (m.wallMs / 1000)).toFixed(0), runRps(m).toFixed(0), mb(m.peak.peakBytes), m.peak.byProcess.map((p) => `${p.command} ${mb(p.peakBytes)}`).join(', ')];
  const best: Record<'newman' | 'wirebench', Measurement | undefined> = { newman: undefined, wirebench: undefined };
  const rows: (string | number)[][] = [];
  // The bin builds its bundle of the CLI on first use and again whenever a source changed
  // (bin/bundle.mjs); started once here so the rounds measure runs, not that one-time build.
  const command = wirebenchCommand();
  if (!('unavailable' in command)) {
    const warm = await runChild([...command.argv, '--version']);
    console.log(`\nWarm-up \`wirebench --version\` (builds the CLI bundle if missing or stale): ${(warm.wallMs / 1000).toFixed(2)} s, peak RSS ${mb(warm.peak.peakBytes)} MB (${warm.peak.byProcess.map((p) => `${p.command} ${mb(p.peakBytes)}`).join(', ')})`);
  }
  // Alternated, so a burst of load from elsewhere on the machine does not fall on one runner only; the best round of each is kept.
  for (let round = 0; round < rounds; round++) {
    const m1 = await measureNewman(collection, env, path.join(tmp, 'throughput.newman.json'));
    if (!best.newman || runRps(m1) > runRps(best.newman)) best.newman = m1;
    rows.push(row(`newman 6 (CLI, json reporter)${rounds > 1 ? `, round ${round + 1}` : ''}`, m1));
    const m2 = await measureWirebench(collection, env, path.join(tmp, 'throughput.wirebench.json'));
    if (!best.wirebench || runRps(m2) > runRps(best.wirebench)) best.wirebench = m2;
    rows.push(row(`wirebench run (json reporter)${rounds > 1 ? `, round ${round + 1}` : ''}`, m2));
  }
  printTable(
    `Throughput: ${n} requests (GET /sandbox/api/users/1, one pm.test each), each runner a child process, ${rounds} round(s) alternated`,
    ['Runner', 'Requests', 'Tests ✓ / ✗', 'Wall s', 'Req/s (wall)', 'Req/s (run)', 'Peak RSS MB', 'Processes (peak MB)'],
    rows,
  );
  console.log("\nReq/s (run) counts the run itself (the runner's own start and end times); Req/s (wall) includes starting the process.");
  console.log("Peak RSS: the sum of each of the runner's processes' VmHWM, sampled from /proc every 20 ms.");
  const nm = best.newman!;
  const wb = best.wirebench!;
  if ('unavailable' in nm || 'unavailable' in wb) {
    console.log("Target: Wirebench ≥ 2× newman's requests per second at no more memory — not measured (a runner was not available).");
    return;
  }
  const ratio = runRps(wb) / runRps(nm);
  const wallRatio = (wb.requests / wb.wallMs) / (nm.requests / nm.wallMs);
  if (rounds > 1) console.log("The target is judged on each runner's fastest round (and that round's peak RSS).");
  console.log(
    `Target: Wirebench ≥ 2× newman's requests per second — ${ratio.toFixed(2)}× by the run, ${wallRatio.toFixed(2)}× by wall clock (${ratio >= 2 ? 'met' : 'NOT met'}); ` +
      `at no more memory — ${mb(wb.peak.peakBytes)} MB vs ${mb(nm.peak.peakBytes)} MB (${wb.peak.peakBytes <= nm.peak.peakBytes ? 'met' : 'NOT met'}).`,
  );
}

async function main(): Promise<void> {
  const server = await startServer({ port: 0, host: '127.0.0.1', token: randomBytes(24).toString('base64url') });
  const sandboxBase = `${server.origin}/sandbox`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'wb-compare-newman-'));
  console.log(`Sandbox: ${sandboxBase}`);
  let exitCode = 0;
  try {
    const { agree } = await compareCollections(sandboxBase, tmp);
    if (!agree) exitCode = 1;
    if (process.env.COMPARE_SKIP_THROUGHPUT !== '1') {
      const n = Number(process.env.COMPARE_REQUESTS ?? 1000);
      if (!Number.isInteger(n) || n < 1) throw new RangeError(`COMPARE_REQUESTS must be a positive whole number, not ${JSON.stringify(process.env.COMPARE_REQUESTS)}`);
      const rounds = Number(process.env.COMPARE_ROUNDS ?? 1);
      if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`COMPARE_ROUNDS must be a positive whole number, not ${JSON.stringify(process.env.COMPARE_ROUNDS)}`);
      await compareThroughput(sandboxBase, tmp, n, rounds);
    }
  } finally {
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(2);
});
