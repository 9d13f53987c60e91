/**
 * Postman collections as newman reads them (issue 28.4): `event` as one object or a list,
 * scripts as a string or lines, scripts and auth inherited in Postman's order, `disabled`
 * everywhere, `protocolProfileBehavior`, typed variables, and the summary naming the version.
 */
import { describe, expect, it } from 'vitest';
import { collectionRequests, type SavedRequest } from '../workspace';
import type { ImportResult } from './importResult';
import { exportPostman } from './postmanExport';
import { importPostman } from './postmanImport';

const V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const V20 = 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json';

function imported(document: unknown): ImportResult {
  const result = importPostman(JSON.stringify(document));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function request(result: ImportResult, name: string): SavedRequest {
  const found = collectionRequests(result.collection.items).find((r) => r.request.name === name);
  if (!found) throw new Error(`no request ${name}`);
  return found.request;
}

const scriptTexts = (r: SavedRequest, phase: 'pre-request' | 'post-response') => (r.scripts ?? []).filter((s) => s.phase === phase).map((s) => s.text);

describe('Postman events and scripts', () => {
  it('keeps the tests of an item whose event is one object, not a list (it lost them silently: a false green)', () => {
    const result = imported({ info: { name: 'One', schema: V21 }, item: [{ name: 'Ping', event: { listen: 'test', script: { exec: ['pm.test("ok", () => pm.response.to.have.status(200));'] } }, request: 'https://h/ping' }] });
    expect(scriptTexts(request(result, 'Ping'), 'post-response')).toEqual(['pm.test("ok", () => pm.response.to.have.status(200));']);
    expect(result.warnings).toEqual([]);
  });

  it('reads a script as exec lines, exec as one string, the script as a string, or as lines', () => {
    const result = imported({
      info: { name: 'Shapes', schema: V21 },
      item: [
        { name: 'Lines', event: [{ listen: 'test', script: { exec: ['a();', 'b();'] } }], request: 'https://h/1' },
        { name: 'Exec string', event: [{ listen: 'test', script: { exec: 'c();\nd();' } }], request: 'https://h/2' },
        { name: 'Script string', event: [{ listen: 'prerequest', script: 'e();' }], request: 'https://h/3' },
        { name: 'Script lines', event: [{ listen: 'prerequest', script: ['f();', 'g();'] }], request: 'https://h/4' },
      ],
    });
    expect(scriptTexts(request(result, 'Lines'), 'post-response')).toEqual(['a();\nb();']);
    expect(scriptTexts(request(result, 'Exec string'), 'post-response')).toEqual(['c();\nd();']);
    expect(scriptTexts(request(result, 'Script string'), 'pre-request')).toEqual(['e();']);
    expect(scriptTexts(request(result, 'Script lines'), 'pre-request')).toEqual(['f();\ng();']);
  });

  it('names every event it cannot use instead of dropping it silently; disabled and blank ones are not run, as in Postman', () => {
    const result = imported({
      info: { name: 'Odd', schema: V21 },
      item: [
        {
          name: 'Odd',
          event: [
            { listen: 'test', script: { exec: 42 } },
            { listen: 'beforeSend', script: { exec: ['x();'] } },
            { listen: 'test', script: { src: 'tests.js' } },
            'pm.test()',
            { listen: 'test', disabled: true, script: { exec: ['off();'] } },
            { listen: 'test', script: { exec: [''] } },
          ],
          request: 'https://h/odd',
        },
        { name: 'String event', event: 'pm.test()', request: 'https://h/s' },
      ],
    });
    expect(request(result, 'Odd').scripts).toBeUndefined();
    expect(result.warnings).toEqual([
      'Odd: event[0] is not an event Postman reads (a field has the wrong type), so it was left out.',
      'Odd: event[1] listens to "beforeSend"; Postman runs only "prerequest" and "test" scripts, so it was left out.',
      'Odd: the test script of event[2] is the file "tests.js", which is not read; it was left out.',
      'Odd: event[3] is not an event Postman reads (not an object), so it was left out.',
      'String event: "event" is a string, not an event or a list of them, so its scripts were left out.',
    ]);
  });

  it("runs collection, folder and request scripts in newman's order, for pre-request and test scripts alike", () => {
    const ev = (listen: string, code: string) => ({ listen, script: { exec: [code] } });
    const result = imported({
      info: { name: 'Order', schema: V21 },
      event: [ev('prerequest', 'C-pre'), ev('test', 'C-test')],
      item: [{ name: 'Folder', event: ev('prerequest', 'F-pre'), item: [{ name: 'R', event: [ev('test', 'R-test'), ev('prerequest', 'R-pre')], request: 'https://h/r' }] }],
    });
    const r = request(result, 'R');
    expect(scriptTexts(r, 'pre-request')).toEqual(['C-pre', 'F-pre', 'R-pre']);
    expect(scriptTexts(r, 'post-response')).toEqual(['C-test', 'R-test']);
    expect(result.notes?.[0]).toMatch(/^5 scripts .* They run when a request is sent/);
  });
});

describe('Postman auth, disabled items, behaviour and typed variables', () => {
  const document = {
    info: { name: 'Fidelity', schema: V21 },
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}' }] },
    protocolProfileBehavior: { followRedirects: false },
    variable: [
      { key: 'count', value: 3, type: 'number' },
      { key: 'flag', value: true, type: 'boolean' },
      { key: 'token', value: 's3cret-value', type: 'secret' },
      { key: 'off', value: 'x', disabled: true },
    ],
    item: [
      {
        name: 'Basic folder',
        auth: { type: 'basic', basic: [{ key: 'username', value: 'ada' }, { key: 'password', value: 'pw' }] },
        protocolProfileBehavior: { disableCookies: true },
        item: [
          { name: 'Inherits folder auth', request: { method: 'GET', url: 'https://h/a' } },
          { name: 'Says inherit', request: { method: 'GET', url: 'https://h/b', auth: { type: 'inherit' } } },
          { name: 'No auth', request: { method: 'GET', url: 'https://h/c', auth: { type: 'noauth' } } },
        ],
      },
      {
        name: 'Disabled rows',
        protocolProfileBehavior: { followRedirects: true, strictSSL: false, maxRedirects: 3, followOriginalHttpMethod: true, disableUrlEncoding: true },
        request: {
          method: 'POST',
          url: { raw: 'https://h/d?a=1', protocol: 'https', host: ['h'], path: ['d'], query: [{ key: 'a', value: '1' }, { key: 'b', value: '2', disabled: true }] },
          header: [{ key: 'X-On', value: '1' }, { key: 'X-Off', value: '0', disabled: true }],
          body: { mode: 'urlencoded', urlencoded: [{ key: 'f', value: '1' }, { key: 'g', value: '2', disabled: true }] },
        },
      },
      { name: 'Multipart', request: { method: 'POST', url: 'https://h/m', body: { mode: 'formdata', formdata: [{ key: 'p', value: 'v', type: 'text' }, { key: 'q', value: 'w', type: 'text', disabled: true }] } } },
      { name: 'GET with a body', request: { method: 'GET', url: 'https://h/g', body: { mode: 'raw', raw: '{"q":1}' } } },
      { name: 'GET body kept', protocolProfileBehavior: { disableBodyPruning: true }, request: { method: 'GET', url: 'https://h/k', body: { mode: 'raw', raw: '{"q":1}' } } },
      { name: 'GET empty body', request: { method: 'GET', url: 'https://h/e', body: { mode: 'raw', raw: '' } } },
      { name: 'No scheme', request: { method: 'GET', url: 'localhost:3000/x' } },
    ],
  };
  const result = imported(document);

  it('inherits auth from the folder, also when a request says "inherit"; noauth is none', () => {
    expect(request(result, 'Inherits folder auth').draft.auth).toEqual({ scheme: 'basic', values: { username: 'ada', password: 'pw' } });
    expect(request(result, 'Says inherit').draft.auth.scheme).toBe('basic');
    expect(request(result, 'No auth').draft.auth.scheme).toBe('none');
    expect(request(result, 'Multipart').draft.auth).toEqual({ scheme: 'bearer', values: { token: '{{token}}' } });
  });

  it('keeps disabled headers, query parameters, form fields, multipart parts and variables as disabled rows', () => {
    const d = request(result, 'Disabled rows').draft;
    expect(d.headers.map((h) => [h.name, h.enabled])).toEqual([['X-On', true], ['X-Off', false]]);
    expect(d.query.map((q) => [q.name, q.enabled])).toEqual([['a', true], ['b', false]]);
    expect(d.body.form.map((f) => [f.name, f.enabled])).toEqual([['f', true], ['g', false]]);
    expect(request(result, 'Multipart').draft.body.multipart.map((p) => [p.name, p.enabled])).toEqual([['p', true], ['q', false]]);
    expect(result.collection.variables.find((v) => v.name === 'off')?.enabled).toBe(false);
  });

  it('applies protocolProfileBehavior inherited option by option, prunes a GET body unless disableBodyPruning, and names what it ignores', () => {
    expect(request(result, 'Inherits folder auth').draft.options).toMatchObject({ followRedirects: false, cookies: false });
    expect(request(result, 'Multipart').draft.options.followRedirects).toBe(false);
    expect(request(result, 'Disabled rows').draft.options).toMatchObject({ followRedirects: true, insecureTls: true, maxRedirects: 3, postmanRedirects: { followOriginalMethod: true, removeReferer: false } });
    expect(request(result, 'Multipart').draft.options.postmanRedirects).toEqual({ followOriginalMethod: false, removeReferer: false });
    expect(request(result, 'GET with a body').draft.body.kind).toBe('none');
    expect(Object.values(request(result, 'GET body kept').draft.body.texts)).toContain('{"q":1}');
    expect(result.warnings).toEqual([
      'Disabled rows: protocolProfileBehavior disableUrlEncoding: true is not supported and ignored.',
      'GET with a body: its body was left out: Postman sends no body with GET unless protocolProfileBehavior.disableBodyPruning is true.',
    ]);
  });

  it('keeps variables typed: number and boolean for scripts, secret masked', () => {
    const byName = Object.fromEntries(result.collection.variables.map((v) => [v.name, v]));
    expect(byName.count).toEqual({ name: 'count', value: '3', type: 'number' });
    expect(byName.flag).toEqual({ name: 'flag', value: 'true', type: 'boolean' });
    expect(byName.token).toEqual({ name: 'token', value: 's3cret-value', secret: true });
    const exported = JSON.parse(exportPostman(result.collection)) as { variable: { key: string; type: string }[]; item: { name: string; protocolProfileBehavior?: unknown }[] };
    expect(exported.variable.find((v) => v.key === 'count')?.type).toBe('number');
    // Exported flat: each request states the behaviour it had (here it also inherited followRedirects: false).
    expect(exported.item.find((i) => i.name === 'GET body kept')?.protocolProfileBehavior).toEqual({ followRedirects: false, disableBodyPruning: true });
  });

  it('keeps a URL without a scheme as typed (it is sent over http://)', () => {
    expect(request(result, 'No scheme').draft.url).toBe('localhost:3000/x');
  });

  it('names the version it read: v2.0 as v2.0, v2.1 as v2.1', () => {
    expect(result.format).toBe('Postman Collection v2.1');
    expect(imported({ info: { name: 'Old', schema: V20 }, item: [] }).format).toBe('Postman Collection v2.0');
    expect(imported({ name: 'Legacy', order: [], requests: [] }).format).toBe('Postman Collection v1');
  });
});
