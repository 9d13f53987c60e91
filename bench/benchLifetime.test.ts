import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A bench's children outlive it no more: a bench that throws, exits, or is stopped by a
 * signal takes its servers with it (benchLifetime.ts). The children are found the way a
 * person would find the leak: by process id, after the bench is gone.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'wb-bench-lifetime-'));
const leftovers = new Set<number>();
afterAll(() => {
  for (const pid of leftovers) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  // A zombie (exited, not yet reaped) is gone for every purpose here.
  const status = `/proc/${pid}/status`;
  return existsSync(status) && !/^State:\s+Z/m.test(readFileSync(status, 'utf8'));
}

/** The direct children of `pid` (from every thread's `children` list). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) found.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // The process is gone.
  }
  return found;
}

async function until<T>(what: () => T | undefined, ms: number): Promise<T | undefined> {
  const end = Date.now() + ms;
  for (;;) {
    const value = what();
    if (value !== undefined || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve({ code: child.exitCode, signal: child.signalCode }) : child.once('exit', (code, signal) => resolve({ code, signal }))));
}

/** A bench in miniature: starts a long-lived child, registers it, prints its pid, then ends as `ending` says. */
function miniBench(ending: string): ChildProcess {
  const file = path.join(dir, `bench-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(
    file,
    `import { spawn } from 'node:child_process';
import { stopsWithBench } from ${JSON.stringify(path.join(here, 'benchLifetime.ts'))};
const server = stopsWithBench(spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }));
console.log('CHILD ' + server.pid);
${ending}
`,
  );
  return spawn(process.execPath, ['--import', 'tsx', file], { cwd: path.join(here, '..'), stdio: ['ignore', 'pipe', 'pipe'] });
}

async function childPidOf(bench: ChildProcess): Promise<number> {
  let out = '';
  bench.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const pid = await until(() => (/CHILD (\d+)/.exec(out) ? Number(/CHILD (\d+)/.exec(out)![1]) : undefined), 20_000);
  expect(pid).toBeDefined();
  leftovers.add(pid!);
  return pid!;
}

describe('a bench stops what it started, however it ends', () => {
  it.each([
    ['throws', "throw new Error('the bench failed');", 1],
    ['has a top-level await rejected', "await Promise.reject(new Error('the bench failed'));", 1],
    ['calls process.exit', 'process.exit(0);', 0],
  ])('when it %s', async (_how, ending, code) => {
    const bench = miniBench(ending);
    const pid = await childPidOf(bench);
    expect((await exited(bench)).code).toBe(code);
    expect(await until(() => (alive(pid) ? undefined : true), 5_000)).toBe(true);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const)('when it gets %s, exiting 128 + the signal', async (signal, code) => {
    const bench = miniBench('setInterval(() => {}, 1000);');
    const pid = await childPidOf(bench);
    bench.kill(signal);
    expect((await exited(bench)).code).toBe(code);
    expect(await until(() => (alive(pid) ? undefined : true), 5_000)).toBe(true);
  });

  it('a real bench (relayBurst.ts) stopped by SIGTERM takes its two servers with it', async () => {
    const bench = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'relayBurst.ts')], { cwd: path.join(here, '..'), env: { ...process.env, BURSTS: '1000', GAP_MS: '10000', CONCURRENT: '2' }, stdio: ['ignore', 'ignore', 'ignore'] });
    // Its children are the two servers (bin/start.mjs) and tsx's esbuild service; the servers are what must not outlive it.
    const isServer = (pid: number) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start.mjs');
      } catch {
        return false;
      }
    };
    const servers = await until(() => {
      const pids = childrenOf(bench.pid!).filter(isServer);
      for (const pid of pids) leftovers.add(pid);
      return pids.length >= 2 ? pids : undefined;
    }, 60_000);
    expect(servers).toHaveLength(2);
    // Let both come up and the bench get going, as one running for a while would be.
    await new Promise((r) => setTimeout(r, 3_000));
    bench.kill('SIGTERM');
    await exited(bench);
    for (const pid of servers!) expect(await until(() => (alive(pid) ? undefined : true), 5_000), `server ${pid}`).toBe(true);
  }, 90_000);
});
