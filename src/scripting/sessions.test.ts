import { beforeAll, describe, expect, it } from 'vitest';
import { createScriptEngine, type ScriptEngine, type ScriptSession } from './engine';
import type { ScriptRunInput, ScriptRunResult } from './types';

/**
 * Sessions (one context for the scripts of a run, as Postman's one sandbox per collection
 * run): modules evaluated once and kept, what Postman keeps between scripts kept, what it
 * gives each script anew given anew, limits still per script; and Sugar, loaded on first use.
 */
let engine: ScriptEngine;
beforeAll(async () => {
  engine = await createScriptEngine();
});

function post(code: string, requestName = 'r', timeoutMs = 20_000): ScriptRunInput {
  return {
    phase: 'post-response',
    code,
    request: { method: 'GET', url: 'https://api.example.test/users', headers: [] },
    response: { code: 200, status: 'OK', headers: [{ name: 'Content-Type', value: 'application/json' }], body: '{"scores":[1,2,3,6]}', responseTime: 5 },
    variables: { environment: {}, collection: {}, globals: {}, local: {}, iterationData: {} },
    info: { iteration: 0, iterationCount: 1, requestName, requestId: requestName },
    timeoutMs,
  };
}

async function lines(on: Pick<ScriptSession, 'run'>, code: string, requestName?: string): Promise<string[]> {
  const result = await on.run(post(code, requestName));
  expect(result.errors).toEqual([]);
  return result.console.map((line) => line.text);
}

const passed = (result: ScriptRunResult) => Object.fromEntries(result.tests.map((t) => [t.name, t.passed ? 'passed' : `failed: ${t.error}`]));

describe('a session: one context for the scripts of a run', () => {
  it('evaluates a module once and gives the same one to later scripts; another session has its own', async () => {
    const session = engine.openSession();
    try {
      expect(await lines(session, "const l = require('lodash'); console.log(String(l.marker)); l.marker = 'set by the first script';")).toEqual(['undefined']);
      expect(await lines(session, "console.log(require('lodash').marker, _.marker)")).toEqual(['set by the first script set by the first script']);
      const other = engine.openSession();
      expect(await lines(other, "console.log(String(require('lodash').marker))")).toEqual(['undefined']);
      other.close();
      // A run alone is a session of its own.
      expect(await lines(engine, "console.log(String(require('lodash').marker))")).toEqual(['undefined']);
    } finally {
      session.close();
    }
  });

  it('keeps what Postman keeps between scripts (undeclared globals, prototypes) and gives each script its own pm, var and this', async () => {
    const session = engine.openSession();
    try {
      await lines(session, "leaked = 42; var declared = 1; this.onThis = 3; Array.prototype.mine = function () { return 7; }; pm.mine = 1; keptPm = pm;", 'first');
      expect(await lines(session, "console.log(typeof leaked, typeof declared, typeof onThis, [].mine(), typeof pm.mine, pm.info.requestName, keptPm.info.requestName)", 'second')).toEqual([
        'number undefined undefined 7 undefined second first',
      ]);
      // A function of an ended run does not reach the host any more.
      expect(await lines(session, "await keptPm.sendRequest('https://api.example.test/').then(() => console.log('sent'), (e) => console.log(e.message))")).toEqual([
        expect.stringMatching(/script run that has ended/),
      ]);
    } finally {
      session.close();
    }
  });

  it('keeps the time and memory limits per script, and goes on after a stopped one', async () => {
    const session = engine.openSession();
    try {
      await lines(session, "require('moment'); kept = 'yes';");
      const looped = await session.run(post('while (true) {}', 'loop', 300));
      expect(looped.errors[0]?.kind).toBe('timeout');
      const big = await session.run({ ...post("var parts = []; for (;;) parts.push('x'.repeat(1 << 20));"), memoryBytes: 16 * 1024 * 1024 });
      expect(big.errors[0]?.kind).toBe('memory');
      // A stopped script ends its instance (and the session's context with it): the next script starts clean and can require again.
      expect(await lines(session, "console.log(typeof kept, require('moment').utc(0).format('YYYY'))")).toEqual(['undefined 1970']);
    } finally {
      session.close();
    }
  });

  it('a closed session starts again on its next run', async () => {
    const session = engine.openSession();
    await lines(session, 'leftOver = 1;');
    session.close();
    expect(await lines(session, 'console.log(typeof leftOver)')).toEqual(['undefined']);
    session.close();
  });
});

describe("Sugar, as Postman's sandbox loads it", () => {
  it('gives the built-in prototypes its methods (newman’s prototype-check), loaded once on first use', async () => {
    const session = engine.openSession();
    try {
      const result = await session.run(post(`
tests['none'] = ['a', 'b', 'c'].none('d');
tests['any'] = [[1, 2], [2, 3]].any([2, 3]);
tests['average of the response'] = pm.response.json().scores.average() === 3;
var count = 0; var once = (function () { count++; }).once(); once(); once();
tests['once'] = count === 1;
tests['hex'] = (56).hex() === '38';
tests['ordinalize'] = (56).ordinalize() === '56th';
tests['format'] = (56789.10).format() === '56,789.1';
tests['camelize'] = 'a-beta'.camelize() === 'ABeta';
tests['shift'] = 'abc'.shift(5) === 'fgh';
tests['spacify'] = 'a-b_cD'.spacify() === 'a b c d';
tests['has'] = 'Babbage'.has('bb');`));
      expect(result.errors).toEqual([]);
      expect(Object.values(passed(result))).toEqual(Array(11).fill('passed'));
      expect(await lines(session, 'console.log([4, 6].average(), typeof Object.getOwnPropertyDescriptor(Array.prototype, "average").value)')).toEqual(['5 function']);
    } finally {
      session.close();
    }
  });

  it('is not loaded by scripts that do not use it, nor by the modules', async () => {
    const session = engine.openSession();
    try {
      const probe = 'console.log(typeof Object.getOwnPropertyDescriptor(Array.prototype, "average").get)';
      const used = `
const lodash = require('lodash'); lodash.sum([1, 2]);
require('moment').utc(0).format();
CryptoJS.HmacSHA256('a', 'b').toString();
new (require('postman-collection').Url)('http://a.test/b?c=d').getQueryString();
require('cheerio').load('<p>x</p>')('p').text();
require('xml2js').parseString('<a>1</a>', function () {});
pm.test('schema', function () { pm.response.to.have.jsonSchema({ type: 'object' }); });
Buffer.from('x').toString('base64');
pm.expect([1, 2]).to.include(2);
${probe}`;
      expect(await lines(session, used)).toEqual(['function']);
      // A script that assigns a Sugar name does not load it either: it just sets the value.
      expect(await lines(session, `var a = [1]; a.first = 'mine'; console.log(a.first); ${probe}`)).toEqual(['mine', 'function']);
    } finally {
      session.close();
    }
  });
});
