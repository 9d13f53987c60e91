/**
 * Environments (issue: composer, item 8): named sets of `{{variables}}`, one active at a
 * time, used in the URL, headers, auth and body. Secret variables are held like any other
 * but are never written to storage by the app.
 */
import type { CoreError } from '../types';

/** One variable of an environment. */
export interface EnvironmentVariable {
  id: string;
  name: string;
  value: string;
  /** A disabled variable is kept but not used. */
  enabled: boolean;
  /** A secret is masked in the editor and blanked when the environment is stored. */
  secret: boolean;
}

/** A named set of variables. */
export interface RequestEnvironment {
  id: string;
  name: string;
  variables: EnvironmentVariable[];
  /** Kept on this machine only: never written to a shared workspace folder. */
  secret?: boolean;
}

/**
 * The values `buildWireRequest` resolves from: enabled variables with a name, by trimmed
 * name. When a name is repeated the last enabled one wins, as it would in a file read
 * top to bottom (`environmentProblems` reports the repeat).
 */
export function environmentValues(environment: RequestEnvironment | undefined): Record<string, string> {
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const variable of environment?.variables ?? []) {
    const name = variable.name.trim();
    if (variable.enabled && name !== '') values[name] = variable.value;
  }
  return values;
}

/**
 * What is wrong with an environment's variable names: a name that `{{name}}` cannot refer
 * to (braces or a line break in it) and names defined twice. `field` is the variable id.
 */
export function environmentProblems(environment: RequestEnvironment): CoreError[] {
  const problems: CoreError[] = [];
  const seen = new Map<string, string>();
  for (const variable of environment.variables) {
    const name = variable.name.trim();
    if (name === '') continue;
    const bad = name.search(/[{}\r\n]/);
    if (bad >= 0) {
      problems.push({
        kind: 'variable-name-invalid',
        field: variable.id,
        message: `Variable "${name}" contains "${name[bad] === '\n' || name[bad] === '\r' ? 'a line break' : name[bad]}", so {{${name}}} cannot refer to it; use letters, digits, "_", "-" or ".".`,
      });
      continue;
    }
    if (variable.enabled && seen.has(name)) {
      problems.push({ kind: 'variable-duplicate', field: variable.id, message: `Variable "${name}" is defined twice; the later one is used.` });
    }
    if (variable.enabled) seen.set(name, variable.id);
  }
  return problems;
}
