/**
 * The variables of a run, in layers: run-local (set by captures and scripts) over the
 * data row over the environment over the collection over globals — Postman's order
 * (local, data, environment, collection, global), so an imported collection resolves
 * `{{name}}` as it did there. Values are immutable: every change returns new layers.
 * `resolvedRunValues` gives the one map `buildWireRequest(draft, env)` resolves from,
 * the same kind of map the composer builds from the collection and the active environment.
 */
import type { CaptureResult, VariableScope } from './types';

/** The layers, highest precedence first. */
export const RUN_VARIABLE_LAYERS = ['run', 'data', 'environment', 'collection', 'global'] as const;

/** One layer of run variables. `data` is read-only during a run; `global` is written only by scripts (`pm.globals`), as in Postman. */
export type RunVariableLayer = (typeof RUN_VARIABLE_LAYERS)[number];

/** A run's variables by layer, and which names hold secrets (to mask them when shown). */
export interface RunVariables {
  readonly layers: Readonly<Record<RunVariableLayer, Readonly<Record<string, string>>>>;
  /** Names whose values must be masked wherever shown (secret captures, secret environment variables). */
  readonly secretNames: readonly string[];
}

/** Where a run starts from; each layer is a name → value map (see {@link variableValues}). */
export interface RunVariablesStart {
  collection?: Readonly<Record<string, string>>;
  environment?: Readonly<Record<string, string>>;
  data?: Readonly<Record<string, string>>;
  global?: Readonly<Record<string, string>>;
  run?: Readonly<Record<string, string>>;
  secretNames?: readonly string[];
}

function copy(values: Readonly<Record<string, string>> | undefined): Record<string, string> {
  // Null-prototype maps, so `{{constructor}}` or `__proto__` are ordinary names.
  const map = Object.create(null) as Record<string, string>;
  if (values) for (const name of Object.keys(values)) if (typeof values[name] === 'string') map[name] = values[name];
  return map;
}

function checkName(name: string, what: string): string {
  if (typeof name !== 'string') throw new TypeError(`${what}: the variable name must be a string, got ${typeof name}`);
  const trimmed = name.trim();
  if (trimmed === '') throw new RangeError(`${what}: the variable name is empty`);
  return trimmed;
}

/**
 * The values of a list of variables as the composer reads them: enabled ones (absent
 * `enabled` means enabled) with a non-empty trimmed name; a repeated name's last one wins.
 * Fits collection variables and both environment shapes.
 */
export function variableValues(variables: readonly { name: string; value: string; enabled?: boolean }[] | undefined): Record<string, string> {
  const map = Object.create(null) as Record<string, string>;
  for (const v of variables ?? []) {
    const name = v.name.trim();
    if (v.enabled !== false && name !== '') map[name] = v.value;
  }
  return map;
}

/** The variables at the start of a run. */
export function createRunVariables(start: RunVariablesStart = {}): RunVariables {
  return {
    layers: { run: copy(start.run), data: copy(start.data), environment: copy(start.environment), collection: copy(start.collection), global: copy(start.global) },
    secretNames: [...new Set(start.secretNames ?? [])],
  };
}

/** A variable's value and the layer it came from, the highest layer that has it; undefined when none does. */
export function getRunVariable(variables: RunVariables, name: string): { value: string; layer: RunVariableLayer } | undefined {
  const wanted = checkName(name, 'getRunVariable');
  for (const layer of RUN_VARIABLE_LAYERS) {
    const values = variables.layers[layer];
    if (Object.prototype.hasOwnProperty.call(values, wanted)) return { value: values[wanted]!, layer };
  }
  return undefined;
}

/** Whether a name's value is to be masked. */
export function isSecretRunVariable(variables: RunVariables, name: string): boolean {
  return variables.secretNames.includes(name.trim());
}

function withLayer(variables: RunVariables, layer: RunVariableLayer, change: (values: Record<string, string>) => void, secretNames = variables.secretNames): RunVariables {
  const values = copy(variables.layers[layer]);
  change(values);
  return { layers: { ...variables.layers, [layer]: values }, secretNames };
}

/** Sets `name` in a writable scope (run, environment, collection, or global for `pm.globals`); `secret` marks it for masking. */
export function setRunVariable(variables: RunVariables, scope: VariableScope | 'global', name: string, value: string, secret = false): RunVariables {
  const key = checkName(name, 'setRunVariable');
  if (typeof value !== 'string') throw new TypeError(`setRunVariable: the value of ${key} must be a string, got ${typeof value}`);
  if (scope !== 'run' && scope !== 'environment' && scope !== 'collection' && scope !== 'global') throw new RangeError(`setRunVariable: cannot write to scope ${JSON.stringify(scope)}`);
  const secretNames = secret && !variables.secretNames.includes(key) ? [...variables.secretNames, key] : variables.secretNames;
  return withLayer(variables, scope, (values) => (values[key] = value), secretNames);
}

/** Removes `name` from one writable scope; lower layers show through again. */
export function unsetRunVariable(variables: RunVariables, scope: VariableScope | 'global', name: string): RunVariables {
  const key = checkName(name, 'unsetRunVariable');
  if (scope !== 'run' && scope !== 'environment' && scope !== 'collection' && scope !== 'global') throw new RangeError(`unsetRunVariable: cannot write to scope ${JSON.stringify(scope)}`);
  if (!Object.prototype.hasOwnProperty.call(variables.layers[scope], key)) return variables;
  return withLayer(variables, scope, (values) => delete values[key]);
}

/** The same variables with the data row of the next iteration (the other layers carry over, as in Postman). */
export function withDataRow(variables: RunVariables, row: Readonly<Record<string, string>> | undefined): RunVariables {
  return { layers: { ...variables.layers, data: copy(row) }, secretNames: variables.secretNames };
}

/** Writes every capture that found a value into its scope, in order (a later capture of the same name wins). */
export function applyCaptures(variables: RunVariables, results: readonly CaptureResult[]): RunVariables {
  let next = variables;
  for (const result of results) {
    if (result.value !== undefined && result.variable.trim() !== '') next = setRunVariable(next, result.scope, result.variable, result.value, result.secret);
  }
  return next;
}

/**
 * The merged map `{{name}}` resolves from: global, then collection, environment, data and
 * run laid over each other, so the highest layer wins. Pass it to `buildWireRequest`.
 */
export function resolvedRunValues(variables: RunVariables): Record<string, string> {
  const merged = Object.create(null) as Record<string, string>;
  for (const layer of [...RUN_VARIABLE_LAYERS].reverse()) Object.assign(merged, variables.layers[layer]);
  return merged;
}
