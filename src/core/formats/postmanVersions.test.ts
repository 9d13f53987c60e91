/**
 * Specifications for issue 15's Postman part: Collection v2.0 and v1 read with their
 * differences from v2.1 mapped as postman-collection-transformer maps them; the URL built
 * from its pieces as postman-collection's `Url.toString()` does; scripts kept for a
 * runner; and the leniency rule — one bad item or field never costs the whole file.
 * The inline fixtures are shaped like real exports of each version.
 */
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../workspace';
import { collectionRequests, validateWorkspaceRecord, WORKSPACE_SCHEMA_VERSION } from '../workspace';
import type { ImportResult } from './importResult';
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
  if (!found) throw new Error(`no request "${name}"`);
  return found.request;
}

const v21 = (item: unknown[], extra: object = {}) => ({ info: { name: 'x', schema: V21 }, item, ...extra });

describe('importPostman: one bad field never costs the whole file (v2.1)', () => {
  it('reads a description whose content is null, a missing info.name and unknown fields', () => {
    const result = imported({
      info: { _postman_id: 'a1', description: { content: null, type: 'text/markdown' }, schema: V21, _exporter_id: '123' },
      item: [{ name: 'Ping', description: { content: null }, request: { method: 'GET', url: 'https://a.test/ping', description: { content: 'Pings.', version: 2 } }, unknownField: 1 }],
    });
    expect(result.collection.name).toBe('Imported collection');
    expect(result.collection.description).toBeUndefined();
    expect(request(result, 'Ping').description).toBe('Pings.');
    expect(result.skipped).toEqual([]);
    expect(result.warnings).toEqual(['The collection has no name; it was named "Imported collection".']);
  });

  it('imports a request with an unknown body mode without a body, and says so', () => {
    const result = imported(v21([{ name: 'Stream', request: { method: 'POST', url: 'https://a.test/s', body: { mode: 'protobuf', protobuf: 'AAEC' } } }]));
    expect(request(result, 'Stream').draft.method).toBe('POST');
    expect(request(result, 'Stream').draft.body.kind).toBe('none');
    expect(result.warnings).toEqual(['Stream: body mode "protobuf" is not known; the request was imported without a body.']);
  });

  it('leaves out an unreadable body, auth or header list of a request and keeps the request', () => {
    const result = imported(
      v21([
        {
          name: 'Orders',
          item: [
            { name: 'Bad body', request: { method: 'POST', url: 'https://a.test/o', body: { mode: 'urlencoded', urlencoded: 'a=1' } } },
            { name: 'Bad auth', request: { method: 'GET', url: 'https://a.test/o', auth: 'basic' } },
          ],
        },
      ]),
    );
    expect(result.skipped).toEqual([]);
    expect(request(result, 'Bad body').draft.body.kind).toBe('none');
    expect(result.warnings).toEqual([
      'Orders / Bad body: request.body.urlencoded: expected array, received string, so request.body was left out.',
      'Orders / Bad auth: request.auth: expected object, received string, so request.auth was left out.',
    ]);
  });

  it('sends a header with a null or missing value as empty, and leaves out one without a name', () => {
    const result = imported(v21([{ name: 'H', request: { url: 'https://a.test/', header: [{ key: 'X-Empty', value: null }, { key: 'X-None' }, { value: 'orphan' }] } }]));
    expect(request(result, 'H').draft.headers.map((h) => [h.name, h.value])).toEqual([['X-Empty', ''], ['X-None', '']]);
    expect(result.warnings).toEqual(['H: 1 header without a name was left out (Postman does not send it).']);
  });

  it('keeps the folder when its auth cannot be read, and the requests inherit from above', () => {
    const result = imported(v21([{ name: 'F', auth: { basic: [] }, item: [{ name: 'R', request: 'https://a.test/' }] }], { auth: { type: 'bearer', bearer: [{ key: 'token', value: 't' }] } }));
    expect(request(result, 'R').draft.auth).toEqual({ scheme: 'bearer', values: { token: 't' } });
    expect(result.warnings).toEqual(['Folder "F": auth.type: is required (expected string), so auth was left out.']);
  });

  it('leaves out unreadable collection variables and keeps the readable ones', () => {
    const result = imported(v21([], { variable: [{ key: 'base', value: 'https://a.test' }, { value: 'no key' }, { key: 'port', value: 8080, disabled: 'yes' }, 'junk'] }));
    expect(result.collection.variables).toEqual([{ name: 'base', value: 'https://a.test' }, { name: 'port', value: '8080' }]);
  });

  it('refuses a collection whose item list is not a list, naming the field', () => {
    const result = importPostman(JSON.stringify({ info: { name: 'x', schema: V21 }, item: { name: 'not a list' } }));
    expect(!result.ok && [result.error.kind, result.error.field, result.error.message]).toEqual(['schema', 'item', 'This Postman Collection v2.1 cannot be read: item: expected array, received object.']);
  });

  it('reads a collection without info.schema, or without info, as v2.1 and says so', () => {
    expect(imported({ info: { name: 'n' }, item: [] }).warnings).toEqual(['info.schema is missing; the collection was read as Collection v2.1.']);
    expect(imported({ item: [{ name: 'R', request: 'https://a.test/' }] }).collection.items).toHaveLength(1);
  });
});

