/**
 * `wirebench run` with GraphQL requests (issue 29 item 5): a GraphQL request is an HTTP
 * request with a `graphql` body, so the CLI sends it as the app does (POST JSON with the
 * GraphQL Accept, or GET for a query) to the sandbox's /sandbox/graphql on a real server
 * over loopback, and the usual assertions read `$.data…` and `$.errors…`. The real command
 * runs on a workspace folder written by the test.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/listen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: RunningServer;
let dir: string;

const compare = (id: string, subject: object, operator: string, expected: string) => ({ id, kind: 'compare', subject, operator, expected });

function request(id: string, name: string, graphql: { query: string; variables: string; operationName: string; method?: string }, assertions: object[]) {
  return {
    kind: 'request',
    id,
    name,
    requestType: 'http',
    draft: { method: graphql.method ?? 'POST', url: '{{baseUrl}}/sandbox/graphql', body: { kind: 'graphql', graphql }, options: { methodOverride: false, followRedirects: false, timeoutMs: 30000, insecureTls: false } },
    assertions,
  };
}

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', token: 'cli-graphql-token' });
  dir = await mkdtemp(path.join(tmpdir(), 'wirebench-cli-graphql-'));
  const collection = path.join(dir, 'collections', 'library');
  await mkdir(collection, { recursive: true });
  await writeFile(path.join(dir, 'wirebench.json'), '{}');
  await writeFile(path.join(collection, 'collection.json'), JSON.stringify({ version: 1, id: 'col-lib', name: 'Library', variables: [{ name: 'baseUrl', value: 'http://127.0.0.1:1' }], order: ['book.json', 'partial.json', 'get.json'] }));
  await writeFile(
    path.join(collection, 'book.json'),
    JSON.stringify(
      request('r-book', 'Book', { query: 'query Book($id: ID!) { book(id: $id) { title year } }', variables: '{"id": "{{bookId}}"}', operationName: 'Book' }, [
        compare('a1', { kind: 'status' }, '==', '200'),
        compare('a2', { kind: 'jsonpath', path: '$.data.book.title' }, '==', 'Notes on the Analytical Engine'),
        compare('a3', { kind: 'header', name: 'Content-Type' }, '==', 'application/graphql-response+json; charset=utf-8'),
      ]),
    ),
  );
  await writeFile(
    path.join(collection, 'partial.json'),
    JSON.stringify(
      request('r-partial', 'Partial', { query: '{ books { title author { name } } }', variables: '', operationName: '' }, [
        compare('b1', { kind: 'jsonpath', path: '$.data.books[0].author.name' }, '==', 'Ada Lovelace'),
        compare('b2', { kind: 'jsonpath', path: '$.errors[0].path[2]' }, '==', 'author'),
        // Fails on purpose: the third book's author is null, with the error above.
        compare('b3', { kind: 'jsonpath', path: '$.data.books[2].author.name' }, '==', 'Somebody'),
      ]),
    ),
  );
  await writeFile(
    path.join(collection, 'get.json'),
    JSON.stringify(request('r-get', 'Over GET', { query: '{ book(id: "2") { year } }', variables: '', operationName: '', method: 'GET' }, [compare('c1', { kind: 'jsonpath', path: '$.data.book.year' }, '==', '1946')])),
  );
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

describe('wirebench run: GraphQL requests', () => {
  it('sends them as GraphQL over HTTP and asserts on $.data and $.errors; the failing one says what it read', async () => {
    const json = path.join(dir, 'report.json');
    const ran = await wirebench(['run', dir, '--var', `baseUrl=${server.origin}`, '--var', 'bookId=1', '-r', 'cli,json', '--reporter-json-export', json]);
    expect(ran.stderr).not.toContain('unexpected');
    expect(ran.code).toBe(1);
    const report = JSON.parse(await readFile(json, 'utf8'));
    const steps = report.run.steps as { name: string; method: string; url: string; status: number; assertions: { label: string; passed: boolean }[] }[];
    expect(steps.map((s) => `${s.name} ${s.method} ${s.status}`)).toEqual(['Book POST 200', 'Partial POST 200', 'Over GET GET 200']);
    expect(steps[0]!.assertions.map((a) => a.passed)).toEqual([true, true, true]);
    expect(steps[1]!.assertions.map((a) => a.passed)).toEqual([true, true, false]);
    expect(new URL(steps[2]!.url).searchParams.get('query')).toBe('{ book(id: "2") { year } }');
    expect(steps[2]!.assertions[0]!.passed).toBe(true);
  });
});
