/**
 * A run's exports, built by core's report builders from the `RunResult` (whose secrets are
 * already masked) and offered as file downloads, passed through core's `maskSecretText` last.
 */
import { runHtmlReport } from '../../../core/run/reportHtml';
import { runJsonReport } from '../../../core/run/reportJson';
import { runJunitReport } from '../../../core/run/reportJunit';
import type { RunResult } from '../../../core/run/types';
import { maskSecretText } from '../../../core/workspace/secretLedger';
import { downloadText, fileNameOf } from '../workspace/textTransfer';

/** The formats a run exports to. */
export type RunExportFormat = 'junit' | 'json' | 'html';

const FORMATS: Record<RunExportFormat, { suffix: string; type: string; build(run: RunResult): string }> = {
  junit: { suffix: 'junit.xml', type: 'application/xml', build: runJunitReport },
  json: { suffix: 'run.json', type: 'application/json', build: runJsonReport },
  html: { suffix: 'run.html', type: 'text/html', build: runHtmlReport },
};

/** Downloads `run` as `format`; returns the file name. */
export function exportRun(run: RunResult, format: RunExportFormat): string {
  const spec = FORMATS[format];
  const name = fileNameOf(run.source || 'run', spec.suffix);
  // The one gate, last: a secret the page learned (a token a script stored, a vault token) never leaves in a report, in any encoding.
  downloadText(name, maskSecretText(spec.build(run)), spec.type);
  return name;
}
