import { beforeAll, describe, expect, it } from 'vitest';
import { createScriptEngine, type ScriptEngine } from './engine';
import type { ScriptCookie, ScriptRequest, ScriptResponse, ScriptRunInput, ScriptRunResult } from './types';

/**
 * The pm API object by object, against what Postman's sandbox reference documents (and, for
 * messages, what Postman's sandbox says): variables and their precedence, request, response
 * and its assertions, cookies and the jar, sendRequest, execution, info, visualizer, tests,
 * timers and the legacy globals.
 */
let engine: ScriptEngine;
beforeAll(async () => {
  engine = await createScriptEngine();
});

const jsonResponse: ScriptResponse = {
  code: 200,
  status: 'OK',
  headers: [
    { name: 'Content-Type', value: 'application/json; charset=utf-8' },
    { name: 'Set-Cookie', value: 'sid=s-1; Path=/; HttpOnly; Secure; Max-Age=60' },
    { name: 'X-Trace', value: 't-1' },
  ],
  body: '{"id":7,"name":"Ada","items":[{"n":1},{"n":2}]}',
  responseTime: 42,
};

function run(code: string, extra: Partial<ScriptRunInput> = {}): ScriptRunInput {
  return {
    phase: 'post-response',
    code,
    request: { method: 'GET', url: 'https://api.example.test/users/7?expand=1', headers: [{ name: 'Accept', value: 'application/json' }] },
    response: jsonResponse,
    variables: {
      environment: { shared: 'env', envOnly: 'e', n: 5 },
      collection: { shared: 'collection', colOnly: 'c' },
      globals: { shared: 'global', globalOnly: 'g' },
      local: {},
      iterationData: { shared: 'data', dataOnly: 'd' },
    },
    info: { iteration: 1, iterationCount: 3, requestName: 'Get user', requestId: 'req-7', environmentName: 'Staging', location: ['Users API', 'Users', 'Get user'], currentLocation: 'Users' },
    ...extra,
  };
}
function pre(code: string, request: ScriptRequest, extra: Partial<ScriptRunInput> = {}): ScriptRunInput {
  const { response: _omitted, ...rest } = run(code, { request, ...extra });
  return { ...rest, phase: 'pre-request' };
}

async function ok(input: ScriptRunInput): Promise<ScriptRunResult> {
  const result = await engine.run(input);
  expect(result.errors).toEqual([]);
  return result;
}
const logged = (result: ScriptRunResult) => result.console.map((line) => line.text);
const outcomes = (result: ScriptRunResult) => result.tests.map((t) => (t.passed ? `✓ ${t.name}` : `✗ ${t.name}: ${t.error}`));

describe('variables', () => {
  it('pm.variables resolves local > data > environment > collection > globals', async () => {
    const result = await ok(
      run(`console.log(pm.variables.get('shared'), pm.variables.get('envOnly'), pm.variables.get('colOnly'), pm.variables.get('globalOnly'), pm.variables.get('dataOnly'));
pm.variables.set('shared', 'local');
console.log(pm.variables.get('shared'), pm.variables.has('colOnly'), pm.variables.has('nope'));
console.log(pm.variables.replaceIn('{{shared}}/{{colOnly}}/{{missing}}'), JSON.stringify(pm.variables.replaceIn({ a: ['{{envOnly}}'], b: { c: '{{n}}' } })));
console.log(JSON.stringify(pm.variables.toObject()));`),
    );
    expect(logged(result)).toEqual([
      'data e c g d',
      'local true false',
      'local/c/{{missing}} {"a":["e"],"b":{"c":"5"}}',
      '{"shared":"local","globalOnly":"g","colOnly":"c","envOnly":"e","n":5,"dataOnly":"d"}',
    ]);
    expect(result.variables.local).toEqual({ set: { shared: 'local' }, unset: [] });
  });

  it('environment, collectionVariables and globals: get, set (typed), has, unset, clear, toObject, toJSON, name', async () => {
    const result = await ok(
      run(`pm.environment.set('count', 3); pm.environment.set('obj', { a: [1] }); pm.environment.unset('envOnly');
console.log(pm.environment.name, typeof pm.environment.get('count'), pm.environment.get('obj').a[0], pm.environment.has('envOnly'), pm.environment.get('n') + 1);
console.log(JSON.stringify(pm.environment.toJSON()));
pm.collectionVariables.set('c2', true); pm.collectionVariables.clear();
console.log(JSON.stringify(pm.collectionVariables.toObject()));
pm.globals.set('g2', 'x'); console.log(pm.globals.get('g2'), pm.globals.replaceIn('{{globalOnly}}{{g2}}'));`),
    );
    expect(logged(result)).toEqual([
      'Staging number 1 false 6',
      '{"name":"Staging","values":[{"key":"shared","value":"env","type":"string"},{"key":"n","value":5,"type":"number"},{"key":"count","value":3,"type":"number"},{"key":"obj","value":{"a":[1]},"type":"any"}]}',
      '{}',
      'x gx',
    ]);
    expect(result.variables.environment).toEqual({ set: { count: 3, obj: { a: [1] } }, unset: ['envOnly'] });
    expect(result.variables.collection).toEqual({ set: {}, unset: ['shared', 'colOnly', 'c2'] });
    expect(result.variables.globals).toEqual({ set: { g2: 'x' }, unset: [] });
  });

  it('iterationData: get, has, toObject; a set is the script\'s own and is not reported', async () => {
    const result = await ok(run(`pm.iterationData.set('dataOnly', 'changed'); console.log(pm.iterationData.get('dataOnly'), pm.iterationData.has('shared'), JSON.stringify(pm.iterationData.toObject()));`));
    expect(logged(result)).toEqual(['changed true {"shared":"data","dataOnly":"changed"}']);
  });
});

