/**
 * The `wirebench` command line, read into options. Hand-checked on top of `node:util`
 * `parseArgs` so every mistake (an unknown option, a bad number, a shard out of range)
 * becomes a `UsageError` with one sentence, which `main.ts` prints with exit code 2.
 */
import { parseArgs } from 'node:util';
import { isEnvVarPattern } from './envAllow';

/** The report formats `--reporter` accepts. */
export const REPORTERS = ['cli', 'json', 'junit', 'html'] as const;

/** One report format. */
export type ReporterName = (typeof REPORTERS)[number];

/** Which part of a sharded run this machine takes: `index` of `total`, 1-based. */
export interface Shard {
  index: number;
  total: number;
}

/** What `wirebench run` was asked to do. */
export interface RunOptions {
  command: 'run';
  /** A workspace folder, a Postman collection file, or a `.http` file. */
  source: string;
  /** A workspace environment's name, or a Postman environment file. */
  env?: string;
  /** `--vault FILE`: the vault entries requests take tokens from (non-interactive grants). */
  vault?: string;
  /** `--env-var-allow`: the environment variable names (or `*` patterns) `{{$env.NAME}}` may read, besides a workspace's `wirebench.json`. */
  envVarAllow: string[];
  /** `--var k=v`, in the order given (a later one wins). */
  vars: [string, string][];
  data?: string;
  iterations?: number;
  /** `--folder`, repeatable: each folder (or collection) run in the order given. */
  folders?: string[];
  bail: boolean;
  /** `--timeout` / `--timeout-request`: per request. */
  timeoutMs?: number;
  /** `--timeout-run`: the whole run; past it the request in flight is cancelled and the run stops (exit 3). */
  runTimeoutMs?: number;
  /** `--timeout-script`: one script run (default 5,000 ms). */
  scriptTimeoutMs?: number;
  delayMs: number;
  insecure: boolean;
  /** `--ignore-redirects`: no request follows a redirect, whatever it says. */
  ignoreRedirects: boolean;
  /** `--globals FILE`: a Postman globals (or environment) file, the lowest variable layer. */
  globals?: string;
  /** `--export-environment`, `--export-globals`, `--export-collection`: files written after the run with its final values. */
  exportEnvironment?: string;
  exportGlobals?: string;
  exportCollection?: string;
  /** `--export-secrets`: exported files keep secret values (said on stderr each time); otherwise they are written blank. */
  exportSecrets: boolean;
  /** `--working-dir DIR`: where files a request uploads (form-data files, a binary body) are read from (default: the current folder). */
  workingDir?: string;
  /** `--silent`: nothing on stdout; errors still go to stderr. */
  silent: boolean;
  /** `--color on|off|auto`: colour in the cli reporter (auto: on a terminal, unless NO_COLOR is set). */
  color: 'on' | 'off' | 'auto';
  reporters: ReporterName[];
  /** `--reporter-<name>-export PATH`. */
  exports: Partial<Record<ReporterName, string>>;
  shard?: Shard;
}

/** The command read from the arguments. */
export type Command = RunOptions | { command: 'help' } | { command: 'version' };

