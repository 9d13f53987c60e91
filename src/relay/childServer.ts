/**
 * Starts the server in a child process as `npm start` does (`bin/start.mjs`: the bundled
 * `src/server/main.ts`), for tests and benchmarks that measure the relay's own memory or
 * speed, or need it isolated from the measuring process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './nodeFlags';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildServer {
  child: ChildProcess;
  origin: string;
  token: string;
  /** The one-time launch URL the server printed: opening it gives a browser its session. */
  launchUrl: string;
  /** Resident set size of the child in bytes, from /proc. */
  rss(): number;
  stop(): Promise<void>;
}

/**
 * Spawns the server on a free port and resolves once it prints its URL. `nodeArgs` go to
 * Node itself (`--cpu-prof`, say, which NODE_OPTIONS refuses).
 */
export function startChildServer(token = 'child-token', extraArgs: string[] = [], nodeArgs: string[] = []): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, path.join(root, 'bin/start.mjs'), '--port', '0', '--no-build', ...extraArgs], {
      cwd: root,
      env: { ...process.env, WIREBENCH_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`Server did not start in time:\n${out}`)), 30_000);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const match = out.match(/running at (http:\/\/[^/\s]+)\//);
      const launch = out.match(/Open Wirebench with:\s+(\S+)/);
      if (match && launch) {
        clearTimeout(timer);
        resolve({
          child,
          origin: match[1]!,
          token,
          launchUrl: launch[1]!,
          rss: () => {
            const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
            return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
          },
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${out}`));
    });
  });
}