describe('importPostman: the URL is built from its pieces, as Postman sends it', () => {
  it('uses protocol, host, port, path, enabled query and hash when raw disagrees, and reports raw', () => {
    const result = imported(
      v21([
        {
          name: 'Edited',
          request: {
            method: 'GET',
            url: {
              raw: 'http://old.test/v1/items?stale=1',
              protocol: 'https',
              host: ['api', 'example', 'test'],
              port: '8443',
              path: ['v2', 'items', ':id'],
              query: [{ key: 'page', value: '2' }, { key: 'flag', value: null }, { key: 'off', value: 'x', disabled: true }],
              hash: 'top',
              variable: [{ key: 'id', value: '7' }],
            },
          },
        },
      ]),
    );
    const draft = request(result, 'Edited').draft;
    expect(draft.url).toBe('https://api.example.test:8443/v2/items/{id}?page=2&flag#top');
    expect(draft.pathParams).toEqual([{ name: 'id', value: '7' }]);
    expect(draft.query.map((q) => [q.name, q.value, q.enabled])).toEqual([['page', '2', true], ['flag', '', true], ['off', 'x', false]]);
    expect(result.warnings).toEqual([
      'Edited: url.raw "http://old.test/v1/items?stale=1" disagrees with the URL\'s pieces; imported what Postman sends, built from the pieces: "https://api.example.test:8443/v2/items/:id?page=2&flag#top".',
    ]);
  });

  it('agrees silently with a raw that matches, including {{variables}}, a trailing slash and an empty value', () => {
    const url = { raw: '{{base}}/a/?q=', host: ['{{base}}'], path: ['a', ''], query: [{ key: 'q', value: '' }] };
    const result = imported(v21([{ name: 'Same', request: { url } }]));
    expect(request(result, 'Same').draft.url).toBe('{{base}}/a/?q=');
    expect(result.warnings).toEqual([]);
  });

  it('does not report a raw that differs only by the root path "/" (the same request line)', () => {
    const result = imported(v21([{ name: 'Root', request: { url: { raw: 'https://a.test', protocol: 'https', host: ['a', 'test'], path: [] } } }]));
    expect(request(result, 'Root').draft.url).toBe('https://a.test/');
    expect(result.warnings).toEqual([]);
  });

  it('uses raw when the object has no pieces, and splits a string path and host as Postman does', () => {
    const result = imported(
      v21([
        { name: 'Raw only', request: { url: { raw: 'https://a.test/only' } } },
        { name: 'Strings', request: { url: { protocol: 'http', host: 'b.test', path: '/x/y' } } },
      ]),
    );
    expect(request(result, 'Raw only').draft.url).toBe('https://a.test/only');
    expect(request(result, 'Strings').draft.url).toBe('http://b.test/x/y');
  });
});

