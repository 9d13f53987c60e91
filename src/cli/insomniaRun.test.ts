/**
 * `wirebench run` on Insomnia exports (issue 29 item 3): an export format 4 JSON file and a
 * v5 YAML file run as the app imports them, against the sandbox on a real server over
 * loopback. The sub-environment picked with `--env` gives the server's address (the base
 * environment's points nowhere), and the GraphQL request only answers 200 when its query,
 * variables and operation name all came across (the document holds two operations and
 * `$id` is required).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/listen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: RunningServer;
let dir: string;

const GRAPHQL_TEXT = JSON.stringify({ query: 'query Book($id: ID!) { book(id: $id) { title } }\nquery All { books { title } }', variables: { id: '{{ _.bookId }}' }, operationName: 'Book' });

function v4Export(origin: string) {
  return {
    _type: 'export',
    __export_format: 4,
    __export_date: '2026-11-29T00:00:00.000Z',
    __export_source: 'insomnia.desktop.app:v10.2.0',
    resources: [
      { _id: 'wrk_1', parentId: null, name: 'Library (Insomnia)', scope: 'collection', _type: 'workspace' },
      { _id: 'env_base', parentId: 'wrk_1', name: 'Base Environment', data: { baseUrl: 'http://127.0.0.1:1', bookId: '1' }, _type: 'environment' },
      { _id: 'env_loop', parentId: 'env_base', name: 'Loopback', data: { baseUrl: origin }, _type: 'environment' },
      { _id: 'fld_1', parentId: 'wrk_1', name: 'Books', metaSortKey: 1, _type: 'request_group' },
      { _id: 'req_2', parentId: 'fld_1', name: 'Echo form', method: 'POST', url: '{{ _.baseUrl }}/sandbox/anything', metaSortKey: 2, body: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'title', value: 'Engine' }] }, headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], parameters: [], authentication: { type: 'basic', username: 'ada', password: 'lovelace' }, _type: 'request' },
      { _id: 'req_1', parentId: 'fld_1', name: 'Book by id', method: 'POST', url: '{{ _.baseUrl }}/sandbox/graphql', metaSortKey: 1, body: { mimeType: 'application/graphql', text: GRAPHQL_TEXT }, headers: [{ name: 'Content-Type', value: 'application/json' }], parameters: [], authentication: {}, afterResponseScript: "insomnia.test('ok', () => {});", _type: 'request' },
    ],
  };
}

const V5_YAML = `type: collection.insomnia.rest/5.0
name: Library v5
collection:
  - url: "{{ _.baseUrl }}/sandbox/graphql"
    name: Book over v5
    meta:
      id: req_v5
    method: POST
    body:
      mimeType: application/graphql
      text: '${GRAPHQL_TEXT.replace(/'/g, "''")}'
environments:
  name: Base Environment
  data:
    baseUrl: http://127.0.0.1:1
    bookId: "2"
  subEnvironments:
    - name: Loopback
      data:
        baseUrl: ORIGIN
`;

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', token: 'cli-insomnia-token' });
  dir = await mkdtemp(path.join(tmpdir(), 'wirebench-cli-insomnia-'));
  await writeFile(path.join(dir, 'Insomnia_2026-11-29.json'), JSON.stringify(v4Export(server.origin), null, 2));
  await writeFile(path.join(dir, 'library.yaml'), V5_YAML.replace('ORIGIN', server.origin));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function wirebench(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'bin/wirebench.mjs'), ...args], { cwd: root, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

interface ReportStep {
  name: string;
  method: string;
  url: string;
  status: number;
}

async function runReport(file: string, env?: string): Promise<{ code: number; stdout: string; stderr: string; steps: ReportStep[] }> {
  const json = path.join(dir, `${path.basename(file)}-${env ?? 'base'}.report.json`);
  const ran = await wirebench(['run', path.join(dir, file), ...(env ? ['--env', env] : []), '-r', 'cli,json', '--reporter-json-export', json]);
  const steps = ran.code === 2 ? [] : (JSON.parse(await readFile(json, 'utf8')).run.steps as ReportStep[]);
  return { ...ran, steps };
}

describe('wirebench run: Insomnia exports', () => {
  it('runs an export format 4 file: the sub-environment picked, GraphQL with variables and operation name, a form body with basic auth', async () => {
    const ran = await runReport('Insomnia_2026-11-29.json', 'Loopback');
    expect(ran.stderr).not.toContain('unexpected');
    expect(ran.code).toBe(0);
    expect(ran.steps.map((s) => `${s.name} ${s.method} ${s.status}`)).toEqual(['Book by id POST 200', 'Echo form POST 200']);
    expect(new URL(ran.steps[0]!.url).origin).toBe(server.origin);
    // The Insomnia script is kept, and said not to run.
    expect(`${ran.stdout}${ran.stderr}`).toContain('insomnia post-response scripts are not run by wirebench run');
  });

  it('without the sub-environment, uses the base environment (which points nowhere), so nothing can be sent (exit 3)', async () => {
    const ran = await runReport('Insomnia_2026-11-29.json');
    expect(ran.code).toBe(3);
    expect(ran.steps.every((s) => s.status !== 200)).toBe(true);
  });

  it('runs a v5 YAML file', async () => {
    const ran = await runReport('library.yaml', 'Loopback');
    expect(ran.stderr).not.toContain('unexpected');
    expect(ran.code).toBe(0);
    expect(ran.steps.map((s) => `${s.name} ${s.status}`)).toEqual(['Book over v5 200']);
  });

  it('refuses a broken export with the path of the bad field, exit code 2', async () => {
    const file = path.join(dir, 'broken.insomnia.json');
    await writeFile(file, JSON.stringify({ _type: 'export', __export_format: 4, resources: [{ _id: 'x' }] }));
    const ran = await wirebench(['run', file]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('resources[0]._type: is missing');
  });
});
