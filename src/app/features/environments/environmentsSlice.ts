/**
 * Environments: named sets of `{{variables}}`, one active. Stored with the workspace
 * (IndexedDB or the workspace folder, secret values blanked; see `workspace/`).
 */
import type { StateCreator } from 'zustand';
import { draftRowId, environmentValues, type Collection, type EnvironmentVariable, type RequestEnvironment } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';

export interface EnvironmentsSlice {
  environments: RequestEnvironment[];
  /** The environment whose variables are resolved, or null for none. */
  activeEnvironmentId: string | null;
  /** Adds an environment and makes it active; returns its id. */
  addEnvironment(name: string, variables?: Omit<EnvironmentVariable, 'id'>[]): string;
  renameEnvironment(id: string, name: string): void;
  removeEnvironment(id: string): void;
  setActiveEnvironment(id: string | null): void;
  setEnvironmentVariables(id: string, variables: EnvironmentVariable[]): void;
  /** Marks an environment as kept on this machine only (never in the workspace folder). */
  setEnvironmentSecret(id: string, secret: boolean): void;
}

const NO_VALUES: Record<string, string> = Object.freeze(Object.create(null) as Record<string, string>);
const valuesCache = new WeakMap<RequestEnvironment, Record<string, string>>();

const mergedCache = new WeakMap<Record<string, string>, WeakMap<Record<string, string>, Record<string, string>>>();

/**
 * The values variables resolve from: the page's run variables over the active environment's,
 * laid over those of the collection the active tab came from (`collectionValues`, read from
 * the state when not given). The same object while none of them changes.
 */
export function activeEnvironmentValues(
  state: Pick<EnvironmentsSlice, 'environments' | 'activeEnvironmentId'> & Partial<Pick<WorkbenchState, 'collections' | 'tabLinks' | 'activeTabId' | 'runValues'>>,
  collectionValues: Record<string, string> = collectionVariableValues(state),
): Record<string, string> {
  const base = environmentOverCollection(state, collectionValues);
  // The page's run variables (captures and scripts, issue 18) come first, as Postman's locals do.
  const run = state.runValues;
  if (!run || Object.keys(run).length === 0) return base;
  let byBase = runCache.get(run);
  if (!byBase) runCache.set(run, (byBase = new WeakMap()));
  let merged = byBase.get(base);
  if (!merged) {
    merged = Object.assign(Object.create(null) as Record<string, string>, base, run);
    byBase.set(base, merged);
  }
  return merged;
}

const collectionCache = new WeakMap<Collection, Record<string, string>>();

/**
 * The variables of the collection the active tab was opened from (enabled ones, by
 * trimmed name); the environment's variables are laid over them when a draft is built.
 * The same object while the collection is unchanged.
 */
export function collectionVariableValues(state: Partial<Pick<WorkbenchState, 'collections' | 'tabLinks' | 'activeTabId'>>): Record<string, string> {
  const link = state.tabLinks?.[state.activeTabId ?? ''];
  const collection = link ? state.collections?.find((c) => c.id === link.collectionId) : undefined;
  if (!collection || collection.variables.length === 0) return NO_VALUES;
  let values = collectionCache.get(collection);
  if (!values) {
    values = Object.create(null) as Record<string, string>;
    for (const v of collection.variables) if (v.enabled !== false && v.name.trim() !== '') values[v.name.trim()] = v.value;
    collectionCache.set(collection, values);
  }
  return values;
}

const runCache = new WeakMap<Record<string, string>, WeakMap<Record<string, string>, Record<string, string>>>();

function environmentOverCollection(
  state: Pick<EnvironmentsSlice, 'environments' | 'activeEnvironmentId'>,
  collectionValues: Record<string, string>,
): Record<string, string> {
  const environment = state.environments.find((e) => e.id === state.activeEnvironmentId);
  let values = NO_VALUES;
  if (environment) {
    values = valuesCache.get(environment) ?? environmentValues(environment);
    valuesCache.set(environment, values);
  }
  if (Object.keys(collectionValues).length === 0) return values;
  let byEnvironment = mergedCache.get(collectionValues);
  if (!byEnvironment) mergedCache.set(collectionValues, (byEnvironment = new WeakMap()));
  let merged = byEnvironment.get(values);
  if (!merged) {
    merged = Object.assign(Object.create(null) as Record<string, string>, collectionValues, values);
    byEnvironment.set(values, merged);
  }
  return merged;
}

export const createEnvironmentsSlice: StateCreator<WorkbenchState, [], [], EnvironmentsSlice> = (set) => ({
  environments: [],
  activeEnvironmentId: null,
  addEnvironment: (name, variables = []) => {
    const environment: RequestEnvironment = { id: draftRowId('env'), name, variables: variables.map((v) => ({ ...v, id: draftRowId('var') })) };
    set((s) => ({ environments: [...s.environments, environment], activeEnvironmentId: environment.id }));
    return environment.id;
  },
  renameEnvironment: (id, name) => set((s) => ({ environments: s.environments.map((e) => (e.id === id ? { ...e, name } : e)) })),
  removeEnvironment: (id) =>
    set((s) => ({
      environments: s.environments.filter((e) => e.id !== id),
      activeEnvironmentId: s.activeEnvironmentId === id ? null : s.activeEnvironmentId,
    })),
  setActiveEnvironment: (activeEnvironmentId) => set({ activeEnvironmentId }),
  setEnvironmentSecret: (id, secret) => set((s) => ({ environments: s.environments.map((e) => (e.id === id ? { ...e, secret } : e)) })),
  setEnvironmentVariables: (id, variables) => set((s) => ({ environments: s.environments.map((e) => (e.id === id ? { ...e, variables } : e)) })),
});
