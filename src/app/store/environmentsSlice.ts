/**
 * Environments: named sets of `{{variables}}`, one active. Persisted with the tabs (secret
 * values blanked, see `composerPersistence`); the workspace will move them to IndexedDB.
 */
import type { StateCreator } from 'zustand';
import { draftRowId, environmentValues, type EnvironmentVariable, type RequestEnvironment } from '../../core';
import type { WorkbenchState } from './workbenchStore';

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
}

const NO_VALUES: Record<string, string> = Object.freeze(Object.create(null) as Record<string, string>);
const valuesCache = new WeakMap<RequestEnvironment, Record<string, string>>();

/** The active environment's values; the same object while the environment is unchanged. */
export function activeEnvironmentValues(state: Pick<EnvironmentsSlice, 'environments' | 'activeEnvironmentId'>): Record<string, string> {
  const environment = state.environments.find((e) => e.id === state.activeEnvironmentId);
  if (!environment) return NO_VALUES;
  let values = valuesCache.get(environment);
  if (!values) {
    values = environmentValues(environment);
    valuesCache.set(environment, values);
  }
  return values;
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
  setEnvironmentVariables: (id, variables) => set((s) => ({ environments: s.environments.map((e) => (e.id === id ? { ...e, variables } : e)) })),
});
