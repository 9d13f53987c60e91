/**
 * The parts of newman's JSON reporter a script reading its report looks for — `run.stats`,
 * `run.timings`, `run.executions`, `run.failures` — computed from a `RunResult`, so a CI
 * step written against newman's `--reporter-json-export` file reads Wirebench's too. Each
 * assertion and `pm.test` is one newman assertion; a request that got no answer is a
 * `requestError`; a script error is a failure at its script, as newman reports them.
 */
import { stepPassed } from './reportSummary';
import type { RunResult, RunStepResult } from './types';

/** newman's counter: how many, how many still pending (always 0 here: the run is over), how many failed. */
export interface NewmanCount {
  total: number;
  pending: number;
  failed: number;
}

/** One newman assertion: its name, whether `pm.test.skip` skipped it, and the error when it failed. */
export interface NewmanAssertion {
  assertion: string;
  skipped: boolean;
  error?: { name: string; message: string; test: string };
}

/** One request of the run, as newman's `run.executions` lists them. */
export interface NewmanExecution {
  cursor: { iteration: number; position: number };
  item: { id: string; name: string };
  request: { method: string; url: string };
  response?: { code: number; status: string; responseTime: number; header: { key: string; value: string }[] };
  requestError?: { name: string; message: string };
  assertions: NewmanAssertion[];
}

/** One failure of `run.failures`. */
export interface NewmanFailure {
  error: { name: string; message: string; test?: string };
  at: string;
  source: { id: string; name: string };
  parent: { name: string };
  cursor: { iteration: number; position: number };
}

/** newman's `run` members, as `newmanRunShape` computes them. */
export interface NewmanRunShape {
  stats: { iterations: NewmanCount; items: NewmanCount; requests: NewmanCount; assertions: NewmanCount; scripts: NewmanCount };
  timings: { responseAverage: number; responseMin: number; responseMax: number; responseSd: number; started: number; completed: number };
  executions: NewmanExecution[];
  failures: NewmanFailure[];
  error: null;
}

const count = (total: number, failed: number): NewmanCount => ({ total, pending: 0, failed });

function assertionsOf(step: RunStepResult): NewmanAssertion[] {
  return [
    ...step.assertions.map((a) => ({ assertion: a.label, skipped: false, ...(a.passed ? {} : { error: { name: 'AssertionError', message: a.message ?? `${a.label} failed`, test: a.label } }) })),
    ...step.tests.map((t) => ({ assertion: t.name, skipped: t.skipped === true, ...(t.passed || t.skipped ? {} : { error: { name: 'AssertionError', message: t.error ?? `${t.name} failed`, test: t.name } }) })),
  ];
}

/** newman's `run.stats`, `run.timings`, `run.executions` and `run.failures` for `run`. */
export function newmanRunShape(run: RunResult): NewmanRunShape {
  const positions = new Map<number, number>();
  const executions: NewmanExecution[] = [];
  const failures: NewmanFailure[] = [];
  const failedIterations = new Set<number>();
  for (const step of run.steps) {
    const position = positions.get(step.iteration) ?? 0;
    positions.set(step.iteration, position + 1);
    const cursor = { iteration: step.iteration - 1, position };
    const source = { id: step.requestId, name: step.name };
    const parent = { name: step.path.at(-1) ?? run.source };
    const execution: NewmanExecution = { cursor, item: source, request: { method: step.method, url: step.url }, assertions: assertionsOf(step) };
    if (step.status !== undefined) execution.response = { code: step.status, status: step.reason ?? '', responseTime: Math.round(step.durationMs ?? 0), header: (step.responseHeaders ?? []).map((h) => ({ key: h.name, value: h.value })) };
    if (step.error) {
      execution.requestError = { name: step.error.kind, message: step.error.message };
      failures.push({ error: { name: step.error.kind, message: step.error.message }, at: 'request', source, parent, cursor });
    }
    for (const e of step.scriptErrors) failures.push({ error: { name: e.kind === 'syntax' ? 'SyntaxError' : 'Error', message: e.message }, at: 'script', source, parent, cursor });
    execution.assertions.forEach((a, index) => {
      if (a.error) failures.push({ error: a.error, at: `assertion:${index}`, source, parent, cursor });
    });
    if (!stepPassed(step)) failedIterations.add(step.iteration);
    executions.push(execution);
  }
  const times = run.steps.filter((s) => s.status !== undefined).map((s) => s.durationMs ?? 0);
  const average = times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0;
  const sd = times.length ? Math.sqrt(times.reduce((a, t) => a + (t - average) ** 2, 0) / times.length) : 0;
  const started = Date.parse(run.startedAt);
  const all = executions.flatMap((e) => e.assertions);
  return {
    stats: {
      iterations: count(run.iterations, failedIterations.size),
      items: count(run.steps.length, run.steps.filter((s) => !stepPassed(s)).length),
      requests: count(run.steps.filter((s) => !s.skipped).length, run.steps.filter((s) => s.error).length),
      assertions: count(all.length, all.filter((a) => a.error).length),
      scripts: count(run.steps.reduce((n, s) => n + s.scriptErrors.length, 0), run.steps.reduce((n, s) => n + s.scriptErrors.length, 0)),
    },
    timings: { responseAverage: average, responseMin: times.length ? Math.min(...times) : 0, responseMax: times.length ? Math.max(...times) : 0, responseSd: sd, started, completed: started + Math.round(run.durationMs) },
    executions,
    failures,
    error: null,
  };
}
