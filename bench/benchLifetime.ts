/**
 * What a benchmark starts is stopped when it ends, however it ends. A bench starts servers
 * and proxies in child processes (`startChildServer`, `startProxyChild`, `spawn`); a child
 * is not tied to its parent, so a bench that threw half-way, called `process.exit`, or was
 * stopped by a signal (a CI timeout, `kill`) used to leave them running, holding ports and
 * memory. Register each child with `stopsWithBench` right after it starts:
 *
 * - on the process's end — a normal end, `process.exit()`, an uncaught exception or a
 *   rejected top-level await (Node runs `exit` listeners for all of these) — every child
 *   still running gets SIGTERM, synchronously, since nothing async runs in `exit`;
 * - on SIGINT, SIGTERM and SIGHUP the same, then the bench exits with 128 + the signal's
 *   number, as a shell reports a process a signal ended.
 *
 * Playwright's browsers stop with the process on their own (Playwright kills them on exit).
 */
import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:os';

const running = new Set<ChildProcess>();
let installed = false;

function stopAll(): void {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  running.clear();
}

function install(): void {
  if (installed) return;
  installed = true;
  process.once('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      stopAll();
      process.exit(128 + constants.signals[signal]);
    });
  }
}

/**
 * Registers a started child (a `ChildProcess`, or anything holding one as `child`, such as
 * a `ChildServer` or a `ProxyChild`) to be stopped when the bench ends; returns it, so a
 * start reads `const server = stopsWithBench(await startChildServer('t'))`.
 */
export function stopsWithBench<T extends ChildProcess | { child: ChildProcess }>(started: T): T {
  install();
  const child = 'child' in started && typeof (started as { child?: unknown }).child === 'object' ? (started as { child: ChildProcess }).child : (started as ChildProcess);
  running.add(child);
  child.once('exit', () => running.delete(child));
  return started;
}
