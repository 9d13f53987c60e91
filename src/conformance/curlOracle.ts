/**
 * The cURL oracle: the real curl, run on a command's words (split by Wirebench's shell-word
 * splitter, never by a shell: `execFile`), with every URL sent to a local recorder
 * (`--connect-to ::127.0.0.1:<port>`, `-k`), so what curl would send is captured as it
 * went out. Each run gets an empty working folder and home (no `.curlrc`, `-q`), no proxy
 * settings, standard input as the command's here-document, here-string or pipe says, and
 * `--max-time 5`. A small pool of recorders runs several commands at once.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEchoServer, type EchoServer, type RecordedRequest } from './echoServer';
import type { SentRequest } from './sentRequest';

/** What one curl run did: its exit code, what it wrote on stderr, and the requests it sent. */
export interface CurlRun {
  exitCode: number;
  stderr: string;
  requests: RecordedRequest[];
}

/** A curl invocation: its arguments after `curl`, and its standard input. */
export interface CurlInvocation {
  args: string[];
  stdin?: string;
}

/** The options added to every `--next` section so the request goes to the recorder and nothing else happens. */
function redirected(args: readonly string[], port: number): string[] {
  const extra = ['--connect-to', `::127.0.0.1:${port}`, '-k', '--max-time', '5', '--no-progress-meter', '-o', '/dev/null', '--noproxy', '*'];
  const out = ['-q'];
  for (const arg of args) {
    if (arg === '--next' || arg === '-:') out.push(...extra);
    out.push(arg);
  }
  out.push(...extra);
  return out;
}

function runOnce(invocation: CurlInvocation, server: EchoServer): Promise<CurlRun> {
  const home = mkdtempSync(path.join(tmpdir(), 'wirebench-curl-'));
  return new Promise((resolve) => {
    const child = execFile(
      'curl',
      redirected(invocation.args, server.port),
      { cwd: home, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home }, timeout: 15_000, maxBuffer: 1 << 24, encoding: 'buffer' },
      (error, _stdout, stderr) => {
        rmSync(home, { recursive: true, force: true });
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ exitCode: code, stderr: Buffer.from(stderr).toString('utf8'), requests: server.take() });
      },
    );
    // curl may exit before reading its standard input (a refused option): the pipe's EPIPE is not an error of the run.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(invocation.stdin ?? '');
  });
}

/** Runs every invocation through curl, `parallel` at a time, and gives the runs in the same order. */
export async function runCurlAll(invocations: readonly CurlInvocation[], parallel = 4): Promise<CurlRun[]> {
  const servers = await Promise.all(Array.from({ length: parallel }, () => startEchoServer()));
  const runs: CurlRun[] = new Array(invocations.length);
  let next = 0;
  try {
    await Promise.all(
      servers.map(async (server) => {
        while (next < invocations.length) {
          const index = next++;
          server.take();
          runs[index] = await runOnce(invocations[index]!, server);
        }
      }),
    );
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
  return runs;
}

/** A recorded request as a `SentRequest`: Host becomes the authority (absolute-form targets are split). */
export function sentOfRecorded(recorded: RecordedRequest): SentRequest {
  let target = recorded.target;
  let authority = recorded.headers.find((h) => h.name.toLowerCase() === 'host')?.value ?? '';
  const absolute = /^[a-z]+:\/\/([^/?#]*)(.*)$/i.exec(target);
  if (absolute) {
    authority ||= absolute[1]!;
    target = absolute[2] || '/';
  }
  return {
    method: recorded.method,
    scheme: recorded.scheme,
    authority,
    target,
    headers: recorded.headers.filter((h) => h.name.toLowerCase() !== 'host'),
    body: recorded.body,
    missingFiles: 0,
  };
}
