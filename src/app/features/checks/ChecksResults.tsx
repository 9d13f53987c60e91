/**
 * The inspector's Checks tab: what the last send's checks gave — script errors first (with
 * line and column), then each capture ("token ← $.access_token = …", secrets masked), each
 * assertion and pm.test passed or failed with the actual value and why, console lines and
 * notes. Empty groups are left out.
 */
import './checks.css';
import { shownCaptureValue } from '../../../core/run/captures';
import { useWorkbench } from '../../base/state/StoreProvider';
import type { ChecksOutcome } from './checksSlice';
import { checksCounts } from './checksSummary';
import { scriptErrorText } from './sendChecks';

const SHOWN_LIMIT = 120;

function clipped(text: string): string {
  return text.length > SHOWN_LIMIT ? `${text.slice(0, SHOWN_LIMIT)}…` : text;
}

function Mark({ passed }: { passed: boolean }) {
  return (
    <span className={passed ? 'check-mark check-pass' : 'check-mark check-fail'} aria-hidden="true">
      {passed ? '✓' : '✗'}
    </span>
  );
}

/** The active tab's check results (nothing when its last send had no checks). */
export function ChecksResults() {
  const outcome = useWorkbench((s) => s.checkResults[s.activeTabId]);
  const runNames = useWorkbench((s) => Object.keys(s.runValues).length);
  const clearRunValues = useWorkbench((s) => s.clearRunValues);
  if (!outcome) return null;
  return (
    <div className="checks-results" aria-live="polite">
      <Summary outcome={outcome} />
      {outcome.scriptErrors.length > 0 ? (
        <section aria-label="Script errors" className="checks-group">
          <h4>Script errors</h4>
          <ul className="checks-list">
            {outcome.scriptErrors.map((e, i) => (
              <li key={i} className="check-fail-row">
                <Mark passed={false} /> {scriptErrorText(e, e.phase)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {outcome.captures.length > 0 ? (
        <section aria-label="Captures" className="checks-group">
          <h4>Captures</h4>
          <ul className="checks-list">
            {outcome.captures.map((c) => {
              const shown = shownCaptureValue(c);
              return (
                <li key={c.captureId} className={c.error ? 'check-fail-row' : undefined}>
                  <code>{c.variable}</code> ← <code>{c.source}</code>{' '}
                  {shown !== undefined ? (
                    <>
                      = <code className="check-value">{c.secret ? shown : clipped(shown)}</code> <span className="muted">({c.note ?? `${c.scope} variable`})</span>
                    </>
                  ) : (
                    <span>not captured: {c.error}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {outcome.assertions.length > 0 ? (
        <section aria-label="Assertions" className="checks-group">
          <h4>Assertions</h4>
          <ul className="checks-list">
            {outcome.assertions.map((a) => (
              <li key={a.assertionId} className={a.passed ? undefined : 'check-fail-row'}>
                <Mark passed={a.passed} /> <span className="visually-hidden">{a.passed ? 'passed: ' : 'failed: '}</span>
                <code>{a.label}</code>
                {a.actual !== undefined ? <span className="muted"> — actual <code className="check-value">{clipped(a.actual)}</code></span> : null}
                {a.message ? <div className="check-reason">{a.message}</div> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {outcome.tests.length > 0 ? (
        <section aria-label="Script tests" className="checks-group">
          <h4>Tests</h4>
          <ul className="checks-list">
            {outcome.tests.map((t, i) => (
              <li key={i} className={t.passed || t.skipped ? undefined : 'check-fail-row'}>
                {t.skipped ? <span className="muted">skipped</span> : <Mark passed={t.passed} />} <span className="visually-hidden">{t.skipped ? '' : t.passed ? 'passed: ' : 'failed: '}</span>
                {t.name}
                {t.phase === 'pre-request' ? <span className="muted"> (pre-request)</span> : null}
                {t.error ? <div className="check-reason">{t.error}</div> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {outcome.console.length > 0 ? (
        <section aria-label="Console" className="checks-group">
          <h4>Console</h4>
          <pre className="checks-console">
            {outcome.console.map((line) => `${line.level === 'log' ? '' : `[${line.level}] `}${line.text}`).join('\n')}
          </pre>
        </section>
      ) : null}
      {outcome.notes.length > 0 ? (
        <ul className="checks-list muted">
          {outcome.notes.map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
      ) : null}
      {runNames > 0 ? (
        <p className="muted checks-run-values">
          {runNames} run variable{runNames === 1 ? '' : 's'} in this page (kept until reload).{' '}
          <button type="button" className="link-button" onClick={clearRunValues}>
            Clear run variables
          </button>
        </p>
      ) : null}
    </div>
  );
}

function Summary({ outcome }: { outcome: ChecksOutcome }) {
  const { passed, total, errors } = checksCounts(outcome);
  if (outcome.running) return <p className="muted" role="status">Running checks…</p>;
  if (total === 0 && errors === 0) return null;
  const failed = total - passed;
  return (
    <p className={failed > 0 || errors > 0 ? 'checks-summary check-fail-row' : 'checks-summary'}>
      {total > 0 ? `${passed} of ${total} passed` : ''}
      {failed > 0 ? `, ${failed} failed` : ''}
      {errors > 0 ? `${total > 0 ? '; ' : ''}${errors} script error${errors === 1 ? '' : 's'}` : ''}
    </p>
  );
}
