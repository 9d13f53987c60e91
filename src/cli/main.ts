/**
 * `wirebench` — the command line (bin/wirebench.mjs runs it, bundled or under tsx, and calls `main`). Reads the
 * command, the source, the environment and data file, runs, writes the reports and exits
 * with the documented code: 0 passed, 1 a check failed, 2 bad usage or input, 3 a request
 * not sent, 4 a script error.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsvRowsRelaxed, parseDataFile, runHtmlReport, runJsonReport, runJunitReport, type RunResult } from '../core/run';
import { sessionSecrets } from '../core/workspace/secretLedger';
import { readCommand, UsageError, type ReporterName, type RunOptions } from './args';
import { EnvVarAllowList, readWorkspaceEnvAllow, WORKSPACE_SETTINGS_FILE } from './envAllow';
import { HELP } from './help';
import { runSource } from './runner';
import { SecretMask } from './secrets';
import { InputError, readSource } from './source';
import { TerminalReporter } from './terminalReport';
import { writeExports } from './exports';
import { chooseEnvironment, envReferences, globalsFile, processEnvValues, RunScope } from './variables';
import { readVaultFile, VaultGrants } from './vaultGrants';
import { realPorts } from './wiring';
import { readTextFile } from './textFile';

/** The documented exit codes. */
export const EXIT = { passed: 0, failed: 1, usage: 2, notSent: 3, scriptError: 4 } as const;

/**
 * The exit code of a finished run: the highest that applies (script error, then not sent,
 * then a failed check). A run the plan stopped because `setNextRequest` looped past the
 * bound or named no request counts as a script error: a script steered it there.
 */
export function exitCodeOf(run: RunResult): number {
  if (run.steps.some((s) => s.scriptErrors.length > 0) || run.stopped?.reason === 'loop-bound' || run.stopped?.reason === 'error') return EXIT.scriptError;
  if (run.steps.some((s) => s.error)) return EXIT.notSent;
  if (run.steps.some((s) => s.assertions.some((a) => !a.passed) || s.tests.some((t) => !t.passed && !t.skipped))) return EXIT.failed;
  return EXIT.passed;
}

const DEFAULT_EXPORT: Record<Exclude<ReporterName, 'cli'>, string> = { json: 'wirebench-report.json', junit: 'wirebench-report.xml', html: 'wirebench-report.html' };

