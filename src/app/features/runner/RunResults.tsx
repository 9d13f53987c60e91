/**
 * A run's results: the totals (core's `tallyRun`, the numbers every report says), why the
 * run stopped early, then per iteration each request with its assertions and tests —
 * failures open, "failures only" to hide the rest — and the exports (JUnit XML, JSON, HTML).
 * A run opens no tab (issue 27 item 2): "Preview" shows a step's exchange (the history
 * entry it was stored as) in the one preview tab, which the next preview reuses; "Open"
 * shows it in a tab of its own (the preview tab pinned).
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import { stepPassed, tallyRun } from '../../../core/run/reportSummary';
import type { RunResult, RunStepResult } from '../../../core/run/types';
import { useWorkbenchApi } from '../../base/state/StoreProvider';
import { loadWorkspaceSession } from '../workspace/workspaceSessionLoader';
import { exportRun, type RunExportFormat } from './runExport';
import { runnerStore } from './runnerStore';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Why an assertion failed, with the actual value unless the reason already quotes it. */
function failureText(message: string | undefined, actual: string | undefined): string {
  if (actual === undefined || (message ?? '').includes(actual)) return message ?? '';
  return message ? `${message} — actual: ${actual}` : `actual: ${actual}`;
}

/** One line under a step: an assertion, a test, a script error or why nothing was sent (`error`). */
interface CheckRow {
  key: string;
  passed: boolean;
  error?: boolean;
  label: string;
  detail?: string | undefined;
}

