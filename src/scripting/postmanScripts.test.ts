import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptEngine, type ScriptEngine } from './engine';
import type { ScriptRequest, ScriptResponse, ScriptRunInput } from './types';

/**
 * Scripts written the way real Postman collections write them, run through the engine. The
 * `pm.sendRequest` host here sends with fetch to a real server on loopback.
 */
let engine: ScriptEngine;
let server: http.Server;
let base: string;

beforeAll(async () => {
  engine = await createScriptEngine();
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/token') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ access_token: 'tok-123', token_type: 'Bearer', expires_in: 60 }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function sendWithFetch(request: ScriptRequest): Promise<ScriptResponse> {
  const started = Date.now();
  const res = await fetch(request.url, { method: request.method, headers: request.headers.map((h): [string, string] => [h.name, h.value]), body: request.body });
  const body = await res.text();
  return { code: res.status, status: res.statusText, headers: [...res.headers].map(([name, value]) => ({ name, value })), body, responseTime: Date.now() - started };
}

const usersBody = JSON.stringify({ users: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Charles Babbage' }], count: 2, token: 'eyJ.abc' });
function post(code: string, extra: Partial<ScriptRunInput> = {}): ScriptRunInput {
  return {
    phase: 'post-response',
    code,
    request: { method: 'GET', url: 'https://api.example.test/users?page=1', headers: [{ name: 'Accept', value: 'application/json' }] },
    response: {
      code: 200,
      status: 'OK',
      headers: [{ name: 'Content-Type', value: 'application/json; charset=utf-8' }, { name: 'X-Request-Id', value: 'r-1' }],
      body: usersBody,
      responseTime: 42,
    },
    variables: { environment: { clientId: 'demo' }, collection: { itemName: 'widget' }, globals: { g: 'G' }, local: {}, iterationData: { row: 'first' } },
    info: { iteration: 0, iterationCount: 3, requestName: 'List users', requestId: 'req-1' },
    sendRequest: sendWithFetch,
    ...extra,
  };
}

describe('typical post-response scripts', () => {
  it('status, JSON body and header checks pass and fail as Postman reports them', async () => {
    const result = await engine.run(post(`
pm.test('Status code is 200', function () { pm.response.to.have.status(200); });
pm.test('Status is OK', () => pm.response.to.have.status('OK'));
pm.test('is ok, success and json', () => { pm.response.to.be.ok; pm.response.to.be.success; pm.response.to.be.json; });
const body = pm.response.json();
pm.test('users is an array of 2', function () {
    pm.expect(body.users).to.be.an('array').that.has.lengthOf(2);
    pm.expect(body.users[0]).to.eql({ id: 1, name: 'Ada' });
    pm.expect(body.users[1].name).to.include('Babbage');
    pm.expect(body).to.have.property('count', 2);
});
pm.test('Content-Type is JSON', () => {
    pm.response.to.have.header('Content-Type');
    pm.expect(pm.response.headers.get('content-type')).to.include('application/json');
    pm.expect(pm.response.headers.has('X-Request-Id')).to.be.true;
});
pm.test('jsonBody', () => { pm.response.to.have.jsonBody('users[1].id', 2); pm.response.to.not.have.jsonBody('missing'); });
pm.test('fast enough', () => pm.expect(pm.response.responseTime).to.be.below(1000));
pm.test('wrong status', () => pm.response.to.have.status(201));
pm.test('wrong header value', () => pm.response.to.have.header('X-Request-Id', 'r-2'));
pm.test('wrong count', () => pm.expect(body.count).to.equal(3));
pm.test('throws a TypeError', () => body.missing.deep);
pm.test.skip('later', () => {});
`));
    expect(result.errors).toEqual([]);
    expect(result.tests).toEqual([
      { name: 'Status code is 200', passed: true },
      { name: 'Status is OK', passed: true },
      { name: 'is ok, success and json', passed: true },
      { name: 'users is an array of 2', passed: true },
      { name: 'Content-Type is JSON', passed: true },
      { name: 'jsonBody', passed: true },
      { name: 'fast enough', passed: true },
      { name: 'wrong status', passed: false, error: 'expected response to have status code 201 but got 200' },
      { name: 'wrong header value', passed: false, error: "expected 'X-Request-Id' response header to be 'r-2' but got 'r-1'" },
      { name: 'wrong count', passed: false, error: 'expected 2 to equal 3' },
      { name: 'throws a TypeError', passed: false, error: "TypeError: cannot read property 'deep' of undefined" },
      { name: 'later', passed: true, skipped: true },
    ]);
  });

  it('sets environment, collection and global variables from a response token, and unsets', async () => {
    const result = await engine.run(post(`
const token = pm.response.json().token;
pm.environment.set('accessToken', token);
pm.environment.set('count', pm.response.json().count);
pm.environment.unset('clientId');
pm.collectionVariables.set('lastUser', pm.response.json().users[1]);
pm.globals.set('seen', true);
pm.variables.set('local', 'L');
console.log(pm.variables.get('local'), pm.variables.get('itemName'), pm.variables.get('row'), pm.environment.has('clientId'));
console.log(pm.variables.replaceIn('{{itemName}}-{{g}}-{{accessToken}}-{{nope}}'));
`));
    expect(result.errors).toEqual([]);
    expect(result.variables.environment).toEqual({ set: { accessToken: 'eyJ.abc', count: 2 }, unset: ['clientId'] });
    expect(result.variables.collection).toEqual({ set: { lastUser: { id: 2, name: 'Charles Babbage' } }, unset: [] });
    expect(result.variables.globals).toEqual({ set: { seen: true }, unset: [] });
    expect(result.console).toEqual([
      { level: 'log', text: 'L widget first false' },
      { level: 'log', text: 'widget-G-eyJ.abc-{{nope}}' },
    ]);
  });

  it('legacy tests[], responseBody, responseCode and postman.* work', async () => {
    const result = await engine.run(post(`
tests["Status code is 200"] = responseCode.code === 200;
var data = JSON.parse(responseBody);
tests["two users"] = data.users.length === 2;
tests["Charles Babbage is a user"] = responseBody.has("Babbage");
tests["fast"] = responseTime < 10;
tests["header"] = responseHeaders['Content-Type'].indexOf('json') > 0 && postman.getResponseHeader('x-request-id') === 'r-1';
postman.setEnvironmentVariable('legacy', 'yes');
postman.setGlobalVariable('legacyGlobal', 1);
postman.clearEnvironmentVariable('clientId');
tests["read back"] = postman.getEnvironmentVariable('legacy') === 'yes' && environment.legacy === 'yes' && environment.clientId === undefined && data !== undefined;
`));
    expect(result.errors).toEqual([]);
    expect(result.tests.map((t) => [t.name, t.passed])).toEqual([
      ['Status code is 200', true],
      ['two users', true],
      ['Charles Babbage is a user', true],
      ['fast', false],
      ['header', true],
      ['read back', true],
    ]);
    expect(result.variables.environment).toEqual({ set: { legacy: 'yes' }, unset: ['clientId'] });
    // postman.set…Variable stores the value's text, as Postman's does (pm.*.set keeps the type).
    expect(result.variables.globals.set).toEqual({ legacyGlobal: '1' });
  });

  it('setNextRequest: a name, null, or not set', async () => {
    expect((await engine.run(post(`postman.setNextRequest('Create an order');`))).nextRequest).toBe('Create an order');
    expect((await engine.run(post(`pm.execution.setNextRequest(null);`))).nextRequest).toBeNull();
    expect('nextRequest' in (await engine.run(post(`pm.test('x', () => {});`)))).toBe(false);
  });

  it('pm.info, pm.iterationData and require("chai")', async () => {
    const result = await engine.run(post(`
const chai = require('chai');
pm.test('info', () => {
  chai.expect(pm.info).to.include({ eventName: 'test', iteration: 0, iterationCount: 3, requestName: 'List users', requestId: 'req-1' });
  pm.expect(pm.iterationData.get('row')).to.eql('first');
  pm.expect(pm.iterationData.toObject()).to.eql({ row: 'first' });
  pm.expect(pm.request.url.toString()).to.eql('https://api.example.test/users?page=1');
  pm.expect(pm.request.url.getHost()).to.eql('api.example.test');
  pm.expect(pm.request.headers.get('accept')).to.eql('application/json');
});
pm.test("iterationData set is the script's own", () => { pm.iterationData.set('row', 'x'); pm.expect(pm.iterationData.get('row')).to.eql('x'); });
`));
    expect(result.errors).toEqual([]);
    expect(result.tests).toEqual([
      { name: 'info', passed: true },
      { name: "iterationData set is the script's own", passed: true },
    ]);
  });

  it('async tests: a returned promise and a done callback are awaited', async () => {
    const result = await engine.run(post(`
pm.test('async passes', async () => { await null; pm.expect(1).to.equal(1); });
pm.test('async fails', async () => { await null; pm.expect(1).to.equal(2); });
pm.test('done later', (done) => { setTimeout(() => { pm.expect(true).to.be.true; done(); }, 5); });
pm.test('done never', (done) => {});
`));
    expect(result.tests).toEqual([
      { name: 'async passes', passed: true },
      { name: 'async fails', passed: false, error: 'expected 1 to equal 2' },
      { name: 'done later', passed: true },
      { name: 'done never', passed: false, error: 'the test did not finish (its promise or done callback never settled)' },
    ]);
  });
  it('pm.expect(response) knows status, header, jsonBody and body, as Postman\'s chai does', async () => {
    const result = await engine.run(
      post(`
pm.test('status', () => pm.expect(pm.response).to.have.status(200));
pm.test('not status', () => pm.expect(pm.response).to.not.have.status(404));
pm.test('header', () => pm.expect(pm.response).to.have.header('X-Request-Id', 'r-1'));
pm.test('jsonBody', () => pm.expect(pm.response).to.have.jsonBody('count', 2));
pm.test('fails', () => pm.expect(pm.response).to.have.status(500));
pm.test('not a response', () => pm.expect({}).to.have.status(200));`),
    );
    expect(result.errors).toEqual([]);
    expect(result.tests).toEqual([
      { name: 'status', passed: true },
      { name: 'not status', passed: true },
      { name: 'header', passed: true },
      { name: 'jsonBody', passed: true },
      { name: 'fails', passed: false, error: 'expected response to have status code 500 but got 200' },
      { name: 'not a response', passed: false, error: 'expecting a postman response object but got {}' },
    ]);
  });

  it('btoa/atob, response cookies and the visualizer stub, as auth and report scripts use them', async () => {
    const result = await engine.run(
      post(
        `
const basic = 'Basic ' + btoa('ada:lovelace');
console.log(basic, atob('YWRhOmxvdmVsYWNl'), btoa('ab'), atob('YWI'));
pm.test('session cookie set', () => {
  pm.expect(pm.cookies.has('session')).to.be.true;
  pm.expect(pm.cookies.get('session')).to.eql('s-42');
  pm.expect(pm.response.cookies.toObject()).to.eql({ session: 's-42', theme: 'dark' });
});
pm.visualizer.set('<b>{{count}}</b>', { count: 2 });
try { btoa('☃'); } catch (e) { console.log(e.message); }`,
        {
          response: {
            code: 200,
            status: 'OK',
            headers: [
              { name: 'Set-Cookie', value: 'session=s-42; Path=/; HttpOnly' },
              { name: 'set-cookie', value: 'theme=dark' },
            ],
            body: '',
            responseTime: 1,
          },
        },
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.console.map((line) => line.text)).toEqual(['Basic YWRhOmxvdmVsYWNl ada:lovelace YWI= ab', 'btoa: the text has a character outside Latin-1']);
    expect(result.tests).toEqual([{ name: 'session cookie set', passed: true }]);
  });
});

describe('pm.sendRequest through the host', () => {
  it('callback form: fetches a token and stores it', async () => {
    const result = await engine.run(post(`
pm.sendRequest({ url: '${'BASE'}/token', method: 'POST', header: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: { mode: 'urlencoded', urlencoded: [{ key: 'grant_type', value: 'client_credentials' }] } }, function (err, res) {
    pm.test('token endpoint answered', function () {
        pm.expect(err).to.be.null;
        pm.expect(res.code).to.eql(200);
        pm.expect(res.headers.get('Cache-Control')).to.include('no-store');
        res.to.have.status(200);
    });
    pm.environment.set('accessToken', res.json().access_token);
});
`.replace('BASE', base)));
    expect(result.errors).toEqual([]);
    expect(result.tests).toEqual([{ name: 'token endpoint answered', passed: true }]);
    expect(result.variables.environment.set).toEqual({ accessToken: 'tok-123' });
  });

  it('await form: the request the server saw is the one the script described', async () => {
    const result = await engine.run(post(`
const res = await pm.sendRequest({ url: '${base}/echo?x=1', method: 'PUT', header: [{ key: 'X-Trace', value: 't1' }], body: { mode: 'raw', raw: JSON.stringify({ a: 1 }) } });
const seen = res.json();
pm.test('echoed', () => {
  pm.expect(seen.method).to.eql('PUT');
  pm.expect(seen.url).to.eql('/echo?x=1');
  pm.expect(seen.headers['x-trace']).to.eql('t1');
  pm.expect(JSON.parse(seen.body)).to.eql({ a: 1 });
});
const plain = await pm.sendRequest('${base}/plain');
pm.test('a URL string is a GET', () => pm.expect(plain.json().method).to.eql('GET'));
`));
    expect(result.errors).toEqual([]);
    expect(result.tests.map((t) => t.passed)).toEqual([true, true]);
  });

  it('a failed send reaches the callback as err, and the promise form rejects', async () => {
    const result = await engine.run(post(`
pm.sendRequest('http://127.0.0.1:1/refused', (err, res) => {
  pm.test('callback got the error', () => { pm.expect(err).to.be.an('error'); pm.expect(res).to.be.undefined; });
});
try { await pm.sendRequest('http://127.0.0.1:1/refused'); } catch (e) { console.log('rejected', typeof e.message); }
`));
    expect(result.errors).toEqual([]);
    expect(result.tests).toEqual([{ name: 'callback got the error', passed: true }]);
    expect(result.console).toEqual([{ level: 'log', text: 'rejected string' }]);
  });

  it('without a host sender the script is told so', async () => {
    const result = await engine.run(post(`pm.sendRequest('${base}/x', (err) => console.log(err.message));`, { sendRequest: undefined }));
    expect(result.console[0]?.text).toMatch(/pm\.sendRequest is not available here/);
  });
});

describe('pre-request scripts change the request', () => {
  it('headers, URL, method and body', async () => {
    const result = await engine.run({
      ...post(''),
      phase: 'pre-request',
      response: undefined,
      code: `
const n = Number(pm.collectionVariables.get('n') || 0) + 1;
pm.collectionVariables.set('n', n);
pm.request.headers.upsert({ key: 'X-Request-Number', value: String(n) });
pm.request.headers.add({ key: 'Authorization', value: 'Bearer ' + pm.environment.get('clientId') });
pm.request.headers.remove('Accept');
pm.request.url.query.upsert({ key: 'page', value: '2' });
pm.request.url.addQueryParams([{ key: 'sort', value: 'name' }]);
pm.request.method = 'post';
pm.request.body = { mode: 'raw', raw: JSON.stringify({ item: pm.variables.get('itemName') }) };
console.log(pm.info.eventName, typeof pm.response);
`,
    });
    expect(result.errors).toEqual([]);
    expect(result.request).toEqual({
      method: 'POST',
      url: 'https://api.example.test/users?page=2&sort=name',
      headers: [{ name: 'X-Request-Number', value: '1' }, { name: 'Authorization', value: 'Bearer demo' }],
      body: '{"item":"widget"}',
    });
    expect(result.console).toEqual([{ level: 'log', text: 'prerequest undefined' }]);
  });

  it('a URL assigned as a string, and skipRequest', async () => {
    const result = await engine.run({ ...post(''), phase: 'pre-request', response: undefined, code: `pm.request.url = 'http://{{host}}:8080/a/b/'; pm.execution.skipRequest();` });
    expect(result.request?.url).toBe('http://{{host}}:8080/a/b/');
    expect(result.skipRequest).toBe(true);
  });
});
