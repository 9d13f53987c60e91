/**
 * What of the composer survives a reload: open tabs with their drafts and which
 * environment is active — never secrets. (Environments themselves are stored with the
 * workspace, in IndexedDB; a snapshot from before that still brings its environments.) Auth fields marked secret by their scheme (passwords, tokens, keys) and
 * custom auth-params are blanked, as are secret environment variables; a vault reference
 * is kept, since it is only an id. Files picked for a body cannot survive a reload either:
 * their references stay and the body editor asks for the file again.
 */
import { createJSONStorage, type PersistOptions, type StateStorage } from 'zustand/middleware';
import { isSecretVariable, normaliseDraft, type RequestEnvironment } from '../../../core';
import { keepSecrets, withKeptSecrets } from '../../base/secrets/secretKeeper';
import { storableDraft } from '../../base/secrets/storableDraft';
import type { RequestTab } from '../../features/composer/draftSlice';
import { restoredSoapTabs, storableSoapTabs, type SoapTabState } from '../../features/soap/soapSlice';
import { storableChecks, type RequestChecks } from '../../features/checks/checksModel';
import { restoredChecksTabs, storableChecksTabs } from '../../features/checks/checksSlice';
import type { WorkbenchState } from './workbenchState';

/** The persisted part of the store. */
export interface ComposerSnapshot {
  tabs: RequestTab[];
  activeTabId: string;
  /** Only in snapshots written before environments moved to the workspace storage. */
  environments?: RequestEnvironment[];
  activeEnvironmentId: string | null;
  /** Which tabs are SOAP requests and their WSDL, operation and WS-Security settings (no passwords). */
  soapTabs?: Record<string, SoapTabState | null>;
  /** Each tab's captures, assertions and scripts (issue 18), secrets in them kept aside. */
  checksTabs?: Record<string, RequestChecks>;
}

export { storableDraft, UNSTORED_AUTH_FIELDS } from '../../base/secrets/storableDraft';

/** The environment as stored: values of secret variables blanked (marked secret, or secret by kind or provenance: core's one gate). */
export function storableEnvironment(environment: RequestEnvironment): RequestEnvironment {
  return { ...environment, variables: environment.variables.map((v) => (isSecretVariable(v) ? { ...v, value: '' } : v)) };
}

/** The snapshot to store. */
export function composerSnapshot(state: WorkbenchState): ComposerSnapshot {
  return {
    tabs: state.tabs.map((tab) => ({ ...tab, draft: storableDraft(tab.id === state.activeTabId ? state.draft : tab.draft, tab.id) })),
    activeTabId: state.activeTabId,
    activeEnvironmentId: state.activeEnvironmentId,
    soapTabs: storableSoapTabs(state),
    checksTabs: storableChecksTabs(state, (checks, owner) => storableChecks(checks, owner, keepSecrets)),
  };
}

const memory = new Map<string, string>();
const memoryStorage: StateStorage = {
  getItem: (name) => memory.get(name) ?? null,
  setItem: (name, value) => void memory.set(name, value),
  removeItem: (name) => void memory.delete(name),
};

/** localStorage when the page has one and it works, else memory; a full quota never breaks editing. */
function composerStorage(): StateStorage {
  if (typeof localStorage === 'undefined') return memoryStorage;
  return {
    getItem: (name) => localStorage.getItem(name),
    setItem: (name, value) => {
      try {
        localStorage.setItem(name, value);
      } catch (err) {
        console.warn(`Wirebench could not save the open tabs (${(err as Error).message}); edits stay in this page only.`);
      }
    },
    removeItem: (name) => localStorage.removeItem(name),
  };
}

/** Options of the store's `persist` middleware: drafts and environments, validated when read. */
export function composerPersistOptions(name = 'wirebench-composer'): PersistOptions<WorkbenchState, ComposerSnapshot> {
  return {
    name,
    version: 1,
    storage: createJSONStorage(composerStorage),
    partialize: composerSnapshot,
    merge: (persisted, current) => {
      const snapshot = persisted as Partial<ComposerSnapshot> | undefined;
      if (!snapshot || !Array.isArray(snapshot.tabs) || snapshot.tabs.length === 0) return current;
      try {
        // Kept secrets this page already knows are put back; the rest come when the vault opens.
        const tabs = snapshot.tabs.map((tab): RequestTab => ({
          id: String(tab.id),
          dirty: tab.dirty === true,
          draft: withKeptSecrets(normaliseDraft(tab.draft)),
          ...(typeof tab.lastHistoryId === 'string' ? { lastHistoryId: tab.lastHistoryId } : {}),
        }));
        const active = tabs.find((t) => t.id === snapshot.activeTabId) ?? tabs[0]!;
        // Environments load from the workspace storage, which checks this id once they are there.
        const environments = Array.isArray(snapshot.environments) ? snapshot.environments.map(storableEnvironment) : current.environments;
        const activeEnvironmentId = typeof snapshot.activeEnvironmentId === 'string' ? snapshot.activeEnvironmentId : null;
        const soapTabs = restoredSoapTabs(snapshot.soapTabs, tabs.map((t) => t.id));
        const checksTabs = withKeptSecrets(restoredChecksTabs(snapshot.checksTabs, tabs.map((t) => t.id)));
        return { ...current, tabs, activeTabId: active.id, draft: active.draft, environments, activeEnvironmentId, soapTabs, checksTabs };
      } catch (err) {
        // A snapshot this version cannot read is left in storage untouched and ignored.
        console.warn(`Wirebench could not restore the open tabs: ${(err as Error).message}`);
        return current;
      }
    },
  };
}
