/**
 * The page's secret keeper: values taken out of requests, collections and environments
 * before they are stored (by kind: see core's `redact.ts` and `keptSecrets.ts`). Stored
 * records hold `{{secret:…}}` references; the values live here — sealed in the vault's
 * encrypted payload when the vault is set up with a passphrase and open, in this page's
 * memory otherwise (and then they are gone when the tab closes, which the composer says).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { keptSecretReferences, restoreKeptSecrets } from '../../../core';

/** What the keeper reads of the vault session's state (`features/vault/vaultSession.ts` has it all). */
export interface KeeperVaultState {
  mode: string;
  persistence?: 'sealed' | 'memory';
  secrets?: Readonly<Record<string, string>>;
}

/** What the keeper needs of the vault session (the vault hands itself over: `features/vault/useSecretKeeper.ts`). */
export interface KeeperVault {
  store: Pick<StoreApi<KeeperVaultState>, 'getState' | 'subscribe'>;
  keepSecrets(values: Readonly<Record<string, string>>): void;
}

/** Where kept secrets are right now. */
export type KeeperStatus =
  /** Sealed in the vault (encrypted with the passphrase, in IndexedDB). */
  | 'sealed'
  /** In this page's memory only: gone when the tab closes. */
  | 'memory'
  /** Sealed in a vault that is locked: references cannot be resolved until it is unlocked. */
  | 'locked';

interface KeeperState {
  values: Record<string, string>;
  status: KeeperStatus;
}

const keeper = createStore<KeeperState>(() => ({ values: {}, status: 'memory' }));
let vault: KeeperVault | undefined;
const listeners = new Set<(values: Readonly<Record<string, string>>) => void>();

function statusOf(state: KeeperVaultState | undefined): KeeperStatus {
  if (!state) return 'memory';
  if (state.mode === 'locked') return 'locked';
  if (state.mode === 'open' && state.persistence === 'sealed') return 'sealed';
  return 'memory';
}

/** The keeper's store (status and values), for components and tests. */
export const secretKeeper = keeper;

/**
 * Keeps `values` (reference name → secret). Only additions and changes: a reference no
 * stored record uses any more costs a few bytes, while dropping one still in use would
 * lose a secret.
 */
export function keepSecrets(values: Readonly<Record<string, string>>): void {
  const current = keeper.getState().values;
  const changed = Object.entries(values).filter(([name, value]) => current[name] !== value);
  if (changed.length === 0) return;
  const patch = Object.fromEntries(changed);
  keeper.setState({ values: { ...current, ...patch } });
  if (vault && statusOf(vault.store.getState()) === 'sealed') vault.keepSecrets(patch);
}

/** The value of every kept secret known in this page. */
export function keptValues(): Readonly<Record<string, string>> {
  return keeper.getState().values;
}

/** `value` with every kept-secret reference this page knows put back. */
export function withKeptSecrets<T>(value: T): T {
  return restoreKeptSecrets(value, keeper.getState().values);
}

/** The kept-secret references in `value` this page cannot resolve (the vault is locked, or they were memory-only). */
export function unresolvedKeptSecrets(value: unknown): string[] {
  const values = keeper.getState().values;
  return keptSecretReferences(value).filter((name) => !Object.prototype.hasOwnProperty.call(values, name));
}

/** Called with all known values whenever the vault opens and brings sealed secrets. */
export function onKeptSecretsArrived(listener: (values: Readonly<Record<string, string>>) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Joins the keeper to the page's vault: when the vault opens, its sealed secrets join
 * those in memory, secrets kept meanwhile are sealed, and listeners restore references.
 */
export function connectKeeperToVault(session: KeeperVault): () => void {
  vault = session;
  const sync = (state: KeeperVaultState) => {
    const status = statusOf(state);
    if (keeper.getState().status !== status) keeper.setState({ status });
    if (status !== 'sealed' && !(state.mode === 'open')) return;
    const mine = keeper.getState().values;
    const sealed = state.secrets ?? {};
    const missingInVault = Object.fromEntries(Object.entries(mine).filter(([name, value]) => sealed[name] !== value));
    const arrived = Object.entries(sealed).filter(([name, value]) => mine[name] !== value);
    if (arrived.length > 0) keeper.setState({ values: { ...mine, ...Object.fromEntries(arrived) } });
    if (status === 'sealed' && Object.keys(missingInVault).length > 0) session.keepSecrets(missingInVault);
    if (arrived.length > 0) for (const listener of listeners) listener(keeper.getState().values);
  };
  sync(session.store.getState());
  const unsubscribe = session.store.subscribe((state, previous) => {
    if (state.mode !== previous.mode || state.persistence !== previous.persistence || state.secrets !== previous.secrets) sync(state);
  });
  return () => {
    unsubscribe();
    if (vault === session) vault = undefined;
  };
}

/** `secret:tab-1.Authorization` → `Authorization`. */
function shortName(reference: string): string {
  const dot = reference.indexOf('.');
  return dot < 0 ? reference : reference.slice(dot + 1);
}

/** The secrets' short names for a sentence: `Authorization, api_key and 2 more`. */
export function describeSecrets(names: readonly string[]): string {
  const shown = [...new Set(names.map(shortName))];
  return shown.length > 4 ? `${shown.slice(0, 4).join(', ')} and ${shown.length - 4} more` : shown.join(', ');
}

/** Why a request with kept secrets cannot be sent now, in a sentence. */
export function lockedSecretsMessage(references: readonly string[], status: KeeperStatus): string {
  return status === 'locked'
    ? `its secrets (${describeSecrets(references)}) are sealed in the vault, which is locked. Unlock the vault (sidebar → Vault) to send it with them.`
    : `its secrets (${describeSecrets(references)}) were kept only in the memory of a tab that has since closed, so they are gone. Type them again (set up the vault so they are kept encrypted next time).`;
}

