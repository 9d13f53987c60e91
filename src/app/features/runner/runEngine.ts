/**
 * The runner's loop (issue 18, item 4): core's run plan decides the order (iterations,
 * data rows, `setNextRequest`, the loop bound, bail); this module only waits the delay,
 * hands each step to a `StepSender` and collects a `RunResult` the report builders read.
 * The sender is the page's own send path (`workbenchSteps.ts`): the runner has no HTTP,
 * checks or scripts of its own.
 */
import { afterRunStep, cancelRunPlan, nextRunStep, type RunPlan, type RunStep } from '../../../core/run/runPlan';
import { stepPassed } from '../../../core/run/reportSummary';
import type { RunResult, RunStepResult } from '../../../core/run/types';

/** What a sender gives back for one step: its result (secrets masked) and what the scripts asked for next. */
export interface SentStep {
  result: RunStepResult;
  /** From `postman.setNextRequest`: a name or id, null to end the iteration; absent to go on in order. */
  nextRequest?: string | null;
}

/** Sends one step of a run and runs its checks, the way a single send does. */
export interface StepSender {
  /** Called before the first step of each iteration, with the iteration's data row. */
  startIteration(iteration: number, iterations: number, dataRow: Readonly<Record<string, string>> | undefined): void;
  send(step: RunStep, iterations: number, signal: AbortSignal): Promise<SentStep>;
  /** Called once when the run ends, however it ends. */
  finish(): void;
}

/** Where a run is, for the progress line. */
export interface RunProgress {
  /** 1-based. */
  iteration: number;
  iterations: number;
  /** 1-based number of the request being sent in this iteration. */
  request: number;
  name: string;
  /** Steps finished so far in the whole run. */
  done: number;
}

/** What the loop reports while it runs. */
export interface RunCallbacks {
  onProgress?(progress: RunProgress): void;
  onStep?(step: RunStepResult): void;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Runs `plan` to its end (or until `signal` aborts: the run stops as cancelled, keeping
 * the steps finished so far). `source` names what was run in the reports.
 */
export async function runPlanThrough(plan: RunPlan, source: string, sender: StepSender, signal: AbortSignal, callbacks: RunCallbacks = {}): Promise<RunResult> {
  const started = Date.now();
  const steps: RunStepResult[] = [];
  let iteration = -1;
  try {
    for (let step = nextRunStep(plan); step; step = nextRunStep(plan)) {
      if (signal.aborted) {
        plan = cancelRunPlan(plan);
        break;
      }
      if (step.iteration !== iteration) {
        iteration = step.iteration;
        sender.startIteration(iteration, plan.iterations, step.dataRow);
      }
      await pause(step.delayMs, signal);
      if (signal.aborted) {
        plan = cancelRunPlan(plan);
        break;
      }
      callbacks.onProgress?.({ iteration: step.iteration + 1, iterations: plan.iterations, request: plan.stepsInIteration + 1, name: step.request.name, done: steps.length });
      const sent = await sender.send(step, plan.iterations, signal);
      steps.push(sent.result);
      callbacks.onStep?.(sent.result);
      if (signal.aborted) {
        // The request being sent was cancelled with the run; it is reported as it ended.
        plan = { ...plan, done: true, stopped: { reason: 'cancelled', message: `Cancelled in iteration ${step.iteration + 1}, while sending "${[...step.request.path, step.request.name].join(' / ')}".` } };
        break;
      }
      plan = afterRunStep(plan, { failed: !stepPassed(sent.result), ...(sent.nextRequest !== undefined ? { nextRequest: sent.nextRequest } : {}) });
    }
  } finally {
    sender.finish();
  }
  const result: RunResult = { source, startedAt: new Date(started).toISOString(), durationMs: Date.now() - started, iterations: plan.iterations, steps };
  if (plan.stopped) result.stopped = plan.stopped;
  return result;
}
