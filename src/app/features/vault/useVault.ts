/** Selects from the page's vault and re-renders when the selection changes. */
import { useStore } from 'zustand';
import { pageVault } from './vaultInstance';
import type { VaultSessionState } from './vaultSession';

export function useVault<T>(selector: (state: VaultSessionState) => T): T {
  return useStore(pageVault().store, selector);
}
