/**
 * Where captured and script-set values go after a single send (issue 18): the page's run
 * scope (`pm.variables`, captures into `run`), the active environment, or the collection the
 * tab was saved in. A scope that does not exist here (no active environment, an unsaved
 * tab) sends the value to the run scope instead, and says so. Wirebench has no globals of its
 * own: `pm.globals` writes go to the run scope, and later scripts read them back as globals.
 */
import type { StoreApi } from 'zustand';
import { draftRowId, environmentValues, isSecretValue, isSecretVariable, sessionSecrets, type EnvironmentVariable, type Variable } from '../../../core';
import type { VariableScope } from '../../../core/run/types';
import type { ScriptRunResult, ScriptVariables, ScriptValue } from '../../../scripting/types';
import { collectionVariableValues } from '../environments/environmentsSlice';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { currentRunContext } from '../scripting/runContext';

/** One write: set (value) or unset (undefined). */
export interface VariableWrite {
  scope: VariableScope;
  name: string;
  value: string | undefined;
  secret?: boolean;
}

/** Text of a script value: strings as they are, everything else as JSON (Postman stores text too). */
export function scriptValueText(value: ScriptValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Values scripts set in the run scope, with their JSON type: Postman keeps a number set by
 * `pm.variables.set` a number for the scripts after it (a pre-request script's total
 * compared with `eql` in the tests). The run scope stores text, so a typed value is used
 * only while the stored text is still what it was set to.
 */
const typedRunValues = new Map<string, ScriptValue>();
/**
 * Run-scope names last written by `pm.globals`: the page has no globals of its own, so they
 * live in the run scope, and the next script reads them back as `pm.globals` (lowest in
 * Postman's order: local, data, environment, collection, globals), not as `pm.variables`' own.
 */
const globalNames = new Set<string>();

/** Remembers the types of the run-scope values a script set (see `typedRunValues`), and which are globals. */
export function rememberTypedRunValues(result: ScriptRunResult): void {
  for (const [changes, global] of [[result.variables.globals, true], [result.variables.local, false]] as const) {
    for (const name of changes.unset) {
      typedRunValues.delete(name);
      globalNames.delete(name);
    }
    for (const [name, value] of Object.entries(changes.set)) {
      typedRunValues.set(name, value);
      if (global) globalNames.add(name);
      else globalNames.delete(name);
    }
  }
}

/** The run values (typed as they were set) whose names are globals (`global`) or not. */
function typedRunScope(runValues: Record<string, string>, global: boolean): Record<string, ScriptValue> {
  const scope: Record<string, ScriptValue> = {};
  for (const [name, text] of Object.entries(runValues)) {
    if (globalNames.has(name) !== global) continue;
    const typed = typedRunValues.get(name);
    // Defined, not assigned: a variable named __proto__ is a variable like any other.
    Object.defineProperty(scope, name, { value: typed !== undefined && typeof typed !== 'string' && scriptValueText(typed) === text ? typed : text, enumerable: true, writable: true, configurable: true });
  }
  return scope;
}

/** The variable scopes a script of tab `tabId` sees now. */
export function scriptVariablesOf(state: WorkbenchState, tabId: string): ScriptVariables {
  const environment = state.environments.find((e) => e.id === state.activeEnvironmentId);
  rememberSecretVariables(state, tabId);
  const collectionId = state.tabLinks[tabId]?.collectionId;
  const collection = collectionId ? state.collections.find((c) => c.id === collectionId) : undefined;
  return {
    environment: typedValues({ ...environmentValues(environment) }, environment?.variables ?? []),
    collection: typedValues({ ...collectionVariableValues({ ...state, activeTabId: tabId }) }, collection?.variables ?? []),
    globals: typedRunScope(state.runValues, true),
    local: typedRunScope(state.runValues, false),
    // The collection runner's data row for this iteration (none for a single send).
    iterationData: { ...currentRunContext()?.data },
  };
}

/**
 * Postman's typed variables (`number`, `boolean`, kept from an import): a script reads them
 * back typed, as in Postman and `wirebench run`, while `{{name}}` gives the text. Only while
 * the value is still the text the variable holds.
 */
function typedValues(values: Record<string, ScriptValue>, variables: readonly Variable[]): Record<string, ScriptValue> {
  for (const v of variables) {
    const name = v.name.trim();
    if (v.enabled === false || v.type === undefined || values[name] !== v.value) continue;
    const value = v.type === 'number' ? Number(v.value) : v.value.trim().toLowerCase() === 'true';
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    // Defined, not assigned: a variable named __proto__ is a variable like any other.
    Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return values;
}

/**
 * Teaches the session's ledger the values of the secret variables a script can read
 * (environment, collection, run), so a copy it makes under another name stays secret.
 */
function rememberSecretVariables(state: WorkbenchState, tabId: string): void {
  const environment = state.environments.find((e) => e.id === state.activeEnvironmentId);
  const collectionId = state.tabLinks[tabId]?.collectionId;
  const collection = collectionId ? state.collections.find((c) => c.id === collectionId) : undefined;
  for (const v of [...(environment?.variables ?? []), ...(collection?.variables ?? [])]) {
    if (isSecretVariable(v)) sessionSecrets.remember(v.value, `the secret variable ${v.name}`);
  }
  for (const name of state.runSecretNames) sessionSecrets.remember(state.runValues[name], `the secret run variable ${name}`);
}

/** The writes a script run asks for, in scope order; globals go to the run scope (there are none of their own here). */
export function scriptWrites(result: ScriptRunResult): VariableWrite[] {
  const writes: VariableWrite[] = [];
  const scopes: [keyof ScriptRunResult['variables'], VariableScope][] = [
    ['collection', 'collection'],
    ['environment', 'environment'],
    ['globals', 'run'],
    ['local', 'run'],
  ];
  for (const [from, scope] of scopes) {
    const changes = result.variables[from];
    for (const name of changes.unset) writes.push({ scope, name, value: undefined });
    for (const [name, value] of Object.entries(changes.set)) writes.push({ scope, name, value: scriptValueText(value) });
  }
  return writes;
}

function upsertEnvironment(variables: EnvironmentVariable[], write: VariableWrite): EnvironmentVariable[] {
  const index = variables.findIndex((v) => v.name.trim() === write.name);
  if (write.value === undefined) return index < 0 ? variables : variables.filter((_, i) => i !== index);
  if (index < 0) return [...variables, { id: draftRowId('var'), name: write.name, value: write.value, enabled: true, secret: write.secret === true }];
  return variables.map((v, i) => (i === index ? { ...v, value: write.value!, enabled: true, secret: v.secret || write.secret === true } : v));
}

function upsertCollection(variables: Variable[], write: VariableWrite): Variable[] {
  const index = variables.findIndex((v) => v.name.trim() === write.name);
  if (write.value === undefined) return index < 0 ? variables : variables.filter((_, i) => i !== index);
  const secret = write.secret === true ? { secret: true } : {};
  if (index < 0) return [...variables, { name: write.name, value: write.value, ...secret }];
  return variables.map((v, i) => (i === index ? { ...v, value: write.value!, ...(v.secret ? { secret: true } : secret) } : v));
}

/**
 * Applies writes for tab `tabId`; returns, per write, a note when the value went to the
 * run scope instead of the scope asked for (undefined when it went where asked).
 */
export function applyVariableWrites(store: StoreApi<WorkbenchState>, tabId: string, writes: readonly VariableWrite[]): (string | undefined)[] {
  return applyWrites(store, store.getState().tabLinks[tabId]?.collectionId, writes.map(withProvenance));
}

/**
 * Applies writes for a request of collection `collectionId` run without a tab (a live
 * protocol's run step): collection writes go to that collection, as a tab linked to it would.
 */
export function applyCollectionVariableWrites(store: StoreApi<WorkbenchState>, collectionId: string | undefined, writes: readonly VariableWrite[]): (string | undefined)[] {
  return applyWrites(store, collectionId, writes.map(withProvenance));
}

/**
 * The one gate's verdict on a write: a value that is secret by kind, by its name, or by
 * where it came from (the session's ledger: a token from a response, a vault token, a
 * secret variable) is written as a secret, whatever the script or capture said.
 */
function withProvenance(write: VariableWrite): VariableWrite {
  if (write.secret || write.value === undefined || !isSecretValue(write.name, write.value, sessionSecrets)) return write;
  return { ...write, secret: true };
}

function applyWrites(store: StoreApi<WorkbenchState>, collectionId: string | undefined, writes: readonly VariableWrite[]): (string | undefined)[] {
  const state = store.getState();
  const environment = state.environments.find((e) => e.id === state.activeEnvironmentId);
  const collection = collectionId ? state.collections.find((c) => c.id === collectionId) : undefined;
  let envVariables = environment?.variables;
  let colVariables = collection?.variables;
  const run: Record<string, string | undefined> = {};
  const runSecrets: string[] = [];
  const notes = writes.map((write) => {
    let note: string | undefined;
    let scope = write.scope;
    if (scope === 'environment' && !envVariables) {
      scope = 'run';
      note = 'no environment is active: kept in the run variables';
    } else if (scope === 'collection' && !colVariables) {
      scope = 'run';
      note = 'the request is not saved in a collection: kept in the run variables';
    }
    if (scope === 'environment') envVariables = upsertEnvironment(envVariables!, write);
    else if (scope === 'collection') colVariables = upsertCollection(colVariables!, write);
    else {
      run[write.name] = write.value;
      if (write.secret) runSecrets.push(write.name);
    }
    return note;
  });
  if (environment && envVariables !== environment.variables) state.setEnvironmentVariables(environment.id, envVariables!);
  if (collection && colVariables !== collection.variables) state.setCollectionVariables(collection.id, colVariables!);
  if (Object.keys(run).length > 0) state.writeRunValues(run, runSecrets);
  return notes;
}