describe('pm.request', () => {
  it('url, method, headers and their methods', async () => {
    const result = await ok(
      pre(
        `const u = pm.request.url;
console.log(u.protocol, u.getHost(), u.port, u.getPath(), u.getQueryString(), u.query.get('page'), u.toString());
console.log(pm.request.method, pm.request.headers.get('accept'), pm.request.headers.has('X-A', '1'), JSON.stringify(pm.request.getHeaders({ ignoreCase: true })));
pm.request.addHeader({ key: 'X-B', value: '2' }); pm.request.upsertHeader({ key: 'x-a', value: '9' }); pm.request.removeHeader('Accept');
pm.request.url.query.add({ key: 'q', value: 'v' }); pm.request.removeQueryParams('page');
console.log(pm.request.id, pm.request.name, JSON.stringify(pm.request.toJSON().url.host));`,
        { method: 'PUT', url: 'https://api.example.test:8443/v1/items?page=2', headers: [{ name: 'Accept', value: 'text/plain' }, { name: 'X-A', value: '1' }] },
      ),
    );
    expect(logged(result)).toEqual([
      'https api.example.test 8443 /v1/items page=2 2 https://api.example.test:8443/v1/items?page=2',
      'PUT text/plain true {"accept":"text/plain","x-a":"1"}',
      'req-7 Get user ["api","example","test"]',
    ]);
    // upsert finds the header whatever its case and takes the new item's key, as Postman's HeaderList does.
    expect(result.request).toEqual({ method: 'PUT', url: 'https://api.example.test:8443/v1/items?q=v', headers: [{ name: 'x-a', value: '9' }, { name: 'X-B', value: '2' }] });
  });

  it('body: raw JSON with its language, changed in place', async () => {
    const result = await ok(
      pre(
        `console.log(pm.request.body.mode, pm.request.body.options.raw.language, JSON.parse(pm.request.body.raw).a, pm.request.body.toString());
const body = JSON.parse(pm.request.body.raw); body.b = 2; pm.request.body.raw = JSON.stringify(body);`,
        { method: 'POST', url: 'http://x.test/', headers: [{ name: 'Content-Type', value: 'application/json' }], body: '{"a":1}' },
      ),
    );
    expect(logged(result)).toEqual(['raw json 1 {"a":1}']);
    expect(result.request?.body).toBe('{"a":1,"b":2}');
  });

  it('body: urlencoded read from the text, changed by the script, sent as a form with its detail', async () => {
    const result = await ok(
      pre(
        `const form = pm.request.body.urlencoded;
console.log(pm.request.body.mode, form.get('name'), form.get('note'), form.count());
form.upsert({ key: 'name', value: 'Grace Hopper' }); form.add({ key: 'lang', value: 'COBOL' });`,
        { method: 'POST', url: 'http://x.test/', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], body: 'name=Ada&note=a+b%26c' },
      ),
    );
    expect(logged(result)).toEqual(['urlencoded Ada a b&c 2']);
    expect(result.request?.body).toBe('name=Grace%20Hopper&note=a%20b%26c&lang=COBOL');
    expect(result.request?.bodyDetail).toEqual({
      mode: 'urlencoded',
      urlencoded: [
        { key: 'name', value: 'Grace Hopper' },
        { key: 'note', value: 'a b&c' },
        { key: 'lang', value: 'COBOL' },
      ],
    });
  });

  it('body: an unchanged body is given back as the host\'s text', async () => {
    const result = await ok(pre(`pm.request.body.urlencoded.get('a');`, { method: 'POST', url: 'http://x.test/', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], body: 'a=b+c' }));
    expect(result.request?.body).toBe('a=b+c');
  });

  it('body: formdata from the host\'s detail (fields and files), changed by the script', async () => {
    const result = await ok(
      pre(
        `const fields = pm.request.body.formdata;
console.log(pm.request.body.mode, fields.get('title'), fields.one('upload').type, fields.one('upload').src);
fields.add({ key: 'extra', value: 'yes', type: 'text' });`,
        {
          method: 'POST',
          url: 'http://x.test/',
          headers: [],
          bodyDetail: { mode: 'formdata', formdata: [{ key: 'title', value: 'Report', type: 'text' }, { key: 'upload', type: 'file', src: 'files/report.pdf' }] },
        },
      ),
    );
    expect(logged(result)).toEqual(['formdata Report file files/report.pdf']);
    expect(result.request?.body).toBeUndefined();
    expect(result.request?.bodyDetail).toEqual({
      mode: 'formdata',
      formdata: [
        { key: 'title', value: 'Report', type: 'text' },
        { key: 'upload', value: '', type: 'file', src: 'files/report.pdf' },
        { key: 'extra', value: 'yes', type: 'text' },
      ],
    });
  });

  it('body replaced whole, by object or update(), and a GraphQL body', async () => {
    const result = await ok(
      pre(`pm.request.body.update({ mode: 'graphql', graphql: { query: '{ me { id } }', variables: '{"a":1}' } });
console.log(pm.request.body.mode, pm.request.body.isEmpty());`, { method: 'POST', url: 'http://x.test/', headers: [], body: 'old' }),
    );
    expect(logged(result)).toEqual(['graphql false']);
    expect(result.request?.body).toBe('{"query":"{ me { id } }","variables":{"a":1}}');
  });

  it('pm.request.to.have.header (Postman\'s request assertions)', async () => {
    const result = await ok(run(`pm.test('has', () => pm.request.to.have.header('Accept', 'application/json')); pm.test('is a request', () => pm.expect(pm.request).to.be.postmanRequest); pm.test('missing', () => pm.request.to.have.header('X-Nope'));`));
    expect(outcomes(result)).toEqual(['✓ has', '✓ is a request', "✗ missing: expected request to have header with key 'X-Nope'"]);
  });
});

