/**
 * How long one script run takes in the QuickJS engine (fresh runtime and context, prelude,
 * the script, results read back), for a status-only script (no chai) and a typical test
 * script using pm.expect (chai evaluated in the context). Prints median and p95 per run and
 * runs per second, one after another on one core; then the typical script in newman's own
 * engine (postman-sandbox, newman's dependency: one Node vm context reused for every script)
 * for comparison. Then scripts that require one of the sandbox's modules, each run alone (it
 * evaluates the module in its own context), then the same scripts in a session (one context
 * per collection run: the module evaluated by the first run only, as postman-sandbox loads
 * its modules once per context), with Sugar's first use; then postman-sandbox itself.
 * `npx tsx bench/scriptEngine.ts [runs]`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createScriptEngine } from '../src/scripting/engine';
import { nodeSandboxLibraries } from '../src/scripting/sandboxLibraries/nodeLibraries';
import type { ScriptRunInput } from '../src/scripting/types';

const runs = Number(process.argv[2] ?? 300);
const chaiSource = readFileSync(createRequire(import.meta.url).resolve('chai'), 'utf8');

const base: Omit<ScriptRunInput, 'code'> = {
  phase: 'post-response',
  request: { method: 'GET', url: 'http://127.0.0.1:8080/sandbox/api/users', headers: [{ name: 'Accept', value: 'application/json' }] },
  response: {
    code: 200,
    status: 'OK',
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    body: JSON.stringify({ users: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }, { id: 3, name: 'Charles' }], count: 3, token: 'abc' }),
    responseTime: 3,
  },
  variables: { environment: {}, collection: {}, globals: {}, local: {}, iterationData: {} },
  info: { iteration: 0, iterationCount: 1, requestName: 'List users', requestId: 'r1' },
};

const scripts: Record<string, string> = {
  'status only (no chai)': `pm.test('Status code is 200', function () { pm.response.to.have.status(200); });`,
  'typical (pm.expect, chai)': `
const body = pm.response.json();
pm.test('Status code is 200', function () { pm.response.to.have.status(200); });
pm.test('three users', function () {
  pm.expect(body.users).to.be.an('array').that.has.lengthOf(3);
  pm.expect(body.users[0]).to.have.property('name', 'Ada');
  pm.expect(body.count).to.eql(3);
});
pm.environment.set('token', body.token);`,
};

const loadStarted = performance.now();
function report(label: string, times: number[], total: number, count = runs): void {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${label.padEnd(32)} median ${at(0.5)} ms  p95 ${at(0.95)} ms  ${(count / (total / 1000)).toFixed(0)} runs/s (${count} runs)`);
}

const engine = await createScriptEngine({ chaiSource, libraries: nodeSandboxLibraries });
console.log(`engine load (WebAssembly, runtime, chai and the pm library, once) ${(performance.now() - loadStarted).toFixed(0)} ms`);
async function measure(label: string, code: string, count: number): Promise<void> {
  for (let i = 0; i < Math.min(20, count); i++) await engine.run({ ...base, code, timeoutMs: 30_000 }); // warm up the JIT
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const result = await engine.run({ ...base, code, timeoutMs: 30_000 });
    times.push(performance.now() - t);
    if (result.errors.length || result.tests.some((test) => !test.passed)) throw new Error(`unexpected result: ${JSON.stringify(result)}`);
  }
  report(label, times, performance.now() - started, count);
}
for (const [label, code] of Object.entries(scripts)) await measure(label, code, runs);

/** Scripts that require a module, as collections write them. */
const moduleScripts: Record<string, string> = {
  "require('lodash')": `const lodash = require('lodash'); pm.test('name', () => pm.expect(lodash.get(pm.response.json(), 'users[0].name')).to.eql('Ada'));`,
  "require('moment')": `const moment = require('moment'); pm.environment.set('at', moment.utc(0).format('YYYY-MM-DD'));`,
  'CryptoJS (legacy global)': `pm.environment.set('sig', CryptoJS.HmacSHA256('payload', 'secret').toString());`,
  "require('uuid')": `pm.environment.set('id', require('uuid').v4());`,
  "require('ajv') (jsonSchema)": `pm.test('schema', () => pm.response.to.have.jsonSchema({ type: 'object', required: ['users'] }));`,
  "require('cheerio')": `pm.test('html', () => pm.expect(require('cheerio').load('<p>x</p>')('p').text()).to.eql('x'));`,
  "require('postman-collection')": `const sdk = require('postman-collection'); pm.test('url', () => pm.expect(new sdk.Url('http://a.test/b').getPath()).to.eql('/b'));`,
};
const moduleRuns = Math.max(20, Math.round(runs / 10));
for (const [label, code] of Object.entries(moduleScripts)) await measure(label, code, moduleRuns);

