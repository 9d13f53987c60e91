import { beforeAll, describe, expect, it } from 'vitest';
import { createScriptEngine, type ScriptEngine } from './engine';
import type { ScriptResponse, ScriptRunInput } from './types';

/** Errors name the script's own line and column; endless and greedy scripts are stopped. */
let engine: ScriptEngine;
beforeAll(async () => {
  engine = await createScriptEngine();
});

const response: ScriptResponse = { code: 200, status: 'OK', headers: [], body: '{"a":1}', responseTime: 1 };
function post(code: string, extra: Partial<ScriptRunInput> = {}): ScriptRunInput {
  return {
    phase: 'post-response',
    code,
    request: { method: 'GET', url: 'http://127.0.0.1/', headers: [] },
    response,
    variables: { environment: {}, collection: {}, globals: {}, local: {}, iterationData: {} },
    info: { iteration: 0, iterationCount: 1, requestName: 'r', requestId: 'r' },
    ...extra,
  };
}

describe('error positions are in the script’s own lines', () => {
  it('a syntax error', async () => {
    const result = await engine.run(post(`pm.test('a', () => {});\nconst x = ;\n`));
    expect(result.errors).toEqual([{ kind: 'syntax', message: "SyntaxError: unexpected token in expression: ';'", line: 2, column: 11 }]);
    expect(result.tests).toEqual([]);
  });

  it('a syntax error on the first line', async () => {
    const result = await engine.run(post(`if (true {`));
    expect(result.errors[0]).toMatchObject({ kind: 'syntax', line: 1 });
  });

  it('a runtime error at the top level, after a passing test', async () => {
    const result = await engine.run(post(`pm.test('ok', () => pm.response.to.have.status(200));\n\n  const body = pm.response.json();\n  body.items.forEach(() => {});\npm.test('never declared', () => {});`));
    expect(result.errors).toEqual([{ kind: 'runtime', message: "TypeError: cannot read property 'forEach' of undefined", line: 4, column: 13 }]);
    expect(result.tests).toEqual([{ name: 'ok', passed: true }]);
  });

  it('a runtime error inside a function names the throwing line, not the prelude', async () => {
    const result = await engine.run(post(`function check() {\n  return pm.response.json().a.b.c;\n}\ncheck();`));
    expect(result.errors).toEqual([{ kind: 'runtime', message: "TypeError: cannot read property 'c' of undefined", line: 2, column: 32 }]);
  });

  it('an error thrown by the pm API is placed at the script line that called it', async () => {
    const result = await engine.run(post(`\nconst x = 1;\npm.environment.set('', 1);`));
    expect(result.errors).toEqual([{ kind: 'runtime', message: 'TypeError: pm.environment.set needs a variable name (a non-empty string)', line: 3, column: 19 }]);
  });

  it('an error after an await, and one in a sendRequest callback', async () => {
    const awaited = await engine.run(post(`await null;\nthrow new RangeError('after await');`));
    expect(awaited.errors).toEqual([{ kind: 'runtime', message: 'RangeError: after await', line: 2, column: 21 }]);
    const callback = await engine.run(
      post(`pm.sendRequest('http://x/', function () {\n  undefinedFunction();\n});`, { sendRequest: async () => response }),
    );
    expect(callback.errors).toEqual([{ kind: 'runtime', message: "ReferenceError: 'undefinedFunction' is not defined", line: 2, column: 3 }]);
  });

  it('a thrown non-Error value', async () => {
    const result = await engine.run(post(`throw 'plain string';`));
    expect(result.errors).toEqual([{ kind: 'runtime', message: 'Error: a value was thrown: plain string' }]);
  });
});