describe('pm.response', () => {
  it('properties and methods', async () => {
    const result = await ok(
      run(`const r = pm.response;
console.log(r.code, r.status, r.reason(), r.responseTime, r.responseSize, r.headers.get('x-trace'), r.text().length, r.json().items[1].n);
console.log(JSON.stringify(r.details()), JSON.stringify(r.contentInfo()));
const size = r.size(); console.log(size.body, size.total === size.body + size.header, size.header > 0);
console.log(r.dataURI().slice(0, 40), r.stream.toString('utf8') === r.text(), JSON.stringify(r.toJSON().header.map((h) => h.key)));
console.log(r.cookies.get('sid'), r.cookies.one('sid').httpOnly, r.cookies.one('sid').maxAge);`),
    );
    expect(logged(result)).toEqual([
      '200 OK OK 42 47 t-1 47 2',
      '{"code":200,"name":"OK","detail":"OK"} {"contentType":"application/json; charset=utf-8","mimeType":"application","mimeFormat":"json","charset":"utf-8","fileExtension":"json","fileName":"response.json"}',
      '47 true true',
      'data:application/json;base64,eyJpZCI6Nyw true ["Content-Type","Set-Cookie","X-Trace"]',
      's-1 true 60',
    ]);
  });

  it('an answer without a reason phrase (HTTP/2) has the standard one from reason(), so to.be.ok holds', async () => {
    const result = await ok(run(`console.log(JSON.stringify(pm.response.status), pm.response.reason(), responseCode.name); pm.test('ok', () => pm.response.to.be.ok);`, { response: { ...jsonResponse, status: '' } }));
    expect(logged(result)).toEqual(['"" OK OK']);
    expect(outcomes(result)).toEqual(['✓ ok']);
  });

  it('json() of a body that is not JSON is a JSONError, as in Postman', async () => {
    const result = await ok(
      run(`try { pm.response.json(); } catch (e) { console.log(e.name); }`, { response: { ...jsonResponse, body: 'not json' } }),
    );
    expect(logged(result)).toEqual(['JSONError']);
    const empty = await ok(run(`pm.test('json', () => pm.response.to.be.json);`, { response: { ...jsonResponse, body: '' } }));
    expect(outcomes(empty)).toEqual(['✗ json: expected response body to be a valid json but got error No data, empty input at 1:1']);
  });

  it.each([
    [200, 'OK', ['ok', 'success'], ['error', 'clientError', 'serverError', 'info', 'redirection', 'accepted', 'notFound']],
    [202, 'Accepted', ['accepted', 'success'], ['ok', 'error']],
    [204, 'No Content', ['withoutContent', 'success'], ['ok']],
    [101, 'Switching Protocols', ['info'], ['success']],
    [302, 'Found', ['redirection'], ['success', 'error']],
    [400, 'Bad Request', ['badRequest', 'clientError', 'error'], ['success', 'serverError']],
    [401, 'Unauthorized', ['unauthorized', 'clientError'], ['unauthorised']],
    [403, 'Forbidden', ['forbidden', 'clientError', 'error'], []],
    [404, 'Not Found', ['notFound', 'clientError', 'error'], ['ok']],
    [429, 'Too Many Requests', ['rateLimited', 'clientError'], []],
    [503, 'Service Unavailable', ['serverError', 'error'], ['clientError']],
  ])('pm.response.to.be.* for %i %s', async (code, status, pass, fail) => {
    const names = [...pass, ...fail];
    const result = await ok(run(names.map((name) => `pm.test('${name}', () => pm.response.to.be.${name});`).join('\n'), { response: { ...jsonResponse, code, status } }));
    expect(result.tests.map((t) => [t.name, t.passed])).toEqual(names.map((name) => [name, pass.includes(name)]));
    const negated = await ok(run(pass.map((name) => `pm.test('${name}', () => pm.response.to.not.be.${name});`).join('\n'), { response: { ...jsonResponse, code, status } }));
    expect(negated.tests.every((t) => !t.passed)).toBe(true);
  });

  it('messages of the status assertions are Postman\'s', async () => {
    const result = await ok(
      run(`pm.test('ok', () => pm.response.to.be.ok);
pm.test('notFound', () => pm.response.to.be.notFound);
pm.test('success', () => pm.response.to.be.success);
pm.test('error', () => pm.response.to.be.error);
pm.test('status', () => pm.response.to.have.status(200));
pm.test('reason', () => pm.response.to.have.status('OK'));
pm.test('not error', () => pm.response.to.not.be.error);`, { response: { ...jsonResponse, code: 404, status: 'Not Found' } }),
    );
    expect(outcomes(result)).toEqual([
      "✗ ok: expected response to have status reason 'OK' but got 'NOT FOUND'",
      '✓ notFound',
      '✗ success: expected response code to be 2XX but found 404',
      '✓ error',
      '✗ status: expected response to have status code 200 but got 404',
      "✗ reason: expected response to have status reason 'OK' but got 'Not Found'",
      '✗ not error: expected response code to not be 4XX or 5XX',
    ]);
  });

  it('withBody, json, header, body, jsonBody, responseTime, responseSize, statusCode, statusReason, statusCodeClass', async () => {
    const result = await ok(
      run(`pm.test('withBody', () => pm.response.to.be.withBody);
pm.test('json', () => pm.response.to.be.json);
pm.test('header', () => pm.response.to.have.header('x-trace', 't-1'));
pm.test('header value wrong', () => pm.response.to.have.header('X-Trace', 'nope'));
pm.test('body regexp', () => pm.response.to.have.body(/"Ada"/));
pm.test('body object', () => pm.response.to.have.body({ id: 7, name: 'Ada', items: [{ n: 1 }, { n: 2 }] }));
pm.test('jsonBody path', () => pm.response.to.have.jsonBody('items[1].n', 2));
pm.test('jsonBody missing', () => pm.response.to.have.jsonBody('email'));
pm.test('not jsonBody', () => pm.response.to.not.have.jsonBody('email'));
pm.test('responseTime below', () => pm.response.to.have.responseTime.below(100));
pm.test('responseTime equal', () => pm.expect(pm.response).to.have.responseTime(42));
pm.test('responseSize', () => pm.response.to.have.responseSize.above(47));
pm.test('statusCode', () => pm.response.to.have.statusCode(200));
pm.test('statusReason', () => pm.response.to.have.statusReason('OK'));
pm.test('statusCodeClass', () => pm.response.to.have.statusCodeClass(2));
pm.test('chai on the response', () => pm.response.to.have.property('code', 200));`),
    );
    expect(outcomes(result)).toEqual([
      '✓ withBody',
      '✓ json',
      '✓ header',
      "✗ header value wrong: expected 'X-Trace' response header to be 'nope' but got 't-1'",
      '✓ body regexp',
      '✓ body object',
      '✓ jsonBody path',
      "✗ jsonBody missing: expected { id: 7, name: 'Ada', …(1) } in response to contain property 'email'",
      '✓ not jsonBody',
      '✓ responseTime below',
      '✓ responseTime equal',
      '✓ responseSize',
      '✓ statusCode',
      '✓ statusReason',
      '✓ statusCodeClass',
      '✓ chai on the response',
    ]);
  });
});