/**
 * The same scripts in a session (one context for a run's scripts, as the CLI and the app's
 * runner use it): the first run evaluates the module, the later ones find it evaluated.
 * Before sessions every run paid the "alone" figure above.
 */
const sessionRows: string[][] = [];
async function measureSession(label: string, code: string, count: number): Promise<void> {
  const session = engine.openSession();
  try {
    const firstStarted = performance.now();
    const first = await session.run({ ...base, code, timeoutMs: 30_000 });
    const firstMs = performance.now() - firstStarted;
    if (first.errors.length) throw new Error(`unexpected result: ${JSON.stringify(first.errors)}`);
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      const result = await session.run({ ...base, code, timeoutMs: 30_000 });
      times.push(performance.now() - t);
      if (result.errors.length || result.tests.some((test) => !test.passed)) throw new Error(`unexpected result: ${JSON.stringify(result)}`);
    }
    times.sort((a, b) => a - b);
    sessionRows.push([label, firstMs.toFixed(0), times[Math.floor(times.length / 2)]!.toFixed(2), times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!.toFixed(2)]);
  } finally {
    session.close();
  }
}
const sugarScript = "tests['average'] = pm.response.json().users.map(function (u) { return u.id; }).average() === 2; tests['camelize'] = 'a-beta'.camelize() === 'ABeta';";
for (const [label, code] of Object.entries({ ...scripts, ...moduleScripts, 'Sugar ([].average(), camelize)': sugarScript })) await measureSession(label, code, moduleRuns);
console.log(`\nIn a session (${moduleRuns} runs after the first; ms):`);
console.log(['Script', 'First run', 'Median after', 'p95 after'].join(' | '));
for (const row of sessionRows) console.log(row.join(' | '));

/** The typical script in postman-sandbox, as newman runs it (a test event with the response). */
async function newmanSandbox(code: string, label = 'newman (postman-sandbox) typ.', count = runs): Promise<void> {
  const require = createRequire(import.meta.url);
  const Sandbox = require('postman-sandbox') as { createContext(options: object, done: (error: Error | null, context: PostmanContext) => void): void };
  interface PostmanContext {
    on(event: string, listener: (...args: unknown[]) => void): void;
    execute(event: object, options: object, done: (error: Error | null) => void): void;
  }
  const context = await new Promise<PostmanContext>((resolve, reject) => Sandbox.createContext({}, (error, created) => (error ? reject(error) : resolve(created))));
  let failed = 0;
  context.on('execution.assertion', (_cursor, assertions) => (failed += (assertions as Array<{ passed: boolean }>).filter((a) => !a.passed).length));
  const response = { code: 200, status: 'OK', header: [{ key: 'Content-Type', value: 'application/json' }], body: base.response!.body, responseTime: 3 };
  let id = 0;
  const once = () =>
    new Promise<void>((resolve, reject) =>
      context.execute({ listen: 'test', script: { exec: code.split('\n') } }, { id: `run-${id++}`, context: { response, environment: { values: [] } } }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await once();
    times.push(performance.now() - t);
  }
  if (failed) throw new Error(`postman-sandbox reported ${failed} failed assertions`);
  report(label, times, performance.now() - started, count);
}

await newmanSandbox(scripts['typical (pm.expect, chai)']!);
await newmanSandbox(moduleScripts["require('lodash')"]!, "newman require('lodash')", moduleRuns);
await newmanSandbox(moduleScripts["require('postman-collection')"]!, 'newman require(postman-coll.)', moduleRuns);
process.exit(0);
