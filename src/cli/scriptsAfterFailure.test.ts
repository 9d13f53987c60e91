/**
 * As newman does, a request that got no answer still runs its post-response scripts, with an
 * empty response (status 0, no body): their tests are reported (here one passes, one fails,
 * the collection's is skipped) instead of going missing. Through `main` in this process, the
 * real relay engine and script engine, against a loopback port nothing listens on.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from './main';

const dir = mkdtempSync(path.join(os.tmpdir(), 'wb-after-failure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A loopback port that was free a moment ago: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('post-response scripts after a request that got no answer', () => {
  it('run with an empty response, and their tests are reported', { timeout: 120_000 }, async () => {
    const port = await closedPort();
    const test = (lines: string[]) => ({ listen: 'test', script: { type: 'text/javascript', exec: lines } });
    const collection = {
      info: { name: 'after failure', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      event: [test(["pm.test.skip('status for ' + pm.info.requestName, function () { pm.response.to.have.status(200); });"])],
      item: [
        {
          name: 'refused',
          request: { method: 'GET', url: `http://127.0.0.1:${port}/get` },
          event: [test(["pm.test('sees status 0', function () { pm.expect(pm.response.code).to.eql(0); });", "pm.test('reads JSON', function () { pm.response.json(); });"])],
        },
      ],
    };
    const file = path.join(dir, 'c.postman_collection.json');
    const report = path.join(dir, 'report.json');
    writeFileSync(file, JSON.stringify(collection));
    const code = await main(['run', file, '--silent', '--reporter', 'json', '--reporter-json-export', report]);
    expect(code).not.toBe(0);
    const run = (JSON.parse(readFileSync(report, 'utf8')) as { run: { steps: { error?: { kind: string }; tests: { name: string; passed: boolean; skipped?: boolean }[] }[] } }).run;
    const step = run.steps[0]!;
    expect(step.error?.kind).toBe('refused');
    expect(step.tests.map((t) => [t.name, t.skipped ? 'skipped' : t.passed ? 'passed' : 'failed'])).toEqual([
      ['status for refused', 'skipped'],
      ['sees status 0', 'passed'],
      ['reads JSON', 'failed'],
    ]);
  });
});
