import { useNow } from './useNow';
import { useVault } from './useVault';
import { VaultEntryStatusBadge } from './VaultEntryStatusBadge';
import { pageGrantRuns } from './pageGrantRuns';
import { pageVault } from './vaultInstance';
import { needsSignInAgain } from './vaultRenewal';

/** The open vault's entries: status and countdown, "Refresh now", and the way into each entry. */
export function VaultEntryList({ onOpen }: { onOpen(id: string): void }) {
  const entries = useVault((s) => s.entries);
  const now = useNow();
  if (entries.length === 0) {
    return <p className="muted">No entries yet. Add one for each client whose refresh token the vault should keep.</p>;
  }
  return (
    <ul className="vault-entries" aria-label="Vault entries">
      {entries.map((record) => {
        const { id, name } = record.config;
        const error = record.state.phase === 'failed' || record.state.phase === 'revoked' ? record.state.lastError : undefined;
        return (
          <li key={id} className="vault-entry" aria-label={name}>
            <div className="vault-entry-head">
              <strong className="vault-entry-name">{name}</strong>
            </div>
            <VaultEntryStatusBadge record={record} now={now} />
            {error && <p className="vault-problem vault-small">{error.message}</p>}
            <div className="vault-actions">
              {needsSignInAgain(record.config, record.state, now) ? (
                <button
                  type="button"
                  className="primary"
                  onClick={() => {
                    // The sign-in runs in a popup; the entry opens on its Token tab to show the steps.
                    void pageGrantRuns().start(id);
                    onOpen(id);
                  }}
                >
                  Get tokens
                </button>
              ) : (
                <button
                  type="button"
                  onClick={() => void pageVault().refresh(id, 'manual')}
                  disabled={record.state.phase === 'empty' || record.state.phase === 'revoked' || record.state.phase === 'refreshing'}
                >
                  Refresh now
                </button>
              )}
              <button type="button" onClick={() => onOpen(id)}>
                Open
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
