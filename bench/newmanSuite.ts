/**
 * The Postman fixtures of `test-data/newman` and one way of reading a run of them: each
 * request the collection ran (name, iteration, status) with its tests (name, passed), in
 * the order they ran. newman's events and `wirebench run`'s RunResult are both reduced to
 * this shape, so the comparison and the fixtures' own test compare like with like.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import newman from 'newman';
import type { RunResult } from '../src/core/run';

/** The folder holding the collections, the environment, the data files and the expected outcomes. */
export const SUITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-data/newman');

/** One collection of the suite, as `suite.json` lists it (paths relative to SUITE_DIR). */
export interface SuiteEntry {
  name: string;
  collection: string;
  environment: string;
  /** A CSV or JSON data file: one iteration per row. */
  data?: string;
}

/** A test as a run reports it. Error messages are not compared: each runner words them its own way. */
export interface ObservedTest {
  name: string;
  passed: boolean;
  skipped?: boolean;
  /** The failure's message, for the report only. */
  error?: string;
}

/** One request the collection ran (not the requests its scripts sent with pm.sendRequest). */
export interface ObservedStep {
  name: string;
  /** 0-based iteration. */
  iteration: number;
  /** The response status; absent when no response came. */
  status?: number;
  /** Why no response came. */
  error?: string;
  tests: ObservedTest[];
  /**
   * Script errors outside any test (a throw at the top level of a pre-request or test
   * script): the messages when observed; in a recorded outcome only their number matters.
   */
  scriptErrors?: string[];
}

/** A whole run as observed. */
export interface ObservedRun {
  steps: ObservedStep[];
  /** Script errors outside any test (a syntax error, a throw at the top level), for the report. */
  scriptErrors: string[];
  /** Requests sent in all, pm.sendRequest ones included, when the runner says. */
  requestsSent?: number;
}

/** The suite's collections, in the order they run. */
export function loadSuite(): SuiteEntry[] {
  return JSON.parse(readFileSync(path.join(SUITE_DIR, 'suite.json'), 'utf8')) as SuiteEntry[];
}

/** The expected outcome of each collection under newman, by collection name. */
export function loadExpectedOutcomes(): Record<string, ObservedStep[]> {
  return JSON.parse(readFileSync(path.join(SUITE_DIR, 'expected-outcomes.json'), 'utf8')) as Record<string, ObservedStep[]>;
}

interface PostmanEnvironment {
  name: string;
  values: { key: string; value: string; type?: string; enabled?: boolean }[];
}

/**
 * The entry's environment with `baseUrl` pointed at a running sandbox (the file holds the
 * default `npm start` address, so it also works by hand).
 */
export function environmentFor(entry: SuiteEntry, sandboxBase: string): PostmanEnvironment {
  const env = JSON.parse(readFileSync(path.join(SUITE_DIR, entry.environment), 'utf8')) as PostmanEnvironment;
  const base = env.values.find((v) => v.key === 'baseUrl');
  if (!base) throw new TypeError(`${entry.environment} has no baseUrl variable`);
  base.value = sandboxBase;
  return env;
}

/** Writes the environment for `sandboxBase` into `dir` (for runners that take a file) and returns its path. */
export function writeEnvironmentFile(entry: SuiteEntry, sandboxBase: string, dir: string): string {
  const file = path.join(dir, `${entry.name}.postman_environment.json`);
  writeFileSync(file, JSON.stringify(environmentFor(entry, sandboxBase), null, 2));
  return file;
}

/** Runs one collection through newman's library API, in this process, and observes it. */
export function runWithNewman(entry: SuiteEntry, sandboxBase: string): Promise<ObservedRun> {
  return new Promise((resolve, reject) => {
    const steps: ObservedStep[] = [];
    const scriptErrors: string[] = [];
    let currentItemId: string | undefined;
    const emitter = newman.run(
      {
        collection: path.join(SUITE_DIR, entry.collection),
        environment: environmentFor(entry, sandboxBase) as never,
        iterationData: entry.data ? path.join(SUITE_DIR, entry.data) : undefined,
        reporters: [],
      },
      (err, summary) => {
        if (err) reject(err);
        else resolve({ steps, scriptErrors, requestsSent: summary.run.stats.requests.total });
      },
    );
    emitter.on('beforeItem', (_err, args) => {
      currentItemId = args.item.id;
      steps.push({ name: args.item.name, iteration: args.cursor.iteration, tests: [] });
    });
    emitter.on('request', (err, args) => {
      // pm.sendRequest fires this event too, with an item of its own: only the item's own request counts.
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

/**
 * A `wirebench run` RunResult reduced to the same shape. Declarative assertions count as
 * tests too (Postman collections have none, so any that appear are a difference worth seeing).
 */
export function observeRunResult(result: RunResult): ObservedRun {
  const first = Math.min(...result.steps.map((s) => s.iteration));
  return {
    steps: result.steps.map((s) => ({
      name: s.name,
      iteration: s.iteration - (Number.isFinite(first) ? first : 0),
      ...(s.status !== undefined ? { status: s.status } : {}),
      ...(s.error ? { error: `${s.error.kind}: ${s.error.message}` } : {}),
      tests: [
        ...s.tests.map((t) => ({ name: t.name, passed: t.passed, ...(t.skipped ? { skipped: true } : {}), ...(t.error ? { error: t.error } : {}) })),
        ...s.assertions.map((a) => ({ name: a.label, passed: a.passed, ...(a.message ? { error: a.message } : {}) })),
      ],
      ...(s.scriptErrors.length ? { scriptErrors: s.scriptErrors.map((e) => `${e.kind}: ${e.message}${e.line ? ` (line ${e.line}:${e.column ?? 0})` : ''}`) } : {}),
    })),
    scriptErrors: result.steps.flatMap((s) => s.scriptErrors.map((e) => `${s.name}: ${e.kind} ${e.message}${e.line ? ` (line ${e.line}:${e.column ?? 0})` : ''}`)),
  };
}

/** The parts of a run that must agree: no error messages, only names, iterations, statuses and outcomes. */
export function outcomeOf(run: ObservedRun): ObservedStep[] {
  return run.steps.map((s) => ({
    name: s.name,
    iteration: s.iteration,
    ...(s.status !== undefined ? { status: s.status } : {}),
    tests: s.tests.map((t) => ({ name: t.name, passed: t.passed, ...(t.skipped ? { skipped: true } : {}) })),
    // The number, not the words: each engine words its errors its own way.
    ...(s.scriptErrors?.length ? { scriptErrors: s.scriptErrors.map(() => 'script error') } : {}),
  }));
}

/** Counts for the table: requests the collection ran, tests passed and failed. */
export function tally(run: ObservedRun): { requests: number; passed: number; failed: number } {
  const tests = run.steps.flatMap((s) => s.tests);
  return { requests: run.steps.length, passed: tests.filter((t) => t.passed).length, failed: tests.filter((t) => !t.passed).length };
}
