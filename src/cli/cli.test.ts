import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/listen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const data = (name: string) => path.join(root, 'test-data/cli', name);
const SECRET = 'sekret-token-for-cli-test';

let server: RunningServer;
let out: string;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', token: 'cli-test-token' });
  out = await mkdtemp(path.join(tmpdir(), 'wirebench-cli-'));
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

/** Runs the real command, as `npx wirebench` would, and collects what it printed. */
function wirebench(args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'bin/wirebench.mjs'), ...args], { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testsuite' || name === 'testcase' || name === 'property' });
interface Case {
  name: string;
  failure?: { message: string };
  error?: { message: string; type: string };
}
interface Suite {
  name: string;
  testcase: Case[];
}
async function junit(file: string): Promise<Suite[]> {
  const xml = await readFile(file, 'utf8');
  expect(XMLValidator.validate(xml)).toBe(true);
  return (parser.parse(xml) as { testsuites: { testsuite?: Suite[] } }).testsuites.testsuite ?? [];
}

describe('wirebench run on a workspace folder', () => {
  it('exits 0 when every assertion passes, writes JUnit with one case per assertion, and never prints the secret', async () => {
    const xml = path.join(out, 'ws.xml');
    const json = path.join(out, 'ws.json');
    const html = path.join(out, 'ws.html');
    const ran = await wirebench(
      ['run', data('workspace'), '--env', 'Local', '--var', `baseUrl=${server.origin}`, '-r', 'cli,junit,json,html', '--reporter-junit-export', xml, '--reporter-json-export', json, '--reporter-html-export', html],
      { WB_CLI_TOKEN: SECRET },
    );
    expect(ran.stderr).not.toContain('unexpected');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('POST http://127.0.0.1');
    expect(ran.stdout).toContain('✓ status == 200');
    expect(ran.stdout).toContain('All passed.');
    expect(ran.stdout).toContain("note: the run reads environment variable WB_CLI_TOKEN, allowed by the workspace's wirebench.json.");
    const suites = await junit(xml);
    expect(suites.map((s) => s.name)).toEqual(['Orders / Create order', 'Orders / Read order', 'Status']);
    expect(suites[0]!.testcase.map((c) => c.name)).toEqual(['status == 200', '$.json.quantity >= 2', '$.headers.Authorization == Bearer •••• (masked: a secret)']);
    for (const text of [ran.stdout, ran.stderr, await readFile(xml, 'utf8'), await readFile(json, 'utf8'), await readFile(html, 'utf8')]) expect(text).not.toContain(SECRET);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.run.steps[0].captures.find((c: { variable: string }) => c.variable === 'item').value).toBe('book');
  });

  it('exits 1 with the failure in the JUnit file when an assertion fails (--var wins over the environment)', async () => {
    const xml = path.join(out, 'ws-fail.xml');
    const ran = await wirebench(['run', data('workspace'), '--env', 'local', '--var', `baseUrl=${server.origin}`, '--var', 'minQuantity=5', '-r', 'junit', '--reporter-junit-export', xml], { WB_CLI_TOKEN: SECRET });
    expect(ran.code).toBe(1);
    const failed = (await junit(xml)).flatMap((s) => s.testcase).filter((c) => c.failure);
    expect(failed.map((c) => c.name)).toEqual(['$.json.quantity >= 5']);
    expect(failed[0]!.failure!.message).toMatch(/2/);
  });

  it('runs only its shard: 1/2 takes the Orders folder whole, 2/2 the request after it', async () => {
    const first = path.join(out, 'shard1.xml');
    const second = path.join(out, 'shard2.xml');
    const args = ['run', data('workspace'), '--env', 'Local', '--var', `baseUrl=${server.origin}`, '-r', 'junit'];
    const [a, b] = await Promise.all([wirebench([...args, '--shard', '1/2', '--reporter-junit-export', first], { WB_CLI_TOKEN: SECRET }), wirebench([...args, '--shard', '2/2', '--reporter-junit-export', second], { WB_CLI_TOKEN: SECRET })]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect((await junit(first)).map((s) => s.name)).toEqual(['Orders / Create order', 'Orders / Read order']);
    expect((await junit(second)).map((s) => s.name)).toEqual(['Status']);
  });

  it('exits 2 naming the environments there are when --env names none, and when a {{$env}} secret is not set', async () => {
    const unknown = await wirebench(['run', data('workspace'), '--env', 'Staging'], { WB_CLI_TOKEN: SECRET });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('the environments are "Local"');
    // A CI secret that is missing arrives as an empty variable: the same as not set.
    const unset = await wirebench(['run', data('workspace'), '--env', 'Local'], { WB_CLI_TOKEN: '' });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/WB_CLI_TOKEN/);
  });
});

