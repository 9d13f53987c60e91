/**
 * Environments an import brings beside its collection (an Insomnia export's
 * sub-environments): added to the workspace's environments without changing which one is
 * active; a name already taken gets the collection's name after it. Private ones (kept on
 * this machine in Insomnia) stay on this machine here too.
 */
import type { Environment } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';

type EnvironmentStore = { getState(): Pick<WorkbenchState, 'environments' | 'activeEnvironmentId' | 'addEnvironment' | 'setActiveEnvironment' | 'setEnvironmentSecret'> };

/** Adds `environments` to the workspace; returns the names they were given. */
export function addImportedEnvironments(store: EnvironmentStore, environments: readonly Environment[], collectionName: string): string[] {
  const active = store.getState().activeEnvironmentId;
  const names: string[] = [];
  for (const environment of environments) {
    const taken = new Set(store.getState().environments.map((e) => e.name));
    let name = taken.has(environment.name) ? `${environment.name} (${collectionName})` : environment.name;
    for (let n = 2; taken.has(name); n++) name = `${environment.name} (${collectionName} ${n})`;
    const id = store.getState().addEnvironment(
      name,
      environment.variables.map((v) => ({ name: v.name, value: v.value, enabled: v.enabled !== false, secret: v.secret === true })),
    );
    if (environment.secret) store.getState().setEnvironmentSecret(id, true);
    names.push(name);
  }
  // Adding makes an environment active; an import should not change what the next send resolves.
  store.getState().setActiveEnvironment(active);
  return names;
}
