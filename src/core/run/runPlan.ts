/**
 * The order a run sends its requests in, as a state machine of pure functions: the page's
 * runner and the CLI each drive it with their own I/O — ask `nextRunStep`, wait the step's
 * delay, send, evaluate, then `afterRunStep` with what the scripts asked for. It follows
 * `setNextRequest` (a name or id jumps, null ends the iteration), bounds loops, stops on
 * the first failure when asked, and gives each iteration its data row.
 */
import type { CollectionItem } from '../workspace/model';
import type { RunResult } from './types';

/** A saved request as a run sees it: its id, name and folder path. */
export interface RunPlanRequest {
  id: string;
  name: string;
  /** The folders above it, outermost first (empty at the top of the collection). */
  path: string[];
}

/** How a run goes. */
export interface RunPlanOptions {
  /** How many times the requests run; default: one per data row, else 1. */
  iterations?: number;
  /** Variables per iteration; with more iterations than rows the last row repeats (as in Postman). */
  dataRows?: readonly Readonly<Record<string, string>>[];
  /** Stop at the first request with a failed assertion, test or error. */
  bail?: boolean;
  /** Milliseconds to wait between two requests (not before the first). */
  delayMs?: number;
  /** An iteration may send at most this many times the number of requests (default 10), so a setNextRequest loop ends. */
  loopFactor?: number;
}

/** Why a run stopped early, as reported. */
export type RunStop = NonNullable<RunResult['stopped']>;

/** The state of a run plan. Immutable: each function returns a new one. */
export interface RunPlan {
  readonly requests: readonly RunPlanRequest[];
  readonly iterations: number;
  readonly dataRows: readonly Readonly<Record<string, string>>[];
  readonly bail: boolean;
  readonly delayMs: number;
  readonly maxStepsPerIteration: number;
  /** 0-based iteration of the next step. */
  readonly iteration: number;
  /** Index in `requests` of the next step. */
  readonly index: number;
  /** Requests sent so far in this iteration. */
  readonly stepsInIteration: number;
  /** Requests sent so far in the whole run. */
  readonly stepsTaken: number;
  /** True once nothing is left to send (finished or stopped). */
  readonly done: boolean;
  readonly stopped?: RunStop;
}

/** The next request to send, with what the runner needs around it. */
export interface RunStep {
  request: RunPlanRequest;
  /** 0-based iteration (reports show it 1-based). */
  iteration: number;
  /** This iteration's data row, when the run has data. */
  dataRow?: Readonly<Record<string, string>>;
  /** Wait this long before sending (0 for the run's first request). */
  delayMs: number;
}

/** What the scripts and checks of the step that was just sent decided. */
export interface RunStepOutcome {
  /** An assertion or test failed, a script threw, or no response came. */
  failed: boolean;
  /** From `postman.setNextRequest`: a name or id to jump to, null to end the iteration, absent to go on in order. */
  nextRequest?: string | null;
}

/** The saved requests of a collection or folder in the order a run sends them: folders flattened, depth first. */
export function runnableRequests(items: readonly CollectionItem[], path: readonly string[] = []): RunPlanRequest[] {
  const found: RunPlanRequest[] = [];
  for (const item of items) {
    if (item.kind === 'folder') found.push(...runnableRequests(item.items, [...path, item.name]));
    else found.push({ id: item.id, name: item.name, path: [...path] });
  }
  return found;
}

