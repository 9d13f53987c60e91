/**
 * Collections out to Insomnia export format 4 and back through our own importer: folders,
 * requests, GraphQL (query, variables, operation name), headers, parameters, auth and the
 * collection variables as the base environment; secrets blanked as the Postman export
 * blanks them unless "Include secrets" is asked for.
 */
import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import type { Collection, Folder, SavedRequest } from '../workspace';
import { exportInsomnia } from './insomniaExport';
import { importInsomnia } from './insomniaImport';
import { INSOMNIA_V4_EXPORT } from './insomniaFixture';
import { exportPostman } from './postmanExport';
import { scriptSecretWarnings } from './scriptExport';

function saved(id: string, name: string, draft: Parameters<typeof normaliseDraft>[0]): SavedRequest {
  return { kind: 'request', id, name, requestType: 'http', draft: normaliseDraft({ ...draft, name }) };
}

const GRAPHQL_QUERY = 'query Book($id: ID!) { book(id: $id) { title } }\nquery All { books { title } }';

function library(): Collection {
  const folder: Folder = {
    kind: 'folder',
    id: 'fld-1',
    name: 'Books',
    description: 'About books',
    items: [
      saved('req-gql', 'Book by id', {
        method: 'POST',
        url: '{{baseUrl}}/graphql',
        headers: [{ name: 'X-Trace', value: '{{trace-id}}' }],
        body: { kind: 'graphql', graphql: { query: GRAPHQL_QUERY, variables: '{\n  "id": "{{bookId}}",\n  "full": true\n}', operationName: 'Book' } },
        auth: { scheme: 'bearer', values: { token: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' } },
      }),
      saved('req-get', 'Books over GET', {
        method: 'GET',
        url: '{{baseUrl}}/graphql',
        body: { kind: 'graphql', graphql: { query: '{ books { title } }', variables: '', operationName: '', method: 'GET' } },
      }),
    ],
  };
  return {
    id: 'col-lib',
    name: 'Library',
    description: 'The library API',
    variables: [
      { name: 'baseUrl', value: 'https://library.test' },
      { name: 'bookId', value: '7' },
      { name: 'apiPassword', value: 'hunter2-very-secret', secret: true },
      { name: 'pageSize', value: '20', type: 'number' },
    ],
    items: [
      folder,
      saved('req-form', 'Login', {
        method: 'POST',
        url: '{{baseUrl}}/login/{tenant}?lang=en',
        pathParams: [{ name: 'tenant', value: 'acme' }],
        query: [{ name: 'lang', value: 'en' }, { name: 'debug', value: '1', enabled: false }],
        headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
        body: { kind: 'form', form: [{ name: 'user', value: 'ada' }, { name: 'pass', value: '{{apiPassword}}', enabled: false }] },
        auth: { scheme: 'basic', values: { username: 'ada', password: 'correct-horse-battery' } },
      }),
      saved('req-key', 'Stats', { method: 'GET', url: '{{baseUrl}}/stats', auth: { scheme: 'apikey', values: { headerName: 'api_key', key: 'k-1234567890', placement: 'query' } } }),
      saved('req-json', 'Create', { method: 'PUT', url: '{{baseUrl}}/books/1', headers: [{ name: 'Content-Type', value: 'application/json' }], body: { kind: 'json', texts: { json: '{"title": "{{title}}"}' } }, options: { followRedirects: true } }),
    ],
  };
}

describe('exportInsomnia', () => {
  it('writes an export format 4 Insomnia reads: a workspace, the base environment, folders and requests', () => {
    const { text } = exportInsomnia(library(), { exportedAt: '2026-11-29T05:00:00.000Z' });
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ _type: 'export', __export_format: 4, __export_date: '2026-11-29T05:00:00.000Z' });
    const types = doc.resources.map((r: { _type: string; name: string }) => `${r._type}:${r.name}`);
    expect(types).toEqual(['workspace:Library', 'environment:Base Environment', 'request_group:Books', 'request:Book by id', 'request:Books over GET', 'request:Login', 'request:Stats', 'request:Create']);
    const workspace = doc.resources[0];
    for (const r of doc.resources.slice(1)) expect([workspace._id, doc.resources[2]._id]).toContain(r.parentId);
    const gql = doc.resources[3];
    expect(gql.body.mimeType).toBe('application/graphql');
    expect(JSON.parse(gql.body.text)).toEqual({ query: GRAPHQL_QUERY, variables: { id: '{{ _.bookId }}', full: true }, operationName: 'Book' });
    expect(gql.headers).toContainEqual({ name: 'X-Trace', value: "{{ _['trace-id'] }}", disabled: false });
    expect(gql.headers).toContainEqual({ name: 'Content-Type', value: 'application/json', disabled: false });
    expect(gql.url).toBe('{{ _.baseUrl }}/graphql');
    const login = doc.resources[5];
    // The URL as typed (Insomnia sends its query as written); the disabled row as a disabled parameter.
    expect(login.url).toBe('{{ _.baseUrl }}/login/:tenant?lang=en');
    expect(login.pathParameters).toEqual([{ name: 'tenant', value: 'acme' }]);
    expect(login.parameters).toEqual([{ name: 'debug', value: '1', disabled: true }]);
    expect(login.body).toEqual({ mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'user', value: 'ada', disabled: false }, { name: 'pass', value: '{{ _.apiPassword }}', disabled: true }] });
    expect(doc.resources[6].authentication).toMatchObject({ type: 'apikey', key: 'api_key', addTo: 'queryParams' });
    expect(doc.resources[7].settingFollowRedirects).toBe('on');
  });

  it('blanks secrets exactly as the Postman export does: secret variables blank, credentials as variables listed blank', () => {
    const collection = library();
    const { text } = exportInsomnia(collection);
    expect(text).not.toContain('hunter2-very-secret');
    expect(text).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(text).not.toContain('correct-horse-battery');
    expect(text).not.toContain('k-1234567890');
    const doc = JSON.parse(text);
    const env = doc.resources[1].data;
    const postman = JSON.parse(exportPostman(collection));
    const postmanVariables = Object.fromEntries(postman.variable.map((v: { key: string; value: string }) => [v.key, v.value]));
    // The same names, the same blanks, from the same redaction gate.
    expect(Object.keys(env).sort()).toEqual(Object.keys(postmanVariables).sort());
    for (const [name, value] of Object.entries(postmanVariables)) expect(String(env[name])).toBe(String(value));
    expect(env.apiPassword).toBe('');
    expect(env.pageSize).toBe(20);
    const gql = doc.resources[3];
    expect(gql.authentication.token).toMatch(/^\{\{ _\.[\w.]+ \}\}$/);
  });

  it('says what a multipart part loses: its own Content-Type, headers, base64', () => {
    const collection = library();
    collection.items.push(saved('req-up', 'Upload', { method: 'POST', url: 'https://a.test/up', body: { kind: 'multipart', multipart: [{ name: 'meta', kind: 'json', value: '{}', contentType: '', base64: false }, { name: 'plain', kind: 'text', value: 'x', contentType: '', base64: false }] } }));
    const { text, warnings } = exportInsomnia(collection);
    expect(warnings).toContain('"Upload": the multipart part "meta" lost its own Content-Type, headers or base64 encoding (Insomnia\'s multipart fields have none).');
    const upload = JSON.parse(text).resources.find((r: { name: string }) => r.name === 'Upload');
    expect(upload.body).toEqual({ mimeType: 'multipart/form-data', params: [{ name: 'meta', value: '{}', disabled: false }, { name: 'plain', value: 'x', disabled: false }] });
    // Insomnia writes the multipart boundary itself: no Content-Type header without one.
    expect(upload.headers).toEqual([]);
  });

  it('writes dynamic variables Insomnia has a tag for as that tag, and names the others', () => {
    const collection = library();
    collection.items.push(saved('req-dyn', 'Dynamic', { method: 'GET', url: 'https://a.test/?id={{$randomUUID}}&at={{$timestamp}}', headers: [{ name: 'X-Mail', value: '{{$randomEmail}}' }] }));
    const { text, warnings } = exportInsomnia(collection);
    const resource = JSON.parse(text).resources.find((r: { name: string }) => r.name === 'Dynamic');
    expect(resource.url).toBe("https://a.test/?id={% uuid 'v4' %}&at={% now 'unix', '' %}");
    expect(resource.headers).toContainEqual({ name: 'X-Mail', value: '{{$randomEmail}}', disabled: false });
    expect(warnings).toContain('The dynamic variable {{$randomEmail}} was written as text: Insomnia has template tags instead ({% uuid %}, {% now %}, {% faker %}).');
  });

  it('includes secrets only when asked', () => {
    const { text } = exportInsomnia(library(), { includeSecrets: true });
    expect(text).toContain('hunter2-very-secret');
    expect(text).toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(text).toContain('correct-horse-battery');
  });

  it('round-trips through our importer: GraphQL query, variables and operation name, auth, parameters, variables', () => {
    const { text } = exportInsomnia(library(), { includeSecrets: true });
    const back = importInsomnia(text);
    if (!back.ok) throw new Error(back.error.message);
    const { collection } = back.value;
    expect(collection.name).toBe('Library');
    expect(collection.variables.map((v) => `${v.name}=${v.value}`)).toEqual(['baseUrl=https://library.test', 'bookId=7', 'apiPassword=hunter2-very-secret', 'pageSize=20']);
    const books = collection.items[0] as Folder;
    expect(books.name).toBe('Books');
    expect(books.description).toBe('About books');
    const gql = books.items[0] as SavedRequest;
    expect(gql.draft.body.kind).toBe('graphql');
    expect(gql.draft.body.graphql?.query).toBe(GRAPHQL_QUERY);
    expect(JSON.parse(gql.draft.body.graphql!.variables)).toEqual({ id: '{{bookId}}', full: true });
    expect(gql.draft.body.graphql?.operationName).toBe('Book');
    expect(gql.draft.auth).toEqual({ scheme: 'bearer', values: { token: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' } });
    expect(gql.draft.headers.find((h) => h.name === 'X-Trace')?.value).toBe('{{trace-id}}');
    const overGet = books.items[1] as SavedRequest;
    expect(overGet.draft.method).toBe('GET');
    expect(overGet.draft.body.graphql).toMatchObject({ query: '{ books { title } }', method: 'GET' });
    const login = collection.items[1] as SavedRequest;
    expect(login.draft.url).toBe('{{baseUrl}}/login/{tenant}?lang=en');
    expect(login.draft.pathParams).toEqual([{ name: 'tenant', value: 'acme' }]);
    expect(login.draft.query.map((q) => [q.name, q.value, q.enabled])).toEqual([
      ['lang', 'en', true],
      ['debug', '1', false],
    ]);
    expect(login.draft.body.form.map((r) => [r.name, r.value, r.enabled])).toEqual([
      ['user', 'ada', true],
      ['pass', '{{apiPassword}}', false],
    ]);
    expect(login.draft.auth).toEqual({ scheme: 'basic', values: { username: 'ada', password: 'correct-horse-battery' } });
    expect((collection.items[2] as SavedRequest).draft.auth).toEqual({ scheme: 'apikey', values: { headerName: 'api_key', key: 'k-1234567890', placement: 'query' } });
    const create = collection.items[3] as SavedRequest;
    expect(create.draft.body).toMatchObject({ kind: 'json', texts: { json: '{"title": "{{title}}"}' } });
    expect(create.draft.options.followRedirects).toBe(true);
    expect(back.value.warnings).toEqual([]);
  });

  it('writes Postman scripts as Insomnia scripts (pm. as insomnia.), credentials in them blanked like the rest', () => {
    const collection = library();
    const create = collection.items[3] as SavedRequest;
    create.scripts = [
      { phase: 'pre-request', dialect: 'postman', text: "pm.environment.set('auth', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789');" },
      { phase: 'post-response', dialect: 'postman', text: "pm.test('created', () => pm.response.to.have.status(201));" },
      { phase: 'post-response', dialect: 'jetbrains', text: 'client.test("x", () => {});' },
    ];
    const { text, warnings } = exportInsomnia(collection);
    const resource = JSON.parse(text).resources.find((r: { name: string }) => r.name === 'Create');
    expect(resource.preRequestScript).toMatch(/^insomnia\.environment\.set\('auth', '\{\{[\w.]+\}\}'\);$/);
    expect(resource.afterResponseScript).toBe("insomnia.test('created', () => insomnia.response.to.have.status(201));");
    expect(text).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(warnings).toEqual(['"Create": 1 script in another dialect (or in a file) was not written.']);
    expect(scriptSecretWarnings(collection, 'insomnia')).toEqual(['"Create": its pre-request script holds what looks like a GitHub token. It is written as a {{variable}} in the file: set that variable where the collection runs.']);
  });

  it('round-trips the realistic fixture: every request and folder keeps its name, method, URL, body and auth', () => {
    const first = importInsomnia(JSON.stringify(INSOMNIA_V4_EXPORT));
    if (!first.ok) throw new Error(first.error.message);
    const { text, warnings } = exportInsomnia(first.value.collection, { includeSecrets: true });
    expect(warnings).toEqual([]);
    const second = importInsomnia(text);
    if (!second.ok) throw new Error(second.error.message);
    const shape = (items: readonly (Folder | SavedRequest)[]): unknown[] =>
      items.flatMap((i): unknown[] =>
        i.kind === 'folder'
          ? [{ folder: i.name, items: shape(i.items) }]
          : i.draft.protocol === 'grpc'
            ? [{ name: i.name, url: i.draft.url, grpc: i.draft.grpc, metadata: i.draft.headers.map((h) => `${h.name}: ${h.value}`) }]
            : [{ name: i.name, method: i.draft.protocol ? undefined : i.draft.method, url: i.draft.url, kind: i.draft.body.kind, graphql: i.draft.body.graphql, auth: i.draft.auth }],
      );
    expect(shape(second.value.collection.items)).toEqual(shape(first.value.collection.items));
    // Insomnia's own tags and expressions, kept as text on import, go back as they came.
    const ping = second.value.collection.items.find((i) => i.name === 'Ping') as SavedRequest;
    expect(ping.draft.headers.map((h) => h.value)).toEqual(['{{$guid}}', '{{ _.title | upper }}']);
    // Written as Insomnia's own tags on the way out.
    expect(text).toContain(`"value": "{% uuid 'v4' %}"`);
    expect(text).toContain("ping at {% now 'iso-8601', '' %} from {% base64 'encode', 'normal', 'ada' %}");
  });
});
