import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { v5 as uuidV5 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { createScriptEngine, type ScriptEngine } from './engine';
import { modulesNamedIn } from './sandboxLibraries/catalog';
import { nodeSandboxLibraries } from './sandboxLibraries/nodeLibraries';
import type { ScriptRunInput, ScriptRunResult } from './types';

/**
 * Each module Postman's sandbox offers, required by a script and used as Postman scripts use
 * it, in the engine as the page's worker has it (the Vite plugin's chunks) and, for the CLI,
 * with the texts built from node_modules.
 */
let engine: ScriptEngine;
beforeAll(async () => {
  engine = await createScriptEngine();
});

function post(code: string, body = '{"id":7,"name":"Ada","tags":["a","b"]}'): ScriptRunInput {
  return {
    phase: 'post-response',
    code,
    request: { method: 'GET', url: 'https://api.example.test/users/7', headers: [] },
    response: { code: 200, status: 'OK', headers: [{ name: 'Content-Type', value: 'application/json' }], body, responseTime: 12 },
    variables: { environment: {}, collection: {}, globals: {}, local: {}, iterationData: {} },
    info: { iteration: 0, iterationCount: 1, requestName: 'r', requestId: 'r' },
    timeoutMs: 20_000,
  };
}

/** Runs `code`; every console line is one value the test reads. */
async function lines(code: string, on: ScriptEngine = engine): Promise<string[]> {
  const result = await on.run(post(code));
  expect(result.errors).toEqual([]);
  return result.console.map((line) => line.text);
}

async function tests(code: string): Promise<ScriptRunResult['tests']> {
  const result = await engine.run(post(code));
  expect(result.errors).toEqual([]);
  return result.tests;
}

describe('Postman’s modules, required by scripts', () => {
  it('lodash: require and the legacy _ global', async () => {
    expect(await lines(`const lodash = require('lodash');
console.log(lodash.get({ a: { b: [1, 2] } }, 'a.b[1]'), JSON.stringify(lodash.chunk([1, 2, 3], 2)), _.VERSION === lodash.VERSION, _.sumBy([{ n: 1 }, { n: 2 }], 'n'));`)).toEqual(['2 [[1,2],[3]] true 3']);
  });

  it('crypto-js: HMAC, hashes and Base64 equal Node\'s; AES round-trips with random salt from the host', async () => {
    const hmac = createHmac('sha256', 'secret').update('message').digest('hex');
    const md5 = createHash('md5').update('abc').digest('hex');
    const base64Hmac = createHmac('sha256', 'key').update('data').digest('base64');
    expect(
      await lines(`const CryptoJS = require('crypto-js');
console.log(CryptoJS.HmacSHA256('message', 'secret').toString());
console.log(CryptoJS.MD5('abc').toString(CryptoJS.enc.Hex));
console.log(CryptoJS.enc.Base64.stringify(CryptoJS.HmacSHA256('data', 'key')));
const sealed = CryptoJS.AES.encrypt('plain text', 'pass phrase').toString();
console.log(CryptoJS.AES.decrypt(sealed, 'pass phrase').toString(CryptoJS.enc.Utf8), sealed !== CryptoJS.AES.encrypt('plain text', 'pass phrase').toString());
console.log(globalThis.CryptoJS.SHA1('x').toString().length);`),
    ).toEqual([hmac, md5, base64Hmac, 'plain text true', '40']);
  });

  it('ajv (6, as Postman ships): validates with formats and says why not; pm.response.to.have.jsonSchema uses it', async () => {
    expect(
      await lines(`const Ajv = require('ajv');
const ajv = new Ajv({ allErrors: true });
const schema = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' }, at: { type: 'string', format: 'date-time' } } };
console.log(ajv.validate(schema, pm.response.json()), ajv.validate(schema, { id: 'x', at: 'yesterday' }));
console.log(ajv.errorsText());`),
    ).toEqual(['true false', "data.id should be integer, data should have required property 'name', data.at should match format \"date-time\""]);
    expect(
      await tests(`pm.test('schema holds', () => pm.response.to.have.jsonSchema({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }));
pm.test('schema fails', () => pm.expect(pm.response).to.have.jsonSchema({ type: 'object', required: ['email'] }));
pm.test('plain data', () => pm.expect({ n: 1 }).to.have.jsonSchema({ properties: { n: { type: 'string' } } }));`),
    ).toEqual([
      { name: 'schema holds', passed: true },
      { name: 'schema fails', passed: false, error: "expected data to satisfy schema but found following errors: \ndata should have required property 'email'" },
      { name: 'plain data', passed: false, error: 'expected data to satisfy schema but found following errors: \ndata.n should be string' },
    ]);
  });

  it('tv4: require and the legacy global', async () => {
    expect(
      await lines(`const tv4lib = require('tv4');
const schema = { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] };
console.log(tv4lib.validate(pm.response.json(), schema), tv4.validate({ id: 'seven' }, schema), tv4.error.message);`),
    ).toEqual(['true false Invalid type: string (expected number)']);
  });

  it('moment: parses, formats and does date arithmetic', async () => {
    const [fixed, now, later] = await lines(`const moment = require('moment');
console.log(moment.utc('2024-02-28T23:30:00Z').add(1, 'day').format('YYYY-MM-DD HH:mm'));
console.log(moment().format());
console.log(moment('2024-01-31', 'YYYY-MM-DD').add(1, 'month').format('MMM D'));`);
    expect(fixed).toBe('2024-02-29 23:30');
    expect(now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(later).toBe('Feb 29');
  });

  it('uuid: v4 shape from the host’s randomness, callable as Postman’s, v5 as the real package', async () => {
    const [a, b, c, v5, valid] = await lines(`const uuid = require('uuid');
console.log(uuid.v4()); console.log(uuid.v4()); console.log(uuid());
console.log(uuid.v5('wirebench.test', uuid.v5.DNS)); console.log(uuid.validate(uuid.v4()));`);
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(a).toMatch(v4);
    expect(b).toMatch(v4);
    expect(c).toMatch(v4);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(v5).toBe(uuidV5('wirebench.test', uuidV5.DNS));
    expect(valid).toBe('true');
  });

  it('xml2js: parseString with a callback, the Builder, and the legacy xml2Json', async () => {
    expect(
      await lines(`const xml2js = require('xml2js');
xml2js.parseString('<order id="1"><item>pen</item><item>ink</item></order>', (err, result) => {
  console.log(err, result.order.$.id, result.order.item.join('+'));
});
console.log(new xml2js.Builder({ headless: true, renderOpts: { pretty: false } }).buildObject({ a: { b: 'c' } }));
console.log(JSON.stringify(xml2Json('<a><b> 1 </b></a>')));`),
    ).toEqual(['null 1 pen+ink', '<a><b>c</b></a>', '{"a":{"b":"1"}}']);
  });

  it('cheerio: load and query HTML; the legacy global too', async () => {
    expect(
      await lines(`const cheerio = require('cheerio');
const $ = cheerio.load('<ul><li class="x">one</li><li>two</li></ul><p>x</p>');
console.log($('p').text(), $('li').length, $('.x').text(), globalThis.cheerio.load('<b>y</b>')('b').text());`),
    ).toEqual(['x 2 one y']);
  });

  it('csv-parse: csv-parse/sync and Postman’s csv-parse/lib/sync', async () => {
    expect(
      await lines(`const { parse } = require('csv-parse/sync');
console.log(JSON.stringify(parse('a,b\\n1,"two, three"', { columns: true })));
console.log(JSON.stringify(require('csv-parse/lib/sync')('x;y\\n1;2', { delimiter: ';' })));`),
    ).toEqual(['[{"a":"1","b":"two, three"}]', '[["x","y"],["1","2"]]']);
  });

  it('postman-collection: Url, Request, Header and VariableScope', async () => {
    expect(
      await lines(`const sdk = require('postman-collection');
const url = new sdk.Url('https://api.example.test:8443/v1/users?page=2&sort=name#top');
console.log(url.getHost(), url.port, url.getPath(), url.query.get('page'), url.getQueryString());
const request = new sdk.Request({ url: 'https://x.test/a', method: 'POST', header: [{ key: 'X-A', value: '1' }] });
console.log(request.method, request.headers.get('x-a'), String(request.url));
console.log(new sdk.VariableScope({ values: [{ key: 'n', value: 'v' }] }).replaceIn('{{n}}!'), sdk.Header.parse('A: 1\\nB: 2').length);`),
    ).toEqual(['api.example.test 8443 /v1/users 2 page=2&sort=name', 'POST 1 https://x.test/a', 'v! 2']);
  });

  it('Node’s buffer (and the Buffer global), url, util, events, querystring, assert and path', async () => {
    expect(
      await lines(`console.log(Buffer.from('hi there').toString('base64'), require('buffer').Buffer.from('aGk=', 'base64').toString(), Buffer.byteLength('é'));
const url = require('url');
const parsed = url.parse('http://user:pw@api.example.test:8080/p/a?q=1&q=2#h', true);
console.log(parsed.hostname, parsed.port, parsed.pathname, JSON.stringify(parsed.query.q), url.resolve('http://a.test/b/c', '../d'));
const util = require('util');
console.log(util.format('%s=%d %j', 'a', 1, { b: 2 }), typeof util.promisify(setTimeout), util.inspect({ a: { b: 1 } }));
const EventEmitter = require('events');
const emitter = new EventEmitter();
emitter.once('ping', (n) => console.log('ping', n));
emitter.emit('ping', 1); emitter.emit('ping', 2);
const qs = require('querystring');
console.log(qs.stringify({ a: [1, 2], b: 'c d' }), JSON.stringify(qs.parse('x=1&y=%20z')));
const assert = require('assert');
assert.strictEqual(1, 1);
try { assert.deepStrictEqual({ a: 1 }, { a: 2 }); } catch (e) { console.log(e.name, e.code); }
const path = require('path');
console.log(path.join('/a', '../b', 'c.txt'), path.extname('x/y.json'), path.basename('/a/b.txt', '.txt'));`),
    ).toEqual([
      'aGkgdGhlcmU= hi 2',
      'api.example.test 8080 /p/a ["1","2"] http://a.test/d',
      'a=1 {"b":2} function { a: { b: 1 } }',
      'ping 1',
      'a=1&a=2&b=c%20d {"x":"1","y":" z"}',
      'AssertionError ERR_ASSERTION',
      '/b/c.txt .json b',
    ]);
  });

  it('assert inside pm.test fails the test with assert’s message', async () => {
    expect(await tests(`const assert = require('assert'); pm.test('equal', () => assert.strictEqual(pm.response.code, 201, 'created expected'));`)).toEqual([
      { name: 'equal', passed: false, error: 'created expected' },
    ]);
  });

  it('the rest Postman lists: stream, string_decoder, timers, punycode, atob and btoa', async () => {
    expect(
      await lines(`const { Readable } = require('stream');
const chunks = [];
const readable = new Readable({ read() {} });
readable.on('data', (c) => chunks.push(String(c))).on('end', () => console.log('stream', chunks.join('')));
readable.push('a'); readable.push('b'); readable.push(null);
const { StringDecoder } = require('string_decoder');
console.log(new StringDecoder('utf8').write(Buffer.from([0xe2, 0x82, 0xac])));
console.log(require('punycode').toASCII('bücher.example'), require('btoa')('ab'), require('atob')('YWI='));
await new Promise((resolve) => require('timers').setTimeout(resolve, 5));
console.log('timers');`),
    ).toEqual(['€', 'xn--bcher-kva.example YWI= ab', 'stream ab', 'timers']);
  });
});

describe('limits', () => {
  it('every module in one run fits the default memory and time limits', async () => {
    const result = await engine.run({ ...post(`const names = ${JSON.stringify(['ajv', 'atob', 'btoa', 'cheerio', 'crypto-js', 'csv-parse/lib/sync', 'csv-parse/sync', 'lodash', 'moment', 'postman-collection', 'tv4', 'uuid', 'xml2js', 'assert', 'buffer', 'events', 'path', 'punycode', 'querystring', 'stream', 'string_decoder', 'timers', 'url', 'util'])};
console.log(names.filter((name) => require(name) !== undefined).length);`), timeoutMs: undefined });
    expect(result.errors).toEqual([]);
    expect(result.console[0]?.text).toBe('24');
  });
});

describe('loading', () => {
  it('names a script mentions: string literals, the legacy globals and jsonSchema', () => {
    expect(modulesNamedIn(`const m = require("moment"); const x = _.get(a, 'b'); Buffer.from('x'); pm.response.to.have.jsonSchema(s); var my_ = 1; obj._ = 2;`).sort()).toEqual(['ajv', 'buffer', 'lodash', 'moment']);
    expect(modulesNamedIn(`const lodashy = 'lodashy'; foo.CryptoJS;`)).toEqual([]);
  });

  it('a module named only at run time is refused with the reason, other modules still work', async () => {
    const result = await engine.run(post(`const name = ['mom', 'ent'].join(''); try { require(name); } catch (e) { console.log(e.message); } console.log(require('path').sep);`));
    expect(result.errors).toEqual([]);
    expect(result.console.map((l) => l.text)).toEqual([
      "require('moment'): the module was not loaded for this run. Wirebench loads the modules a script names in quotes before it runs; write the name as a string, e.g. require('moment')",
      '/',
    ]);
  });

  it('a module whose text cannot be had says why, in the script that requires it', async () => {
    const broken = await createScriptEngine({ libraries: async (name) => { throw new Error(`no text for ${name} here`); } });
    const result = await broken.run(post(`try { require('lodash'); } catch (e) { console.log(e.message); }`));
    expect(result.console[0]?.text).toBe("require('lodash'): the module could not be loaded (no text for lodash here)");
  });

  it('the CLI’s loader (texts built from node_modules) gives the same modules', async () => {
    const cli = await createScriptEngine({ libraries: nodeSandboxLibraries });
    expect(await lines(`console.log(require('lodash').kebabCase('Hello World'), new (require('postman-collection').Url)('http://a.test/x').getPath(), require('moment').utc(0).year());`, cli)).toEqual(['hello-world /x 1970']);
  });
});

describe('the engine in a bundle made without Vite (as bin/bundle.mjs makes the CLI\'s)', () => {
  it('loads, and runs scripts that require modules through the Node loader', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const dir = path.join(root, 'node_modules/.cache/wirebench-test', `engine-bundle-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const outfile = path.join(dir, 'engine.mjs');
    try {
      await build({
        stdin: { contents: "export { createScriptEngine } from './src/scripting/engine.ts'; export { nodeSandboxLibraries } from './src/scripting/sandboxLibraries/nodeLibraries.ts';", resolveDir: root, loader: 'ts' },
        bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile, logLevel: 'silent',
        plugins: [{
          name: 'raw',
          setup(b) {
            b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: createRequire(path.join(args.resolveDir, 'x.js')).resolve(args.path.slice(0, -4)), namespace: 'raw' }));
            b.onLoad({ filter: /.*/, namespace: 'raw' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text' }));
          },
        }],
      });
      const bundled = (await import(pathToFileURL(outfile).href)) as { createScriptEngine: typeof createScriptEngine; nodeSandboxLibraries: typeof nodeSandboxLibraries };
      const cli = await bundled.createScriptEngine({ libraries: bundled.nodeSandboxLibraries });
      expect(await lines(`console.log(require('lodash').camelCase('a b'), typeof CryptoJS.SHA256);`, cli)).toEqual(['aB function']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
