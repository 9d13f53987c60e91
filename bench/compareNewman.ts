/**
 * `npm run compare:newman` (issue 28, item 6): newman's own integration collections (its
 * repository's test/integration, stored rewritten in bench/newman-integration/files/ — see
 * that folder's README.md) run through newman (its library API, in this process) and through
 * `wirebench run` (the package's bin, a child process, its JSON report read back) with the
 * same files and options, against loopback stand-ins for postman-echo.com and newman's own
 * test servers started here. Prints per collection the assertions each runner passed and
 * failed and how many came out the same, then every difference in words, then the total
 * agreement against the target (≥ 98 %).
 *
 * Then throughput: a 10-request collection run for 200 iterations by both, each a child
 * process, with requests per second and peak RSS, against the floor (≥ 4× newman's requests
 * per second at no more peak memory).
 *
 * Exits 1 when the agreement is under the target. Options (environment): COMPARE_ONLY (a
 * comma-separated list of suite names), COMPARE_SKIP_THROUGHPUT=1, COMPARE_ITERATIONS
 * (default 200), COMPARE_ROUNDS (default 1; the best round of each runner is kept),
 * WIREBENCH_BIN (a path from the repository root) to run another entry than package.json's bin.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopsWithBench } from './benchLifetime';
import { compareSuites, totals, type SuiteComparison } from './newman-integration/compareSuites';
import { wirebenchArgv } from './newman-integration/runners';
import { startStandIns } from './newman-integration/standInServers';
import { LEFT_OUT } from './newman-integration/suiteFiles';
import { samplePeak, type TreePeak } from './processTreePeak';
import { printTable } from './table';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NEWMAN_BIN = path.join(root, 'node_modules/newman/bin/newman.js');
const AGREEMENT_TARGET = 0.98;
const THROUGHPUT_FLOOR = 4;

const pct = (same: number, total: number) => (total ? `${((100 * same) / total).toFixed(1)} %` : '—');

async function compareCollections(): Promise<boolean> {
  const only = process.env.COMPARE_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
  const results: SuiteComparison[] = await compareSuites(only, (r) => process.stderr.write(`  ${r.name}: ${r.agreement.same}/${r.agreement.total}\n`));
  const rows = results.map((r) => [
    r.name,
    `${r.agreement.left.passed} / ${r.agreement.left.failed}`,
    r.unavailable ? 'no report' : `${r.agreement.right.passed} / ${r.agreement.right.failed}`,
    `${r.agreement.same} / ${r.agreement.total}`,
    r.differences.length ? String(r.differences.length) : '—',
  ]);
  const sum = totals(results);
  rows.push(['Total', `${sum.left.passed} / ${sum.left.failed}`, `${sum.right.passed} / ${sum.right.failed}`, `${sum.same} / ${sum.total} (${pct(sum.same, sum.total)})`, '']);
  printTable(
    "newman's integration collections (test/integration), newman 6 (library) and wirebench run (child process), against loopback stand-ins",
    ['Collection', 'newman ✓ / ✗', 'wirebench ✓ / ✗', 'Same outcome', 'Differences'],
    rows,
  );
  console.log('\nAn assertion is one test of one request (pm.test, tests[…]); it has the same outcome when both runners report it passed, failed or skipped.');
  const details = results.filter((r) => r.differences.length).flatMap((r) => [`${r.name}:`, ...r.differences.map((d) => `  - ${d}`)]);
  if (details.length) console.log('\nDifferences (explained in bench/newman-integration/README.md):\n' + details.join('\n'));
  const leftOut = Object.entries(LEFT_OUT);
  if (leftOut.length && !only) console.log('\nLeft out:\n' + leftOut.map(([n, why]) => `  - ${n}: ${why}`).join('\n'));
  const agreement = sum.total ? sum.same / sum.total : 0;
  console.log(`\nTarget: ≥ ${AGREEMENT_TARGET * 100} % of assertions with the same outcome — ${pct(sum.same, sum.total)} (${agreement >= AGREEMENT_TARGET ? 'met' : 'NOT met'}).`);
  return agreement >= AGREEMENT_TARGET;
}

interface ChildOutcome {
  code: number | null;
  stderr: string;
  wallMs: number;
  peak: TreePeak;
}

function runChild(argv: string[]): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = stopsWithBench(spawn(process.execPath, argv, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] }));
    const sampler = samplePeak(child.pid!);
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr, wallMs: performance.now() - started, peak: sampler.stop() }));
  });
}

const test = (name: string, ...lines: string[]) => ({ listen: 'test', script: { type: 'text/javascript', exec: [`pm.test(${JSON.stringify(name)}, function () {`, ...lines.map((l) => `    ${l}`), '});'] } });
const jsonBody = (value: unknown) => ({ mode: 'raw', raw: JSON.stringify(value), options: { raw: { language: 'json' } } });

/** Ten requests to the echo stand-in, one or two tests each: the throughput collection. */
function throughputCollection(): object {
  const item = (name: string, method: string, pathAndQuery: string, tests: object[], body?: object) => ({
    name,
    event: tests,
    request: { method, header: body ? [{ key: 'Content-Type', value: 'application/json' }] : [], url: `{{echo}}${pathAndQuery}`, ...(body ? { body } : {}) },
  });
  return {
    info: { name: 'Throughput: 10 requests', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: [
      item('GET with query', 'GET', '/get?page={{page}}', [test('Status code is 200', 'pm.response.to.have.status(200);'), test('echoes the query', "pm.expect(pm.response.json().args.page).to.eql(pm.variables.get('page'));")]),
      item('POST JSON', 'POST', '/post', [test('echoes the body', 'pm.expect(pm.response.json().json.name).to.eql("wirebench");')], jsonBody({ name: 'wirebench', n: 1 })),
      item('PUT JSON', 'PUT', '/put', [test('Status code is 200', 'pm.response.to.have.status(200);')], jsonBody({ id: 7 })),
      item('PATCH JSON', 'PATCH', '/patch', [test('Status code is 200', 'pm.response.to.be.ok;')], jsonBody({ op: 'replace' })),
      item('DELETE', 'DELETE', '/delete', [test('Status code is 200', 'pm.response.to.have.status(200);')]),
      item('Headers', 'GET', '/headers', [test('has a host header', "pm.expect(pm.response.json().headers).to.have.property('host');")]),
      item('Status 201', 'GET', '/status/201', [test('Status code is 201', 'pm.response.to.have.status(201);')]),
      item('Response headers', 'GET', '/response-headers?X-Bench=yes', [test('has X-Bench', "pm.response.to.have.header('X-Bench');")]),
      item('Cookies', 'GET', '/cookies', [test('has cookies', "pm.expect(pm.response.json()).to.have.property('cookies');")]),
      item('GET again', 'GET', '/get?i={{$randomInt}}', [test('Status code is 200', 'pm.response.to.have.status(200);'), test('responds in time', 'pm.expect(pm.response.responseTime).to.be.below(5000);')]),
    ],
  };
}

type Measurement = { requests: number; passed: number; failed: number; wallMs: number; runMs: number; peak: TreePeak } | { unavailable: string };

const tail = (text: string) => text.trim().split('\n').slice(-4).join(' | ').slice(0, 500);

async function measureNewman(collection: string, env: string, iterations: number, report: string): Promise<Measurement> {
  const child = await runChild([NEWMAN_BIN, 'run', collection, '-e', env, '-n', String(iterations), '-r', 'json', '--reporter-json-export', report]);
  if (!existsSync(report)) return { unavailable: `exit ${child.code} without a report: ${tail(child.stderr)}` };
  const summary = JSON.parse(readFileSync(report, 'utf8')) as {
    run: { stats: { requests: { total: number }; assertions: { total: number; failed: number } }; timings: { started: number; completed: number } };
  };
  rmSync(report);
  const a = summary.run.stats.assertions;
  return { requests: summary.run.stats.requests.total, passed: a.total - a.failed, failed: a.failed, wallMs: child.wallMs, runMs: summary.run.timings.completed - summary.run.timings.started, peak: child.peak };
}

async function measureWirebench(collection: string, env: string, iterations: number, report: string): Promise<Measurement> {
  const child = await runChild([...wirebenchArgv(), 'run', collection, '--env', env, '--iterations', String(iterations), '--silent', '--reporter', 'json', '--reporter-json-export', report]);
  if (!existsSync(report)) return { unavailable: `exit ${child.code} without a report: ${tail(child.stderr)}` };
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as { run?: { steps: { tests: { passed: boolean }[] }[]; durationMs: number } };
  rmSync(report);
  const run = parsed.run!;
  const tests = run.steps.flatMap((s) => s.tests);
  return { requests: run.steps.length, passed: tests.filter((t) => t.passed).length, failed: tests.filter((t) => !t.passed).length, wallMs: child.wallMs, runMs: run.durationMs, peak: child.peak };
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const runRps = (m: Measurement) => ('unavailable' in m ? 0 : m.requests / (m.runMs / 1000));

async function compareThroughput(iterations: number, rounds: number): Promise<void> {
  const standIns = await startStandIns();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'wb-compare-throughput-'));
  try {
    const collection = path.join(tmp, 'throughput.postman_collection.json');
    writeFileSync(collection, JSON.stringify(throughputCollection()));
    const env = path.join(tmp, 'throughput.postman_environment.json');
    writeFileSync(env, JSON.stringify({ name: 'throughput', values: [{ key: 'echo', value: `http://127.0.0.1:${standIns.ports.echo}`, enabled: true }, { key: 'page', value: '3', enabled: true }] }));
    // The bin builds its bundle of the CLI on first use and whenever a source changed (bin/bundle.mjs): done once here, not measured.
    await runChild([...wirebenchArgv(), '--version']);
    const best: { newman?: Measurement; wirebench?: Measurement } = {};
    const rows: (string | number)[][] = [];
    const row = (label: string, m: Measurement): (string | number)[] =>
      'unavailable' in m
        ? [label, '—', '—', '—', '—', '—', `not available: ${m.unavailable}`]
        : [label, m.requests, `${m.passed} / ${m.failed}`, (m.wallMs / 1000).toFixed(2), (m.requests / (m.wallMs / 1000)).toFixed(0), runRps(m).toFixed(0), mb(m.peak.peakBytes)];
    // Alternated, so a burst of load from elsewhere does not fall on one runner only; the best round of each is kept.
    for (let round = 0; round < rounds; round++) {
      const n = await measureNewman(collection, env, iterations, path.join(tmp, 'newman.json'));
      if (!best.newman || runRps(n) > runRps(best.newman)) best.newman = n;
      rows.push(row(`newman 6 (CLI)${rounds > 1 ? `, round ${round + 1}` : ''}`, n));
      const w = await measureWirebench(collection, env, iterations, path.join(tmp, 'wirebench.json'));
      if (!best.wirebench || runRps(w) > runRps(best.wirebench)) best.wirebench = w;
      rows.push(row(`wirebench run${rounds > 1 ? `, round ${round + 1}` : ''}`, w));
    }
    printTable(
      `Throughput: a 10-request collection × ${iterations} iterations (echo stand-in on loopback, 12 tests an iteration), each runner a child process with the json reporter`,
      ['Runner', 'Requests', 'Tests ✓ / ✗', 'Wall s', 'Req/s (wall)', 'Req/s (run)', 'Peak RSS MB'],
      rows,
    );
    console.log("\nReq/s (run) is the run itself (the runner's own start and end times); Req/s (wall) includes starting the process. Peak RSS: the sum of the runner's processes' VmHWM, sampled from /proc every 20 ms.");
    const nm = best.newman!;
    const wb = best.wirebench!;
    if ('unavailable' in nm || 'unavailable' in wb) return void console.log('Floor: not measured (a runner was not available).');
    const ratio = runRps(wb) / runRps(nm);
    printTable('Floor', ['Measure', 'Floor', 'Measured', 'Met'], [
      ['Requests per second, wirebench ÷ newman (run)', `≥ ${THROUGHPUT_FLOOR}×`, `${ratio.toFixed(2)}×`, ratio >= THROUGHPUT_FLOOR ? 'yes' : 'NO'],
      ['Requests per second, wirebench ÷ newman (wall)', '(for reference)', `${((wb.requests / wb.wallMs) / (nm.requests / nm.wallMs)).toFixed(2)}×`, ''],
      ['Peak RSS, wirebench vs newman', '≤ newman', `${mb(wb.peak.peakBytes)} MB vs ${mb(nm.peak.peakBytes)} MB`, wb.peak.peakBytes <= nm.peak.peakBytes ? 'yes' : 'NO'],
    ]);
  } finally {
    await standIns.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive whole number, not ${JSON.stringify(process.env[name])}`);
  return value;
}

async function main(): Promise<void> {
  const agreed = await compareCollections();
  if (process.env.COMPARE_SKIP_THROUGHPUT !== '1') await compareThroughput(positive('COMPARE_ITERATIONS', 200), positive('COMPARE_ROUNDS', 1));
  process.exit(agreed ? 0 : 1);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(2);
});
