import './vaultGrants.css';
import type { VaultExchangeRecord } from '../../../core';
import { VaultClaimsTable } from './VaultClaimsTable';
import { VaultGrantSteps } from './VaultGrantSteps';
import { vaultExchangeCause, vaultExchangeFacts } from './vaultExchangeFacts';

/** The entry's exchanges and grant runs, newest first; the records hold no secret values by construction. */
export function VaultExchangeLog({ log }: { log: readonly VaultExchangeRecord[] }) {
  if (log.length === 0) return <p className="muted">No exchanges yet.</p>;
  return (
    <table className="vault-log" aria-label="Exchange log">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Why</th>
          <th scope="col">Result</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {log.map((r) => (
          <tr key={`${r.at}-${r.trigger}-${r.durationMs}`} className={r.outcome === 'ok' ? 'vault-log-ok' : 'vault-log-error'}>
            <td>{new Date(r.at).toLocaleTimeString()}</td>
            <td>{vaultExchangeCause(r)}</td>
            <td>
              {r.outcome === 'ok' ? 'ok' : r.errorCode ?? 'error'}
              {r.status !== undefined && ` (${r.status})`}
            </td>
            <td>
              {vaultExchangeFacts(r)}
              {r.steps && r.steps.length > 0 && (
                <details className="vault-log-steps">
                  <summary>
                    {r.steps.length} step{r.steps.length === 1 ? '' : 's'}
                  </summary>
                  <VaultGrantSteps steps={r.steps} label="Logged grant steps" authorizeDetail />
                </details>
              )}
              {r.idToken && (
                <details className="vault-log-steps">
                  <summary>ID token: {r.idToken.checks.join(', ')} checked</summary>
                  <VaultClaimsTable claims={r.idToken.claims} label="Logged ID token claims" />
                </details>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