describe('limits', () => {
  it('while (true) {} is stopped by the time limit with a clear message; earlier results are kept', async () => {
    const result = await engine.run(post(`pm.test('before', () => {});\nconsole.log('started');\nwhile (true) {}`, { timeoutMs: 200 }));
    expect(result.errors).toEqual([{ kind: 'timeout', message: 'The script did not finish within 200 ms and was stopped' }]);
    expect(result.tests).toEqual([{ name: 'before', passed: true }]);
    expect(result.console).toEqual([{ level: 'log', text: 'started' }]);
  });

  it('try/catch cannot swallow the time limit', async () => {
    const result = await engine.run(post(`for (;;) { try { while (true) {} } catch (e) { console.log('caught'); } }`, { timeoutMs: 150 }));
    expect(result.errors.map((e) => e.kind)).toEqual(['timeout']);
    expect(result.console).toEqual([]);
  });

  it('an endless loop inside a test is stopped too', async () => {
    const result = await engine.run(post(`pm.test('spins', () => { for (;;) {} });`, { timeoutMs: 150 }));
    expect(result.errors.map((e) => e.kind)).toEqual(['timeout']);
  });

  it('a host call that never answers is stopped by the time limit', async () => {
    const result = await engine.run(post(`await pm.sendRequest('http://x/');\nconsole.log('never');`, { timeoutMs: 150, sendRequest: () => new Promise(() => {}) }));
    expect(result.errors).toEqual([
      { kind: 'timeout', message: 'The script did not finish within 150 ms and was stopped (it was still waiting for pm.sendRequest or setTimeout)' },
    ]);
    expect(result.console).toEqual([]);
  });

  it('an endless pm.sendRequest chain is bounded by the send count, then by the time limit', async () => {
    let sent = 0;
    const result = await engine.run(
      post(`function again() { pm.sendRequest('http://x/', function (err) { if (err) console.log(err.message); else again(); }); }\nagain();`, {
        maxSendRequests: 20,
        timeoutMs: 2_000,
        sendRequest: async () => {
          sent += 1;
          return response;
        },
      }),
    );
    expect(sent).toBe(20);
    expect(result.errors).toEqual([]);
    expect(result.console).toEqual([{ level: 'log', text: 'pm.sendRequest was called more than 20 times in one script run; the rest were not sent' }]);
  });

  it('an endless chain that ignores the refusal still ends at the time limit', async () => {
    const result = await engine.run(
      post(`function again() { pm.sendRequest('http://x/', again); }\nagain();`, { maxSendRequests: 5, timeoutMs: 200, sendRequest: async () => response }),
    );
    expect(result.errors.map((e) => e.kind)).toEqual(['timeout']);
  });

  it.each([
    ['large strings', `const hoard = [];\nwhile (true) hoard.push('x'.repeat(1 << 20) + hoard.length);`],
    ['typed arrays', `const hoard = [];\nwhile (true) hoard.push(new Float64Array(1 << 17));`],
    ['small objects', `const hoard = [];\nwhile (true) hoard.push({ n: hoard.length, list: [1, 2, 3] });`],
  ])('a memory blowup (%s) is stopped by the memory ceiling, and the engine still runs scripts after it', async (_label, code) => {
    const small = await createScriptEngine({ memoryCapBytes: 48 * 1024 * 1024 });
    const result = await small.run(post(code, { memoryBytes: 32 * 1024 * 1024, timeoutMs: 20_000 }));
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ kind: 'memory', message: 'The script ran out of memory (the memory limit was reached) and was stopped' });
    const after = await small.run(post(`pm.test('fine', () => pm.response.to.have.status(200));`));
    expect(after).toMatchObject({ errors: [], tests: [{ name: 'fine', passed: true }] });
  });

  // The memory cases get a time limit far past what they need, so on a loaded machine only the memory ceiling can stop them.
  it('with the sandbox\'s modules loaded: a 1 GB allocation and an endless loop inside a library callback end with clear errors, and the next run has its modules', async () => {
    const allocation = await engine.run(post(`const _ = require('lodash');\nconst big = Buffer.alloc(1024 * 1024 * 1024);\nconsole.log(big.length);`, { timeoutMs: 50_000 }));
    expect(allocation.errors).toEqual([{ kind: 'memory', message: 'The script ran out of memory (the memory limit was reached) and was stopped', line: 2, column: 25 }]);
    const range = await engine.run(post(`require('lodash').range(1e9);`, { timeoutMs: 50_000 }));
    expect(range.errors).toMatchObject([{ kind: 'memory' }]);
    const loop = await engine.run(post(`const _ = require('lodash');\n_.each([1, 2], function spin() { for (;;) {} });`, { timeoutMs: 300 }));
    expect(loop.errors).toEqual([{ kind: 'timeout', message: 'The script did not finish within 300 ms and was stopped' }]);
    const after = await engine.run(post(`pm.test('lodash again', () => pm.expect(require('lodash').sum([1, 2])).to.eql(3));`));
    expect(after).toMatchObject({ errors: [], tests: [{ name: 'lodash again', passed: true }] });
  });

  it('loading a module counts against the script\'s time limit', async () => {
    const result = await engine.run(post(`require('postman-collection');\nconsole.log('loaded');`, { timeoutMs: 1 }));
    expect(result.errors.map((e) => e.kind)).toEqual(['timeout']);
    expect(result.console).toEqual([]);
  });

  it('endless recursion is a stack overflow, not a crash', async () => {
    const result = await engine.run(post(`function down(n) { return down(n + 1) + 1; }\ndown(0);`));
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ kind: 'runtime', message: 'RangeError: stack overflow (too much recursion)' });
    const nested = await engine.run(post(`let o = {};\nfor (let i = 0; i < 100000; i++) o = { o };\nJSON.stringify(o);`));
    expect(nested.errors).toHaveLength(1);
    expect(nested.errors[0]).toMatchObject({ kind: 'runtime', message: 'RangeError: stack overflow (too much recursion)' });
  });

  it('console output is bounded: lines past the cap are counted and said, a long line is cut and says by how much', async () => {
    const result = await engine.run(post(`for (let i = 0; i < 100000; i++) console.log('line ' + i);\nconsole.error('x'.repeat(5000000));`));
    expect(result.errors).toEqual([]);
    expect(result.console).toHaveLength(1_001);
    expect(result.console[999]).toEqual({ level: 'log', text: 'line 999' });
    expect(result.console[1000]).toEqual({ level: 'warn', text: '… 99001 more lines not kept (a script run keeps 1000 console lines)' });
    const long = await engine.run(post(`console.log('y'.repeat(5000000));\nconsole.log('after');`, { maxConsoleLines: 5, maxConsoleLineChars: 100 }));
    expect(long.console).toEqual([
      { level: 'log', text: `${'y'.repeat(100)}… (4999900 more characters not kept)` },
      { level: 'log', text: 'after' },
    ]);
    expect(JSON.stringify(long).length).toBeLessThan(2_000);
  });

  it('the engine keeps working after stopped runs', async () => {
    const result = await engine.run(post(`pm.test('fine', () => pm.expect(pm.response.json()).to.eql({ a: 1 }));`));
    expect(result.tests).toEqual([{ name: 'fine', passed: true }]);
  });

  it('bad input is a programmer error', async () => {
    await expect(engine.run({ ...post(''), phase: 'later' as never })).rejects.toThrow(TypeError);
    await expect(engine.run({ ...post(''), response: undefined })).rejects.toThrow('a post-response script needs the response');
    await expect(engine.run(post('', { timeoutMs: -1 }))).rejects.toThrow(RangeError);
  });
});