describe('pm.cookies', () => {
  it('lists the response\'s cookies by name, or the jar\'s cookies for the URL when the host gives them', async () => {
    const fromResponse = await ok(run(`console.log(pm.cookies.has('sid'), pm.cookies.get('sid'), JSON.stringify(pm.cookies.toObject()), pm.cookies.count());`));
    expect(logged(fromResponse)).toEqual(['true s-1 {"sid":"s-1"} 1']);
    const cookies: ScriptCookie[] = [
      { name: 'sid', value: 's-2', domain: 'api.example.test', path: '/', httpOnly: true },
      { name: 'theme', value: 'dark' },
    ];
    const fromJar = await ok(run(`console.log(pm.cookies.get('sid'), pm.cookies.get('theme'), pm.cookies.one('sid').domain, pm.cookies.all().length);`, { cookies }));
    expect(logged(fromJar)).toEqual(['s-2 dark api.example.test 2']);
  });

  it('pm.cookies.jar(): set, get, getAll, unset and clear call back as Postman\'s do', async () => {
    const store = new Map<string, ScriptCookie>();
    const calls: string[] = [];
    const result = await ok(
      run(
        `const jar = pm.cookies.jar();
await new Promise((resolve) => jar.set('https://api.example.test/', 'a', '1', (err, cookie) => { console.log('set', err, JSON.stringify(cookie)); resolve(); }));
await new Promise((resolve) => jar.set('https://api.example.test/', { name: 'b', value: '2', httpOnly: true }, () => resolve()));
await new Promise((resolve) => jar.get('https://api.example.test/', 'b', (err, value) => { console.log('get', err, value); resolve(); }));
await new Promise((resolve) => jar.getAll('https://api.example.test/', (err, all) => { console.log('all', all.map((c) => c.name + '=' + c.value + (c.httpOnly ? ' httpOnly' : '')).join(', ')); resolve(); }));
await new Promise((resolve) => jar.unset('https://api.example.test/', 'a', (err) => { console.log('unset', err); resolve(); }));
await new Promise((resolve) => jar.clear('https://api.example.test/', (err) => { console.log('clear', err); resolve(); }));
jar.get('', 'a', (err) => console.log(err.message));`,
        {
          cookieJar: {
            getAll: async (url) => (calls.push(`getAll ${url}`), [...store.values()]),
            set: async (url, cookie) => void (calls.push(`set ${url}`), store.set(cookie.name, cookie)),
            unset: async (url, name) => void (calls.push(`unset ${name}`), store.delete(name)),
            clear: async (url) => void (calls.push(`clear ${url}`), store.clear()),
          },
        },
      ),
    );
    expect(logged(result)).toEqual([
      'set null {"name":"a","value":"1"}',
      'get null 2',
      'all a=1, b=2 httpOnly',
      'unset null',
      'clear null',
      'pm.cookies.jar().getAll needs a URL (a string)',
    ]);
    expect(calls).toEqual(['set https://api.example.test/', 'set https://api.example.test/', 'getAll https://api.example.test/', 'getAll https://api.example.test/', 'unset a', 'clear https://api.example.test/']);
    expect(store.size).toBe(0);
  });
});