function StepChecks({ step }: { step: RunStepResult }) {
  const rows: CheckRow[] = [
    ...step.assertions.map((a) => ({ key: `a:${a.assertionId}`, passed: a.passed, label: a.label, detail: a.passed ? undefined : failureText(a.message, a.actual) })),
    ...step.tests.map((t, i) => ({ key: `t:${i}`, passed: t.passed || t.skipped === true, label: t.skipped ? `${t.name} (skipped)` : t.name, detail: t.passed ? undefined : t.error })),
    ...step.scriptErrors.map((e, i) => ({ key: `e:${i}`, passed: false, error: true, label: `Script error (${e.kind})`, detail: `${e.message}${e.line !== undefined ? ` (line ${e.line}${e.column !== undefined ? `, column ${e.column}` : ''})` : ''}` })),
  ];
  // A pre-request script error that stopped the send is said once, by the script error's row.
  if (step.error && !(step.error.kind === 'not_sent' && step.scriptErrors.length > 0)) {
    rows.unshift({ key: 'error', passed: false, error: true, label: step.error.kind === 'not_sent' ? 'Not sent' : `No response (${step.error.kind})`, detail: step.error.message });
  }
  if (rows.length === 0 && step.captures.length === 0) return <p className="muted small runner-none">No assertions or tests.</p>;
  return (
    <ul className="runner-checks">
      {step.captures.map((c) => (
        <li key={`c:${c.captureId}`} className={c.error ? 'runner-check-fail' : 'runner-capture'}>
          <span className="runner-mark" aria-hidden="true">
            ←
          </span>
          <span>
            {c.variable} ← {c.error ? <em>{c.error}</em> : <code>{c.value}</code>}
          </span>
        </li>
      ))}
      {rows.map((row) => (
        <li key={row.key} className={`${row.passed ? 'runner-check-pass' : 'runner-check-fail'}${row.error ? ' runner-check-error' : ''}`}>
          <span className="runner-mark">{row.passed ? '✓' : '✗'}</span>
          <span className="visually-hidden">{row.passed ? 'passed:' : 'failed:'}</span>
          <span className="runner-check-label">{row.label}</span>
          {row.detail ? <span className="runner-check-detail">{row.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function StepRow({ step, onOpen }: { step: RunStepResult; onOpen(historyId: string, pin: boolean): void }) {
  const passed = stepPassed(step);
  const name = [...step.path, step.name].join(' / ');
  return (
    <li className={`runner-step ${passed ? 'runner-step-pass' : 'runner-step-fail'}`}>
      <details open={!passed}>
        <summary>
          <span className="runner-mark" aria-hidden="true">
            {passed ? '✓' : '✗'}
          </span>
          <span className="runner-step-method">{step.method}</span>
          <span className="runner-step-name">{name}</span>
          <span className="visually-hidden">{passed ? 'passed' : 'failed'}</span>
          <span className="runner-step-status" title={step.status === undefined && step.error ? 'No response' : undefined}>
            {step.status !== undefined ? step.status : '—'}
          </span>
          <span className="runner-step-time muted">{step.durationMs !== undefined ? `${Math.round(step.durationMs)} ms` : ''}</span>
        </summary>
        <StepChecks step={step} />
      </details>
      {step.historyId ? (
        <span className="runner-open">
          <button type="button" className="link-button" onClick={() => onOpen(step.historyId!, false)} aria-label={`Preview ${name} (iteration ${step.iteration}) in the preview tab`} title="Show this exchange in the preview tab (the next preview replaces it)">
            Preview
          </button>
          <button type="button" className="link-button" onClick={() => onOpen(step.historyId!, true)} aria-label={`Open ${name} (iteration ${step.iteration}) in the inspector`} title="Show this exchange in a tab of its own">
            Open
          </button>
        </span>
      ) : null}
    </li>
  );
}

function Totals({ run, steps }: { run: RunResult | null; steps: RunStepResult[] }) {
  const tally = tallyRun({ source: '', startedAt: '', durationMs: 0, iterations: 0, steps });
  const checks = tally.assertions.total + tally.tests.total;
  const failedChecks = tally.assertions.failed + tally.tests.failed;
  return (
    <p className={`runner-totals ${tally.failedSteps > 0 ? 'runner-totals-fail' : 'runner-totals-pass'}`} aria-label="Run totals">
      {plural(tally.requests, 'request')} · {tally.failedSteps} failed · {checks - failedChecks - tally.tests.skipped} of {plural(checks, 'check')} passed
      {tally.tests.skipped > 0 ? ` · ${tally.tests.skipped} skipped` : ''}
      {tally.scriptErrors > 0 ? ` · ${plural(tally.scriptErrors, 'script error')}` : ''}
      {run ? ` · ${(run.durationMs / 1000).toFixed(1)} s` : ''}
    </p>
  );
}

/** The results of the run in progress or the last run. `onOpened` runs after an exchange opened in a tab. */
export function RunResults({ onOpened }: { onOpened(): void }) {
  const store = useWorkbenchApi();
  const steps = useSyncExternalStore(runnerStore.subscribe, () => runnerStore.getState().steps);
  const result = useSyncExternalStore(runnerStore.subscribe, () => runnerStore.getState().result);
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [status, setStatus] = useState('');
  const iterations = useMemo(() => {
    const groups = new Map<number, RunStepResult[]>();
    for (const step of steps) {
      if (failuresOnly && stepPassed(step)) continue;
      groups.set(step.iteration, [...(groups.get(step.iteration) ?? []), step]);
    }
    return [...groups.entries()];
  }, [steps, failuresOnly]);
  if (steps.length === 0 && !result) return null;

  const open = async (historyId: string, pin: boolean) => {
    const session = await loadWorkspaceSession(store);
    const entry = await session.readHistoryEntry(historyId);
    if (!entry.ok) {
      setStatus(entry.error.message);
      return;
    }
    // The preview tab remembers the entry, so the inspector shows its response as after a reload (useRestoredResponse).
    const tabId = store.getState().openPreview(entry.value.draft, historyId);
    if (pin) store.getState().pinTab(tabId);
    onOpened();
  };
  const download = (format: RunExportFormat) => {
    if (!result) return;
    setStatus(`Downloaded ${exportRun(result, format)}.`);
  };

  return (
    <section className="runner-results" aria-label="Run results">
      <div className="runner-results-bar">
        <Totals run={result} steps={steps} />
        <label className="runner-check">
          <input type="checkbox" checked={failuresOnly} onChange={(e) => setFailuresOnly(e.target.checked)} /> Failures only
        </label>
        {result ? (
          <div className="runner-export" role="group" aria-label="Export the run">
            <span className="muted small">Export</span>
            <button type="button" onClick={() => download('junit')}>
              JUnit XML
            </button>
            <button type="button" onClick={() => download('json')}>
              JSON
            </button>
            <button type="button" onClick={() => download('html')}>
              HTML
            </button>
          </div>
        ) : null}
      </div>
      {result?.stopped ? (
        <p className="runner-stopped" role="alert">
          {result.stopped.message}
        </p>
      ) : null}
      {status ? (
        <p className="muted small" role="status">
          {status}
        </p>
      ) : null}
      <div className="runner-list">
        {iterations.length === 0 ? <p className="muted small">{failuresOnly ? 'No failures.' : ''}</p> : null}
        {iterations.map(([iteration, list]) => (
          <section key={iteration} className="runner-iteration" aria-label={`Iteration ${iteration}`}>
            <h3>Iteration {iteration}</h3>
            <ul>
              {list.map((step, i) => (
                <StepRow key={`${step.requestId}:${i}`} step={step} onOpen={(id, pin) => void open(id, pin)} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
