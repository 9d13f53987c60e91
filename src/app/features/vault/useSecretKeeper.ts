import { useEffect } from 'react';
import { restoreKeptSecrets } from '../../../core';
import { afterFirstScreen } from '../../base/lazy/afterFirstScreen';
import { useWorkbenchApi } from '../../base/state/StoreProvider';
import { connectKeeperToVault, onKeptSecretsArrived } from '../../base/secrets/secretKeeper';

/**
 * Joins the secret keeper to the page's vault and, whenever sealed secrets arrive (the
 * vault is unlocked), puts them back into open tabs, collections and environments, so a
 * request reopened after a reload sends with the secrets it was typed with.
 */
export function useSecretKeeper(): void {
  const store = useWorkbenchApi();
  useEffect(() => {
    // The vault's code loads just after the first screen; the keeper joins it then.
    let disconnect = () => {};
    let live = true;
    const cancel = afterFirstScreen(() => {
      void import('./vaultInstance').then(({ pageVault }) => {
        if (live) disconnect = connectKeeperToVault(pageVault());
      });
    });
    const stop = onKeptSecretsArrived((values) => {
      const s = store.getState();
      const tabs = restoreKeptSecrets(s.tabs, values);
      const draft = restoreKeptSecrets(s.draft, values);
      const collections = restoreKeptSecrets(s.collections, values);
      const environments = restoreKeptSecrets(s.environments, values);
      if (tabs !== s.tabs || draft !== s.draft || collections !== s.collections || environments !== s.environments) {
        store.setState({ tabs, draft, collections, environments });
      }
    });
    return () => {
      live = false;
      cancel();
      stop();
      disconnect();
    };
  }, [store]);
}
