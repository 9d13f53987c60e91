/**
 * "Move this request's secrets into variables" at save time: each secret in the draft
 * (by kind, see core's `redact.ts`) becomes a `{{name}}` reference, and its value a secret
 * variable of the collection the request is saved to or of the active environment — whose
 * secret values are themselves kept sealed by the secret keeper, never in plaintext.
 */
import type { StoreApi } from 'zustand';
import { draftRowId, redactSecrets, type RequestDraft, type Variable } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';

/** Where the secrets of a request being saved go. */
export type SecretDestination = 'keep' | 'collection' | 'environment';

/** The short names of the secrets in `draft` (`Authorization`, `api_key`…), for the dialog. */
export function secretNamesOf(draft: RequestDraft): string[] {
  return redactSecrets(draft).variables.map((v) => v.name);
}

/** Replaces the tab's draft with one whose secrets are `{{references}}`; returns the variables to add. */
export function takeSecretsOutOfTab(store: StoreApi<WorkbenchState>, tabId: string, taken: readonly string[]): Variable[] {
  const s = store.getState();
  const tab = s.tabs.find((t) => t.id === tabId);
  if (!tab) return [];
  const { draft, variables } = redactSecrets(tab.draft, { taken });
  if (variables.length === 0) return [];
  store.setState({
    tabs: s.tabs.map((t) => (t.id === tabId ? { ...t, draft } : t)),
    ...(s.activeTabId === tabId ? { draft } : {}),
  });
  return variables;
}

/** Adds `variables` (marked secret) to the collection the tab was saved into. */
export function addToCollection(store: StoreApi<WorkbenchState>, tabId: string, variables: readonly Variable[]): void {
  const s = store.getState();
  const collectionId = s.tabLinks[tabId]?.collectionId;
  const collection = s.collections.find((c) => c.id === collectionId);
  if (!collection) return;
  s.setCollectionVariables(collection.id, [...collection.variables, ...variables.map((v) => ({ name: v.name, value: v.value, secret: true }))]);
}

/** Adds `variables` as secret variables of the active environment. */
export function addToEnvironment(store: StoreApi<WorkbenchState>, variables: readonly Variable[]): void {
  const s = store.getState();
  const environment = s.environments.find((e) => e.id === s.activeEnvironmentId);
  if (!environment) return;
  s.setEnvironmentVariables(environment.id, [
    ...environment.variables,
    ...variables.map((v) => ({ id: draftRowId('var'), name: v.name, value: v.value, enabled: true, secret: true })),
  ]);
}
