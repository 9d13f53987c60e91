/**
 * The `cli` reporter: what a person reads in a terminal or a CI log. On a TTY one progress
 * line is rewritten while requests run; otherwise plain lines only. Per request: method,
 * URL, status and time, then each assertion and test ✓/✗ with its message; at the end a
 * summary table. Everything it prints has already been masked by the runner.
 */
import { stepTitle, tallyRun, type RunResult, type RunStepResult } from '../core/run';

/** Where the reporter writes, whether that is a terminal (for the progress line), and whether to colour (`--color`; default: on a terminal). */
export interface TerminalOut {
  write(text: string): void;
  isTTY: boolean;
  color?: boolean;
}

const paint = (tty: boolean, code: string, text: string) => (tty ? `\u001b[${code}m${text}\u001b[0m` : text);

/** Lines for one step. */
export function stepLines(step: RunStepResult, iterations: number, tty = false): string[] {
  const ok = (text: string) => paint(tty, '32', text);
  const bad = (text: string) => paint(tty, '31', text);
  const dim = (text: string) => paint(tty, '2', text);
  const lines: string[] = [];
  const outcome = step.error ? bad(`not sent (${step.error.kind}): ${step.error.message}`) : `${step.status ?? ''} ${step.reason ?? ''}`.trim() + dim(` ${Math.round(step.durationMs ?? 0)} ms`);
  lines.push(`→ ${stepTitle(step, iterations)}`);
  lines.push(`  ${step.method} ${step.url} ${outcome}`);
  for (const e of step.scriptErrors) lines.push(`  ${bad('✗')} script error (${e.kind}): ${e.message}${e.line !== undefined ? ` at line ${e.line}${e.column !== undefined ? `, column ${e.column}` : ''}` : ''}`);
  for (const c of step.captures) lines.push(dim(`  ${c.variable} ← ${c.error ? `nothing (${c.error})` : (c.value ?? '')}`));
  for (const a of step.assertions) lines.push(a.passed ? `  ${ok('✓')} ${a.label}` : `  ${bad('✗')} ${a.label}${a.message ? ` — ${a.message}` : ''}${a.actual !== undefined ? dim(` (actual: ${a.actual})`) : ''}`);
  for (const t of step.tests) lines.push(t.skipped ? dim(`  – ${t.name} (skipped)`) : t.passed ? `  ${ok('✓')} ${t.name}` : `  ${bad('✗')} ${t.name}${t.error ? ` — ${t.error}` : ''}`);
  return lines;
}

/** The summary table printed after the run. */
export function summaryLines(run: RunResult): string[] {
  const t = tallyRun(run);
  const rows: [string, number, number][] = [
    ['requests', t.requests, t.notSent],
    ['assertions', t.assertions.total, t.assertions.failed],
    ['tests', t.tests.total, t.tests.failed],
    ['script errors', t.scriptErrors, t.scriptErrors],
  ];
  const width = 14;
  const lines = [`┌${'─'.repeat(width + 2)}┬──────────┬──────────┐`, `│ ${''.padEnd(width)} │ ${'executed'.padStart(8)} │ ${'failed'.padStart(8)} │`, `├${'─'.repeat(width + 2)}┼──────────┼──────────┤`];
  for (const [name, total, failed] of rows) lines.push(`│ ${name.padEnd(width)} │ ${String(total).padStart(8)} │ ${String(failed).padStart(8)} │`);
  lines.push(`└${'─'.repeat(width + 2)}┴──────────┴──────────┘`);
  lines.push(`${run.iterations} iteration${run.iterations === 1 ? '' : 's'}, ${Math.round(run.durationMs)} ms`);
  if (run.stopped) lines.push(`Stopped early (${run.stopped.reason}): ${run.stopped.message}`);
  lines.push(t.failedSteps === 0 ? 'All passed.' : `${t.failedSteps} of ${t.requests} request${t.requests === 1 ? '' : 's'} failed.`);
  return lines;
}

/** The live reporter: a step at a time, then the summary. */
export class TerminalReporter {
  private progressShown = false;

  constructor(
    private readonly out: TerminalOut,
    private readonly iterations: number,
  ) {}

  private clearProgress(): void {
    if (this.progressShown) this.out.write('\r\u001b[2K');
    this.progressShown = false;
  }

  /** A note (an import warning, a script dialect not run, an undefined variable). */
  note(text: string): void {
    this.clearProgress();
    this.out.write(`note: ${text}\n`);
  }

  /** A script's console line. */
  console(text: string): void {
    this.clearProgress();
    this.out.write(`  │ ${text}\n`);
  }

  /** One step's lines, then (on a TTY) the progress line. */
  step(step: RunStepResult, done: number, failed: number): void {
    this.clearProgress();
    this.out.write(`${stepLines(step, this.iterations, this.out.color ?? this.out.isTTY).join('\n')}\n`);
    if (this.out.isTTY) {
      this.out.write(`${done} request${done === 1 ? '' : 's'} run${failed ? `, ${failed} failed` : ''}…`);
      this.progressShown = true;
    }
  }

  /** The summary table. */
  finish(run: RunResult): void {
    this.clearProgress();
    this.out.write(`\n${summaryLines(run).join('\n')}\n`);
  }
}
