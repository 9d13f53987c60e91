import './vaultGrants.css';
import type { VaultExchangeRecord } from '../../core';
import { VaultClaimsTable } from './VaultClaimsTable';
import { VaultGrantSteps } from './VaultGrantSteps';

const TRIGGERS: Record<VaultExchangeRecord['trigger'], string> = {
  manual: 'Refresh now',
  scheduled: 'before expiry',
  granted: 'new refresh token',
  'on-demand': 'a request needed it',
  unauthorized: 'after a 401',
  'get-tokens': 'Get tokens',
};

const REQUESTS: Record<NonNullable<VaultExchangeRecord['request']>, string> = {
  refresh_token: 'refresh',
  client_credentials: 'client credentials',
  revocation: 'revocation',
  introspection: 'introspection',
  userinfo: 'userinfo',
  authorization_code: 'authorization code',
  device_code: 'device authorization',
  password: 'password grant',
};

function facts(r: VaultExchangeRecord): string | undefined {
  if (r.outcome !== 'ok') return r.message;
  const grantRun = r.trigger === 'get-tokens';
  return [
    r.request ? REQUESTS[r.request] : undefined,
    grantRun ? undefined : r.bodyFormat === 'json' ? 'JSON body' : 'form body',
    r.expiresInSeconds !== undefined ? `expires_in ${r.expiresInSeconds} s` : undefined,
    grantRun ? undefined : r.rotated ? 'refresh token rotated' : 'refresh token kept',
    r.scope ? `scope "${r.scope}"` : undefined,
    `${r.durationMs} ms`,
    r.message,
  ]
    .filter(Boolean)
    .join(' · ');
}

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
            <td>{TRIGGERS[r.trigger]}</td>
            <td>
              {r.outcome === 'ok' ? 'ok' : r.errorCode ?? 'error'}
              {r.status !== undefined && ` (${r.status})`}
            </td>
            <td>
              {facts(r)}
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
