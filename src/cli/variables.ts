/**
 * The variables of a CLI run: where they come from (the collection, `--env`, the data row,
 * `--var`, values set during the run) and which wins, and secrets taken from the process
 * environment. Precedence, lowest first: collection < environment < data row < `--var` and
 * values set during the run (captures, `pm.variables.set`; the later write wins). `{{$env.NAME}}` (or httpyac's
 * `{{$processEnv NAME}}`) anywhere — a request, a variable's value — reads the process
 * environment variable NAME, when the person allowed that name (`envAllow.ts`), and is a
 * secret; nothing else ever reads one, and workspace files cannot name a secret's value,
 * only the variable that holds it.
 */
import { existsSync } from 'node:fs';
import { readTextFile } from './textFile';
import path from 'node:path';
import { isSecretVariable, parseJson, type Collection, type Environment, type Variable } from '../core';
import { createRunVariables, resolvedRunValues, setRunVariable, unsetRunVariable, variableValues, withDataRow, type RunVariableLayer, type RunVariables as CoreRunVariables, type VariableScope } from '../core/run';
import { environmentFromFile } from '../core/workspace/folderLayoutReading';
import type { ScriptValue } from '../scripting/types';
import type { EnvVarAllowList } from './envAllow';
import type { SecretMask } from './secrets';
import { InputError, type RunSource } from './source';

const ENV_REFERENCE = /\{\{\s*(\$env\.([A-Za-z_][A-Za-z0-9_]*)|\$processEnv\s+([A-Za-z_][A-Za-z0-9_]*))\s*\}\}/g;

/** Process environment references in `text`: the variable name as written (`$env.X`) and the environment variable's name. */
export function envReferences(text: string): { reference: string; name: string }[] {
  return [...text.matchAll(ENV_REFERENCE)].map((m) => ({ reference: m[1]!, name: (m[2] ?? m[3])! }));
}

/**
 * Values for every process environment reference in `texts`, each remembered by `mask` as
 * a secret. Throws an `InputError` naming every variable `allow` does not allow (first: a
 * collection must not read a secret the person did not hand it), then every one that is
 * not set: a CI job that forgot a secret should stop before sending anything.
 */
export function processEnvValues(texts: readonly string[], env: NodeJS.ProcessEnv, mask: SecretMask, allow: EnvVarAllowList): Record<string, string> {
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const refused = new Set<string>();
  const missing = new Set<string>();
  for (const text of texts) {
    for (const { reference, name } of envReferences(text)) {
      if (allow.allowedBy(name) === undefined) {
        refused.add(name);
        continue;
      }
      const value = env[name];
      // A CI secret that is not configured arrives as an empty variable: treated as not set.
      if (value === undefined || value === '') missing.add(name);
      else {
        values[reference] = value;
        mask.add(value, `{{$env.${name}}}`);
      }
    }
  }
  if (refused.size > 0) throw new InputError(allow.refusal([...refused]));
  if (missing.size > 0) throw new InputError(`the run reads environment variable${missing.size === 1 ? '' : 's'} ${[...missing].join(', ')} through {{$env.…}}, but ${missing.size === 1 ? 'it is' : 'they are'} not set (or empty)`);
  return values;
}

function recordSecrets(variables: readonly Variable[], mask: SecretMask): string[] {
  const names: string[] = [];
  for (const v of variables) {
    if (v.enabled === false || !isSecretVariable(v, mask.ledger)) continue;
    mask.add(v.value, `the secret variable ${v.name.trim()}`);
    names.push(v.name.trim());
  }
  return names;
}

/** Reads a Postman environment export (`{ name, values: [{ key, value, enabled, type }] }`) or a Wirebench environment file. */
async function environmentFile(file: string): Promise<Environment> {
  const text = await readTextFile(file).catch((err: Error) => {
    throw new InputError(`cannot be read: ${err.message}`, file);
  });
  const json = parseJson(text);
  if (!json.ok) throw new InputError(`is not valid JSON: ${json.error.message}`, file, json.error.position?.line, json.error.position?.column);
  // A bare array of variables: Postman's older globals export (newman reads it too).
  const value = (Array.isArray(json.value) ? { values: json.value } : json.value) as Record<string, unknown> | null;
  if (value && typeof value === 'object' && Array.isArray(value.values)) {
    const variables: Variable[] = [];
    for (const entry of value.values as Record<string, unknown>[]) {
      if (!entry || typeof entry.key !== 'string') continue;
      variables.push({ name: entry.key, value: entry.value === undefined || entry.value === null ? '' : String(entry.value), enabled: entry.enabled !== false && entry.disabled !== true, secret: entry.type === 'secret', ...(entry.type === 'number' || entry.type === 'boolean' ? { type: entry.type } : {}) });
    }
    return { id: 'env-file', name: typeof value.name === 'string' ? value.name : path.basename(file), variables };
  }
  const read = environmentFromFile(path.basename(file), text);
  if ('setAside' in read) throw new InputError(`is neither a Postman environment nor a Wirebench environment: ${read.setAside.reason}`, file);
  return read.environment;
}

/** `--globals FILE`: a Postman globals export (or an environment file: its variables are taken as globals). */
export async function globalsFile(file: string): Promise<Variable[]> {
  if (!existsSync(file)) throw new InputError('no such globals file', file);
  return (await environmentFile(file)).variables;
}

/**
 * The environment `--env` names: a workspace environment by name (exact, then ignoring
 * case), else a file. An unknown name is an `InputError` listing the names there are.
 */