function positiveInteger(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${what} must be a whole number of 1 or more, got ${value}`);
  return value;
}

/** A plan at its start. Throws a RangeError for iterations, delay or loop factor out of range. */
export function startRunPlan(requests: readonly RunPlanRequest[], options: RunPlanOptions = {}): RunPlan {
  if (!Array.isArray(requests)) throw new TypeError('startRunPlan expects an array of requests');
  const dataRows = options.dataRows ?? [];
  const iterations = positiveInteger(options.iterations ?? (dataRows.length > 0 ? dataRows.length : 1), 'iterations');
  const delayMs = options.delayMs ?? 0;
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new RangeError(`delayMs must be 0 or more, got ${delayMs}`);
  const loopFactor = positiveInteger(options.loopFactor ?? 10, 'loopFactor');
  return {
    requests: [...requests],
    iterations,
    dataRows: [...dataRows],
    bail: options.bail === true,
    delayMs,
    maxStepsPerIteration: loopFactor * requests.length,
    iteration: 0,
    index: 0,
    stepsInIteration: 0,
    stepsTaken: 0,
    done: requests.length === 0,
  };
}

/** The data row of an iteration: its own row, the last row past the end, none without data. */
export function dataRowOf(plan: RunPlan, iteration: number): Readonly<Record<string, string>> | undefined {
  if (plan.dataRows.length === 0) return undefined;
  return plan.dataRows[Math.min(iteration, plan.dataRows.length - 1)];
}

/** The step to send next, or undefined when the run is done. */
export function nextRunStep(plan: RunPlan): RunStep | undefined {
  if (plan.done) return undefined;
  const step: RunStep = { request: plan.requests[plan.index]!, iteration: plan.iteration, delayMs: plan.stepsTaken === 0 ? 0 : plan.delayMs };
  const row = dataRowOf(plan, plan.iteration);
  if (row) step.dataRow = row;
  return step;
}

/** The index `setNextRequest(target)` jumps to: by id first, then by name (the first request of that name). */
function indexOfTarget(requests: readonly RunPlanRequest[], target: string): number {
  const byId = requests.findIndex((r) => r.id === target);
  return byId >= 0 ? byId : requests.findIndex((r) => r.name === target);
}

function stop(plan: RunPlan, stopped: RunStop, stepsTaken: number): RunPlan {
  return { ...plan, stepsTaken, done: true, stopped };
}

function quoted(request: RunPlanRequest): string {
  return `"${[...request.path, request.name].join(' / ')}"`;
}

/**
 * Moves the plan past the step `nextRunStep` gave, by what the step decided. Throws a
 * RangeError when called on a plan that is done (a programmer error).
 */
export function afterRunStep(plan: RunPlan, outcome: RunStepOutcome): RunPlan {
  if (plan.done) throw new RangeError('afterRunStep: the run plan is already done');
  const current = plan.requests[plan.index]!;
  const stepsTaken = plan.stepsTaken + 1;
  const stepsInIteration = plan.stepsInIteration + 1;
  const iterationWords = `iteration ${plan.iteration + 1}`;
  if (outcome.failed && plan.bail) {
    return stop(plan, { reason: 'bail', message: `Stopped at the first failure: ${quoted(current)} in ${iterationWords}.` }, stepsTaken);
  }
  let next: number;
  if (outcome.nextRequest === undefined) next = plan.index + 1;
  else if (outcome.nextRequest === null) next = plan.requests.length;
  else {
    next = indexOfTarget(plan.requests, outcome.nextRequest);
    if (next < 0) {
      return stop(plan, { reason: 'error', message: `setNextRequest("${outcome.nextRequest}") in ${quoted(current)} names no request of this run (${iterationWords}).` }, stepsTaken);
    }
  }
  if (next < plan.requests.length) {
    if (stepsInIteration >= plan.maxStepsPerIteration) {
      const target = plan.requests[next]!;
      return stop(
        plan,
        {
          reason: 'loop-bound',
          message: `Stopped ${iterationWords} after ${stepsInIteration} requests (${plan.maxStepsPerIteration / plan.requests.length}× the ${plan.requests.length} of the run): setNextRequest kept looping (last sent ${quoted(current)}, next would have been ${quoted(target)}).`,
        },
        stepsTaken,
      );
    }
    return { ...plan, index: next, stepsInIteration, stepsTaken };
  }
  const iteration = plan.iteration + 1;
  if (iteration >= plan.iterations) return { ...plan, stepsInIteration, stepsTaken, done: true };
  return { ...plan, iteration, index: 0, stepsInIteration: 0, stepsTaken };
}

/** The plan stopped by the person (the Stop button, Ctrl+C). */
export function cancelRunPlan(plan: RunPlan): RunPlan {
  if (plan.done) return plan;
  return { ...plan, done: true, stopped: { reason: 'cancelled', message: `Cancelled in iteration ${plan.iteration + 1}, before ${quoted(plan.requests[plan.index]!)}.` } };
}
