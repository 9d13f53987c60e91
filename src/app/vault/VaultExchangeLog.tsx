import type { VaultExchangeRecord } from '../../core';

const TRIGGERS: Record<VaultExchangeRecord['trigger'], string> = {
  manual: 'Refresh now',
  scheduled: 'before expiry',
  granted: 'new refresh token',
  'on-demand': 'a request needed it',
  unauthorized: 'after a 401',
};

/** The entry's exchanges, newest first; the records hold no secret values by construction. */
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
              {r.outcome === 'ok'
                ? [
                    r.bodyFormat === 'json' ? 'JSON body' : 'form body',
                    r.expiresInSeconds !== undefined ? `expires_in ${r.expiresInSeconds} s` : undefined,
                    r.rotated ? 'refresh token rotated' : 'refresh token kept',
                    r.scope ? `scope "${r.scope}"` : undefined,
                    `${r.durationMs} ms`,
                    r.message,
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : r.message}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