export async function chooseEnvironment(choice: string | undefined, source: RunSource): Promise<Environment | undefined> {
  if (choice === undefined) return undefined;
  const byName = source.environments.find((e) => e.name === choice) ?? source.environments.find((e) => e.name.toLowerCase() === choice.toLowerCase());
  if (byName) return byName;
  if (/\.json$/i.test(choice) || existsSync(choice)) {
    if (!existsSync(choice)) throw new InputError('no such environment file', choice);
    return environmentFile(choice);
  }
  const known = source.environments.map((e) => `"${e.name}"`);
  throw new InputError(`--env ${choice}: no environment of that name; ${known.length ? `the environments are ${known.join(', ')}` : 'this source has no environments (give a Postman environment file instead)'}.`);
}

/**
 * The variables of one run over core's layers (`core/run/runVariables.ts`: run > data >
 * environment > collection > global). `--var` values start in the run layer, so they win
 * over the data row and anything lower, and a value set during the run replaces them.
 * Process environment references are laid over everything, so nothing can shadow them.
 */
export class RunScope {
  state: CoreRunVariables;

  constructor(
    collections: readonly Collection[],
    environment: Environment | undefined,
    cli: readonly [string, string][],
    private readonly processEnv: Record<string, string>,
    private readonly mask: SecretMask,
    globals: readonly Variable[] = [],
  ) {
    // Several collections (a workspace): the first's variables win over the others'.
    // Null-prototype maps throughout: a variable named __proto__ or constructor is a variable like any other.
    const collection = Object.assign(Object.create(null) as Record<string, string>, ...[...collections].reverse().map((c) => variableValues(c.variables)));
    // --var values are secrets on the same terms as a file's variables (by name or kind): `--var apiKey=…` is masked too.
    const cliVariables = cli.map(([name, value]) => ({ name, value }));
    const secretNames = [...collections.flatMap((c) => recordSecrets(c.variables, mask)), ...recordSecrets(environment?.variables ?? [], mask), ...recordSecrets(cliVariables, mask)];
    // --globals: the lowest layer, as in Postman; its secrets are masked like any other's.
    secretNames.push(...recordSecrets(globals, mask));
    this.state = createRunVariables({ collection, environment: variableValues(environment?.variables), global: variableValues(globals), run: Object.fromEntries(cli), secretNames });
    // Postman's typed variables (`number`, `boolean`): scripts read them back typed, `{{name}}` reads the text.
    for (const [layer, variables] of [['collection', [...collections].reverse().flatMap((c) => c.variables)], ['environment', environment?.variables ?? []], ['global', globals]] as const) {
      for (const v of variables) {
        if (v.enabled === false || v.type === undefined) continue;
        const value = v.type === 'number' ? Number(v.value) : v.value.trim().toLowerCase() === 'true';
        if (v.type === 'number' && !Number.isFinite(value as number)) continue;
        (this.typed[layer] ??= new Map()).set(v.name.trim(), { text: v.value, value });
      }
    }
  }

  /** The map `{{name}}` resolves from. */
  values(): Record<string, string> {
    return Object.assign(Object.create(null) as Record<string, string>, resolvedRunValues(this.state), this.processEnv);
  }

  /**
   * Values as scripts last set them (numbers, arrays, objects), and the typed data row of a
   * JSON data file: scripts get them back typed, as in newman, while `{{name}}` resolves
   * the text. A shadow counts only while its layer still holds the text it was set with.
   */
  private typed: Partial<Record<RunVariableLayer, Map<string, { text: string; value: ScriptValue }>>> = {};

  /** Layer `layer`'s values, for a script's view: typed where a script or data file gave a type. */
  layer(layer: RunVariableLayer): Record<string, ScriptValue> {
    const values: Record<string, ScriptValue> = { ...this.state.layers[layer] };
    for (const [name, shadow] of this.typed[layer] ?? []) if (values[name] === shadow.text) values[name] = shadow.value;
    return values;
  }

  /** Starts an iteration with its data row (`typedRow`: the row as a JSON data file holds it). */
  withData(row: Readonly<Record<string, string>> | undefined, typedRow?: Readonly<Record<string, unknown>>): void {
    this.state = withDataRow(this.state, row);
    const shadows = new Map<string, { text: string; value: ScriptValue }>();
    for (const [name, value] of Object.entries(typedRow ?? {})) if (row && typeof value !== 'string' && name in row) shadows.set(name, { text: row[name]!, value: value as ScriptValue });
    this.typed.data = shadows;
  }

  /** Writes a script's value: its text for `{{name}}`, the value itself for later scripts. */
  setTyped(scope: VariableScope | 'global', name: string, value: ScriptValue): void {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    this.set(scope, name, text);
    const layer: RunVariableLayer = scope;
    if (typeof value !== 'string') (this.typed[layer] ??= new Map()).set(name.trim(), { text, value });
  }

  /** Writes (or with `undefined` unsets) a value; a script's `pm.globals` go to the global layer, the lowest, as in Postman. */
  set(scope: VariableScope | 'global', name: string, value: string | undefined, secret = false): void {
    const target = scope;
    if (name.trim() === '') return;
    // Provenance: a value copied from a token (a response's access_token, a secret variable, an env secret) stays a secret under its new name.
    const isSecret = secret || (value !== undefined && this.mask.isSecretNamed(name, value));
    if (isSecret && value !== undefined) this.mask.add(value, `the variable ${name.trim()}`);
    this.state = value === undefined ? unsetRunVariable(this.state, target, name) : setRunVariable(this.state, target, name, value, isSecret);
  }
}
