import { useState } from 'react';
import type { LintFinding } from '../../../core';
import { useWorkbench } from '../../base/state/StoreProvider';
import { findingKey } from './composerModel';
import { loadedLint, useLintReady } from './lintLoader';
import { useComposerView, useTabSendRecord } from './useComposerView';

const SEVERITY_LABEL: Record<LintFinding['severity'], string> = { error: 'Error', warning: 'Warning', info: 'Info' };

/**
 * Live convention findings for the request as it will be sent: severity, rule, what is
 * wrong, why (citing the convention) and a one-click fix where there is one. An error must
 * be acknowledged (here or when sending) before the request goes.
 */
export function ConventionsPanel() {
  const view = useComposerView();
  const record = useTabSendRecord();
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const acknowledgeFindings = useWorkbench((s) => s.acknowledgeFindings);
  const [fixProblem, setFixProblem] = useState<string | null>(null);
  // The checks load after the first screen (lintLoader.ts); until then the badge says so.
  const lint = useLintReady() ? loadedLint() : undefined;
  const findings = view.findings;
  const errors = findings.filter((f) => f.severity === 'error').length;
  const wire = view.build.ok ? view.build.value.wire : undefined;

  return (
    <details className="section conventions" open={findings.length > 0}>
      <summary>
        <h2>
          Conventions{' '}
          {view.build.ok && !lint ? (
            <span className="badge badge-info">checking…</span>
          ) : view.build.ok ? (
            <span className={`badge ${errors ? 'badge-error' : findings.length ? 'badge-warn' : 'badge-ok'}`}>
              {findings.length === 0 ? 'all clear' : `${findings.length} finding${findings.length === 1 ? '' : 's'}${errors ? `, ${errors} error${errors === 1 ? '' : 's'}` : ''}`}
            </span>
          ) : (
            <span className="badge badge-info">not checked yet</span>
          )}
        </h2>
      </summary>
      {findings.length === 0 ? (
        <p className="muted small">{view.build.ok && !lint ? 'The convention checks are loading.' : view.build.ok ? 'Nothing to flag: this request follows the conventions the checker knows.' : 'Findings appear once the request can be built.'}</p>
      ) : (
        <ul className="findings" aria-label="Convention findings">
          {findings.map((finding) => {
            const key = findingKey(finding);
            const rule = lint?.lintRuleById(finding.id);
            const acknowledged = record.acknowledged.includes(key);
            return (
              <li key={key} className={`finding finding-${finding.severity}`} data-rule={finding.id}>
                <p className="finding-head">
                  <span className={`badge badge-${finding.severity}`}>{SEVERITY_LABEL[finding.severity]}</span> <strong>{rule?.title ?? finding.id}</strong>
                </p>
                <p className="finding-message">{finding.message}</p>
                <p className="finding-why">{finding.why}</p>
                <div className="finding-actions">
                  {finding.fix ? (
                    <button
                      type="button"
                      onClick={() => {
                        try {
                          if (!lint) return;
                          updateDraft((d) => lint.applyLintFixToDraft(d, finding.fix!, wire));
                          setFixProblem(null);
                        } catch (err) {
                          setFixProblem(`"${finding.fix!.label}" did not fit this request: ${(err as Error).message}`);
                        }
                      }}
                    >
                      {finding.fix.label}
                    </button>
                  ) : null}
                  {finding.severity === 'error' && finding.id !== 'repeat-needs-consent' ? (
                    <label className="inline-check">
                      <input type="checkbox" checked={acknowledged} onChange={(e) => acknowledgeFindings([key], e.target.checked)} />
                      Send anyway (acknowledged)
                    </label>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {fixProblem ? <p className="field-error">{fixProblem}</p> : null}
    </details>
  );
}
