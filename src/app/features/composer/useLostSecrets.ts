import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useWorkbench } from '../../base/state/StoreProvider';
import { useEnvironmentValues } from '../environments/useEnvironmentValues';
import { secretKeeper } from '../../base/secrets/secretKeeper';
import { lostSecrets, type LostSecret } from '../../base/secrets/sendableSecrets';

/**
 * The kept secrets the active request's send needs and this page lacks, and whether the vault
 * is locked (then unlocking brings them all back, which `SecretsNotice` says once; fields ask
 * for a secret only when it is gone).
 */
export function useLostSecrets(): { lost: LostSecret[]; locked: boolean } {
  const draft = useWorkbench((s) => s.draft);
  const env = useEnvironmentValues();
  const values = useStore(secretKeeper, (s) => s.values);
  const locked = useStore(secretKeeper, (s) => s.status === 'locked');
  const lost = useMemo(() => lostSecrets(draft, env, values), [draft, env, values]);
  return { lost, locked };
}

/** Whether `value` is nothing but one kept-secret reference (shown as an empty field to type into). */
export function isOnlyReference(value: string): boolean {
  return /^\s*\{\{\s*secret:[^{}]+\}\}\s*$/.test(value);
}
