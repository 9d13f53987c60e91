/**
 * Starts one of the benchmark's proxies (`passThroughProxy.ts`, `httpProxyPeer.ts`) in its
 * own process, as the relay and the target are: each script prints `PORT <n>` when ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopsWithBench } from './benchLifetime';

export interface ProxyChild {
  origin: string;
  pid: number;
  child: ChildProcess;
  stop(): void;
}

/**
 * Spawns `bench/<script>` with tsx and resolves with its origin once it listens; `nodeArgs` go
 * to Node itself (`--cpu-prof`), `scriptArgs` to the script (a protocol variant, say).
 */
export function startProxyChild(script: string, nodeArgs: string[] = [], scriptArgs: string[] = []): Promise<ProxyChild> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), script);
  // Stopped with the bench however it ends, from the moment it exists (benchLifetime.ts).
  const child = stopsWithBench(spawn(process.execPath, [...nodeArgs, '--import', 'tsx', file, ...scriptArgs], { stdio: ['ignore', 'pipe', 'inherit'] }));
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /PORT (\d+)/.exec(out)?.[1];
      if (port) resolve({ origin: `http://127.0.0.1:${port}`, pid: child.pid!, child, stop: () => child.kill('SIGTERM') });
    });
  });
}
