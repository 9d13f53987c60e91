/**
 * Counting a run's outcome the one way every report counts it: the CLI's summary table,
 * the JUnit totals, the HTML header and the page's results view say the same numbers.
 */
import type { RunResult, RunStepResult } from './types';

/** Totals of a run. */
export interface RunTally {
  /** Steps (request sends, iterations counted apart). */
  requests: number;
  /** Steps that got no response (the relay's typed error). */
  notSent: number;
  assertions: { total: number; failed: number };
  tests: { total: number; failed: number; skipped: number };
  scriptErrors: number;
  /** Steps with anything failed, not sent or a script error. */
  failedSteps: number;
}

/** Whether a step passed: it was sent, and no assertion, test or script failed. */
export function stepPassed(step: RunStepResult): boolean {
  return !step.error && step.scriptErrors.length === 0 && step.assertions.every((a) => a.passed) && step.tests.every((t) => t.passed || t.skipped === true);
}

/** The totals of `run`. */
export function tallyRun(run: RunResult): RunTally {
  const tally: RunTally = { requests: 0, notSent: 0, assertions: { total: 0, failed: 0 }, tests: { total: 0, failed: 0, skipped: 0 }, scriptErrors: 0, failedSteps: 0 };
  for (const step of run.steps) {
    tally.requests++;
    if (step.error) tally.notSent++;
    tally.assertions.total += step.assertions.length;
    tally.assertions.failed += step.assertions.filter((a) => !a.passed).length;
    tally.tests.total += step.tests.length;
    tally.tests.skipped += step.tests.filter((t) => t.skipped === true).length;
    tally.tests.failed += step.tests.filter((t) => !t.passed && t.skipped !== true).length;
    tally.scriptErrors += step.scriptErrors.length;
    if (!stepPassed(step)) tally.failedSteps++;
  }
  return tally;
}

/** A step's name for reports: its folder path and name, and the iteration when the run had several. */
export function stepTitle(step: RunStepResult, iterations: number): string {
  const name = [...step.path, step.name].join(' / ');
  return iterations > 1 ? `${name} (iteration ${step.iteration})` : name;
}
