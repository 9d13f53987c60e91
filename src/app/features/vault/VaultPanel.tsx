import { HelpPopover } from '../../base/components/HelpPopover';
import { useState } from 'react';
import { useVault } from './useVault';
import { VaultEntryDialog } from './VaultEntryDialog';
import { VaultEntryList } from './VaultEntryList';
import { VaultForgetButton } from './VaultForgetButton';
import { VaultPassphraseForm } from './VaultPassphraseForm';
import { VaultUnlock } from './VaultUnlock';
import { pageVault } from './vaultInstance';

/** The token vault in the sidebar: set up, unlock, the entries, lock and forget. */
export function VaultPanel() {
  const mode = useVault((s) => s.mode);
  const persistence = useVault((s) => s.persistence);
  const busy = useVault((s) => s.busy);
  const saveProblem = useVault((s) => s.saveProblem);
  const problem = useVault((s) => s.problem);
  const [openEntryId, setOpenEntryId] = useState<string | null>(null);
  const [encrypting, setEncrypting] = useState(false);
  const vault = pageVault();

  if (mode === 'loading') return <p className="muted">Opening the vault…</p>;
  if (mode === 'unset') {
    return (
      <section className="vault" aria-label="Token vault">
        <h2 className="vault-title">Token vault</h2>
        {problem && (
          <p role="status" className="vault-problem vault-small">
            {problem.message}
          </p>
        )}
        <p className="muted vault-intro">
          Keeps refresh tokens and client secrets, exchanges them for access tokens, and adds the token to requests you point at an entry.
        </p>
        <VaultPassphraseForm mode="create" />
        <p className="vault-or muted">or</p>
        <button type="button" onClick={() => vault.createInMemory()}>
          Keep in memory only
        </button>
        <HelpPopover topic="a vault in memory only">Memory only: nothing is stored; the vault is gone when this tab closes.</HelpPopover>
      </section>
    );
  }
  if (mode === 'locked') return <VaultUnlock />;

  return (
    <section className="vault" aria-label="Token vault">
      <div className="vault-toolbar">
        <h2 className="vault-title">Token vault</h2>
        <span className={`badge ${persistence === 'sealed' ? 'badge-ok' : 'badge-warn'}`}>
          {persistence === 'sealed' ? 'encrypted' : 'memory only'}
        </span>
      </div>
      <div className="vault-actions">
        <button type="button" className="primary" onClick={() => setOpenEntryId(vault.addEntry())}>
          New entry
        </button>
        {persistence === 'sealed' ? (
          <button type="button" onClick={() => void vault.lock()} disabled={busy === 'locking'}>
            {busy === 'locking' ? 'Locking…' : 'Lock'}
          </button>
        ) : (
          <button type="button" onClick={() => setEncrypting((v) => !v)} aria-expanded={encrypting}>
            Encrypt…
          </button>
        )}
      </div>
      {encrypting && persistence === 'memory' && <VaultPassphraseForm mode="create" onDone={() => setEncrypting(false)} />}
      {saveProblem && (
        <p role="alert" className="vault-problem">
          {saveProblem.message}
        </p>
      )}
      <VaultEntryList onOpen={setOpenEntryId} />
      <VaultForgetButton />
      {openEntryId && <VaultEntryDialog entryId={openEntryId} onClose={() => setOpenEntryId(null)} />}
    </section>
  );
}