describe('wirebench run and {{$env.NAME}}', () => {
  const DERIVED = `Drv-s3cr3t/val+ue.${Math.random().toString(36).slice(2, 12)}`;
  const API_KEY = `cli-var-key-${Math.random().toString(36).slice(2, 12)}`;
  /** One with the characters JSON, HTML and XML escape, and URLs percent-encode. */
  const MARKUP = `Qu'o"te&<mark>-${Math.random().toString(36).slice(2, 12)}`;
  const hexOf = (text: string) => Buffer.from(text).toString('hex');
  /** The secret and what a script derives from it: reversed, either case, hex, and (of the value and of it reversed) percent-encoded and Base64 at each alignment. */
  function derivedForms(secret: string): string[] {
    const reversed = secret.split('').reverse().join('');
    const forms = [secret, reversed, secret.toUpperCase(), secret.toLowerCase(), hexOf(secret), hexOf(secret).toUpperCase(), encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
    const markup = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    forms.push(markup.replace(/'/g, '&#39;'), markup.replace(/'/g, '&apos;'));
    for (const value of [secret, reversed]) {
      // Percent-encoded as a query value (only `+`, `&`, `%`… encoded) and as encodeURIComponent does.
      forms.push(value.replace(/\+/g, '%2B'), encodeURIComponent(value));
      const bytes = Buffer.from(value);
      for (let shift = 0; shift < 3; shift++) {
        const core = bytes.subarray(shift, shift + Math.floor((bytes.length - shift) / 3) * 3).toString('base64');
        forms.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
      }
    }
    return forms;
  }

  it('refuses a name not allowed with exit 2 before anything is sent, naming it and how to allow it', async () => {
    let hits = 0;
    const target = createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
      const ran = await wirebench(['run', data('derived-secret.postman_collection.json'), '--var', `baseUrl=${origin}`, '--env-var-allow', 'WB_CLI_OTHER,API_*'], { WB_CLI_DERIVED: DERIVED });
      expect(ran.code).toBe(2);
      expect(ran.stderr).toContain('environment variable WB_CLI_DERIVED through {{$env.…}}, and it is not allowed, so nothing was sent; allow it with --env-var-allow WB_CLI_DERIVED');
      expect(ran.stderr + ran.stdout).not.toContain(DERIVED);
      // The workspace's own file can allow a name too; without it (or the option) the workspace is refused alike.
      const ws = await wirebench(['run', data('vault-workspace'), '--vault', data('vault.json')], { WB_CLI_CLIENT_SECRET: 'post-secret-2c1f' });
      expect(ws.code).toBe(2);
      expect(ws.stderr).toMatch(/WB_CLI_CLIENT_SECRET .*not allowed.*--env-var-allow WB_CLI_CLIENT_SECRET, or list it under "envVarAllow" in the workspace's wirebench.json/);
      expect(hits).toBe(0);
    } finally {
      await new Promise((resolve) => target.close(resolve));
    }
  });

  it.each([
    ['a token', DERIVED],
    ['a value with quotes, & and <>', MARKUP],
  ])('sends an allowed one (%s), and what scripts derive from it (Base64, reversed, hex, either case) leaves no trace in the terminal, JUnit, JSON or HTML', async (label, secret) => {
    const [xml, json, html] = ['xml', 'json', 'html'].map((ext) => path.join(out, `derived-${label.length}.${ext}`));
    const ran = await wirebench(
      ['run', data('derived-secret.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '--var', `apiKey=${API_KEY}`, '--env-var-allow', 'WB_CLI_*', '-r', 'cli,junit,json,html', '--reporter-junit-export', xml!, '--reporter-json-export', json!, '--reporter-html-export', html!],
      { WB_CLI_DERIVED: secret },
    );
    expect(ran.stderr).not.toContain('unexpected');
    // The one failing test (its message shows two derived forms) is the only failure: the secret was sent and echoed.
    expect(ran.code).toBe(1);
    const suites = await junit(xml!);
    expect(suites.flatMap((s) => s.testcase).filter((c) => c.failure)).toHaveLength(1);
    expect(ran.stdout).toContain('✓ named after •••• (masked: a secret) and •••• (masked: a secret)');
    expect(ran.stdout).toMatch(/✓ echoes •••• \(masked: a secret\)/);
    const outputs: [string, string][] = [
      ['stdout', ran.stdout],
      ['stderr', ran.stderr],
      ['JUnit', await readFile(xml!, 'utf8')],
      ['JSON', await readFile(json!, 'utf8')],
      ['HTML', await readFile(html!, 'utf8')],
    ];
    // A --var value secret by its name (apiKey) is masked as a secret variable's is.
    expect(ran.stdout).toContain('│ the API key from --var: •••• (masked: a secret) •••• (masked: a secret)');
    for (const [where, text] of outputs) for (const form of [...derivedForms(secret), ...derivedForms(API_KEY)]) expect(text.includes(form), `${where} holds ${form}`).toBe(false);
  });
});

describe('wirebench run masking of what no exchange teaches', () => {
  it("masks an auth's secret field as resolved: a Basic password a script decodes from the echoed header appears nowhere", async () => {
    const [xml, json, html] = ['xml', 'json', 'html'].map((ext) => path.join(out, `basic-echo.${ext}`));
    const ran = await wirebench(['run', data('basic-echo.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '-r', 'cli,junit,json,html', '--reporter-junit-export', xml!, '--reporter-json-export', json!, '--reporter-html-export', html!]);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('│ decoded: ci-user:•••• (masked: a secret)');
    for (const text of [ran.stdout, ran.stderr, await readFile(xml!, 'utf8'), await readFile(json!, 'utf8'), await readFile(html!, 'utf8')]) expect(text).not.toContain('lit3ral-basic-Pass');
  });
});

describe('wirebench run --timeout', () => {
  /**
   * A server whose answers never end (the head, then a byte every 100 ms), but `/after`'s,
   * which ends at once. Keeps when each connection opened and closed, by path, as steps of
   * one counter: the tests assert the order of events, never elapsed time.
   */
  async function endlessServer() {
    const seen = new Map<string, { opened: number; closed?: number }>();
    const timers = new Set<NodeJS.Timeout>();
    let step = 0;
    const target = createServer((req, res) => {
      const entry = { opened: ++step } as { opened: number; closed?: number };
      seen.set(req.url ?? '', entry);
      if (req.url === '/after') {
        res.on('close', () => (entry.closed = ++step));
        res.end('done');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 100);
      timers.add(timer);
      res.on('close', () => {
        entry.closed = ++step;
        clearInterval(timer);
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    return {
      origin: `http://127.0.0.1:${(target.address() as AddressInfo).port}`,
      seen,
      close: () => {
        for (const t of timers) clearInterval(t);
        target.closeAllConnections();
        return new Promise((resolve) => target.close(resolve));
      },
    };
  }

  it('bounds the whole exchange, a body that drips for ever included, and each pm.sendRequest; a request its script left is cancelled when the script ends', async () => {
    const slow = await endlessServer();
    try {
      const xml = path.join(out, 'slow.xml');
      const ran = await wirebench(['run', data('slow.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '--var', `slowUrl=${slow.origin}`, '--timeout', '1000', '-r', 'cli,junit', '--reporter-junit-export', xml]);
      expect(ran.stderr).not.toContain('unexpected');
      expect(ran.code).toBe(3);
      expect(ran.stdout).toContain('not sent (timeout): The whole exchange took longer than --timeout 1000 ms');
      expect(ran.stdout).toMatch(/│ pm.sendRequest: pm.sendRequest to http:\/\/127.0.0.1:\d+\/awaited failed \(timeout\): The whole exchange took longer than --timeout 1000 ms/);
      expect((await junit(xml))[0]!.testcase[0]!.error!.type).toBe('timeout');
      // Each endless exchange was cut before the run went on to the next request: by its deadline, not by the run's end.
      const order = ['/main', '/awaited', '/forgotten', '/after'].map((route) => slow.seen.get(route));
      for (let i = 0; i + 1 < order.length; i++) {
        expect(order[i]?.closed, `request ${i + 1}`).toBeDefined();
        expect(order[i]!.closed!, `request ${i + 1} closed before the next opened`).toBeLessThan(order[i + 1]!.opened);
      }
      // Without --timeout the script's own limit ends the script; the request it left is cancelled then, not when the run ends (4 s later).
      slow.seen.clear();
      const forgotten = await wirebench(['run', data('slow.postman_collection.json'), '--folder', 'Left behind', '--delay', '4000', '--var', `baseUrl=${server.origin}`, '--var', `slowUrl=${slow.origin}`]);
      expect(forgotten.stdout).toContain('script error (timeout)');
      const left = slow.seen.get('/forgotten')!;
      expect(left.closed).toBeDefined();
      // Closed when its script stopped: before the run, 4 s of delay later, sent the next request.
      expect(left.closed!).toBeLessThan(slow.seen.get('/after')!.opened);
    } finally {
      await slow.close();
    }
  });
});

describe('wirebench run with vault grants', () => {
  it('fetches a client-credentials token with the secret from the environment, sends it, and prints neither', async () => {
    const json = path.join(out, 'vault.json');
    const args = ['run', data('vault-workspace'), '--vault', data('vault.json'), '--env-var-allow', 'WB_CLI_CLIENT_SECRET', '--var', `baseUrl=${server.origin}`, '-r', 'cli,json', '--reporter-json-export', json];
    const ran = await wirebench(args, { WB_CLI_CLIENT_SECRET: 'post-secret-2c1f' });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('✓ $.headers.Authorization matches ^Bearer eyJ');
    const report = await readFile(json, 'utf8');
    for (const text of [ran.stdout, report]) {
      expect(text).not.toContain('post-secret-2c1f');
      expect(text).not.toMatch(/eyJ[\w-]{8,}\./);
    }
    const refused = await wirebench(args, { WB_CLI_CLIENT_SECRET: 'not-the-secret' });
    expect(refused.code).toBe(3);
    expect(refused.stdout).toContain('invalid_client');
    expect(refused.stdout).not.toContain('not-the-secret');
  });
});

describe('wirebench run on a Postman collection', () => {
  it('runs its scripts once per CSV row and exits 0, one suite per request and iteration', async () => {
    const xml = path.join(out, 'chain.xml');
    const ran = await wirebench(['run', data('chain.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '--data', data('users.csv'), '-r', 'cli,junit', '--reporter-junit-export', xml]);
    expect(ran.code).toBe(0);
    const suites = await junit(xml);
    expect(suites.map((s) => s.name)).toEqual(['Sign in (iteration 1)', 'Use the token (iteration 1)', 'Sign in (iteration 2)', 'Use the token (iteration 2)', 'Sign in (iteration 3)', 'Use the token (iteration 3)']);
    expect(suites[1]!.testcase.map((c) => c.name)).toEqual(['carries the captured token', 'should fail when asked']);
    expect(ran.stdout).toContain('✓ carries the captured token');
  });

  it('signs AWS SigV4 (an imported awsv4 auth) as the app does: the sandbox accepts it, refuses another key, and the secret is never printed', async () => {
    const xml = path.join(out, 'sigv4.xml');
    const awsSecret = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
    const ran = await wirebench(['run', data('sigv4.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '--var', `awsSecret=${awsSecret}`, '-r', 'cli,junit', '--reporter-junit-export', xml]);
    expect(ran.stderr).not.toContain('unexpected');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('✓ the sandbox accepts the signature');
    expect(ran.stdout).toContain('✓ the sandbox refuses the signature');
    for (const text of [ran.stdout, ran.stderr, await readFile(xml, 'utf8')]) expect(text).not.toContain(awsSecret);
  });

  it('exits 1 when a pm.test fails, with chai\'s message as the failure', async () => {
    const xml = path.join(out, 'chain-fail.xml');
    const ran = await wirebench(['run', data('chain.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '--var', 'user=ada', '--var', 'expectStatus=201', '-r', 'junit', '--reporter-junit-export', xml]);
    expect(ran.code).toBe(1);
    const failed = (await junit(xml)).flatMap((s) => s.testcase).filter((c) => c.failure);
    expect(failed.map((c) => c.name)).toEqual(['should fail when asked']);
    expect(failed[0]!.failure!.message).toContain('201');
  });

  it('splits iterations across shards when there are several', async () => {
    const xml = path.join(out, 'chain-shard.xml');
    const ran = await wirebench(['run', data('chain.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '--data', data('users.csv'), '--shard', '2/3', '-r', 'junit', '--reporter-junit-export', xml]);
    expect(ran.code).toBe(0);
    expect((await junit(xml)).map((s) => s.name)).toEqual(['Sign in (iteration 2)', 'Use the token (iteration 2)']);
  });

  it('exits 4 on a script syntax error, naming its line and column', async () => {
    const xml = path.join(out, 'script.xml');
    const ran = await wirebench(['run', data('script-error.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '-r', 'cli,junit', '--reporter-junit-export', xml]);
    expect(ran.code).toBe(4);
    expect(ran.stdout).toMatch(/script error \(syntax\).*line 2, column \d+/);
    expect((await junit(xml))[0]!.testcase[0]!.error!.type).toBe('script-syntax');
  });

  it('stops a setNextRequest loop at the bound, says so, and exits 4', async () => {
    const xml = path.join(out, 'loop.xml');
    const ran = await wirebench(['run', data('loop.postman_collection.json'), '--var', `baseUrl=${server.origin}`, '-r', 'cli,junit', '--reporter-junit-export', xml]);
    expect(ran.code).toBe(4);
    expect(ran.stdout).toMatch(/Stopped early \(loop-bound\)/);
    const suites = await junit(xml);
    expect(suites).toHaveLength(20);
    expect(suites.every((s) => s.name === 'Again')).toBe(true);
    expect(await readFile(xml, 'utf8')).toContain('<!-- stopped early (loop-bound)');
  });

  it('exits 2 with file:line:column for broken JSON and a malformed CSV', async () => {
    const broken = await wirebench(['run', data('broken.postman_collection.json')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('broken.postman_collection.json:4:83:');
    const csv = await wirebench(['run', data('chain.postman_collection.json'), '--data', data('broken.csv')]);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toContain('broken.csv:3:1:');
  });
});

describe('wirebench run on a .http file', () => {
  it('exits 0 against the server and 3 when the target refuses, with the error in the JUnit file', async () => {
    const ok = await wirebench(['run', data('requests.http'), '--var', `baseUrl=${server.origin}`, '--var', 'who=ci']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/sandbox\/status\/200 200 OK/);
    const xml = path.join(out, 'refused.xml');
    const refused = await wirebench(['run', data('requests.http'), '-r', 'junit', '--reporter-junit-export', xml]);
    expect(refused.code).toBe(3);
    const error = (await junit(xml))[0]!.testcase[0]!.error!;
    expect(error.type).toBe('refused');
  });
});

describe('wirebench usage', () => {
  it('exits 2 on an unknown option and 0 with --help listing the exit codes', async () => {
    const bad = await wirebench(['run', data('requests.http'), '--no-such-option']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Unknown option '--no-such-option'");
    const help = await wirebench(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('4  a script failed');
  });
});

describe('the bin with and without its bundle', () => {
  it('prints the same version and help from the pre-built bundle as from the sources under tsx', async () => {
    const bundled = await wirebench(['--version']);
    const tsx = await wirebench(['--version'], { WIREBENCH_NO_BUNDLE: '1' });
    expect(bundled.code).toBe(0);
    expect(bundled.stdout).toMatch(/^wirebench \d+\.\d+\.\d+\n$/);
    expect(tsx).toEqual(bundled);
    const manifest = JSON.parse(await readFile(path.join(root, 'node_modules/.cache/wirebench/cli.manifest.json'), 'utf8')) as { inputs: string[] };
    expect(manifest.inputs).toContain(path.join('src', 'cli', 'main.ts'));
    expect(manifest.inputs).toContain(path.join('src', 'scripting', 'engine.ts'));
  });
});
