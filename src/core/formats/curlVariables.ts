/**
 * curl's command-line variables (curl 8.3+): `--variable name=content` sets one, and an
 * option written `--expand-x` has its `{{name}}` (with `:trim`, `:json`, `:url`, `:b64`,
 * `:64dec` functions, left to right) replaced before it is read, as curl does. A name
 * whose value lives outside the command (`%NAME` from the environment, `name@file`) stays
 * a Wirebench `{{name}}` variable, to be given a value in an environment. So does a shell
 * variable (`$TOKEN`, `${TOKEN}`) where the shell would expand it.
 */
import { decodeBase64, encodeBase64 } from '../encoding';

/** A variable's value, or the place it would come from when that cannot be read here. */
export type CurlVariable = { value: string } | { outside: string };

/** What `--variable` sets: `name=content`, `name@file`, `%NAME` or `%NAME=default`. */
export function readCurlVariable(arg: string, variables: Map<string, CurlVariable>): string | undefined {
  const match = /^(%?)([A-Za-z0-9_]{1,128})(?:\[\d*-?\d*\])?([=@]?)([\s\S]*)$/.exec(arg);
  if (!match) return `--variable ${arg} is not name=content or name@file and was ignored.`;
  const [, env, name, sep, rest] = match as unknown as [string, string, string, string, string];
  if (env) {
    // The environment is unknown here; a default given with = is what curl uses when the variable is not set.
    variables.set(name, sep === '=' ? { value: rest } : { outside: `the environment variable ${name}` });
    return sep === '=' ? undefined : `--variable %${name} takes ${name} from the environment; it was kept as {{${name}}}: give it a value in an environment.`;
  }
  if (sep === '@') {
    variables.set(name, { outside: `the file "${rest}"` });
    return `--variable ${name}@${rest} reads the file "${rest}", which cannot be read here; it was kept as {{${name}}}: give it a value in an environment.`;
  }
  if (sep !== '=') return `--variable ${arg} is not name=content or name@file and was ignored.`;
  variables.set(name, { value: rest });
  return undefined;
}

function escapeUrl(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const FUNCTIONS: Readonly<Record<string, (text: string) => string>> = {
  trim: (text) => text.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, ''),
  json: (text) => JSON.stringify(text).slice(1, -1),
  url: escapeUrl,
  b64: (text) => encodeBase64(new TextEncoder().encode(text)),
  '64dec': (text) => {
    const bytes = decodeBase64(text);
    return bytes.ok ? new TextDecoder().decode(bytes.value) : '[64dec-fail]';
  },
};

/**
 * `value` with its `{{name}}` and `{{name:fn:fn}}` expanded from `variables`; `\{{` is a
 * literal `{{`. A name never set expands to nothing, as in curl; one set from outside the
 * command stays `{{name}}`. Problems are pushed to `warnings`.
 */
export function expandCurlVariables(value: string, variables: ReadonlyMap<string, CurlVariable>, display: string, warnings: string[]): string {
  return value.replace(/\\\{\{|\{\{([A-Za-z0-9_]{1,128})((?::[A-Za-z0-9]+)*)\}\}/g, (whole, name: string | undefined, fns: string) => {
    if (name === undefined) return '{{';
    const variable = variables.get(name);
    const functions = fns.split(':').filter(Boolean);
    if (!variable) {
      warnings.push(`${display}: {{${name}}} is not set by a --variable before it, so cURL inserts nothing there.`);
      return '';
    }
    if ('outside' in variable) {
      if (functions.length > 0) warnings.push(`${display}: {{${name}:${functions.join(':')}}} comes from ${variable.outside}; its functions were not applied.`);
      return `{{${name}}}`;
    }
    let out = variable.value;
    for (const fn of functions) {
      const apply = FUNCTIONS[fn];
      if (!apply) {
        warnings.push(`${display}: ${whole} uses the unknown function "${fn}"; cURL refuses it, and it was left out.`);
        continue;
      }
      out = apply(out);
    }
    return out;
  });
}

/** What a shell variable `$NAME` in a pasted command becomes: the Wirebench variable `{{NAME}}`. */
export function shellVariableReference(name: string): string {
  return `{{${name}}}`;
}

/** The import note for shell variables turned into Wirebench variables. */
export function shellVariablesNote(names: readonly string[]): string {
  const list = names.map((n) => `$${n}`).join(', ');
  const refs = names.map(shellVariableReference).join(', ');
  return `The shell variable${names.length > 1 ? 's' : ''} ${list} became ${refs}: give ${names.length > 1 ? 'them values' : 'it a value'} in an environment.`;
}
