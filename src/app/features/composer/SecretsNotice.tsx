import { useMemo } from 'react';
import { useStore } from 'zustand';
import { keepDraftSecrets } from '../../../core';
import { useWorkbench } from '../../base/state/StoreProvider';
import { describeSecrets, lockedSecretsMessage, secretKeeper } from '../../base/secrets/secretKeeper';
import { useLostSecrets } from './useLostSecrets';

/**
 * One quiet line under the request line about the secrets in this request: where they are
 * kept (sealed in the vault, or in this tab's memory only). A secret the send needs and this
 * page lacks is asked for by its own field (auth field, header: `LostSecretNote`), once; this
 * line speaks only of those with no field here (a variable, a parameter, the body). Secrets of
 * an auth scheme not selected are not sent, so they never block. Nothing is shown for a
 * request without secrets.
 */
export function SecretsNotice() {
  const draft = useWorkbench((s) => s.draft);
  const status = useStore(secretKeeper, (s) => s.status);
  const secrets = useMemo(() => Object.keys(keepDraftSecrets(draft, 'x').kept), [draft]);
  const { lost, locked: vaultLocked } = useLostSecrets();
  // A locked vault is one thing to do for all of them (unlock it): said here, once. Secrets lost with a closed tab
  // are asked for by their fields; this line names only those without a field here.
  const locked = [...new Set(lost.filter((l) => vaultLocked || (l.place.section !== 'auth' && l.place.section !== 'headers')).map((l) => l.reference))];
  if (lost.length > 0 && locked.length === 0) return null;
  if (locked.length > 0) {
    return (
      <p className="secrets-notice field-note" role="status" data-secrets="locked">
        Not sendable yet: {lockedSecretsMessage(locked, status)}
      </p>
    );
  }
  if (secrets.length === 0) return null;
  if (status === 'sealed') {
    return (
      <p className="secrets-notice muted" data-secrets="sealed">
        Secrets here ({describeSecrets(secrets)}) are stored only encrypted in the vault; saved copies hold {'{{secret:…}}'} references.
      </p>
    );
  }
  return (
    <p className="secrets-notice field-note" role="status" data-secrets="memory">
      Secrets here ({describeSecrets(secrets)}) are not written to storage: they are kept only until this tab closes. Set up the vault with a passphrase to keep them encrypted.
    </p>
  );
}
