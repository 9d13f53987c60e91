import { describe, expect, it } from 'vitest';
import { authScheme } from '../auth';
import { normaliseDraft, type RequestDraft } from '../request';
import type { Collection, CollectionItem, SavedRequest } from '../workspace';
import { collectionRequests } from '../workspace';
import type { ImportResult } from './importResult';
import { POSTMAN_SHOP_COLLECTION } from './postmanFixture';
import { exportPostman } from './postmanExport';
import { importPostman } from './postmanImport';

function imported(document: unknown): ImportResult {
  const result = importPostman(typeof document === 'string' ? document : JSON.stringify(document));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function request(result: ImportResult, name: string): SavedRequest {
  const found = collectionRequests(result.collection.items).find((r) => r.request.name === name);
  if (!found) throw new Error(`no request "${name}"`);
  return found.request;
}

/** What a draft sends, without ids, random boundaries or another scheme's leftover auth values. */
function draftMeaning(draft: RequestDraft) {
  const fields = authScheme(draft.auth.scheme)?.fields ?? [];
  const body = draft.body;
  return {
    method: draft.method,
    url: draft.url,
    pathParams: draft.pathParams,
    query: draft.query.map((q) => ({ name: q.name, value: q.value, enabled: q.enabled })),
    headers: draft.headers.map((h) => ({ name: h.name, value: h.value, enabled: h.enabled })),
    auth: { scheme: draft.auth.scheme, values: Object.fromEntries(fields.map((f) => [f.name, draft.auth.values[f.name] ?? f.default ?? ''])) },
    body: {
      kind: body.kind,
      text: body.kind === 'json' || body.kind === 'xml' || body.kind === 'text' ? body.texts[body.kind] : undefined,
      form: body.kind === 'form' ? body.form.map((r) => ({ name: r.name, value: r.value, enabled: r.enabled })) : undefined,
      parts: body.kind === 'multipart' ? body.multipart.map((p) => ({ name: p.name, kind: p.kind, value: p.value, contentType: p.contentType, filename: p.filename, enabled: p.enabled })) : undefined,
    },
    options: { followRedirects: draft.options.followRedirects, insecureTls: draft.options.insecureTls },
  };
}

function itemMeaning(item: CollectionItem): unknown {
  if (item.kind === 'folder') return { folder: item.name, description: item.description, items: item.items.map(itemMeaning) };
  return { request: item.name, description: item.description, draft: draftMeaning(item.draft) };
}

function collectionMeaning(collection: Collection) {
  return { name: collection.name, description: collection.description, variables: collection.variables, auth: collection.auth, items: collection.items.map(itemMeaning) };
}

describe('importPostman', () => {
  const result = imported(POSTMAN_SHOP_COLLECTION);

  it('keeps the folder tree, names, descriptions and variables', () => {
    const c = result.collection;
    expect(c.name).toBe('Shop API');
    expect(c.description).toBe('The demo shop: catalogue, orders and uploads.');
    expect(c.items.map((i) => i.name)).toEqual(['Catalogue', 'Orders', 'Upload photo', 'Replace manual', 'Plain note']);
    expect(c.items[0]!.kind === 'folder' && c.items[0]!.description).toBe('Products and search.');
    expect(c.variables).toEqual([
      { name: 'baseUrl', value: 'https://shop.example.test/v1' },
      { name: 'accessToken', value: 'tok-123' },
      { name: 'legacy', value: 'x', enabled: false },
    ]);
  });

  it('resolves auth through inheritance: collection, folder, request, noauth', () => {
    expect(result.collection.auth).toEqual({ scheme: 'bearer', values: { token: '{{accessToken}}' } });
    expect(request(result, 'List products').draft.auth).toEqual({ scheme: 'bearer', values: { token: '{{accessToken}}' } });
    expect(request(result, 'Create order').draft.auth).toEqual({ scheme: 'basic', values: { username: 'clerk', password: 'pa:ss' } });
    expect(request(result, 'Old orders').draft.auth.scheme).toBe('basic');
    expect(request(result, 'Public status').draft.auth.scheme).toBe('none');
    expect(request(result, 'Partner feed').draft.auth).toEqual({ scheme: 'apikey', values: { headerName: 'X-Partner-Key', key: 'pk-9', placement: 'header' } });
  });

  it('turns :path variables into {path} parameters and keeps disabled query rows and headers', () => {
    const get = request(result, 'Get product').draft;
    expect(get.url).toBe('{{baseUrl}}/products/{productId}');
    expect(get.pathParams).toEqual([{ name: 'productId', value: '42' }]);
    const list = request(result, 'List products').draft;
    expect(list.url).toBe('{{baseUrl}}/products?page=2&sort=name');
    expect(list.query.map((q) => [q.name, q.value, q.enabled])).toEqual([['page', '2', true], ['sort', 'name', true], ['q', 'draft', false]]);
    expect(list.headers.map((h) => [h.name, h.enabled])).toEqual([['Accept', true], ['X-Debug', false]]);
  });

  it('brings every body mode', () => {
    expect(request(result, 'Search (XML)').draft.body.texts.xml).toBe('<search><term>mug</term></search>');
    expect(request(result, 'Create order').draft.body.kind).toBe('json');
    expect(request(result, 'Checkout form').draft.body.form.map((r) => [r.name, r.value, r.enabled])).toEqual([['card', '4111 1111', true], ['coupon', 'SAVE', false]]);
    expect(request(result, 'Upload photo').draft.body.multipart.map((p) => [p.name, p.kind, p.filename ?? p.value])).toEqual([['caption', 'text', 'A mug'], ['meta', 'json', '{"w":1}'], ['photo', 'file', 'mug.jpg']]);
    expect(request(result, 'Replace manual').draft.body.kind).toBe('binary');
    expect(request(result, 'Plain note').draft.body.texts.text).toBe('hello');
  });

  it('maps redirect and TLS behaviour (Postman follows redirects by default)', () => {
    expect(request(result, 'List products').draft.options.followRedirects).toBe(true);
    expect(request(result, 'Checkout form').draft.options.followRedirects).toBe(false);
    expect(request(result, 'Public status').draft.options.insecureTls).toBe(true);
  });

  it('reports files to pick again and example responses left out, and says the scripts were kept and run', () => {
    expect(result.warnings).toEqual([
      'Upload photo: part "photo" is the file "/Users/ada/Pictures/mug.jpg": pick the file again before sending in the app (wirebench run reads it from --working-dir).',
      'Replace manual: the body is the file "manual.pdf": pick the file again before sending in the app (wirebench run reads it from --working-dir).',
      '1 saved example response was left out (Wirebench keeps no example responses).',
    ]);
    expect(result.format).toBe('Postman Collection v2.1');
    expect(result.notes).toEqual([
      "2 scripts (pre-request or test) were kept with the requests they run for, collection and folder scripts on each of their requests in Postman's order (collection, folder, request; for tests too). They run when a request is sent, in the app, its runner and wirebench run, with the pm API.",
    ]);
  });
});

describe('Postman v2.1 → Wirebench → Postman v2.1', () => {
  it('is equal in meaning', () => {
    const first = imported(POSTMAN_SHOP_COLLECTION);
    const exported = exportPostman(first.collection, { includeSecrets: true });
    const second = imported(exported);
    expect(collectionMeaning(second.collection)).toEqual(collectionMeaning(first.collection));
  });

  it('writes requests that inherit the collection auth without an auth block, and noauth where none', () => {
    const document = JSON.parse(exportPostman(imported(POSTMAN_SHOP_COLLECTION).collection, { includeSecrets: true }));
    expect(document.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    const list = document.item[0].item[0];
    expect(list.request.auth).toBeUndefined();
    expect(list.request.url.query).toEqual([{ key: 'page', value: '2' }, { key: 'sort', value: 'name' }, { key: 'q', value: 'draft', disabled: true }]);
    expect(document.item[1].item[2].request.auth).toEqual({ type: 'noauth' });
    expect(document.item[0].item[1].request.url).toMatchObject({ raw: '{{baseUrl}}/products/:productId', variable: [{ key: 'productId', value: '42' }] });
  });

  it('keeps the root path, a fragment, an empty pair ?= and encodes a parameter inside a segment (found by roundTrip.property.test.ts)', () => {
    const urls = ['https://a.test/', 'https://a.test/docs#intro', 'https://a.test/x?=&a=1', 'https://a.test/v{id}.json'];
    const collection: Collection = {
      id: 'c',
      name: 'URLs',
      variables: [],
      items: urls.map((url, i) => ({ kind: 'request', id: `r${i}`, name: `r${i}`, requestType: 'http', draft: normaliseDraft({ url, pathParams: [{ name: 'id', value: 'a b' }] }) })),
    };
    const back = collectionRequests(imported(exportPostman(collection, { includeSecrets: true })).collection.items).map((r) => r.request.draft.url);
    expect(back).toEqual(['https://a.test/', 'https://a.test/docs#intro', 'https://a.test/x?=&a=1', 'https://a.test/va%20b.json']);
  });

  it('replaces secrets with blank {{variables}} by default', () => {
    const document = JSON.parse(exportPostman(imported(POSTMAN_SHOP_COLLECTION).collection));
    const createOrder = document.item[1].item[0];
    expect(createOrder.request.auth.basic).toEqual([{ key: 'username', value: 'clerk', type: 'string' }, { key: 'password', value: '{{password}}', type: 'string' }]);
    expect(document.item[1].item[3].request.auth.apikey[1]).toEqual({ key: 'value', value: '{{apiKey}}', type: 'string' });
    expect(document.variable.slice(3)).toEqual([{ key: 'password', value: '', type: 'string' }, { key: 'apiKey', value: '', type: 'string' }]);
    expect(JSON.stringify(document)).not.toContain('pa:ss');
    expect(JSON.stringify(document)).not.toContain('pk-9');
  });
});

describe('exportPostman: a request using a vault token', () => {
  const vaultCollection = (vaultEntryId: string, collectionAuth?: Collection['auth']): Collection => ({
    id: 'v',
    name: 'Vault',
    variables: [],
    ...(collectionAuth ? { auth: collectionAuth } : {}),
    items: [{ kind: 'request', id: 'r', name: 'Orders', requestType: 'http', draft: normaliseDraft({ url: 'https://a.test/orders', auth: { scheme: 'vault', values: {}, vaultEntryId } }) }],
  });
  const exportedRequest = (collection: Collection, vaultSchemes?: Record<string, string>) => JSON.parse(exportPostman(collection, vaultSchemes ? { vaultSchemes } : {})).item[0].request;

  it('is a Bearer block of {{accessToken}} when the entry is Bearer or its scheme is not known', () => {
    const bearerBlock = { type: 'bearer', bearer: [{ key: 'token', value: '{{accessToken}}', type: 'string' }] };
    expect(exportedRequest(vaultCollection('e1'))).toMatchObject({ auth: bearerBlock, header: [] });
    expect(exportedRequest(vaultCollection('e1'), { e1: 'Bearer' })).toMatchObject({ auth: bearerBlock, header: [] });
    expect(exportedRequest(vaultCollection('e1'), { other: 'JWT' })).toMatchObject({ auth: bearerBlock });
  });

  it("is an Authorization header with the entry's scheme word when that is JWT or a custom prefix", () => {
    expect(exportedRequest(vaultCollection('e1'), { e1: 'JWT' })).toMatchObject({ header: [{ key: 'Authorization', value: 'JWT {{accessToken}}', type: 'text' }] });
    const custom = exportedRequest(vaultCollection('e1'), { e1: 'Token' });
    expect(custom.auth).toBeUndefined();
    expect(custom.header).toEqual([{ key: 'Authorization', value: 'Token {{accessToken}}', type: 'text' }]);
  });

  it('inherits a collection-level vault auth only while Postman can express it as a block', () => {
    const shared = { scheme: 'vault' as const, values: {}, vaultEntryId: 'e1' };
    const asBearer = JSON.parse(exportPostman(vaultCollection('e1', shared)));
    expect(asBearer.auth).toMatchObject({ type: 'bearer' });
    expect(asBearer.item[0].request.auth).toBeUndefined();
    const asJwt = JSON.parse(exportPostman(vaultCollection('e1', shared), { vaultSchemes: { e1: 'JWT' } }));
    expect(asJwt.auth).toBeUndefined();
    expect(asJwt.item[0].request.header).toEqual([{ key: 'Authorization', value: 'JWT {{accessToken}}', type: 'text' }]);
  });
});

describe('importPostman: what does not map one to one', () => {
  const collection = (item: unknown[], extra: object = {}) => ({ info: { name: 'x', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item, ...extra });

  it('sends GraphQL as its JSON POST body and OAuth 2.0 as its stored token', () => {
    const result = imported(
      collection([
        {
          name: 'Query',
          request: { method: 'POST', url: 'https://g.test/graphql', body: { mode: 'graphql', graphql: { query: '{ me { id } }', variables: '{"a":1}' } }, auth: { type: 'oauth2', oauth2: [{ key: 'accessToken', value: 'at-1' }] } },
        },
      ]),
    );
    const draft = request(result, 'Query').draft;
    expect(JSON.parse(draft.body.texts.json)).toEqual({ query: '{ me { id } }', variables: { a: 1 } });
    expect(draft.body.kind).toBe('graphql');
    expect(draft.body.graphql).toEqual({ query: '{ me { id } }', variables: '{"a":1}', operationName: '' });
    expect(draft.auth).toEqual({ scheme: 'bearer', values: { token: 'at-1' } });
    expect(result.warnings).toHaveLength(1);
  });

  it('imports a request with an unsupported auth type without auth, and says so', () => {
    const result = imported(collection([{ name: 'Signed', request: { method: 'GET', url: 'https://a.test', auth: { type: 'ntlm', ntlm: [] } } }]));
    expect(request(result, 'Signed').draft.auth.scheme).toBe('none');
    expect(result.warnings).toEqual(['Signed: Postman auth type "ntlm" is not supported; the request was imported without it.']);
  });

  it('imports OAuth 1.0 and Hawk as their signing schemes (timeStamp as Postman spells it)', () => {
    const result = imported(
      collection([
        { name: 'OAuth', request: { method: 'GET', url: 'https://a.test', auth: { type: 'oauth1', oauth1: { consumerKey: 'ck', consumerSecret: 'cs', timeStamp: 1461319769, nonce: 'ik3oT5', signatureMethod: 'HMAC-SHA1' } } } },
        { name: 'Hawk', request: { method: 'GET', url: 'https://a.test', auth: { type: 'hawk', hawk: [{ key: 'authId', value: 'id' }, { key: 'authKey', value: 'key' }, { key: 'extraData', value: 'x' }] } } },
      ]),
    );
    expect(request(result, 'OAuth').draft.auth).toMatchObject({ scheme: 'oauth1', values: { consumerKey: 'ck', consumerSecret: 'cs', timestamp: '1461319769', nonce: 'ik3oT5', signatureMethod: 'HMAC-SHA1' } });
    expect(request(result, 'Hawk').draft.auth).toMatchObject({ scheme: 'hawk', values: { authId: 'id', authKey: 'key', ext: 'x', algorithm: 'sha256' } });
  });

  it('imports AWS Signature V4 (awsv4) as SigV4, in the header or the query, and Digest as Digest', () => {
    const aws = (extra: object[]) => ({
      type: 'awsv4',
      awsv4: [
        { key: 'accessKey', value: 'AKIDEXAMPLE' },
        { key: 'secretKey', value: '{{awsSecret}}' },
        { key: 'region', value: 'eu-west-1' },
        { key: 'service', value: 's3' },
        { key: 'sessionToken', value: 'tok' },
        ...extra,
      ],
    });
    const result = imported(
      collection([
        { name: 'Header', request: { method: 'GET', url: 'https://a.test', auth: aws([]) } },
        { name: 'Query', request: { method: 'GET', url: 'https://a.test', auth: aws([{ key: 'addAuthDataToQuery', value: true }]) } },
        { name: 'Digest', request: { method: 'GET', url: 'https://a.test', auth: { type: 'digest', digest: [{ key: 'username', value: 'u' }, { key: 'password', value: 'p' }, { key: 'algorithm', value: 'sha-256' }, { key: 'realm', value: 'r' }] } } },
        { name: 'Odd digest', request: { method: 'GET', url: 'https://a.test', auth: { type: 'digest', digest: [{ key: 'username', value: 'u' }, { key: 'algorithm', value: 'SHA-1' }] } } },
      ]),
    );
    expect(request(result, 'Header').draft.auth).toEqual({
      scheme: 'sigv4',
      values: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: '{{awsSecret}}', sessionToken: 'tok', region: 'eu-west-1', service: 's3', payload: 'signed', signWith: 'header' },
    });
    expect(request(result, 'Query').draft.auth.values.signWith).toBe('query');
    expect(request(result, 'Digest').draft.auth).toEqual({ scheme: 'digest', values: { username: 'u', password: 'p', algorithm: 'SHA-256', realm: 'r' } });
    expect(request(result, 'Odd digest').draft.auth.values.algorithm).toBe('');
    expect(result.warnings).toEqual(['Odd digest: Digest algorithm "SHA-1" is not one Wirebench knows; the strongest the server offers is used.']);
  });

  it('exports SigV4 as an awsv4 block and Digest as a digest block, their secrets as {{variables}} unless asked', () => {
    const result = imported(
      collection([
        { name: 'S3', request: { method: 'GET', url: 'https://a.test', auth: { type: 'awsv4', awsv4: [{ key: 'accessKey', value: 'AKID' }, { key: 'secretKey', value: 'very-secret' }, { key: 'region', value: 'eu-west-1' }, { key: 'service', value: 's3' }, { key: 'addAuthDataToQuery', value: 'true' }] } } },
        { name: 'Dig', request: { method: 'GET', url: 'https://a.test', auth: { type: 'digest', digest: [{ key: 'username', value: 'u' }, { key: 'password', value: 'pw-secret' }] } } },
      ]),
    );
    const open = JSON.stringify(JSON.parse(exportPostman(result.collection, { includeSecrets: true })));
    expect(open).toContain('"type":"awsv4"');
    expect(open).toContain('very-secret');
    const back = imported(exportPostman(result.collection, { includeSecrets: true }));
    expect(request(back, 'S3').draft.auth).toEqual(request(result, 'S3').draft.auth);
    expect(request(back, 'Dig').draft.auth.scheme).toBe('digest');
    const redacted = exportPostman(result.collection);
    expect(redacted).not.toContain('very-secret');
    expect(redacted).not.toContain('pw-secret');
    expect(redacted).toContain('"key": "accessKey"');
  });
});

describe('importPostman: broken files', () => {
  it('gives the line and column of truncated JSON', () => {
    const text = JSON.stringify(POSTMAN_SHOP_COLLECTION, null, 2);
    const cut = text.slice(0, text.indexOf('"Get product"') + 5);
    const result = importPostman(cut);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = cut.split('\n');
    expect(result.error.position).toEqual({ offset: cut.length, line: lines.length, column: lines[lines.length - 1]!.length + 1 });
    expect(result.error.message).toContain(`at line ${lines.length}, column ${lines[lines.length - 1]!.length + 1}`);
    expect(result.error.message).toContain('The file looks cut off.');
  });

  it('refuses only what is not a collection, saying what it is instead', () => {
    const environment = importPostman(JSON.stringify({ name: 'Dev', values: [], _postman_variable_scope: 'environment' }));
    expect(!environment.ok && environment.error.message).toContain('This is a Postman environment, not a collection');
    const dump = importPostman(JSON.stringify({ version: 1, collections: [{}, {}], environments: [] }));
    expect(!dump.ok && dump.error.message).toContain('This is a Postman data dump holding 2 collections');
    const har = importPostman(JSON.stringify({ log: { version: '1.2', entries: [] } }));
    expect(!har.ok && [har.error.kind, har.error.message]).toEqual(['wrong-format', 'This is not a Postman collection (no "info" and "item", as v2 has, nor "requests", as v1 has): it looks like a HAR capture (import it as HAR).']);
    const array = importPostman('[]');
    expect(!array.ok && array.error.message).toBe('A Postman collection is a JSON object, but this file holds an array.');
    const v3 = importPostman(JSON.stringify({ info: { name: 'x', schema: 'https://schema.getpostman.com/json/collection/v3.0.0/collection.json' }, item: [] }));
    expect(!v3.ok && v3.error.kind).toBe('unsupported-version');
  });

  it('skips an unreadable item, naming its folder path, name and field, and imports the rest', () => {
    const broken = structuredClone(POSTMAN_SHOP_COLLECTION) as { item: { item?: { request: unknown }[] }[] };
    broken.item[0]!.item![1]!.request = { method: 'GET', url: 42 };
    const result = imported(broken);
    expect(result.skipped).toEqual([{ item: 'Catalogue / Get product', reason: 'request.url: expected string or object, received number' }]);
    expect(collectionRequests(result.collection.items)).toHaveLength(10);
    const empty = imported({ info: { name: 'x', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item: [{ name: 'nothing' }, 7, { name: 'ok', request: 'https://a.test/' }] });
    expect(empty.skipped).toEqual([
      { item: 'nothing', reason: 'request: is missing (an item needs "request", or "item" to be a folder)' },
      { item: 'item 2', reason: 'is a number, not a request or folder' },
    ]);
    expect(empty.collection.items.map((i) => i.name)).toEqual(['ok']);
  });
});
