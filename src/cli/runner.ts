/**
 * A whole CLI run, driven by core's run plan (`core/run/runPlan.ts`, the same state machine
 * as the page's runner): iterations and data rows, `setNextRequest`, the loop bound,
 * `--bail`, `--delay`; plus `--shard`'s slice. Results are collected into core's
 * `RunResult`, which every reporter reads. Variables set in one iteration carry into the
 * next, as in Postman.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Environment } from '../core';
import { afterRunStep, nextRunStep, startRunPlan, stepPassed, type RunResult, type RunStepResult } from '../core/run';
import type { RunOptions } from './args';
import { planUnits, type PlannedRequest } from './plan';
import type { RunPorts } from './ports';
import type { SecretMask } from './secrets';
import { DynamicValues } from './dynamicValues';
import { shardSlice } from './shard';
import { InputError, type RunSource } from './source';
import { emptyJar, runStep } from './step';
import { RunScope } from './variables';
import type { VaultGrants } from './vaultGrants';

/** A script run's own time limit, unless --timeout allows its requests longer. */
const SCRIPT_TIME_LIMIT_MS = 5_000;

/** Everything a run is made of. */
export interface RunInput {
  options: RunOptions;
  source: RunSource;
  environment?: Environment;
  dataRows?: Record<string, string>[];
  /** The rows as a JSON data file holds them (numbers, arrays), for scripts' `pm.iterationData`. */
  typedRows?: Record<string, unknown>[];
  ports: RunPorts;
  vault?: VaultGrants;
  mask: SecretMask;
  /** `{{$env.…}}` values (already in `mask`). */
  processEnv: Record<string, string>;
  /** The run's variables, when the caller keeps them (to export their final values); else made here. */
  variables?: RunScope;
  /** Called after each step (the cli reporter's lines and progress), with the steps planned so far. */
  onStep?: (step: RunStepResult, done: number) => void;
  onNote?: (text: string) => void;
  onConsole?: (text: string) => void;
}

/** The requests and iterations this machine runs: all of them, or `--shard`'s slice (see shard.ts). */
function shardedPlan(input: RunInput): { requests: PlannedRequest[]; firstIteration: number; iterations: number; rows: Record<string, string>[]; typedRows: Record<string, unknown>[] } {
  const { options } = input;
  const allRows = input.dataRows ?? [];
  const iterationCount = options.iterations ?? Math.max(1, allRows.length);
  let units = planUnits(input.source.collections, options.folders);
  // A run of nothing is a mistake (a Swagger file, an empty folder), never a green: exit 2 before anything runs.
  if (units.length === 0) throw new InputError(options.folders ? `--folder ${options.folders.join(', ')}: no requests to run there.` : 'holds no requests, so there is nothing to run.', options.folders ? undefined : options.source);
  let iterationNumbers = Array.from({ length: iterationCount }, (_, i) => i);
  if (options.shard && iterationCount > 1) iterationNumbers = shardSlice(iterationNumbers, options.shard);
  else units = shardSlice(units, options.shard);
  // Each iteration keeps its own row (the last row repeating past the end, as core's plan does).
  const rowOf = <T>(list: readonly T[]) => (list.length === 0 ? [] : iterationNumbers.map((i) => list[Math.min(i, list.length - 1)]!));
  return { requests: units.flat(), firstIteration: iterationNumbers[0] ?? 0, iterations: iterationNumbers.length, rows: rowOf(allRows), typedRows: rowOf(input.typedRows ?? []) };
}

/** The ports as the run's options bound them: `--ignore-redirects` and the `--timeout-run` signal on every send (a script's `pm.sendRequest` too). */
function boundPorts(ports: RunPorts, options: RunOptions, runSignal: AbortSignal | undefined): RunPorts {
  const send: RunPorts['send'] = (meta, body, sendOptions) => {
    const signal = runSignal && sendOptions.signal ? AbortSignal.any([runSignal, sendOptions.signal]) : (runSignal ?? sendOptions.signal);
    return ports.send(options.ignoreRedirects ? { ...meta, followRedirects: false } : meta, body, { ...sendOptions, ...(signal ? { signal } : {}) });
  };
  return { ...ports, send };
}

