import type { LintFinding } from '../../../core';

/** What the checks read of the composer's view of the request (the composer hands it to the SOAP section). */
export interface SoapLintView {
  /** Whether the request builds (the rules run on the built request). */
  built: boolean;
  findings: readonly LintFinding[];
}

const CHECKS: { id: string; label: string }[] = [
  { id: 'soap-endpoint', label: 'Endpoint is the port’s address' },
  { id: 'soap-action', label: 'Action equals the operation’s' },
  { id: 'soap-binding', label: 'Method, Content-Type and envelope fit the version' },
];

/**
 * The request checked against the WSDL by core's SOAP lint rules, at a glance: a tick for
 * each rule with nothing to say, else what is wrong. The Conventions panel has the same
 * findings with their reasons and fixes.
 */
export function SoapChecks({ view }: { view: SoapLintView }) {
  if (!view.built) return <p className="muted small">The checks run once the request can be built.</p>;
  return (
    <ul className="soap-checks" aria-label="Checks against the WSDL">
      {CHECKS.map((check) => {
        const findings = view.findings.filter((f) => f.id === check.id && f.severity !== 'info');
        const failing = findings.length > 0;
        return (
          <li key={check.id} className={failing ? 'soap-check-failing' : 'soap-check-ok'} data-check={check.id}>
            <span aria-hidden="true">{failing ? '✗' : '✓'}</span> {check.label}
            {failing ? <span className="visually-hidden">: not met</span> : <span className="visually-hidden">: met</span>}
            {findings.map((f, i) => (
              <span key={i} className="soap-check-message">
                {f.message}
              </span>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
