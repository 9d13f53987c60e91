import { beforeAll, describe, expect, it } from 'vitest';
import { createScriptEngine, type ScriptEngine } from './engine';
import type { ScriptRunInput } from './types';

/** A script sees the language, the pm API and the values the caller passed: nothing else. */
let engine: ScriptEngine;
beforeAll(async () => {
  engine = await createScriptEngine();
});

function pre(code: string): ScriptRunInput {
  return {
    phase: 'pre-request',
    code,
    request: { method: 'GET', url: 'http://127.0.0.1/', headers: [] },
    variables: { environment: { visible: 'passed-in' }, collection: {}, globals: {}, local: {}, iterationData: {} },
    info: { iteration: 0, iterationCount: 1, requestName: 'r', requestId: 'r' },
  };
}

async function probe(expression: string): Promise<string | undefined> {
  const result = await engine.run(pre(`let v; try { v = typeof (${expression}); } catch (e) { v = e.name + ': ' + e.message; } console.log(v);`));
  expect(result.errors).toEqual([]);
  return result.console[0]?.text;
}

describe('isolation', () => {
  it.each([
    ['fetch', 'fetch'],
    ['XMLHttpRequest', 'XMLHttpRequest'],
    ['process', 'process'],
    ['globalThis.process', 'globalThis.process'],
    ['document', 'globalThis.document'],
    ['window', 'globalThis.window'],
    ['navigator', 'globalThis.navigator'],
    ['WebSocket', 'globalThis.WebSocket'],
    ['importScripts', 'globalThis.importScripts'],
    ['Deno / Bun', 'globalThis.Deno || globalThis.Bun'],
    ['the host bridge', 'globalThis.host'],
  ])('%s is not there', async (_label, expression) => {
    expect(await probe(expression)).toBe('undefined');
  });

  it('fetch and process are ReferenceErrors when used', async () => {
    const result = await engine.run(pre(`fetch('http://127.0.0.1/')`));
    expect(result.errors).toEqual([{ kind: 'runtime', message: "ReferenceError: 'fetch' is not defined", line: 1, column: 1 }]);
    const env = await engine.run(pre(`\nconst secret = process.env.HOME;`));
    expect(env.errors).toEqual([{ kind: 'runtime', message: "ReferenceError: 'process' is not defined", line: 2, column: 16 }]);
  });

  it("require('fs') and other Node modules fail with a clear error naming what is there; Postman's modules and chai work", async () => {
    const result = await engine.run(pre(`require('fs')`));
    expect(result.errors).toEqual([
      {
        kind: 'runtime',
        message:
          "Error: require('fs') is not available in Wirebench scripts (available: ajv, assert, atob, btoa, buffer, chai, cheerio, crypto-js, csv-parse/lib/sync, csv-parse/sync, events, lodash, moment, path, postman-collection, punycode, querystring, stream, string_decoder, timers, tv4, url, util, uuid, xml2js)",
        line: 1,
        column: 8,
      },
    ]);
    for (const name of ['child_process', 'http', 'net', 'os', 'vm', 'worker_threads', 'crypto', 'node:fs']) {
      expect(await probe(`require('${name}')`)).toMatch(new RegExp(`^Error: require\\('${name}'\\) is not available`));
    }
    expect(await probe(`require('lodash')`)).toBe('function');
    expect(await probe(`require('chai').expect`)).toBe('function');
  });

  it('a module a script requires is its own run\'s: what one run does to it, the next never sees', async () => {
    const first = await engine.run(pre(`const _ = require('lodash'); _.get = () => 'hacked'; _.leak = 1; require('moment').locale('fr'); Object.prototype.polluted = 1; console.log(typeof _.leak);`));
    expect(first.errors).toEqual([]);
    const next = await engine.run(pre(`const _ = require('lodash'); console.log(_.get({ a: 1 }, 'a'), typeof _.leak, require('moment').locale(), typeof ({}).polluted);`));
    expect(next.errors).toEqual([]);
    expect(next.console[0]?.text).toBe('1 undefined en undefined');
  });

  it('modules reach nothing of the host: no process, fs or network through Buffer, util, stream or postman-collection', async () => {
    const result = await engine.run(
      pre(`
const seen = [typeof globalThis.process, typeof require('util').inspect, typeof Buffer.from('a'), typeof require('buffer').Buffer];
const sdk = require('postman-collection');
const url = new sdk.Url('https://example.test/a?b=1');
seen.push(url.getHost(), typeof globalThis.fetch, typeof globalThis.XMLHttpRequest);
try { require('util').promisify(require('fs').readFile); } catch (e) { seen.push(e.message.slice(0, 20)); }
console.log(seen.join(' '));`),
    );
    expect(result.errors).toEqual([]);
    expect(result.console[0]?.text).toBe("undefined function object function example.test undefined undefined require('fs') is not");
  });

  it('dynamic import and the module loader are not there', async () => {
    const result = await engine.run(pre(`await import('fs')`));
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.kind).toBe('runtime');
  });

  it('a script sees only the variables passed in', async () => {
    const result = await engine.run(pre(`console.log(JSON.stringify(pm.variables.toObject()), JSON.stringify(Object.keys(globalThis).filter((k) => !['console'].includes(k))));`));
    expect(result.console[0]?.text).toBe('{"visible":"passed-in"} []');
  });

  it('nothing a script leaves behind reaches the next run', async () => {
    await engine.run(pre(`globalThis.leak = 'x'; Object.prototype.polluted = 1; Array.prototype.push = null; pm.environment.set('a', 1);`));
    const next = await engine.run(pre(`console.log(typeof globalThis.leak, typeof ({}).polluted, typeof [].push, String(pm.environment.get('a')));`));
    expect(next.console[0]?.text).toBe('undefined undefined function undefined');
  });

  it('the shared, frozen library (chai and the pm code) cannot carry anything to the next run', async () => {
    const tamper = await engine.run(
      pre(`
'use strict';
const attempts = {
  scopePrototype: () => { Object.getPrototypeOf(pm.environment).get = () => 'hacked'; },
  listPrototype: () => { Object.getPrototypeOf(pm.request.headers).get = () => 'hacked'; },
  libraryGlobal: () => { pm.expect.constructor('return this')().leak = 1; },
  libraryObjectPrototype: () => { pm.expect.constructor('return Object.prototype')().polluted = 1; },
  chaiConfig: () => { require('chai').config.truncateThreshold = 1; },
  chaiAssertion: () => { require('chai').Assertion.prototype.hacked = 1; },
  chaiUse: () => { require('chai').use(() => {}); },
};
for (const [name, attempt] of Object.entries(attempts)) {
  try { attempt(); console.log(name, 'changed'); } catch (e) { console.log(name, e.name); }
}`),
    );
    expect(tamper.errors).toEqual([]);
    expect(tamper.console.map((line) => line.text)).toEqual([
      'scopePrototype TypeError',
      'listPrototype TypeError',
      'libraryGlobal TypeError',
      'libraryObjectPrototype TypeError',
      'chaiConfig TypeError',
      'chaiAssertion TypeError',
      'chaiUse Error',
    ]);
    const next = await engine.run(
      pre(`console.log(pm.environment.get('visible'), typeof pm.expect.constructor('return this')().leak, typeof pm.expect.constructor('return ({})')().polluted, require('chai').config.truncateThreshold);
pm.test('chai still works', () => pm.expect({ a: [1, 2] }).to.eql({ a: [1, 2] }).and.not.have.property('hacked'));`),
    );
    expect(next.console[0]?.text).toBe('passed-in undefined undefined 40');
    expect(next.tests).toEqual([{ name: 'chai still works', passed: true }]);
  });

  it('setTimeout is bounded by the run: a callback past the time limit never runs', async () => {
    const result = await engine.run({ ...pre(`setTimeout(() => console.log('late'), 60000);`), timeoutMs: 100 });
    expect(result.console).toEqual([]);
    expect(result.errors).toEqual([
      { kind: 'timeout', message: 'The script did not finish within 100 ms and was stopped (it was still waiting for pm.sendRequest or setTimeout)' },
    ]);
  });
});
