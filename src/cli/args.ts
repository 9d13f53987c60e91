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
  folder?: string;
  bail: boolean;
  timeoutMs?: number;
  delayMs: number;
  insecure: boolean;
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
        folder: { type: 'string' },
        bail: { type: 'boolean' },
        timeout: { type: 'string' },
        delay: { type: 'string' },
        insecure: { type: 'boolean', short: 'k' },
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
  const options: RunOptions = {
    command: 'run',
    source: positionals[0]!,
    envVarAllow,
    vars,
    bail: values.bail === true,
    delayMs: wholeNumber('delay', values.delay, 0, 3_600_000) ?? 0,
    insecure: values.insecure === true,
    reporters,
    exports,
  };
  if (values.env !== undefined) options.env = values.env;
  if (values.vault !== undefined) options.vault = values.vault;
  if (values.data !== undefined) options.data = values.data;
  if (values.folder !== undefined) options.folder = values.folder;
  const iterations = wholeNumber('iterations', values.iterations, 1, 100_000);
  if (iterations !== undefined) options.iterations = iterations;
  const timeout = wholeNumber('timeout', values.timeout, 100, 3_600_000);
  if (timeout !== undefined) options.timeoutMs = timeout;
  if (values.shard !== undefined) options.shard = parseShard(values.shard);
  return options;
}
