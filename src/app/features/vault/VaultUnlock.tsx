import { useId, useState, type FormEvent } from 'react';
import { useVault } from './useVault';
import { VaultForgetButton } from './VaultForgetButton';
import { pageVault } from './vaultInstance';

/** A locked vault: the entry names, the passphrase to unlock, and "forget everything". */
export function VaultUnlock() {
  const index = useVault((s) => s.index);
  const busy = useVault((s) => s.busy === 'unlocking');
  const problem = useVault((s) => s.problem);
  const [passphrase, setPassphrase] = useState('');
  const problemId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await pageVault().unlock(passphrase);
    if (result.ok) setPassphrase('');
  };

  return (
    <section className="vault" aria-label="Token vault">
      <div className="vault-toolbar">
        <h2 className="vault-title">Token vault</h2>
        <span className="badge">locked</span>
      </div>
      {index.length > 0 && (
        <ul className="vault-locked-names" aria-label="Locked entries">
          {index.map((e) => (
            <li key={e.id}>{e.name}</li>
          ))}
        </ul>
      )}
      <form className="vault-form" onSubmit={(e) => void submit(e)} aria-label="Unlock the vault">
        <label>
          Passphrase
          <input
            type="password"
            autoComplete="current-password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
          />
        </label>
        {problem && (
          <p id={problemId} role="alert" className="vault-problem">
            {problem.message}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || passphrase === ''}>
          {busy ? 'Unlocking…' : 'Unlock'}
        </button>
      </form>
      <VaultForgetButton />
    </section>
  );
}
