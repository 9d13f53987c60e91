/**
 * `wirebench run` on a workspace folder with MCP requests, the real command against the
 * official SDK's server on loopback: a tool call asserted and passing, a tool error and a
 * failing assertion making the run exit 1, with the run's report naming the MCP call.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkServer, type Started } from '../testing/mcpTestServers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: Started;
let dir: string;

function request(id: string, name: string, call: object, assertions: object[]) {
  return {
    kind: 'request', id, name, requestType: 'http',
    draft: { method: 'POST', url: '{{mcpUrl}}', protocol: 'mcp', mcp: { transport: 'streamable-http', call }, body: { kind: 'none' }, options: { methodOverride: false, followRedirects: false, timeoutMs: 30000, insecureTls: false } },
    assertions,
  };
}

beforeAll(async () => {
  server = await startSdkServer();
  dir = await mkdtemp(path.join(tmpdir(), 'wirebench-mcp-'));
  const col = path.join(dir, 'collections', 'mcp');
  await mkdir(col, { recursive: true });
  await writeFile(path.join(dir, 'wirebench.json'), '{}');
  await writeFile(path.join(col, 'collection.json'), JSON.stringify({ version: 1, id: 'col-mcp', name: 'MCP', variables: [{ name: 'mcpUrl', value: server.url }], order: ['weather.json', 'divide.json'] }));
  await writeFile(path.join(col, 'weather.json'), JSON.stringify(request('req-w', 'Weather', { kind: 'tool', name: 'weather', arguments: '{"city":"Bergen"}' }, [
    { id: 'a1', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '200' },
    { id: 'a2', kind: 'compare', subject: { kind: 'jsonpath', path: '$.structuredContent.city' }, operator: '==', expected: 'Bergen' },
  ])));
  await writeFile(path.join(col, 'divide.json'), JSON.stringify(request('req-d', 'Divide', { kind: 'tool', name: 'divide', arguments: '{"a":1,"b":0}' }, [
    { id: 'a1', kind: 'compare', subject: { kind: 'jsonpath', path: '$.isError' }, operator: '!=', expected: 'true' },
  ])));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function wirebench(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'bin/wirebench.mjs'), ...args], { cwd: root, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

describe('wirebench run with MCP steps', () => {
  it('calls the saved tools, passes and fails assertions on their results, exits 1 on the failure', async () => {
    const ran = await wirebench(['run', dir]);
    expect(ran.stdout).toContain('MCP tools/call weather');
    expect(ran.stdout).toContain('✓ status == 200');
    expect(ran.stdout).toContain('✓ $.structuredContent.city == Bergen');
    expect(ran.stdout).toMatch(/✗ \$\.isError != true/);
    expect(ran.code).toBe(1);
  });
});
