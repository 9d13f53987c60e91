/**
 * The JSON report: the `RunResult` itself with its totals, so a script reading it needs no
 * counting of its own, and with newman's JSON reporter members beside (`collection.info.name`,
 * `run.stats`, `run.timings`, `run.executions`, `run.failures`), so a CI step written for
 * newman's report reads this one. Kept apart so the page's export and `--reporter json` write the same.
 */
import { newmanRunShape, type NewmanRunShape } from './reportNewman';
import { tallyRun, type RunTally } from './reportSummary';
import type { RunResult } from './types';

/** The JSON report's shape: a format marker, the totals, and the run (with newman's members). */
export interface RunJsonReport {
  format: 'wirebench-run';
  version: 1;
  tally: RunTally;
  collection: { info: { name: string } };
  run: RunResult & NewmanRunShape;
}

/** The JSON report of `run`, as text (two-space indented, newline-terminated). */
export function runJsonReport(run: RunResult): string {
  const report: RunJsonReport = { format: 'wirebench-run', version: 1, tally: tallyRun(run), collection: { info: { name: run.source } }, run: { ...run, ...newmanRunShape(run) } };
  return `${JSON.stringify(report, null, 2)}\n`;
}
