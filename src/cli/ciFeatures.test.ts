/**
 * `wirebench run` as CI uses it (issue 28): dynamic variables, collection fidelity, refusals,
 * exit codes and the newman flags, each run through the real `bin/wirebench.mjs` against the
 * server started here (the sandbox's echo) or a loopback target of the test's own.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/listen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const data = (name: string) => path.join(root, 'test-data/cli', name);

let server: RunningServer;
let out: string;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', token: 'ci-features-token' });
  out = await mkdtemp(path.join(tmpdir(), 'wirebench-ci-'));
});
afterAll(async () => {
  await server.close();
  await rm(out, { recursive: true, force: true });
});

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real command and collects what it printed. */
function wirebench(args: string[], env: Record<string, string> = {}, cwd = root): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'bin/wirebench.mjs'), ...args], { cwd, env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

describe('dynamic variables', () => {
  it('draws {{$guid}}, {{$timestamp}}, {{$randomInt}} (also inside a variable) and {{$randomEmail}} at send time, once per use', async () => {
    const ran = await wirebench(['run', data('dynamic.postman_collection.json'), '--var', `baseUrl=${server.origin}`]);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toContain('✓ two {{$guid}} are two GUIDs');
    expect(ran.stdout).toContain('✓ $randomInt through a variable is 0..1000');
    expect(ran.stdout).not.toContain('not defined');
    expect(ran.code).toBe(0);
  });
});
