import { useMemo } from 'react';
import { useStore } from 'zustand';
import { keepDraftSecrets } from '../../core';
import { useWorkbench } from '../store/StoreProvider';
import { useEnvironmentValues } from '../composer/useComposerView';
import { describeSecrets, lockedSecretsMessage, secretKeeper, unresolvedKeptSecrets } from './secretKeeper';

/**
 * One quiet line under the request line about the secrets in this request: where they are
 * kept (sealed in the vault, or in this tab's memory only), or that they are locked and
 * the request cannot be sent until the vault is unlocked. Nothing is shown for a request
 * without secrets.
 */
export function SecretsNotice() {
  const draft = useWorkbench((s) => s.draft);
  const env = useEnvironmentValues();
  const status = useStore(secretKeeper, (s) => s.status);
  useStore(secretKeeper, (s) => s.values);
  const secrets = useMemo(() => Object.keys(keepDraftSecrets(draft, 'x').kept), [draft]);
  const locked = unresolvedKeptSecrets([draft, env]);
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
