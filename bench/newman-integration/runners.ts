/**
 * One integration suite run through newman (its library API, in this process) and through
 * `wirebench run` (the package's bin as a child process, its JSON report read back), with
 * the same materialised files and the same options; both reduced to the ObservedRun shape
 * of ../newmanSuite.ts. Then the assertion count: each test of each request (matched by
 * iteration, request name and occurrence, test name and occurrence) is one assertion; it
 * agrees when both runners report it with the same outcome.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import newman from 'newman';
import type { RunJsonReport, RunResult } from '../../src/core/run';
import { observeRunResult, type ObservedRun, type ObservedStep } from '../newmanSuite';
import type { IntegrationSuite } from './suiteFiles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** newman's run with the suite's options; `dir` holds the materialised files. */
export function runNewmanSuite(suite: IntegrationSuite, dir: string): Promise<ObservedRun> {
  return new Promise((resolve, reject) => {
    const steps: ObservedStep[] = [];
    const scriptErrors: string[] = [];
    let currentItemId: string | undefined;
    const emitter = newman.run(
      {
        collection: path.join(dir, suite.collection),
        ...(suite.environment ? { environment: path.join(dir, suite.environment) } : {}),
        ...(suite.globals ? { globals: path.join(dir, suite.globals) } : {}),
        ...(suite.data ? { iterationData: path.join(dir, suite.data) } : {}),
        ...suite.options,
        // Files a request uploads are named relative to the suite folder's root (importFromNewman.ts).
        workingDir: dir,
        reporters: [],
      },
      (err, summary) => {
        if (err) reject(err);
        else resolve({ steps, scriptErrors, requestsSent: summary.run.stats.requests.total });
      },
    );
    emitter.on('beforeItem', (_err, args) => {
      currentItemId = args.item.id;
      // An item without a name: newman prints "undefined" (its missing name as text), Wirebench calls it "Untitled request", as the app shows it. One request either way.
      steps.push({ name: args.item.name ?? 'Untitled request', iteration: args.cursor.iteration, tests: [] });
    });
    emitter.on('request', (err, args) => {
      const step = steps.at(-1);
      if (!step || args.item?.id !== currentItemId) return;
      if (err) step.error = err.message;
      else step.status = args.response?.code;
    });
    emitter.on('assertion', (err, args) => {
      const step = steps.at(-1);
      if (!step) return;
      step.tests.push({ name: args.assertion, passed: !err, ...(args.skipped ? { skipped: true } : {}), ...(err ? { error: err.message } : {}) });
    });
    emitter.on('script', (err, args) => {
      if (!err) return;
      scriptErrors.push(`${args.item?.name ?? '?'} (${args.event?.listen ?? 'script'}): ${err.message}`);
      const step = steps.at(-1);
      if (step && args.item?.id === currentItemId) (step.scriptErrors ??= []).push(`${args.event?.listen ?? 'script'}: ${err.message}`);
    });
  });
}

/** The `wirebench run` arguments for a suite (the same files and options as newman's run). */
export function wirebenchArgs(suite: IntegrationSuite, dir: string, report: string): string[] {
  const args = ['run', path.join(dir, suite.collection)];
  if (suite.environment) args.push('--env', path.join(dir, suite.environment));
  if (suite.globals) args.push('--globals', path.join(dir, suite.globals));
  if (suite.data) args.push('--data', path.join(dir, suite.data));
  const o = suite.options;
  if (o.ignoreRedirects) args.push('--ignore-redirects');
  if (o.insecure) args.push('--insecure');
  // newman's `timeout` is the whole run's; wirebench names it --timeout-run (its --timeout is per request).
  if (o.timeout) args.push('--timeout-run', String(o.timeout));
  if (o.timeoutRequest) args.push('--timeout-request', String(o.timeoutRequest));
  if (o.timeoutScript) args.push('--timeout-script', String(o.timeoutScript));
  args.push('--working-dir', dir, '--silent', '--reporter', 'json', '--reporter-json-export', report);
  return args;
}

/** How to start the package's `wirebench` bin with node. */
export function wirebenchArgv(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  const file = path.join(root, process.env.WIREBENCH_BIN || pkg.bin.wirebench!);
  return /\.[cm]?ts$/.test(file) ? ['--import', 'tsx', file] : [file];
}

function readReport(file: string): RunResult {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as RunJsonReport | RunResult;
  return 'format' in parsed && parsed.format === 'wirebench-run' ? parsed.run : (parsed as RunResult);
}

/** `wirebench run` on the suite as a child process; the observed run, or why there is none. */
export async function runWirebenchSuite(suite: IntegrationSuite, dir: string): Promise<{ run: ObservedRun; code: number | null; stderr: string } | { unavailable: string }> {
  const report = path.join(dir, `${suite.name.replace(/[\\/]/g, '_')}.wirebench.json`);
  rmSync(report, { force: true });
  const child = spawn(process.execPath, [...wirebenchArgv(), ...wirebenchArgs(suite, dir, report)], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (!existsSync(report)) return { unavailable: `exit ${code} without a JSON report: ${stderr.trim().split('\n').slice(-4).join(' | ').slice(0, 500)}` };
  return { run: observeRunResult(readReport(report)), code, stderr };
}

/** Assertion counts of two runs of the same suite. */
export interface AssertionAgreement {
  /** Assertions reported by either runner. */
  total: number;
  /** Reported by both with the same outcome (passed, failed or skipped). */
  same: number;
  left: { passed: number; failed: number };
  right: { passed: number; failed: number };
}

function assertionMap(steps: ObservedStep[]): Map<string, string> {
  const out = new Map<string, string>();
  const stepSeen = new Map<string, number>();
  for (const s of steps) {
    const stepKey = `${s.iteration}\u0000${s.name}`;
    const n = stepSeen.get(stepKey) ?? 0;
    stepSeen.set(stepKey, n + 1);
    const testSeen = new Map<string, number>();
    for (const t of s.tests) {
      const m = testSeen.get(t.name) ?? 0;
      testSeen.set(t.name, m + 1);
      out.set(`${stepKey}\u0000${n}\u0000${t.name}\u0000${m}`, t.skipped ? 'skipped' : t.passed ? 'passed' : 'failed');
    }
  }
  return out;
}

export function assertionAgreement(left: ObservedStep[], right: ObservedStep[]): AssertionAgreement {
  const a = assertionMap(left);
  const b = assertionMap(right);
  const keys = new Set([...a.keys(), ...b.keys()]);
  let same = 0;
  for (const k of keys) if (a.has(k) && a.get(k) === b.get(k)) same++;
  const count = (m: Map<string, string>) => ({ passed: [...m.values()].filter((v) => v === 'passed').length, failed: [...m.values()].filter((v) => v === 'failed').length });
  return { total: keys.size, same, left: count(a), right: count(b) };
}