/** A data file's rows as text (core's reading), and for a JSON file the rows as written, which scripts see typed. */
async function readDataRows(file: string): Promise<{ rows: Record<string, string>[]; typed?: Record<string, unknown>[] }> {
  const text = await readTextFile(file).catch((err: Error) => {
    throw new InputError(`cannot be read: ${err.message}`, file);
  });
  // CSV as newman reads it (relaxed quoting, trimmed fields, numbers typed for scripts).
  if (!/^\uFEFF?\s*[[{]/.test(text) && !/\.json$/i.test(file)) {
    const csv = parseCsvRowsRelaxed(text);
    if (!csv.ok) throw new InputError(csv.error.message, file, csv.error.position?.line, csv.error.position?.column);
    return csv.value;
  }
  const rows = parseDataFile(file, text);
  if (!rows.ok) throw new InputError(rows.error.message, file, rows.error.position?.line, rows.error.position?.column);
  if (!/^\uFEFF?\s*[[{]/.test(text)) return { rows: rows.value };
  const raw = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  const list = Array.isArray(raw) ? raw : [raw];
  return { rows: rows.value, typed: list.map((row) => (row && typeof row === 'object' ? (row as Record<string, unknown>) : {})) };
}

async function writeReports(run: RunResult, options: RunOptions, mask: SecretMask, log: (text: string) => void): Promise<void> {
  for (const name of options.reporters) {
    if (name === 'cli') continue;
    const file = path.resolve(options.exports[name] ?? DEFAULT_EXPORT[name]);
    const text = name === 'json' ? runJsonReport(run) : name === 'junit' ? runJunitReport(run) : runHtmlReport(run);
    await mkdir(path.dirname(file), { recursive: true });
    // The one gate, last: whatever a step kept, no secret the run learned leaves in a report (Base64 and percent-encoded forms included).
    await writeFile(file, mask.text(text));
    log(`${name} report written to ${file}\n`);
  }
}

/** The package's version: the nearest package.json named wirebench above this module (src/cli, or the bundle in node_modules/.cache/wirebench). */
async function version(): Promise<string> {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const text = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
    const pkg = text === null ? null : (JSON.parse(text) as { name?: string; version?: string });
    if (pkg?.name === 'wirebench' && pkg.version) return pkg.version;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('wirebench: its package.json was not found');
    dir = parent;
  }
}

/** Runs the command in `argv` and resolves to the exit code; writes to `stdout`/`stderr` only. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, stdout = process.stdout, stderr = process.stderr): Promise<number> {
  let options: RunOptions;
  try {
    const command = readCommand(argv);
    if (command.command === 'help') {
      stdout.write(HELP);
      return EXIT.passed;
    }
    if (command.command === 'version') {
      stdout.write(`wirebench ${await version()}\n`);
      return EXIT.passed;
    }
    options = command;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    stderr.write(`wirebench: ${err.message}\n`);
    return EXIT.usage;
  }
  // The run's ledger is core's session ledger, so every redaction of this process (reports, exports) knows what the run learned is secret.
  const mask = new SecretMask(sessionSecrets);
  // Only the cli reporter writes to stdout while the run goes; the rest is files. --silent: nothing on stdout at all.
  const terminal = options.silent ? { write: () => true, isTTY: false } : options.reporters.includes('cli') ? stdout : stderr;
  let run: RunResult;
  let timedOut = false;
  let finished: (() => Promise<void>) | undefined;
  try {
    const source = await readSource(options.source);
    if (options.exportCollection && source.collections.length !== 1) throw new InputError(`--export-collection writes one collection, and this workspace holds ${source.collections.length}; run a Postman collection file instead.`, options.source);
    const environment = await chooseEnvironment(options.env, source);
    const globals = options.globals !== undefined ? await globalsFile(options.globals) : [];
    const data = options.data !== undefined ? await readDataRows(options.data) : undefined;
    const dataRows = data?.rows;
    const texts = [JSON.stringify(source.collections), JSON.stringify(environment ?? {}), JSON.stringify(globals), ...options.vars.map(([, v]) => v)];
    const allow = new EnvVarAllowList(options.envVarAllow, source.workspaceRoot !== undefined ? await readWorkspaceEnvAllow(source.workspaceRoot) : [], source.workspaceRoot !== undefined);
    const processEnv = processEnvValues(texts, env, mask, allow);
    const ports = realPorts();
    const vault = options.vault !== undefined ? new VaultGrants(await readVaultFile(options.vault, processEnv, env, mask, allow), ports.send, mask, options.insecure, options.timeoutMs) : undefined;
    let failedSteps = 0;
    const isTTY = terminal.isTTY === true;
    const color = options.color === 'on' || (options.color === 'auto' && isTTY && !env.NO_COLOR);
    const live = new TerminalReporter({ write: (t) => terminal.write(mask.text(t)), isTTY, color }, options.iterations ?? Math.max(1, dataRows?.length ?? 0));
    for (const warning of source.warnings) live.note(mask.text(warning));
    // A workspace's own allowance is its authors' word: say which names it let the run read.
    const byWorkspace = [...new Set(texts.flatMap((t) => envReferences(t).map((r) => r.name)))].filter((name) => allow.allowedBy(name) === WORKSPACE_SETTINGS_FILE);
    if (byWorkspace.length > 0) live.note(`the run reads environment variable${byWorkspace.length === 1 ? '' : 's'} ${byWorkspace.join(', ')}, allowed by the workspace's ${WORKSPACE_SETTINGS_FILE}.`);
    const variables = new RunScope(source.collections, environment, options.vars, processEnv, mask, globals);
    const sourceRun = await runSource({
      options,
      source,
      variables,
      ...(environment ? { environment } : {}),
      ...(dataRows ? { dataRows } : {}),
      ...(data?.typed ? { typedRows: data.typed } : {}),
      ports,
      ...(vault ? { vault } : {}),
      mask,
      processEnv,
      onNote: (text) => live.note(mask.text(text)),
      onConsole: (text) => {
        if (options.reporters.includes('cli')) live.console(text);
      },
      onStep: (step, done) => {
        if (step.error || step.scriptErrors.length || step.assertions.some((a) => !a.passed) || step.tests.some((t) => !t.passed && !t.skipped)) failedSteps++;
        if (options.reporters.includes('cli')) live.step(step, done, failedSteps);
      },
    });
    ({ timedOut = false, ...run } = sourceRun);
    if (run.steps.length === 0 && options.shard) live.note(`shard ${options.shard.index}/${options.shard.total} has no part of this run (there are fewer units than shards); nothing was sent.`);
    if (options.reporters.includes('cli')) live.finish(run);
    finished = () => writeExports({ options, scope: variables, collections: source.collections, ...(environment ? { environment } : {}), globals, mask, log: (t) => stderr.write(mask.text(t)) });
  } catch (err) {
    // Whatever failed, its message passes the mask: a stack can quote a URL or a header the run built.
    if (!(err instanceof InputError)) stderr.write(`wirebench: unexpected failure: ${mask.text(String((err as Error)?.stack ?? err))}\n`);
    else stderr.write(`wirebench: ${mask.text(err.describe())}\n`);
    return EXIT.usage;
  }
  try {
    await writeReports(run, options, mask, (t) => (options.silent ? undefined : stderr.write(t)));
    await finished?.();
  } catch (err) {
    stderr.write(`wirebench: a report could not be written: ${mask.text((err as Error).message)}\n`);
    return EXIT.usage;
  }
  // --timeout-run: the run was cut short, so requests were not sent (a script error still ranks higher).
  return timedOut ? Math.max(exitCodeOf(run), EXIT.notSent) : exitCodeOf(run);
}
