/**
 * `wirebench run --timeout` against a target that sends `103 Early Hints` every 200 ms and
 * never a final response: the run ends (it once hung for good) with the request-failed exit
 * code and a message that says the informational responses did not extend the deadline.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TIMEOUT_MS = 1000;
let dir: string;
let target: net.Server;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wirebench-cli-1xx-'));
  target = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => {
      const hint = () => socket.writable && socket.write('HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n');
      hint();
      const timer = setInterval(hint, 200);
      socket.once('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => target.close(r));
  await rm(dir, { recursive: true, force: true });
});

function wirebench(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // The process's own bound: without the fix the run never ended and this killed it.
    execFile(process.execPath, [path.join(root, 'bin/wirebench.mjs'), ...args], { cwd: root, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

describe('wirebench run against endless informational responses', () => {
  it('--timeout ends the request: exit 3 (not sent) with the head timeout named', async () => {
    const file = path.join(dir, 'hints.http');
    await writeFile(file, `### Endless hints\nGET http://127.0.0.1:${(target.address() as AddressInfo).port}/page\n`);
    const ran = await wirebench(['run', file, '--timeout', String(TIMEOUT_MS)]);
    expect(ran.stderr).not.toContain('unexpected');
    expect(ran.code).toBe(3); // EXIT.notSent: a request could not be sent
    expect(ran.stdout).toContain('not sent (timeout)');
    expect(ran.stdout).toMatch(/Timed out after 1000 ms waiting for the final response head .*informational \(1xx\) responses? but no final one/);
  }, 90_000);
});
