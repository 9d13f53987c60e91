/**
 * Insomnia exports into collections: format 4 JSON (the fixture in insomniaFixture.ts) and
 * v5 YAML (below), with folders, environments, every body kind, GraphQL, auth kinds and
 * template tags; bad documents refused with the path of the bad field.
 */
import { describe, expect, it } from 'vitest';
import type { CollectionItem, Folder, SavedRequest } from '../workspace';
import { importAny, sniffImportFormat } from './importAny';
import { importInsomnia } from './insomniaImport';
import { INSOMNIA_V4_EXPORT } from './insomniaFixture';

function byName(items: readonly CollectionItem[], name: string): CollectionItem {
  const found = items.find((i) => i.name === name);
  if (!found) throw new Error(`no item "${name}" among ${items.map((i) => i.name).join(', ')}`);
  return found;
}
const request = (items: readonly CollectionItem[], name: string) => byName(items, name) as SavedRequest;
const folder = (items: readonly CollectionItem[], name: string) => byName(items, name) as Folder;

function importV4(document: unknown = INSOMNIA_V4_EXPORT) {
  const result = importInsomnia(JSON.stringify(document));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('importInsomnia: export format 4', () => {
  const result = importV4();
  const { collection } = result;
  const items = collection.items;

  it('names the collection after the workspace and reads folders in metaSortKey order', () => {
    expect(result.format).toBe('Insomnia export format 4');
    expect(collection.name).toBe('Bookshop API');
    expect(collection.description).toBe('Requests for the bookshop.');
    expect(items.map((i) => i.name)).toEqual(['Books', 'Login form', 'Upload cover', 'SOAP lookup', 'Ping', 'Legacy OAuth 1', 'OAuth client', 'Chained', 'Chat', 'Say hello']);
    const books = folder(items, 'Books');
    expect(books.description).toBe('Everything about books.');
    expect(books.items.map((i) => i.name)).toEqual(['List books', 'Create book', 'Book by id', 'Admin']);
    expect(folder(books.items, 'Admin').items.map((i) => i.name)).toEqual(['Purge cache']);
  });

  it('makes the base environment the collection variables (nested data flattened, typed) and sub-environments environments', () => {
    const vars = Object.fromEntries(collection.variables.map((v) => [v.name, v]));
    expect(vars.baseUrl!.value).toBe('https://api.bookshop.test');
    expect(vars['api.version']!.value).toBe('v2');
    expect(vars.retries).toMatchObject({ value: '3', type: 'number' });
    expect(vars.verbose).toMatchObject({ value: 'false', type: 'boolean' });
    // The folder environment's pageSize joins the collection variables; the Admin folder's other value is named.
    expect(vars.pageSize!.value).toBe('20');
    expect(result.warnings.some((w) => w.includes('Books / Admin (resources[8])') && w.includes('pageSize already had another value'))).toBe(true);
    expect(result.environments?.map((e) => [e.name, e.secret === true, e.variables.map((v) => `${v.name}=${v.value}`)])).toEqual([
      ['Staging', false, ['baseUrl=https://staging.bookshop.test']],
      ['Local', true, ['baseUrl=http://localhost:8080', 'token=tok-local']],
    ]);
    expect(result.notes).toContain('2 sub-environments ("Staging", "Local") came as environments; the base environment\'s variables are the collection\'s.');
  });

  it('reads template tags as {{variables}}: _.name, nested _.a.b, _["a-b"]', () => {
    const list = request(folder(items, 'Books').items, 'List books');
    expect(list.draft.url).toBe('{{baseUrl}}/{{api.version}}/books?limit={{pageSize}}');
    expect(list.draft.query.map((q) => [q.name, q.value, q.enabled])).toEqual([
      ['limit', '{{pageSize}}', true],
      ['debug', '1', false],
    ]);
    const purge = request(folder(folder(items, 'Books').items, 'Admin').items, 'Purge cache');
    expect(purge.draft.auth).toEqual({ scheme: 'apikey', values: { headerName: 'X-Admin-Key', key: '{{admin-key}}', placement: 'header' } });
  });

  it('inherits the folder auth and headers, keeps the request’s own, and keeps scripts as Insomnia scripts', () => {
    const books = folder(items, 'Books');
    const list = request(books.items, 'List books');
    expect(list.draft.auth).toEqual({ scheme: 'bearer', values: { token: '{{token}}' } });
    expect(list.draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual(['X-Client: insomnia', 'Accept: application/json']);
    expect(list.scripts?.map((s) => [s.phase, s.dialect])).toEqual([
      ['pre-request', 'insomnia'],
      ['post-response', 'insomnia'],
    ]);
    expect(result.notes?.[0]).toContain('2 Insomnia scripts were kept');
    const create = request(books.items, 'Create book');
    expect(create.draft.auth).toEqual({ scheme: 'basic', values: { username: 'ada', password: 'analytical' } });
    const purge = request(folder(books.items, 'Admin').items, 'Purge cache');
    expect(purge.draft.headers.map((h) => h.name)).toEqual(['X-Client']);
    expect(purge.draft.options.followRedirects).toBe(false);
    expect(purge.draft.options.cookies).toBe(false);
    expect(create.draft.options.followRedirects).toBe(true);
  });

  it('reads every body kind', () => {
    const books = folder(items, 'Books');
    const create = request(books.items, 'Create book');
    expect(create.draft.body.kind).toBe('json');
    expect(create.draft.body.texts.json).toBe('{\n  "title": "{{title}}",\n  "year": 1843\n}');
    const login = request(items, 'Login form');
    expect(login.draft.body.kind).toBe('form');
    expect(login.draft.body.form.map((r) => [r.name, r.value, r.enabled])).toEqual([
      ['user', 'ada', true],
      ['remember', 'yes', false],
    ]);
    const upload = request(items, 'Upload cover');
    expect(upload.draft.body.kind).toBe('multipart');
    expect(upload.draft.body.multipart.map((p) => [p.name, p.kind, p.value, p.file?.name ?? ''])).toEqual([
      ['caption', 'text', 'Front', ''],
      ['image', 'file', '', '/home/ada/covers/engine.png'],
    ]);
    expect(result.warnings.some((w) => w.includes('Upload cover (resources[11])') && w.includes('body.params[1] ("image")') && w.includes('/home/ada/covers/engine.png'))).toBe(true);
    expect(request(items, 'SOAP lookup').draft.body).toMatchObject({ kind: 'xml', texts: { xml: '<Envelope><Body><Isbn>0-00</Isbn></Body></Envelope>' } });
    expect(request(items, 'Ping').draft.body).toMatchObject({ kind: 'text', texts: { text: "ping at {{$isoTimestamp}} from {% base64 'encode', 'normal', 'ada' %}" } });
  });

  it('reads a GraphQL body: query, variables (as JSON text, tags converted) and operation name', () => {
    const graphql = request(folder(items, 'Books').items, 'Book by id');
    expect(graphql.draft.method).toBe('POST');
    expect(graphql.draft.body.kind).toBe('graphql');
    expect(graphql.draft.body.graphql?.query).toBe('query Book($id: ID!) { book(id: $id) { title } }\nquery Other { books { title } }');
    expect(JSON.parse(graphql.draft.body.graphql!.variables)).toEqual({ id: '{{bookId}}', full: true });
    expect(graphql.draft.body.graphql?.operationName).toBe('Book');
    expect(graphql.draft.auth).toEqual({ scheme: 'bearer', values: { token: 'oauth-stored-token' } });
  });

  it('maps each auth kind Wirebench has, and says plainly what was not carried', () => {
    expect(request(items, 'Login form').draft.auth).toEqual({ scheme: 'apikey', values: { headerName: 'api_key', key: 'k-777', placement: 'query' } });
    expect(request(items, 'Upload cover').draft.auth).toMatchObject({ scheme: 'digest', values: { username: 'ada', password: 'd1gest' } });
    expect(request(items, 'SOAP lookup').draft.auth).toMatchObject({ scheme: 'sigv4', values: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI', region: 'eu-west-1', service: 'execute-api' } });
    expect(request(items, 'Ping').draft.auth).toMatchObject({ scheme: 'hawk', values: { authId: 'dh37fgj492je', algorithm: 'sha256', ext: 'some-app-data' } });
    expect(request(items, 'Legacy OAuth 1').draft.auth).toMatchObject({ scheme: 'oauth1', values: { consumerKey: 'ck', consumerSecret: 'cs', token: 'tk', tokenSecret: 'ts', signatureMethod: 'HMAC-SHA256' } });
    expect(request(items, 'OAuth client').draft.auth.scheme).toBe('none');
    expect(result.vaultDrafts).toEqual([
      { name: 'Insomnia OAuth 2.0 (client credentials)', securityScheme: 'Insomnia oauth2', flow: 'clientCredentials', tokenUrl: 'https://auth.bookshop.test/token', scopes: ['stats:read', 'books:read'], allowedHosts: ['api.bookshop.test'] },
    ]);
    expect(JSON.stringify(result)).not.toContain('never-carried');
    expect(result.warnings).toContain('OAuth client (resources[15]): OAuth 2.0 (client_credentials) has no stored token in the export, so no auth was set: create the vault entry offered and pick it as the request\'s auth (client id and secret were not carried).');
    expect(request(items, 'Chained').draft.auth.scheme).toBe('none');
    expect(result.warnings).toContain('Chained (resources[16]): Insomnia auth type "ntlm" is not supported, so it was imported as No auth.');
  });

  it('reads uuid and now tags as dynamic variables, keeps other tags as text and names them with the request and field', () => {
    expect(request(items, 'Ping').draft.headers.map((h) => h.value)).toEqual(['{{$guid}}', '{{ _.title | upper }}']);
    const ping = result.warnings.find((w) => w.startsWith('Ping (resources[13]):'));
    expect(ping).toContain('in headers, body,');
    expect(ping).toContain('the Insomnia template tag {% base64 %} and the template expression {{ _.title | upper }} are kept as text');
    expect(ping).not.toContain('uuid');
    expect(ping).toContain('{{ _.title | upper }}');
    expect(result.warnings.find((w) => w.startsWith('Chained (resources[16]): in headers,'))).toContain('{% response %}');
  });

  it('imports WebSocket and gRPC requests onto those protocols, and names what it left out', () => {
    const chat = request(items, 'Chat');
    expect(chat.draft.protocol).toBe('websocket');
    expect(chat.draft.url).toBe('wss://chat.bookshop.test/socket?room=lobby');
    expect(chat.draft.auth).toEqual({ scheme: 'custom', values: { scheme: 'Token', mode: 'token68', credentials: 'chat-token' } });
    expect(chat.draft.websocket?.messages.map((m) => [m.name, m.format, m.body])).toEqual([['Hello', 'json', '{"hello": "{{title}}"}']]);
    const hello = request(items, 'Say hello');
    expect(hello.draft.protocol).toBe('grpc');
    expect(hello.draft.url).toBe('grpc://localhost:50051');
    expect(hello.draft.grpc).toMatchObject({ source: 'proto', service: 'shop.Greeter', method: 'SayHello', messages: ['{"name": "Ada"}'] });
    expect(Object.keys(hello.draft.grpc!.protoFiles)).toEqual(['greeter.proto']);
    expect(hello.draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual(['x-trace: abc']);
    expect(result.skipped).toEqual([{ item: 'resources[21] (cookie_jar "Default Jar")', reason: expect.stringContaining('cookie jars are not imported') }]);
  });
});

const V5_YAML = `type: collection.insomnia.rest/5.0
name: Library
meta:
  id: wrk_lib
  description: The library's API.
collection:
  - name: Catalogue
    meta:
      id: fld_cat
      sortKey: -10
    headers:
      - name: X-Team
        value: catalogue
    authentication:
      type: bearer
      token: "{{ _.token }}"
    children:
      - url: "{{ _.base_url }}/graphql"
        name: Search
        meta:
          id: req_search
          sortKey: 2
        method: POST
        body:
          mimeType: application/graphql
          text: '{"query":"query Search($q: String!) { search(q: $q) { title } }","variables":{"q":"engine"},"operationName":"Search"}'
        headers:
          - name: Content-Type
            value: application/json
        scripts:
          afterResponse: insomnia.test('has data', () => {});
        settings:
          renderRequestBody: true
          encodeUrl: true
          followRedirects: "off"
          cookies:
            send: true
            store: true
          rebuildPath: true
      - url: "{{ _.base_url }}/books/:id"
        name: One book
        meta:
          id: req_one
          sortKey: 1
        method: GET
        pathParameters:
          - name: id
            value: "42"
        parameters:
          - name: fields
            value: title,year
        authentication:
          type: basic
          username: ada
          password: "{{ _.password }}"
        headers:
          - name: X-Secret
            value: "{{ vault.apiSecret }}"
  - url: https://example.test/upload
    name: Raw upload
    meta:
      id: req_raw
      sortKey: 5
    method: PUT
    body:
      mimeType: application/octet-stream
      fileName: /tmp/data.bin
  - url: wss://example.test/live
    name: Live
    meta:
      id: ws-req_live
      sortKey: 6
environments:
  name: Base Environment
  meta:
    id: env_base
  data:
    base_url: https://library.test
    token: lib-token
  subEnvironments:
    - name: Production
      meta:
        id: env_prod
        sortKey: 2
      data:
        base_url: https://library.example
    - name: Secrets
      meta:
        id: env_secret
        sortKey: 1
        isPrivate: true
      data:
        password: hunter2
        __insomnia_vault:
          apiSecret: eyJpdiI6ImVuY3J5cHRlZCJ9
cookieJar:
  name: Default Jar
  meta:
    id: jar_lib
`;

describe('importInsomnia: v5 YAML', () => {
  const read = importInsomnia(V5_YAML);
  if (!read.ok) throw new Error(read.error.message);
  const result = read.value;
  const items = result.collection.items;

  it('reads the collection tree in sortKey order, with environments', () => {
    expect(result.format).toBe('Insomnia v5 (collection.insomnia.rest/5.0)');
    expect(result.collection.name).toBe('Library');
    expect(result.collection.description).toBe("The library's API.");
    expect(items.map((i) => i.name)).toEqual(['Catalogue', 'Raw upload', 'Live']);
    expect(folder(items, 'Catalogue').items.map((i) => i.name)).toEqual(['One book', 'Search']);
    expect(result.collection.variables.map((v) => `${v.name}=${v.value}`)).toEqual(['base_url=https://library.test', 'token=lib-token']);
    expect(result.environments?.map((e) => [e.name, e.secret === true])).toEqual([
      ['Secrets', true],
      ['Production', false],
    ]);
    expect(result.skipped.map((s) => s.item)).toEqual(['cookieJar']);
  });

  it('reads GraphQL with variables and operationName, settings and scripts', () => {
    const search = request(folder(items, 'Catalogue').items, 'Search');
    expect(search.draft.body.kind).toBe('graphql');
    expect(search.draft.body.graphql).toMatchObject({ query: 'query Search($q: String!) { search(q: $q) { title } }', operationName: 'Search' });
    expect(JSON.parse(search.draft.body.graphql!.variables)).toEqual({ q: 'engine' });
    expect(search.draft.auth).toEqual({ scheme: 'bearer', values: { token: '{{token}}' } });
    // The Content-Type Insomnia's editor wrote is the one the GraphQL body sends anyway: left to the body.
    expect(search.draft.headers.map((h) => h.name)).toEqual(['X-Team']);
    expect(search.draft.options.followRedirects).toBe(false);
    expect(search.scripts).toEqual([{ phase: 'post-response', dialect: 'insomnia', text: "insomnia.test('has data', () => {});" }]);
  });

  it('brings vault (secret) variables blank and marked secret, read as {{name}}; the encrypted value never', () => {
    const secrets = result.environments?.find((e) => e.name === 'Secrets');
    expect(secrets?.variables).toEqual([
      { name: 'password', value: 'hunter2' },
      { name: 'apiSecret', value: '', secret: true },
    ]);
    expect(JSON.stringify(result)).not.toContain('eyJpdiI6ImVuY3J5cHRlZCJ9');
    expect(result.warnings).toContain(
      "environments.subEnvironments[1].data.__insomnia_vault: the secret (vault) variable apiSecret is encrypted with Insomnia's vault key, so it came blank, marked secret ({{ vault.name }} is read as {{name}}): fill it in.",
    );
    const one = request(folder(items, 'Catalogue').items, 'One book');
    expect(one.draft.headers.map((h) => `${h.name}: ${h.value}`)).toContain('X-Secret: {{apiSecret}}');
  });

  it('reads path parameters as {name}, query parameters, a file body and a WebSocket request', () => {
    const one = request(folder(items, 'Catalogue').items, 'One book');
    expect(one.draft.url).toBe('{{base_url}}/books/{id}?fields=title,year');
    expect(one.draft.pathParams).toEqual([{ name: 'id', value: '42' }]);
    expect(one.draft.auth).toEqual({ scheme: 'basic', values: { username: 'ada', password: '{{password}}' } });
    const raw = request(items, 'Raw upload');
    expect(raw.draft.body.kind).toBe('binary');
    expect(raw.draft.body.binary?.name).toBe('/tmp/data.bin');
    expect(result.warnings.some((w) => w.startsWith('Raw upload (collection[1]): collection[1].body.fileName:'))).toBe(true);
    expect(request(items, 'Live').draft.protocol).toBe('websocket');
  });

  it('is told apart by importAny from its type line or a .insomnia file name', () => {
    expect(sniffImportFormat(V5_YAML, 'library.yaml')).toBe('insomnia');
    expect(sniffImportFormat(JSON.stringify(INSOMNIA_V4_EXPORT))).toBe('insomnia');
    expect(sniffImportFormat('{"_type": "export", "resources": [', 'x.json')).toBe('insomnia');
    expect(sniffImportFormat('name: x\ncollection: []\n', 'Insomnia_2026-11-28.yaml')).toBe('insomnia');
    expect(sniffImportFormat('_type: export\n__export_format: 4\nresources: []\n', 'export.yaml')).toBe('insomnia');
    const any = importAny(V5_YAML, 'library.yaml');
    expect(any.ok && any.value.format).toBe('insomnia');
  });
});

describe('importInsomnia: export format 4 written as YAML', () => {
  it('reads it as the JSON one', () => {
    const yaml = `_type: export\n__export_format: 4\nresources:\n  - _id: wrk_1\n    _type: workspace\n    name: From YAML\n  - _id: req_1\n    _type: request\n    parentId: wrk_1\n    name: Ping\n    method: GET\n    url: "{{ _.host }}/ping"\n`;
    const result = importInsomnia(yaml);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.collection.name).toBe('From YAML');
    expect((result.value.collection.items[0] as SavedRequest).draft.url).toBe('{{host}}/ping');
  });
});

describe('importInsomnia: bad input is refused with the path of the bad field', () => {
  const failure = (text: string) => {
    const result = importInsomnia(text);
    if (result.ok) throw new Error('imported');
    return result.error;
  };
  const v4 = (resources: unknown) => JSON.stringify({ _type: 'export', __export_format: 4, resources });

  it('names JSON and YAML syntax errors by line and column', () => {
    expect(failure('{"_type": "export",\n  "resources": [}').message).toMatch(/^This Insomnia export file is not valid JSON at line 2, column 17/);
    const yaml = failure('type: collection.insomnia.rest/5.0\ncollection:\n  - name: "unclosed\n');
    expect(yaml.kind).toBe('yaml-syntax');
    expect(yaml.message).toMatch(/^This Insomnia file is not valid YAML at line 4, column 1: Missing closing "quote/);
  });

  it('names the bad field of the document', () => {
    expect(failure(JSON.stringify({ _type: 'export', __export_format: 2, resources: [] })).message).toBe(
      'This Insomnia export cannot be read: __export_format: is 2; Wirebench reads Insomnia export format 4 (and 3) and Insomnia v5 YAML.',
    );
    expect(failure(JSON.stringify({ _type: 'export', __export_format: 4, resources: {} })).field).toBe('resources');
    expect(failure(v4([{ _id: 'wrk', _type: 'workspace' }, 'oops'])).message).toBe('This Insomnia export cannot be read: resources[1]: is a string, not a resource object.');
    expect(failure(v4([{ _id: 'r', name: 'x' }])).field).toBe('resources[0]._type');
    expect(failure('type: collection.insomnia.rest/5.0\ncollection:\n  - name: F\n    children:\n      - name: no method\n').message).toBe(
      'This Insomnia export cannot be read: collection[0].children[0]: "method" is missing (a request needs one) and "children" too (a folder needs them).',
    );
    expect(failure('type: mock.insomnia.rest/5.0\nname: m\n').field).toBe('type');
  });

  it('keeps a GraphQL body that is not JSON as the query, with its path, line and column', () => {
    const result = importInsomnia(v4([{ _id: 'wrk', _type: 'workspace', name: 'W' }, { _id: 'r1', parentId: 'wrk', _type: 'request', name: 'Broken', method: 'POST', url: 'https://a.test/graphql', body: { mimeType: 'application/graphql', text: '{"query" {}' } }]));
    if (!result.ok) throw new Error(result.error.message);
    const broken = result.value.collection.items[0] as SavedRequest;
    expect(broken.draft.body.graphql?.query).toBe('{"query" {}');
    expect(result.value.warnings[0]).toMatch(/^Broken \(resources\[1\]\): resources\[1\]\.body\.text: not JSON at line 1, column 10 /);
  });

  it('reads folders 100 deep and names what is deeper, in both formats, without running out of stack', () => {
    const resources: unknown[] = [{ _id: 'wrk', _type: 'workspace', name: 'Deep' }];
    for (let i = 0; i < 5000; i++) resources.push({ _id: `fld_${i}`, parentId: i === 0 ? 'wrk' : `fld_${i - 1}`, _type: 'request_group', name: `F${i}` });
    const v4Result = importInsomnia(v4(resources));
    if (!v4Result.ok) throw new Error(v4Result.error.message);
    expect(v4Result.value.warnings).toEqual(['resources[101] ("F100"): folders more than 100 deep are not read; what is inside it was left out.']);
    let yaml = 'type: collection.insomnia.rest/5.0\ncollection:\n';
    for (let i = 0; i < 150; i++) yaml += `${'  '.repeat(i * 2 + 1)}- name: F${i}\n${'  '.repeat(i * 2 + 2)}children:\n`;
    yaml += `${'  '.repeat(301)}[]\n`;
    const v5Result = importInsomnia(yaml);
    if (!v5Result.ok) throw new Error(v5Result.error.message);
    expect(v5Result.value.warnings).toHaveLength(1);
    expect(v5Result.value.warnings[0]).toMatch(/^collection(\[0\]\.children){100}\[0\] \("F100"\): folders more than 100 deep are not read/);
  });

  it('names folders whose parents lead round in a loop instead of losing them', () => {
    const result = importInsomnia(v4([{ _id: 'wrk', _type: 'workspace', name: 'W' }, { _id: 'fld_a', parentId: 'fld_b', _type: 'request_group', name: 'A' }, { _id: 'fld_b', parentId: 'fld_a', _type: 'request_group', name: 'B' }, { _id: 'r', parentId: 'wrk', _type: 'request', name: 'Kept', method: 'GET', url: 'https://a.test/' }]));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.collection.items.map((i) => i.name)).toEqual(['Kept']);
    expect(result.value.skipped.map((s) => s.item)).toEqual(['resources[1] (request_group "A")', 'resources[2] (request_group "B")']);
    expect(result.value.skipped[0]!.reason).toContain('leads round in a loop');
  });

  it('leaves out a bad row or field, named, and keeps the rest', () => {
    const result = importInsomnia(v4([{ _id: 'r1', _type: 'request', name: 'Rows', method: 'GET', url: 'https://a.test/', headers: [{ name: 'A', value: '1' }, 7], parentId: 'fld_gone' }, { _id: 'r2', _type: 'request', name: 'Bad url', url: 5 }]));
    if (!result.ok) throw new Error(result.error.message);
    expect((result.value.collection.items[0] as SavedRequest).draft.headers.map((h) => h.name)).toEqual(['A']);
    expect(result.value.warnings).toContain('resources[0] ("Rows"): its parentId "fld_gone" is not in the export; it was put at the top of the collection.');
    expect(result.value.warnings).toContain('Rows (resources[0]): resources[0].headers[1]: is a number, not a name and value; it was left out.');
    expect(result.value.skipped).toEqual([{ item: 'Bad url', reason: 'resources[1].url: is a number, not text' }]);
  });
});
