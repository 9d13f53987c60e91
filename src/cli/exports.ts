/**
 * `--export-environment`, `--export-globals` and `--export-collection`: the run's final
 * values written as Postman files, as newman writes them, for the next job to read. They go
 * through the one redaction gate: a value that is secret by kind or by provenance (core's
 * `isSecretVariable` with the run's ledger: a `secret` variable, a token an answer held, a
 * value a script copied from one) is written blank unless `--export-secrets` is given, and
 * stderr says which was done, every time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportPostman, isSecretVariable, type Collection, type Environment, type Variable } from '../core';
import type { RunOptions } from './args';
import type { SecretMask } from './secrets';
import type { RunScope } from './variables';

/** A Postman environment or globals export of `values` (the layer's final names and values, in order). */
function variablesFile(scope: 'environment' | 'globals', name: string, values: readonly Variable[], keepSecrets: boolean, mask: SecretMask, secretNames: readonly string[]): { text: string; blanked: string[]; kept: string[] } {
  const blanked: string[] = [];
  const kept: string[] = [];
  const entries = values.map((v) => {
    const secret = secretNames.includes(v.name) || isSecretVariable(v, mask.ledger);
    if (secret) (keepSecrets ? kept : blanked).push(v.name);
    return { key: v.name, value: secret && !keepSecrets ? '' : v.value, type: secret ? 'secret' : (v.type ?? 'default'), enabled: v.enabled !== false };
  });
  const document = { id: `wirebench-${scope}`, name, values: entries, _postman_variable_scope: scope, _postman_exported_at: new Date().toISOString(), _postman_exported_using: 'Wirebench' };
  return { text: `${JSON.stringify(document, null, 2)}\n`, blanked, kept };
}

/** The final values of a layer, as variables: the ones the run started with (disabled ones kept), then those added during it. */
function finalVariables(start: readonly Variable[], layer: Readonly<Record<string, string>>): Variable[] {
  const out: Variable[] = [];
  const seen = new Set<string>();
  for (const v of start) {
    const name = v.name.trim();
    seen.add(name);
    if (v.enabled === false) out.push(v);
    else if (Object.prototype.hasOwnProperty.call(layer, name)) out.push({ ...v, value: layer[name]! });
    // Unset during the run: not written, as newman drops an unset variable.
  }
  for (const [name, value] of Object.entries(layer)) if (!seen.has(name)) out.push({ name, value });
  return out;
}

function secretSentence(what: string, file: string, blanked: readonly string[], kept: readonly string[]): string {
  if (kept.length > 0) return `wirebench: ${what} written to ${file} WITH ${kept.length} secret value${kept.length === 1 ? '' : 's'} in clear (${kept.join(', ')}), because of --export-secrets: keep the file out of logs and artifacts.\n`;
  if (blanked.length > 0) return `wirebench: ${what} written to ${file}; ${blanked.length} secret value${blanked.length === 1 ? ' was' : 's were'} written blank (${blanked.join(', ')}): pass --export-secrets to keep them.\n`;
  return `wirebench: ${what} written to ${file}; it holds no secret value.\n`;
}

async function write(file: string, text: string): Promise<string> {
  const resolved = path.resolve(file);
  await mkdir(path.dirname(resolved), { recursive: true });
  await writeFile(resolved, text);
  return resolved;
}

/** What the exports need from the run. */
export interface ExportInput {
  options: RunOptions;
  scope: RunScope;
  collections: readonly Collection[];
  environment?: Environment;
  globals: readonly Variable[];
  mask: SecretMask;
  log(text: string): void;
}

/** Writes the files the options ask for. Throws (a report-writing failure, exit 2) when one cannot be written. */
export async function writeExports(input: ExportInput): Promise<void> {
  const { options, scope, mask, log } = input;
  const keep = options.exportSecrets;
  const layers = scope.state.layers;
  const secretNames = scope.state.secretNames;
  if (options.exportEnvironment) {
    const values = finalVariables(input.environment?.variables ?? [], layers.environment);
    const made = variablesFile('environment', input.environment?.name ?? 'Wirebench run', values, keep, mask, secretNames);
    log(secretSentence('the environment', await write(options.exportEnvironment, made.text), made.blanked, made.kept));
  }
  if (options.exportGlobals) {
    const made = variablesFile('globals', 'Globals', finalVariables(input.globals, layers.global), keep, mask, secretNames);
    log(secretSentence('the globals', await write(options.exportGlobals, made.text), made.blanked, made.kept));
  }
  if (options.exportCollection) {
    const [collection] = input.collections;
    const updated: Collection = { ...collection!, variables: finalVariables(collection!.variables, layers.collection) };
    const blanked = updated.variables.filter((v) => secretNames.includes(v.name) || isSecretVariable(v, mask.ledger)).map((v) => v.name);
    // The run's secret names as secret variables, so the export's own redaction blanks them too.
    const marked: Collection = { ...updated, variables: updated.variables.map((v) => (blanked.includes(v.name) ? { ...v, secret: true } : v)) };
    const text = exportPostman(marked, { includeSecrets: keep });
    const file = await write(options.exportCollection, text);
    log(secretSentence('the collection', file, keep ? [] : blanked, keep ? blanked : []).replace('written blank', 'written blank (and secrets in its requests replaced by {{variables}})'));
  }
}