/** A run's result, and whether `--timeout-run` ended it. */
export type SourceRun = RunResult & { timedOut?: boolean };

/** Runs the source and returns the run's result (never throws for a failing request). */
export async function runSource(input: RunInput): Promise<SourceRun> {
  const run = input.options.runTimeoutMs !== undefined ? new AbortController() : undefined;
  const runTimer = run ? setTimeout(() => run.abort(), input.options.runTimeoutMs) : undefined;
  try {
    return await runBounded({ ...input, ports: boundPorts(input.ports, input.options, run?.signal) }, run?.signal);
  } finally {
    clearTimeout(runTimer);
  }
}

async function runBounded(input: RunInput, runSignal: AbortSignal | undefined): Promise<SourceRun> {
  const { options, source, mask } = input;
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const iterationCount = options.iterations ?? Math.max(1, input.dataRows?.length ?? 0);
  const { requests, firstIteration, iterations, rows, typedRows } = shardedPlan(input);
  const steps: RunStepResult[] = [];
  const result = (stopped?: RunResult['stopped']): SourceRun => ({
    source: options.folders ? `${source.name} / ${options.folders.join(', ')}` : source.name,
    startedAt,
    durationMs: performance.now() - started,
    iterations: iterationCount,
    steps,
    ...(stopped ? { stopped } : {}),
    ...(runSignal?.aborted ? { timedOut: true } : {}),
  });
  if (requests.length === 0 || iterations === 0) return result();

  const notes = new Set<string>();
  const note = (text: string) => {
    if (notes.has(text)) return;
    notes.add(text);
    input.onNote?.(text);
  };
  const variables = input.variables ?? new RunScope(source.collections, input.environment, options.vars, input.processEnv, mask);
  const jar = emptyJar();
  const dynamic = new DynamicValues();
  const byId = new Map(requests.map((r) => [r.request.id, r]));
  let plan = startRunPlan(
    requests.map((r) => ({ id: r.request.id, name: r.request.name, path: r.path })),
    { iterations, ...(rows.length ? { dataRows: rows } : {}), bail: options.bail, delayMs: options.delayMs },
  );
  let currentIteration = -1;
  for (let step = nextRunStep(plan); step; step = nextRunStep(plan)) {
    if (runSignal?.aborted) return result({ reason: 'cancelled', message: `the run took longer than --timeout-run ${options.runTimeoutMs} ms; the requests after it were not sent.` });
    if (step.iteration !== currentIteration) {
      currentIteration = step.iteration;
      variables.withData(step.dataRow, typedRows[step.iteration]);
    }
    if (step.delayMs > 0) await sleep(step.delayMs, undefined, runSignal ? { signal: runSignal } : {}).catch(() => undefined);
    const { result: stepResult, nextRequest } = await runStep(byId.get(step.request.id)!, {
      ports: input.ports,
      variables,
      mask,
      jar,
      ...(input.vault ? { vault: input.vault } : {}),
      iteration: firstIteration + step.iteration + 1,
      iterationCount,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      // A script waiting on a pm.sendRequest that --timeout allows should see that request's own timeout, not its own limit first.
      scriptTimeoutMs: options.scriptTimeoutMs ?? Math.max(SCRIPT_TIME_LIMIT_MS, (options.timeoutMs ?? 0) + 1_000),
      insecure: options.insecure,
      ...(options.workingDir !== undefined ? { workingDir: options.workingDir } : {}),
      note,
      console: (text) => input.onConsole?.(text),
      dynamic,
    });
    steps.push(stepResult);
    input.onStep?.(stepResult, steps.length);
    plan = afterRunStep(plan, { failed: !stepPassed(stepResult), ...(nextRequest !== undefined ? { nextRequest } : {}) });
  }
  if (runSignal?.aborted && !plan.stopped) return result({ reason: 'cancelled', message: `the run took longer than --timeout-run ${options.runTimeoutMs} ms; the request in flight was stopped.` });
  return result(plan.stopped);
}
