import { useRef } from 'react';
import { pageVault } from './vaultInstance';

/** "Forget everything", behind a confirmation dialog: it erases entries, tokens and the stored vault. */
export function VaultForgetButton() {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className="vault-forget" onClick={() => dialog.current?.showModal()}>
        Forget everything
      </button>
      <dialog ref={dialog} className="vault-confirm" aria-labelledby="vault-forget-title">
        <h2 id="vault-forget-title">Forget everything in the vault?</h2>
        <p>Every entry, refresh token, access token and client secret is erased from this browser. Grants at the identity providers stay until you revoke them there.</p>
        <div className="vault-actions">
          <button type="button" autoFocus onClick={() => dialog.current?.close()}>
            Keep the vault
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => {
              dialog.current?.close();
              void pageVault().forgetEverything();
            }}
          >
            Forget everything
          </button>
        </div>
      </dialog>
    </>
  );
}