describe('pm.sendRequest', () => {
  it('sends a definition with auth and a urlencoded, formdata or graphql body; callback and promise forms', async () => {
    const sent: ScriptRequest[] = [];
    const result = await ok(
      run(
        `pm.sendRequest({ url: 'https://auth.test/token', method: 'POST', auth: { type: 'basic', basic: [{ key: 'username', value: 'ada' }, { key: 'password', value: 'pw' }] },
  body: { mode: 'urlencoded', urlencoded: [{ key: 'grant_type', value: 'client_credentials' }, { key: 'off', value: 'x', disabled: true }] } }, (err, res) => console.log('callback', err, res.code, res.json().ok));
const res = await pm.sendRequest({ url: 'https://api.test/upload', method: 'POST', header: { 'X-A': '1' }, body: { mode: 'formdata', formdata: [{ key: 'title', value: 'T' }] } });
console.log('promise', res.status, res.to !== undefined);
await pm.sendRequest({ url: 'https://api.test/graphql', method: 'POST', auth: { type: 'bearer', bearer: [{ key: 'token', value: 'tok' }] }, body: { mode: 'graphql', graphql: { query: '{ a }' } } });
await pm.sendRequest(pm.request);`,
        {
          sendRequest: async (request) => {
            sent.push(request);
            return { code: 200, status: 'OK', headers: [], body: '{"ok":true}', responseTime: 1 };
          },
        },
      ),
    );
    expect(logged(result).sort()).toEqual(['callback null 200 true', 'promise OK true']);
    expect(sent[0]).toEqual({
      method: 'POST',
      url: 'https://auth.test/token',
      headers: [{ name: 'Authorization', value: 'Basic YWRhOnB3' }, { name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
      body: 'grant_type=client_credentials',
    });
    expect(sent[1]?.headers[1]?.value).toMatch(/^multipart\/form-data; boundary=-{26}\d{24}$/);
    expect(sent[1]?.body).toMatch(/^--(-+\d+)\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--\1--\r\n$/);
    expect(sent[2]).toEqual({ method: 'POST', url: 'https://api.test/graphql', headers: [{ name: 'Authorization', value: 'Bearer tok' }, { name: 'Content-Type', value: 'application/json' }], body: '{"query":"{ a }"}' });
    expect(sent[3]).toEqual({ method: 'GET', url: 'https://api.example.test/users/7?expand=1', headers: [{ name: 'Accept', value: 'application/json' }] });
  });
});

describe('pm.execution, pm.info, pm.visualizer', () => {
  it('execution: setNextRequest, skipRequest, location and location.current', async () => {
    const result = await ok(pre(`console.log(JSON.stringify(pm.execution.location), pm.execution.location.current); pm.execution.setNextRequest('List'); pm.execution.skipRequest();`, { method: 'GET', url: 'http://x/', headers: [] }));
    expect(logged(result)).toEqual(['["Users API","Users","Get user"] Users']);
    expect(result.nextRequest).toBe('List');
    expect(result.skipRequest).toBe(true);
  });

  it('info', async () => {
    const result = await ok(run(`console.log(JSON.stringify(pm.info));`));
    expect(logged(result)).toEqual(['{"eventName":"test","iteration":1,"iterationCount":3,"requestName":"Get user","requestId":"req-7"}']);
  });

  it('visualizer.set keeps the template, data and options for the host; bad arguments are Postman\'s errors; clear removes it', async () => {
    const set = await ok(run(`pm.visualizer.set('<p>{{name}}</p>', { name: pm.response.json().name }, { escape: false });`));
    expect(set.visualizer).toEqual({ template: '<p>{{name}}</p>', data: { name: 'Ada' }, options: { escape: false } });
    const cleared = await ok(run(`pm.visualizer.set('x'); pm.visualizer.clear();`));
    expect(cleared.visualizer).toBeUndefined();
    const bad = await engine.run(run(`pm.visualizer.set(42);`));
    expect(bad.errors[0]?.message).toBe('Error: Invalid template. Template must be of type string, found number');
  });
});

describe('pm.test and timers', () => {
  it('test returns pm, skip, index, async and done; expect is chai\'s', async () => {
    const result = await ok(
      run(`pm.test('a', () => {}).test('b', () => pm.expect([1, 2]).to.have.lengthOf(2));
pm.test.skip('skipped', () => { throw new Error('never'); });
console.log(pm.test.index());
pm.test('async', async () => { await new Promise((r) => setTimeout(r, 5)); pm.expect(1).to.eql(1); });
pm.test('done', (done) => setImmediate(() => done(new Error('late failure'))));`),
    );
    expect(logged(result)).toEqual(['3']);
    expect(outcomes(result)).toEqual(['✓ a', '✓ b', '✓ skipped', '✓ async', '✗ done: Error: late failure']);
    expect(result.tests[2]).toEqual({ name: 'skipped', passed: true, skipped: true });
  });

  it('setInterval runs until cleared; setImmediate and clearTimeout', async () => {
    const result = await ok(
      run(`let n = 0;
const id = setInterval(() => { n += 1; if (n === 3) { clearInterval(id); console.log('interval', n); } }, 1);
const never = setTimeout(() => console.log('never'), 5); clearTimeout(never);
setImmediate((a) => console.log('immediate', a), 'x');`),
    );
    expect(logged(result)).toEqual(['immediate x', 'interval 3']);
  });
});

describe('legacy globals', () => {
  it('tests, response globals, request, data, iteration, environment and globals copies, postman.*', async () => {
    const result = await ok(
      run(`tests['code'] = responseCode.code === 200 && responseCode.name === 'OK';
tests['body'] = JSON.parse(responseBody).name === 'Ada' && responseBody.has('Ada');
tests['headers'] = responseHeaders['X-Trace'] === 't-1' && postman.getResponseHeader('x-trace') === 't-1';
tests['time'] = responseTime === 42;
tests['cookies'] = responseCookies[0].name === 'sid' && postman.getResponseCookie('sid').value === 's-1';
tests['request'] = request.method === 'GET' && request.url === 'https://api.example.test/users/7?expand=1' && request.headers.Accept === 'application/json' && request.name === 'Get user';
tests['data and iteration'] = data.dataOnly === 'd' && iteration === 1;
tests['copies'] = environment.envOnly === 'e' && globals.globalOnly === 'g';
postman.setEnvironmentVariable('flag', true);
postman.setGlobalVariable('num', 3);
postman.clearGlobalVariable('globalOnly');
tests['copies follow postman.*'] = environment.flag === 'true' && globals.num === '3' && !('globalOnly' in globals) && postman.getGlobalVariable('num') === '3';
tests['falsy'] = 0;
postman.setNextRequest('Next');`),
    );
    expect(outcomes(result)).toEqual([
      '✓ code',
      '✓ body',
      '✓ headers',
      '✓ time',
      '✓ cookies',
      '✓ request',
      '✓ data and iteration',
      '✓ copies',
      '✓ copies follow postman.*',
      '✗ falsy: expected 0 to be truthy',
    ]);
    expect(result.variables.environment.set).toEqual({ flag: 'true' });
    expect(result.variables.globals).toEqual({ set: { num: '3' }, unset: ['globalOnly'] });
    expect(result.nextRequest).toBe('Next');
  });

  it('in a pre-request script there are no response globals', async () => {
    const result = await ok(pre(`console.log(typeof responseBody, typeof responseCode, typeof postman.getResponseHeader, typeof request.data);`, { method: 'POST', url: 'http://x/', headers: [], body: 'raw text' }));
    expect(logged(result)).toEqual(['undefined undefined undefined string']);
  });
});
