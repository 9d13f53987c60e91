/**
 * `wirebench run` as CI uses it (issue 28): dynamic variables, collection fidelity, refusals,
 * exit codes and the newman flags, each run through the real `bin/wirebench.mjs` against the
 * server started here (the sandbox's echo) or a loopback target of the test's own.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'selfsigned';
import { startServer, type RunningServer } from '../server/listen';
import { junitSchemaProblems } from '../testing/junitSchema';

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

const fidelity = () => ['run', data('fidelity.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '--var', `hostOnly=${new URL(server.origin).host}`, '--globals', data('globals.postman_globals.json')];
const flags = (...folders: string[]) => ['run', data('flags.postman_collection.json'), '--var', `baseUrl=${server.origin}`, ...folders.flatMap((f) => ['--folder', f])];

describe('collection fidelity through the CLI', () => {
  it("runs a v2.0 collection as newman does: an event object's tests, folder auth and scripts in order, disabled rows, typed variables, GET body pruning, a URL without a scheme, --globals below the collection", async () => {
    const ran = await wirebench(fidelity());
    expect(ran.stderr).toBe('');
    for (const name of ['pre-request scripts ran collection, then folder', 'the collection test ran before this one', 'the folder auth was sent', 'a disabled header is not sent', 'a number variable reads back as a number', 'a disabled variable is not there', 'a GET body is not sent', 'sent over http', '--globals is read', 'the collection outranks globals']) {
      expect(ran.stdout).toContain(`✓ ${name}`);
    }
    expect(ran.stdout).toContain('note: GET body pruned: its body was left out');
    expect(ran.code).toBe(0);
  });

  it("exits 1 when a test in an item whose event is one object fails: it is run, not dropped (it was a false green)", async () => {
    const ran = await wirebench([...fidelity(), '--var', 'failHere=yes']);
    expect(ran.stdout).toContain('✗ fails when asked');
    expect(ran.code).toBe(1);
  });
});

describe('refusals and exit 2', () => {
  it.each([
    ['petstore.swagger.json', 'is a Swagger 2.0 document, not a collection: import it into the app first'],
    ['ci.postman_environment.json', 'is a Postman environment, not a collection: pass it with --env FILE'],
    ['globals.postman_globals.json', 'is a Postman globals file, not a collection: pass it with --globals FILE'],
    ['users.csv', 'is not JSON, so not a Postman collection'],
  ])('refuses %s with exit 2, saying what it is', async (file, says) => {
    const ran = await wirebench(['run', data(file)]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(says);
    expect(ran.stdout).toBe('');
  });

  it('refuses an OpenAPI document in YAML and a HAR capture', async () => {
    const yaml = path.join(out, 'api.yaml');
    await writeFile(yaml, 'openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\npaths: {}\n');
    const har = path.join(out, 'capture.har');
    await writeFile(har, JSON.stringify({ log: { version: '1.2', entries: [] } }));
    expect((await wirebench(['run', yaml])).stderr).toContain('is an OpenAPI 3.1.0 document (YAML), not a collection');
    const refused = await wirebench(['run', har]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is a HAR capture (0 entries), not a collection');
  });

  it('exits 2 on a run of no requests: an empty collection, an empty folder', async () => {
    const empty = await wirebench(['run', data('empty.postman_collection.json')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('holds no requests, so there is nothing to run.');
    expect(empty.stdout).not.toContain('All passed');
  });

  it.each([
    [['--color', 'sometimes'], '--color takes on, off or auto'],
    [['--export-secrets'], '--export-secrets is given but nothing is exported'],
    [['--timeout', '1000', '--timeout-request', '1000'], '--timeout and --timeout-request are the same limit'],
    [['--timeout-run', 'soon'], '--timeout-run takes a whole number'],
    [['--folder', 'Nope'], '--folder Nope: no folder of that name'],
  ])('exits 2 on %j', async (extra, says) => {
    const ran = await wirebench([...flags('A'), ...extra]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(says);
  });
});

describe('run flags', () => {
  it('runs repeated --folder each in the order given', async () => {
    const ran = await wirebench([...flags('Redirect', 'A'), '--color', 'off']);
    expect(ran.code).toBe(0);
    const order = [...ran.stdout.matchAll(/^→ (.*)$/gm)].map((m) => m[1]);
    expect(order).toEqual(['Redirect / Follows', 'A / In A']);
  });

  it('--ignore-redirects stops at the 302 (Postman follows by default)', async () => {
    expect((await wirebench(flags('Redirect'))).code).toBe(0);
    const ignored = await wirebench([...flags('Redirect'), '--ignore-redirects', '--var', 'expectStatus=302']);
    expect(ignored.stdout).toContain('✓ status is 302');
    expect(ignored.code).toBe(0);
  });

  it('--delay-request waits between requests', async () => {
    const started = performance.now();
    const ran = await wirebench([...flags('A', 'A', 'A'), '--delay-request', '400']);
    expect(ran.code).toBe(0);
    expect(performance.now() - started).toBeGreaterThan(800);
  });

  it('--timeout-run stops the whole run with exit 3; --timeout-request bounds one request (exit 3)', async () => {
    const run = await wirebench([...flags('A', 'Slow', 'A'), '--timeout-run', '1200']);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('--timeout-run 1200 ms');
    expect([...run.stdout.matchAll(/^→ /gm)]).toHaveLength(2);
    const request = await wirebench([...flags('Slow'), '--timeout-request', '500']);
    expect(request.code).toBe(3);
    expect(request.stdout).toMatch(/not sent \(timeout\)/);
  });

  it('--timeout-script ends a script that never returns: exit 4', async () => {
    const ran = await wirebench([...flags('Loops'), '--timeout-script', '300']);
    expect(ran.code).toBe(4);
    expect(ran.stdout).toMatch(/script error \(timeout\)/);
  });

  it('--working-dir: form-data files and a binary body are read from the paths the collection names, and nothing outside it (exit 3)', async () => {
    const ran = await wirebench([...flags('Uploads'), '--working-dir', data('.')]);
    expect(ran.stdout).toContain('✓ the file went as a part');
    expect(ran.stdout).toContain('✓ the body is the file');
    expect(ran.code).toBe(0);
    const missing = await wirebench(flags('Uploads'));
    expect(missing.code).toBe(3);
    expect(missing.stdout).toContain('the file "uploads/note.txt" to upload was not found in');
    const outside = await wirebench([...flags('Outside'), '--working-dir', data('.')]);
    expect(outside.code).toBe(3);
    expect(outside.stdout).toContain('is outside the working folder');
  });

  it('--silent prints nothing on stdout; --color on paints, off does not', async () => {
    const silent = await wirebench([...flags('A'), '--silent']);
    expect(silent.code).toBe(0);
    expect(silent.stdout).toBe('');
    expect((await wirebench([...flags('Redirect'), '--color', 'on'])).stdout).toContain('\u001b[32m✓');
    expect((await wirebench([...flags('Redirect'), '--color', 'off'])).stdout).not.toContain('\u001b[');
  });

  it('--insecure sends to a server with a self-signed certificate, which is refused without it (exit 3)', async () => {
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048 });
    const tls = createHttpsServer({ key: pems.private, cert: pems.cert }, (_req, res) => res.end('{"ok":true}'));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const base = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
      const args = ['run', data('flags.postman_collection.json'), '--var', `baseUrl=${base}`, '--folder', 'A'];
      expect((await wirebench(args)).code).toBe(3);
      expect((await wirebench([...args, '--insecure'])).code).toBe(0);
    } finally {
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});

describe('reports', () => {
  it('writes JUnit that passes the common JUnit schema, and JSON with newman\'s run.stats, run.executions and run.failures', async () => {
    const xml = path.join(out, 'fidelity.xml');
    const json = path.join(out, 'fidelity.json');
    const ran = await wirebench([...fidelity(), '--var', 'failHere=yes', '-r', 'junit,json', '--reporter-junit-export', xml, '--reporter-json-export', json]);
    expect(ran.code).toBe(1);
    expect(junitSchemaProblems(await readFile(xml, 'utf8'))).toEqual([]);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.collection.info.name).toBe('CLI fidelity');
    expect(report.run.stats.requests).toEqual({ total: 4, pending: 0, failed: 0 });
    expect(report.run.stats.assertions.failed).toBe(1);
    expect(report.run.executions.map((e: { item: { name: string } }) => e.item.name)).toEqual(['Order and auth', 'GET body pruned', 'No scheme', 'Globals']);
    expect(report.run.failures.map((f: { error: { test: string } }) => f.error.test)).toEqual(['fails when asked']);
  });
});

describe('exports and the redaction gate', () => {
  it('writes the final environment, globals and collection with secrets blank, and says so on stderr each time', async () => {
    const [env, globals, collection] = ['env.json', 'globals.json', 'collection.json'].map((f) => path.join(out, f));
    const ran = await wirebench([...fidelity(), '--env', data('ci.postman_environment.json'), '--export-environment', env!, '--export-globals', globals!, '--export-collection', collection!]);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain('wirebench: the environment written to');
    expect(ran.stderr).toContain('1 secret value was written blank (password): pass --export-secrets to keep them.');
    expect(ran.stderr).toContain('1 secret value was written blank (apiKey)');
    expect(ran.stderr).toContain('wirebench: the collection written to');
    const environment = JSON.parse(await readFile(env!, 'utf8'));
    expect(environment._postman_variable_scope).toBe('environment');
    expect(environment.values).toEqual([
      { key: 'region', value: 'eu', type: 'default', enabled: true },
      { key: 'password', value: '', type: 'secret', enabled: true },
      { key: 'envWritten', value: 'during-run', type: 'default', enabled: true },
    ]);
    const global = JSON.parse(await readFile(globals!, 'utf8'));
    expect(global._postman_variable_scope).toBe('globals');
    const byKey = Object.fromEntries(global.values.map((v: { key: string; value: string }) => [v.key, v.value]));
    expect(byKey).toMatchObject({ fromGlobals: 'global-value', apiKey: '', written: 'by-script', tests: 'CCCC' });
    const exported = JSON.parse(await readFile(collection!, 'utf8'));
    expect(exported.variable.find((v: { key: string }) => v.key === 'count')).toEqual({ key: 'count', value: '4', type: 'number' });
    for (const text of [ran.stdout, ran.stderr, await readFile(env!, 'utf8'), await readFile(globals!, 'utf8'), await readFile(collection!, 'utf8')]) {
      expect(text).not.toContain('env-secret-55d1e0');
      expect(text).not.toContain('globals-secret-7f3a9c');
    }
  });

  it('blanks a token the run learned (an answer held it, a script copied it) in every export, by provenance', async () => {
    const [env, globals, collection] = ['token-env.json', 'token-globals.json', 'token-collection.json'].map((f) => path.join(out, f));
    const json = path.join(out, 'token.json');
    const ran = await wirebench(['run', data('token-export.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '--export-environment', env!, '--export-globals', globals!, '--export-collection', collection!, '-r', 'json', '--reporter-json-export', json]);
    expect(ran.code).toBe(0);
    const environment = JSON.parse(await readFile(env!, 'utf8'));
    expect(environment.values).toEqual([{ key: 'session', value: '', type: 'secret', enabled: true }]);
    const global = JSON.parse(await readFile(globals!, 'utf8'));
    expect(global.values).toEqual([{ key: 'copied', value: '', type: 'secret', enabled: true }]);
    const exported = JSON.parse(await readFile(collection!, 'utf8'));
    expect(exported.variable.find((v: { key: string }) => v.key === 'plain')).toMatchObject({ value: 'not-a-secret' });
    for (const text of [ran.stdout, ran.stderr, await readFile(env!, 'utf8'), await readFile(globals!, 'utf8'), await readFile(collection!, 'utf8'), await readFile(json, 'utf8')]) expect(text).not.toMatch(/tok-[0-9a-f]{8}-/);
    expect(ran.stderr).toContain('1 secret value was written blank (session)');
    expect(ran.stderr).toContain('1 secret value was written blank (copied)');
  });

  it('keeps secret values only with --export-secrets, and warns on stderr that it did', async () => {
    const env = path.join(out, 'env-secrets.json');
    const ran = await wirebench([...fidelity(), '--env', data('ci.postman_environment.json'), '--export-environment', env, '--export-secrets']);
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain('WITH 1 secret value in clear (password), because of --export-secrets');
    expect(await readFile(env, 'utf8')).toContain('env-secret-55d1e0');
  });
});

