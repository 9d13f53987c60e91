#!/usr/bin/env node
// `npm test`: the type check and the unit tests side by side, then the end-to-end tests.
// tsc is one thread and Vitest's two workers wait on loopback servers and child processes
// often enough to leave it room: on the 2-core CI machine the pair took 358 s together
// against 54 s + 342 s one after the other. The type check's output is held and printed
// when it ends, so the unit tests' report reads as before. Any failure fails the command,
// after both have finished; the end-to-end tests run only when both passed.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run -s <script>`; `held` keeps its output until it ends. Resolves with its exit code. */
function run(script, held = false) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '-s', script], { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    if (held) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${script}: ${error.message}\n`));
      resolve(1);
    });
    child.on('close', (code, signal) => {
      if (held) {
        process.stdout.write(`\n── ${script} ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`}\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(code ?? 1);
    });
  });
}

const [typecheck, unit] = await Promise.all([run('typecheck', true), run('test:unit')]);
if (typecheck !== 0 || unit !== 0) {
  process.stderr.write(`npm test: ${[typecheck !== 0 && 'the type check', unit !== 0 && 'the unit tests'].filter(Boolean).join(' and ')} failed; the end-to-end tests were not run.\n`);
  process.exit(1);
}
process.exit(await run('test:e2e'));
