/**
 * The JSON report: the `RunResult` itself with its totals, so a script reading it needs no
 * counting of its own. Kept apart so the page's export and `--reporter json` write the same.
 */
import { tallyRun, type RunTally } from './reportSummary';
import type { RunResult } from './types';

/** The JSON report's shape: a format marker, the totals, and the run. */
export interface RunJsonReport {
  format: 'wirebench-run';
  version: 1;
  tally: RunTally;
  run: RunResult;
}

/** The JSON report of `run`, as text (two-space indented, newline-terminated). */
export function runJsonReport(run: RunResult): string {
  const report: RunJsonReport = { format: 'wirebench-run', version: 1, tally: tallyRun(run), run };
  return `${JSON.stringify(report, null, 2)}\n`;
}
