import { HelpPopover } from '../../base/components/HelpPopover';
import { useId, useState, type FormEvent } from 'react';
import { VAULT_MIN_PBKDF2_ITERATIONS, vaultPassphraseProblem } from '../../../core';
import { useVault } from './useVault';
import { pageVault } from './vaultInstance';

/** Sets the passphrase that seals the vault: for a new vault, or to encrypt a memory-only one. */
export function VaultPassphraseForm({ onDone }: { mode: 'create'; onDone?: () => void }) {
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [shown, setShown] = useState<string | undefined>();
  const busy = useVault((s) => s.busy === 'sealing');
  const problemId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const weak = vaultPassphraseProblem(passphrase);
    if (weak) return setShown(weak);
    if (passphrase !== repeat) return setShown('The two passphrases differ.');
    setShown(undefined);
    const result = await pageVault().createSealed(passphrase);
    if (!result.ok) return setShown(result.error.message);
    setPassphrase('');
    setRepeat('');
    onDone?.();
  };

  return (
    <form className="vault-form" onSubmit={(e) => void submit(e)} aria-label="Encrypt the vault">
      <label>
        Passphrase
        <input type="password" autoComplete="new-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} aria-describedby={shown ? problemId : undefined} />
      </label>
      <label>
        Repeat passphrase
        <input type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
      </label>
      {shown && (
        <p id={problemId} role="alert" className="vault-problem">
          {shown}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Deriving the key…' : 'Create encrypted vault'}
      </button>
      <HelpPopover topic="how the vault is sealed">
        Sealed with AES-GCM under a key derived by PBKDF2-SHA256 ({VAULT_MIN_PBKDF2_ITERATIONS.toLocaleString('en')} iterations). The passphrase is not stored; without it the vault cannot be opened.
      </HelpPopover>
    </form>
  );
}