describe('importPostman: Collection v2.0', () => {
  // As Postman wrote v2.0: auth attributes are objects keyed by name, URLs strings or objects.
  const V20_COLLECTION = {
    info: { name: 'Echo v2.0', _postman_id: 'f2e66c2e-5297-e4a5-739e-20cbb90900e3', description: 'Postman Echo', schema: V20 },
    auth: { type: 'basic', basic: { username: 'postman', password: 'password', saveHelperData: true, showPassword: false } },
    item: [
      {
        name: 'Auth',
        auth: { type: 'bearer', bearer: { token: '{{token}}' } },
        item: [
          { name: 'Bearer get', request: { url: 'https://postman-echo.com/get', method: 'GET', header: [] } },
          { name: 'Key in query', request: { url: 'https://postman-echo.com/get', method: 'GET', auth: { type: 'apikey', apikey: { key: 'api_key', value: 'k-1', in: 'query' } } } },
          { name: 'Open', request: { url: 'https://postman-echo.com/get', method: 'GET', auth: { type: 'noauth' } } },
        ],
      },
      {
        name: 'Post form',
        request: {
          url: { raw: 'https://postman-echo.com/post?a=1', protocol: 'https', host: ['postman-echo', 'com'], path: ['post'], query: [{ key: 'a', value: '1' }] },
          method: 'POST',
          header: [{ key: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
          body: { mode: 'urlencoded', urlencoded: [{ key: 'foo', value: 'bar', type: 'text' }] },
        },
      },
    ],
  };

  it('reads auth attributes keyed by name at every level, with inheritance', () => {
    const result = imported(V20_COLLECTION);
    expect(result.collection.name).toBe('Echo v2.0');
    expect(result.collection.auth).toEqual({ scheme: 'basic', values: { username: 'postman', password: 'password' } });
    expect(request(result, 'Bearer get').draft.auth).toEqual({ scheme: 'bearer', values: { token: '{{token}}' } });
    expect(request(result, 'Key in query').draft.auth).toEqual({ scheme: 'apikey', values: { headerName: 'api_key', key: 'k-1', placement: 'query' } });
    expect(request(result, 'Open').draft.auth.scheme).toBe('none');
    expect(request(result, 'Post form').draft.auth.scheme).toBe('basic');
  });

  it('reads URL objects and bodies as v2.1 does', () => {
    const draft = request(imported(V20_COLLECTION), 'Post form').draft;
    expect([draft.method, draft.url]).toEqual(['POST', 'https://postman-echo.com/post?a=1']);
    expect(draft.body.form.map((r) => [r.name, r.value])).toEqual([['foo', 'bar']]);
  });
});

describe('importPostman: Collection v1', () => {
  // As the Postman app wrote v1 (compare postman-collection-transformer's fixtures): flat
  // requests, folders listing their requests in `order` and subfolders in `folders_order`.
  const V1_COLLECTION = {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    name: 'Legacy API',
    description: 'Exported by Postman 4',
    order: ['r-root'],
    folders_order: ['f-users', 'f-files'],
    folders: [
      { id: 'f-users', name: 'Users', description: 'People', order: ['r-list', 'r-create'], folders_order: ['f-admin'] },
      { id: 'f-admin', name: 'Admin', order: ['r-delete'], folders_order: [] },
      { id: 'f-files', name: 'Files', order: ['r-upload', 'r-put'], folders_order: [] },
    ],
    requests: [
      {
        id: 'r-list',
        name: 'List users',
        url: 'https://api.legacy.test/users/:org?limit=10',
        method: 'GET',
        headers: 'Accept: application/json\n//X-Trace: 1\n',
        queryParams: [
          { key: 'limit', value: '10', equals: true, enabled: true },
          { key: 'debug', value: 'true', equals: true, enabled: false },
        ],
        pathVariables: { org: 'acme' },
        dataMode: 'params',
        data: [],
        currentHelper: 'basicAuth',
        helperAttributes: { id: 'basic', username: 'ada', password: 's3cret', saveToRequest: true },
        preRequestScript: 'pm.environment.set("t", Date.now());',
        tests: 'tests["ok"] = responseCode.code === 200;',
      },
      {
        id: 'r-create',
        name: 'Create user',
        url: 'https://api.legacy.test/users',
        method: 'POST',
        headers: 'Content-Type: application/json\n',
        headerData: [{ key: 'Content-Type', value: 'application/json', description: 'JSON in', enabled: true }],
        dataMode: 'raw',
        rawModeData: '{"name":"Ada"}',
        currentHelper: 'bearerAuth',
        helperAttributes: '{"id":"bearer","token":"tok-1"}',
      },
      { id: 'r-delete', name: 'Delete user', url: 'https://api.legacy.test/users/1', method: 'DELETE', headers: '', currentHelper: 'normal' },
      {
        id: 'r-upload',
        name: 'Upload',
        url: 'https://api.legacy.test/files',
        method: 'POST',
        headers: '',
        dataMode: 'params',
        data: [
          { key: 'note', value: 'hi', type: 'text', enabled: true },
          { key: 'off', value: 'x', type: 'text', enabled: false },
          { key: 'file', value: 'report.csv', type: 'file', enabled: true },
        ],
      },
      { id: 'r-put', name: 'Replace', url: 'https://api.legacy.test/files/1', method: 'PUT', headers: '', dataMode: 'binary', rawModeData: 'report.csv' },
      {
        id: 'r-root',
        name: 'Login',
        url: 'https://api.legacy.test/login',
        method: 'POST',
        headers: '',
        dataMode: 'urlencoded',
        data: [{ key: 'user', value: 'ada', type: 'text' }],
        auth: { type: 'noauth' },
      },
      { id: 'r-lost', name: 'Forgotten', url: 'https://api.legacy.test/lost', method: 'GET', headers: '' },
    ],
  };

  it('builds the tree from folders_order and order: folders first, subfolders before requests', () => {
    const result = imported(V1_COLLECTION);
    expect(result.collection.name).toBe('Legacy API');
    expect(result.collection.description).toBe('Exported by Postman 4');
    const shape = (items: ImportResult['collection']['items']): unknown[] => items.map((i) => (i.kind === 'folder' ? { [i.name]: shape(i.items) } : i.name));
    expect(shape(result.collection.items)).toEqual([{ Users: [{ Admin: ['Delete user'] }, 'List users', 'Create user'] }, { Files: ['Upload', 'Replace'] }, 'Login', 'Forgotten']);
    expect(result.warnings).toContain('Request "Forgotten" is not listed in any folder\'s or the collection\'s order; it was added at the top level.');
  });

  it('maps headers, disabled query parameters, path variables and legacy auth helpers', () => {
    const result = imported(V1_COLLECTION);
    const list = request(result, 'List users').draft;
    expect(list.url).toBe('https://api.legacy.test/users/{org}?limit=10');
    expect(list.pathParams).toEqual([{ name: 'org', value: 'acme' }]);
    expect(list.query.map((q) => [q.name, q.value, q.enabled])).toEqual([['limit', '10', true], ['debug', 'true', false]]);
    expect(list.headers.map((h) => [h.name, h.value, h.enabled])).toEqual([['Accept', 'application/json', true], ['X-Trace', '1', false]]);
    expect(list.auth).toEqual({ scheme: 'basic', values: { username: 'ada', password: 's3cret' } });
    expect(request(result, 'Create user').draft.auth).toEqual({ scheme: 'bearer', values: { token: 'tok-1' } });
    expect(request(result, 'Delete user').draft.auth.scheme).toBe('none');
    expect(request(result, 'Login').draft.auth.scheme).toBe('none');
  });

  it('maps every data mode: raw, params (form-data), urlencoded, binary', () => {
    const result = imported(V1_COLLECTION);
    expect(request(result, 'Create user').draft.body.texts.json).toBe('{"name":"Ada"}');
    expect(request(result, 'Create user').draft.headers.map((h) => h.name)).toEqual(['Content-Type']);
    expect(request(result, 'Upload').draft.body.multipart.map((p) => [p.name, p.kind, p.enabled, p.filename ?? p.value])).toEqual([
      ['note', 'text', true, 'hi'],
      ['off', 'text', false, 'x'],
      ['file', 'file', true, 'report.csv'],
    ]);
    expect(request(result, 'Replace').draft.body.kind).toBe('binary');
    expect(request(result, 'Login').draft.body.form.map((r) => [r.name, r.value])).toEqual([['user', 'ada']]);
    // dataMode "params" with no fields: Postman's RequestBody is empty, so nothing is sent.
    expect(request(result, 'List users').draft.body.kind).toBe('none');
  });

  it('keeps preRequestScript and tests as scripts for the runner', () => {
    expect(request(imported(V1_COLLECTION), 'List users').scripts).toEqual([
      { phase: 'pre-request', dialect: 'postman', text: 'pm.environment.set("t", Date.now());' },
      { phase: 'post-response', dialect: 'postman', text: 'tests["ok"] = responseCode.code === 200;' },
    ]);
  });

  it('skips one unreadable v1 request with its folder and name, and imports the rest', () => {
    const broken = structuredClone(V1_COLLECTION);
    (broken.requests[1] as Record<string, unknown>).url = { host: 42 };
    const result = imported(broken);
    expect(result.skipped).toEqual([{ item: 'Users / Create user', reason: 'request.url.host: expected string or array, received number' }]);
    expect(collectionRequests(result.collection.items)).toHaveLength(6);
  });
});

describe('importPostman: scripts are kept for a future runner', () => {
  const withScripts = v21(
    [
      {
        name: 'Folder',
        event: [{ listen: 'prerequest', script: { exec: ['folderBefore()'] } }],
        item: [
          {
            name: 'R',
            event: [
              { listen: 'test', script: { type: 'text/javascript', exec: ['pm.test("a", () => {', '  pm.response.to.have.status(200);', '});'] } },
              { listen: 'prerequest', script: { exec: [''] } },
              { listen: 'test', disabled: true, script: { exec: ['off()'] } },
            ],
            request: 'https://a.test/',
          },
        ],
      },
    ],
    { event: [{ listen: 'prerequest', script: { exec: 'collectionBefore()' } }, { listen: 'test', script: { exec: ['collectionAfter()'] } }] },
  );

  it('in the order Postman runs them: collection, folder, request; blank and disabled ones left out', () => {
    expect(request(imported(withScripts), 'R').scripts).toEqual([
      { phase: 'pre-request', dialect: 'postman', text: 'collectionBefore()' },
      { phase: 'pre-request', dialect: 'postman', text: 'folderBefore()' },
      { phase: 'post-response', dialect: 'postman', text: 'collectionAfter()' },
      { phase: 'post-response', dialect: 'postman', text: 'pm.test("a", () => {\n  pm.response.to.have.status(200);\n});' },
    ]);
  });

  it('survives stored-record validation', () => {
    const collection = imported(withScripts).collection;
    const stored = validateWorkspaceRecord('collection', { ...collection, version: WORKSPACE_SCHEMA_VERSION });
    expect(stored.ok).toBe(true);
    const saved = stored.ok ? collectionRequests(stored.value.items)[0]!.request : undefined;
    expect(saved?.scripts).toHaveLength(4);
  });
});