/** A mistake on the command line: printed with exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

function wholeNumber(option: string, text: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`--${option} takes a whole number, not "${text}".`);
  const value = Number(text);
  if (value < min || value > max) throw new UsageError(`--${option} must be between ${min} and ${max}, not ${value}.`);
  return value;
}

/** Reads `i/n` (1 ≤ i ≤ n), as Playwright's `--shard` does. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) throw new UsageError(`--shard takes i/n (for example 2/4), not "${text}".`);
  const index = Number(match[1]);
  const total = Number(match[2]);
  if (total < 1 || index < 1 || index > total) throw new UsageError(`--shard ${text}: i must be between 1 and n, and n at least 1.`);
  return { index, total };
}

/** Reads `process.argv.slice(2)` into a command; throws `UsageError` on any mistake. */
export function readCommand(argv: readonly string[]): Command {
  if (argv.length === 0) throw new UsageError('No command given; try `wirebench run <source>` or `wirebench --help`.');
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') return { command: 'help' };
  if (argv[0] === '--version' || argv[0] === '-v') return { command: 'version' };
  if (argv[0] !== 'run') throw new UsageError(`Unknown command "${argv[0]}"; the command is \`wirebench run <source>\` (see --help).`);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.slice(1),
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        env: { type: 'string', short: 'e' },
        vault: { type: 'string' },
        var: { type: 'string', multiple: true },
        'env-var-allow': { type: 'string', multiple: true },
        data: { type: 'string', short: 'd' },
        iterations: { type: 'string', short: 'n' },
        folder: { type: 'string', multiple: true },
        bail: { type: 'boolean' },
        timeout: { type: 'string' },
        'timeout-request': { type: 'string' },
        'timeout-run': { type: 'string' },
        'timeout-script': { type: 'string' },
        delay: { type: 'string' },
        'delay-request': { type: 'string' },
        insecure: { type: 'boolean', short: 'k' },
        'ignore-redirects': { type: 'boolean' },
        globals: { type: 'string', short: 'g' },
        'export-environment': { type: 'string' },
        'export-globals': { type: 'string' },
        'export-collection': { type: 'string' },
        'export-secrets': { type: 'boolean' },
        'working-dir': { type: 'string' },
        silent: { type: 'boolean' },
        color: { type: 'string' },
        reporter: { type: 'string', short: 'r', multiple: true },
        'reporter-cli-export': { type: 'string' },
        'reporter-json-export': { type: 'string' },
        'reporter-junit-export': { type: 'string' },
        'reporter-html-export': { type: 'string' },
        shard: { type: 'string' },
      },
    });
  } catch (err) {
    // parseArgs says e.g. "Unknown option '--foo'"; keep its words, add where to look.
    throw new UsageError(`${(err as Error).message.replace(/\. To specify a positional argument.*$/s, '')}. See \`wirebench run --help\`.`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help' };
  if (positionals.length === 0) throw new UsageError('`wirebench run` needs a source: a workspace folder, a Postman collection file or a .http file.');
  if (positionals.length > 1) throw new UsageError(`\`wirebench run\` takes one source, not ${positionals.length} (${positionals.join(', ')}).`);
  const vars: [string, string][] = (values.var ?? []).map((pair) => {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--var takes name=value, not "${pair}".`);
    return [pair.slice(0, eq).trim(), pair.slice(eq + 1)];
  });
  const envVarAllow: string[] = [];
  for (const name of (values['env-var-allow'] ?? []).flatMap((list) => list.split(',')).map((n) => n.trim())) {
    if (!isEnvVarPattern(name)) throw new UsageError(`--env-var-allow takes environment variable names or patterns with * (API_TOKEN, CI_*), comma-separated, not "${name}".`);
    if (!envVarAllow.includes(name)) envVarAllow.push(name);
  }
  const reporters: ReporterName[] = [];
  for (const name of (values.reporter ?? ['cli']).flatMap((list) => list.split(',')).map((n) => n.trim()).filter(Boolean)) {
    if (!(REPORTERS as readonly string[]).includes(name)) throw new UsageError(`Unknown reporter "${name}"; the reporters are ${REPORTERS.join(', ')}.`);
    if (!reporters.includes(name as ReporterName)) reporters.push(name as ReporterName);
  }
  const exports: Partial<Record<ReporterName, string>> = {};
  for (const name of REPORTERS) {
    const path = values[`reporter-${name}-export`];
    if (path === undefined) continue;
    if (!reporters.includes(name)) throw new UsageError(`--reporter-${name}-export is given but the ${name} reporter is not; add --reporter ${name}.`);
    exports[name] = path;
  }
  if (values.timeout !== undefined && values['timeout-request'] !== undefined) throw new UsageError('--timeout and --timeout-request are the same limit (per request); give one.');
  if (values.delay !== undefined && values['delay-request'] !== undefined) throw new UsageError('--delay and --delay-request are the same wait; give one.');
  const color = values.color ?? 'auto';
  if (color !== 'on' && color !== 'off' && color !== 'auto') throw new UsageError(`--color takes on, off or auto, not "${color}".`);
  const options: RunOptions = {
    command: 'run',
    source: positionals[0]!,
    envVarAllow,
    vars,
    bail: values.bail === true,
    delayMs: wholeNumber(values['delay-request'] !== undefined ? 'delay-request' : 'delay', values['delay-request'] ?? values.delay, 0, 3_600_000) ?? 0,
    insecure: values.insecure === true,
    ignoreRedirects: values['ignore-redirects'] === true,
    exportSecrets: values['export-secrets'] === true,
    silent: values.silent === true,
    color,
    reporters,
    exports,
  };
  for (const [flag, key] of [['globals', 'globals'], ['export-environment', 'exportEnvironment'], ['export-globals', 'exportGlobals'], ['export-collection', 'exportCollection'], ['working-dir', 'workingDir']] as const) {
    const given = values[flag];
    if (given === undefined) continue;
    if (given.trim() === '') throw new UsageError(`--${flag} takes a path, not an empty one.`);
    options[key] = given;
  }
  if (values['export-secrets'] && !options.exportEnvironment && !options.exportGlobals && !options.exportCollection) {
    throw new UsageError('--export-secrets is given but nothing is exported; add --export-environment, --export-globals or --export-collection.');
  }
  if (values.env !== undefined) options.env = values.env;
  if (values.vault !== undefined) options.vault = values.vault;
  if (values.data !== undefined) options.data = values.data;
  if (values.folder !== undefined) {
    const folders = values.folder.map((f) => f.trim());
    if (folders.some((f) => f === '')) throw new UsageError('--folder takes a folder or collection name, not an empty one.');
    options.folders = folders;
  }
  const iterations = wholeNumber('iterations', values.iterations, 1, 100_000);
  if (iterations !== undefined) options.iterations = iterations;
  const timeout = wholeNumber(values['timeout-request'] !== undefined ? 'timeout-request' : 'timeout', values['timeout-request'] ?? values.timeout, 100, 3_600_000);
  if (timeout !== undefined) options.timeoutMs = timeout;
  const runTimeout = wholeNumber('timeout-run', values['timeout-run'], 100, 86_400_000);
  if (runTimeout !== undefined) options.runTimeoutMs = runTimeout;
  const scriptTimeout = wholeNumber('timeout-script', values['timeout-script'], 10, 3_600_000);
  if (scriptTimeout !== undefined) options.scriptTimeoutMs = scriptTimeout;
  if (values.shard !== undefined) options.shard = parseShard(values.shard);
  return options;
}
