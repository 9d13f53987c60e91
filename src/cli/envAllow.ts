/**
 * Which process environment variables a run may read through `{{$env.NAME}}`. A collection
 * is often someone else's file: left open, `{{$env.AWS_SECRET_ACCESS_KEY}}` in a request to
 * their host would send any secret of the CI job. So a name is read only when the person
 * allowed it — `--env-var-allow NAME[,NAME…]` (repeatable; `*` matches any run of
 * characters, as in `API_*`) or `"envVarAllow": [...]` in the workspace folder's
 * `wirebench.json` — and a reference to any other name stops the run before anything is
 * sent. The workspace's list is its authors' word: a workspace you do not trust can allow
 * itself names, which is why every name it allows is printed as a note when the run reads it.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { parseJson } from '../core';
import { InputError } from './source';

/** The workspace settings file, at the root of a workspace folder. */
export const WORKSPACE_SETTINGS_FILE = 'wirebench.json';

/** An environment variable name, or a pattern of one with `*` for any run of characters. */
const PATTERN = /^[A-Za-z_*][A-Za-z0-9_*]*$/;

/** Whether `text` can name environment variables (`API_KEY`, `API_*`, `*`). */
export function isEnvVarPattern(text: string): boolean {
  return PATTERN.test(text);
}

function patternRegExp(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').join('[A-Za-z0-9_]*')}$`);
}

/** Where an allowance came from, as a message names it. */
export type AllowedBy = '--env-var-allow' | typeof WORKSPACE_SETTINGS_FILE;

/** The names a run may read, and where each allowance came from. */
export class EnvVarAllowList {
  private readonly rules: { pattern: string; test: RegExp; by: AllowedBy }[];

  /** `cli`: the patterns of `--env-var-allow`; `workspace`: those of the workspace's `wirebench.json` (checked valid by their readers). */
  constructor(
    cli: readonly string[] = [],
    workspace: readonly string[] = [],
    /** Whether the source is a workspace folder (so its `wirebench.json` is a way to allow a name). */
    readonly isWorkspace = false,
  ) {
    for (const pattern of [...cli, ...workspace]) if (!isEnvVarPattern(pattern)) throw new RangeError(`not an environment variable name or pattern: ${JSON.stringify(pattern)}`);
    this.rules = [...cli.map((p) => ({ pattern: p, by: '--env-var-allow' as const })), ...workspace.map((p) => ({ pattern: p, by: WORKSPACE_SETTINGS_FILE as AllowedBy }))].map((r) => ({ ...r, test: patternRegExp(r.pattern) }));
  }

  /** What allows `name` (the command line first), or undefined when nothing does. */
  allowedBy(name: string): AllowedBy | undefined {
    return this.rules.find((r) => r.test.test(name))?.by;
  }

  /** The sentence for names nothing allows: which, and the two ways to allow them. */
  refusal(names: readonly string[]): string {
    const list = names.join(', ');
    const one = names.length === 1;
    const how = `allow ${one ? 'it' : 'them'} with --env-var-allow ${names.join(',')}${this.isWorkspace ? `, or list ${one ? 'it' : 'them'} under "envVarAllow" in the workspace's ${WORKSPACE_SETTINGS_FILE}` : ''}`;
    return `the run reads environment variable${one ? '' : 's'} ${list} through {{$env.…}}, and ${one ? 'it is' : 'they are'} not allowed, so nothing was sent; ${how}`;
  }
}

/**
 * The `envVarAllow` list of a workspace folder's `wirebench.json`, or an empty list when the
 * folder has no such file. A file that cannot be read, is not JSON, or whose list is not
 * names and patterns is an `InputError` with its line and column: a run must not go on
 * with an allowance other than the one written.
 */
export async function readWorkspaceEnvAllow(root: string): Promise<string[]> {
  const file = path.join(root, WORKSPACE_SETTINGS_FILE);
  let text: string;
  try {
    // Confined as every workspace file is (workspaceFiles.ts): a link leading outside the folder is not read.
    const real = await realpath(file);
    if (!real.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) throw new InputError('is a symbolic link leading outside the workspace folder; it was not read', file);
    text = await readFile(real, 'utf8');
  } catch (err) {
    if (err instanceof InputError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new InputError(`cannot be read: ${(err as Error).message}`, file);
  }
  const json = parseJson(text.replace(/^\uFEFF/, ''));
  if (!json.ok) throw new InputError(`is not valid JSON: ${json.error.message}`, file, json.error.position?.line, json.error.position?.column);
  const settings = json.value as { envVarAllow?: unknown } | null;
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) throw new InputError('must hold an object, e.g. { "envVarAllow": ["API_TOKEN"] }', file);
  if (settings.envVarAllow === undefined) return [];
  const list = settings.envVarAllow;
  if (!Array.isArray(list) || list.some((p) => typeof p !== 'string' || !isEnvVarPattern(p))) {
    throw new InputError('"envVarAllow" must be a list of environment variable names or patterns with * (e.g. ["API_TOKEN", "CI_*"])', file);
  }
  return list as string[];
}
