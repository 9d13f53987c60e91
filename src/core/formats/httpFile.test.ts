import { describe, expect, it } from 'vitest';
import { buildWireRequest, normaliseDraft, type DraftInput } from '../request';
import type { Collection, SavedRequest } from '../workspace';
import { collectionRequests } from '../workspace';
import { parseHttpFile } from './httpFile';
import { formatHttpFile } from './httpFileFormat';
import type { ImportResult } from './importResult';

const FILE = `@baseUrl = https://api.example.test
@token = abc

### List users
# Pages of 20.
GET {{baseUrl}}/users?page=1 HTTP/1.1
Accept: application/json
Authorization: Bearer {{token}}

### Create user
# @name createUser
POST {{baseUrl}}/users
Content-Type: application/json

{
  "name": "Ada"
}

###
PUT {{baseUrl}}/avatar
Content-Type: image/png

< ./avatar.png

### Login
POST /login
Host: auth.example.test:443
Authorization: Basic ada s3cret
Content-Type: application/x-www-form-urlencoded

user=ada&remember=on

> {% client.global.set("t", response.body.token) %}

### Search
# @no-redirect
GET https://api.example.test/search
    ?q=mugs
    &page=2
`;

function parsed(text: string): ImportResult {
  const result = parseHttpFile(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const requests = (result: ImportResult): SavedRequest[] => collectionRequests(result.collection.items).map((r) => r.request);

describe('parseHttpFile', () => {
  const result = parsed(FILE);
  const [list, create, avatar, login, search] = requests(result);

  it('reads file variables and one request per ### block, named by # @name or the ### line', () => {
    expect(result.collection.variables).toEqual([{ name: 'baseUrl', value: 'https://api.example.test' }, { name: 'token', value: 'abc' }]);
    expect(requests(result).map((r) => r.name)).toEqual(['List users', 'createUser', 'PUT /avatar', 'Login', 'Search']);
  });

  it('reads the request line, headers, comments as description, and the body', () => {
    expect(list!.draft.method).toBe('GET');
    expect(list!.draft.url).toBe('{{baseUrl}}/users?page=1');
    expect(list!.description).toBe('Pages of 20.');
    expect(list!.draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual(['Accept: application/json', 'Authorization: Bearer {{token}}']);
    expect(create!.draft.body.kind).toBe('json');
    expect(create!.draft.body.texts.json).toBe('{\n  "name": "Ada"\n}');
  });

  it('reads a file body as a binary body that keeps the file reference, to pick again', () => {
    expect(avatar!.draft.body.kind).toBe('binary');
    expect(avatar!.draft.body.binary).toMatchObject({ kind: 'file', name: 'avatar.png', type: 'image/png' });
    expect(result.warnings).toContain('PUT /avatar, line 23: the body is read from the file "./avatar.png": pick the file again before sending.');
  });

  it('takes the host from a Host header, Basic shorthand as auth, and keeps the handler script out of the body', () => {
    expect(login!.draft.url).toBe('https://auth.example.test/login');
    expect(login!.draft.auth).toEqual({ scheme: 'basic', values: { username: 'ada', password: 's3cret' } });
    expect(login!.draft.body.form.map((r) => [r.name, r.value])).toEqual([['user', 'ada'], ['remember', 'on']]);
    expect(login!.scripts).toEqual([{ phase: 'post-response', dialect: 'jetbrains', text: 'client.global.set("t", response.body.token)' }]);
    expect(result.warnings).toContain('Login: its response handler was kept with the request but will not run: Wirebench runs Postman (pm) scripts only, not the JetBrains/httpyac handler API.');
  });

  it('joins multi-line queries and reads # @no-redirect (both clients follow redirects otherwise)', () => {
    expect(search!.draft.url).toBe('https://api.example.test/search?q=mugs&page=2');
    expect(search!.draft.options.followRedirects).toBe(false);
    expect(list!.draft.options.followRedirects).toBe(true);
  });

  it('skips a block without a request line, saying which line', () => {
    const skipped = parsed('### Broken\nthis is not a request\n\n### Fine\nGET https://a.test/\n');
    expect(requests(skipped).map((r) => r.name)).toEqual(['Fine']);
    expect(skipped.skipped).toEqual([{ item: 'Broken', reason: 'line 2 ("this is not a request") is not a request line (METHOD URL)' }]);
  });

  it('names variables it cannot resolve and dynamic variables', () => {
    const result = parsed('GET {{host}}/x?id={{$uuid}}\n');
    expect(result.warnings).toEqual([
      'Dynamic variables $uuid are not supported; they are kept as written and will show as unresolved.',
      'Variables {{host}} are not defined in the file (they may come from an environment file); set them in an environment.',
    ]);
  });
});

describe('formatHttpFile', () => {
  const collection: Collection = {
    id: 'c',
    name: 'Demo',
    variables: [{ name: 'baseUrl', value: 'https://a.test' }, { name: 'apiSecret', value: 'shh', secret: true }],
    items: [
      {
        kind: 'folder',
        id: 'f',
        name: 'Items',
        items: [
          {
            kind: 'request',
            id: 'r1',
            name: 'Get item',
            requestType: 'http',
            draft: normaliseDraft({ url: '{{baseUrl}}/items/{id}/{rev}', pathParams: [{ name: 'id', value: '7' }], auth: { scheme: 'bearer', values: { token: 'T0K' } }, headers: [{ name: 'X-Off', value: '1', enabled: false }] }),
          },
        ],
      },
      {
        kind: 'request',
        id: 'r2',
        name: 'Upload',
        requestType: 'http',
        draft: normaliseDraft({
          method: 'POST',
          url: '{{baseUrl}}/up',
          options: { followRedirects: true },
          body: { kind: 'multipart', boundary: 'BND', multipart: [{ name: 'title', kind: 'text', value: 'Hi', contentType: '', base64: false, headers: [] }, { name: 'f', kind: 'file', value: '', filename: 'a.png', contentType: 'image/png', base64: false, headers: [] }] as never },
        }),
      },
    ],
  };

  it('writes variables, named blocks, auth as headers, Content-Type and file parts', () => {
    expect(formatHttpFile(collection)).toBe(`# Demo

@baseUrl = https://a.test
@apiSecret =
@token =

### Items / Get item
# @no-redirect
GET {{baseUrl}}/items/7/{{rev}}
# X-Off: 1
Authorization: Bearer {{token}}

### Upload
POST {{baseUrl}}/up
Content-Type: multipart/form-data; boundary=BND

--BND
Content-Disposition: form-data; name="title"

Hi
--BND
Content-Disposition: form-data; name="f"; filename="a.png"
Content-Type: image/png

< ./a.png
--BND--
`);
  });

  it('includes secrets only when asked', () => {
    const text = formatHttpFile(collection, { includeSecrets: true });
    expect(text).toContain('@apiSecret = shh');
    expect(text).toContain('Authorization: Bearer T0K');
  });

  describe('a request using a vault token', () => {
    const vaultRequest = (id: string, vaultEntryId: string): SavedRequest => ({
      kind: 'request',
      id,
      name: `Uses ${vaultEntryId}`,
      requestType: 'http',
      draft: normaliseDraft({ url: 'https://a.test/orders', auth: { scheme: 'vault', values: {}, vaultEntryId } }),
    });
    const withVault: Collection = { id: 'v', name: 'Vault', variables: [], items: [vaultRequest('a', 'e-jwt'), vaultRequest('b', 'e-token'), vaultRequest('c', 'e-unknown')] };

    it("writes {{accessToken}} after the entry's scheme word when the app says which it is", () => {
      const text = formatHttpFile(withVault, { vaultSchemes: { 'e-jwt': 'JWT', 'e-token': 'Token' } });
      const authorizations = text.split('\n').filter((line) => line.startsWith('Authorization:'));
      expect(authorizations).toEqual(['Authorization: JWT {{accessToken}}', 'Authorization: Token {{accessToken}}', 'Authorization: Bearer {{accessToken}}']);
    });

    it('writes Bearer without scheme words, and never a token whether or not secrets are included', () => {
      for (const text of [formatHttpFile(withVault), formatHttpFile(withVault, { includeSecrets: true })]) {
        expect(text.split('\n').filter((line) => line.startsWith('Authorization:'))).toEqual(Array(3).fill('Authorization: Bearer {{accessToken}}'));
      }
    });
  });
});

describe('.http → collection → .http', () => {
  it('gives back the same requests', () => {
    const first = parsed(FILE);
    const written = formatHttpFile(first.collection, { includeSecrets: true });
    const second = parsed(written);
    const meaning = (r: SavedRequest) => ({ name: r.name, method: r.draft.method, url: r.draft.url, headers: r.draft.headers.map((h) => `${h.name}: ${h.value}`), auth: r.draft.auth, body: r.draft.body.kind, texts: r.draft.body.texts, form: r.draft.body.form.map((f) => [f.name, f.value]), redirects: r.draft.options.followRedirects, scripts: r.scripts });
    expect(requests(second).map(meaning)).toEqual(requests(first).map(meaning));
    expect(second.collection.variables).toEqual(first.collection.variables);
    expect(formatHttpFile(second.collection, { includeSecrets: true })).toBe(written);
  });

  it('writes what the builder sends: encoded parameter values, no body for blank form rows, Basic auth where it keeps its place (found by roundTrip.property.test.ts)', () => {
    const request = (id: string, input: DraftInput): SavedRequest => ({ kind: 'request', id, name: id, requestType: 'http', draft: normaliseDraft(input) });
    const collection: Collection = {
      id: 'c',
      name: 'Builder',
      variables: [],
      items: [
        request('path', { url: 'https://a.test/items/{id}', pathParams: [{ name: 'id', value: 'a b' }] }),
        request('key', { url: 'https://a.test/', auth: { scheme: 'apikey', values: { headerName: 'key', key: 'k 2', placement: 'query' } } }),
        request('blank-form', { method: 'POST', url: 'https://a.test/', body: { kind: 'form', form: [{ name: '', value: '' }] } }),
        request('basic-json', { method: 'POST', url: 'https://a.test/', auth: { scheme: 'basic', values: { username: 'ada', password: 's3cret' } }, body: { kind: 'json', texts: { json: '{}' } } }),
        request('basic-space', { url: 'https://a.test/', auth: { scheme: 'basic', values: { username: 'a b', password: 'pw' } } }),
      ],
    };
    const written = formatHttpFile(collection, { includeSecrets: true });
    expect(written).toContain('GET https://a.test/items/a%20b\n');
    expect(written).toContain('GET https://a.test/?key=k%202\n');
    expect(written).toContain('POST https://a.test/\nContent-Type: application/x-www-form-urlencoded\n\n### basic-json');
    expect(written).toContain('Authorization: Basic YWRhOnMzY3JldA==\nContent-Type: application/json');
    expect(written).toContain('Authorization: Basic YSBiOnB3');
    const sent = (r: SavedRequest) => {
      const built = buildWireRequest(r.draft, {});
      if (!built.ok) throw new Error(built.error.message);
      return { ...built.value.wire, body: built.value.wire.body?.join('') };
    };
    expect(requests(parsed(written)).map(sent)).toEqual(collectionRequests(collection.items).map((r) => sent(r.request)));
  });

  it('keeps a literal {x} in the query and a name written over several lines (issue 15, item 7)', () => {
    const collection: Collection = {
      id: 'c',
      name: 'Edge cases',
      variables: [],
      items: [
        { kind: 'request', id: 'q', name: 'Search\nby template', requestType: 'http', draft: normaliseDraft({ url: 'https://a.test/items/{id}?q={x}&r=1', pathParams: [{ name: 'id', value: '7' }] }) },
      ],
    };
    const written = formatHttpFile(collection, { includeSecrets: true });
    expect(written).toContain('### Search by template\n');
    expect(written).toContain('GET https://a.test/items/7?q={x}&r=1');
    const back = requests(parsed(written));
    expect(back.map((r) => [r.name, r.draft.url])).toEqual([['Search by template', 'https://a.test/items/7?q={x}&r=1']]);
  });
});
