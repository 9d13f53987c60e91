import { describe, expect, it } from 'vitest';
import { normaliseDraft, type Collection, type SavedRequest } from '..';
import { collectionFiles, diskDraft, environmentFile, pathId, slugOf, stableJson, uniqueName } from './folderLayout';
import { collectionFromFiles, environmentFromFile } from './folderLayoutReading';

const shop = (): Collection => ({
  id: 'col-shop',
  name: 'Shop API',
  variables: [{ name: 'baseUrl', value: 'http://shop.test' }],
  items: [
    {
      kind: 'folder',
      id: 'fld-orders',
      name: 'Orders',
      items: [
        {
          kind: 'request',
          id: 'req-create',
          name: 'Create order',
          requestType: 'http',
          draft: normaliseDraft({
            name: 'Create order',
            method: 'POST',
            url: '{{baseUrl}}/orders',
            headers: [{ name: 'Content-Type', value: 'application/json' }],
            body: { kind: 'json', texts: { json: '{"sku": "A-1"}' } },
          }),
        },
      ],
    },
    { kind: 'request', id: 'req-list', name: 'List orders', requestType: 'http', draft: normaliseDraft({ name: 'List orders', url: '{{baseUrl}}/orders?page=1' }) },
    { kind: 'request', id: 'req-list-2', name: 'List orders', requestType: 'http', draft: normaliseDraft({ name: 'List orders', url: '{{baseUrl}}/orders?page=2' }) },
  ],
});

function texts(collection: Collection): Map<string, string> {
  return new Map([...collectionFiles(collection).files].map(([path, file]) => [path, file.text]));
}

describe('stableJson', () => {
  it('writes known keys first in a fixed order, the rest alphabetically, 2-space indented with a trailing newline', () => {
    expect(stableJson({ zeta: 1, url: 'u', alpha: 2, id: 'x', version: 1 })).toBe('{\n  "version": 1,\n  "id": "x",\n  "url": "u",\n  "alpha": 2,\n  "zeta": 1\n}\n');
  });

  it('gives the same bytes for the same value however its keys were built', () => {
    expect(stableJson({ b: { y: 1, x: 2 }, a: [3] })).toBe(stableJson({ a: [3], b: { x: 2, y: 1 } }));
  });

  it('leaves out undefined members', () => {
    expect(stableJson({ name: 'n', description: undefined })).toBe('{\n  "name": "n"\n}\n');
  });
});

describe('names on disk', () => {
  it('slugs names to lower-case words joined by dashes, and never to nothing', () => {
    expect(slugOf('Créer une Commande / v2')).toBe('creer-une-commande-v2');
    expect(slugOf('***')).toBe('untitled');
  });

  it('makes names unique within a folder', () => {
    const taken = new Set(['a.json']);
    expect([uniqueName('a', taken, '.json'), uniqueName('a', taken, '.json')]).toEqual(['a-2.json', 'a-3.json']);
  });

  it('derives the same id from the same path', () => {
    expect(pathId('req', 'collections/x/a.json')).toBe(pathId('req', 'collections/x/a.json'));
    expect(pathId('req', 'collections/x/a.json')).not.toBe(pathId('req', 'collections/x/b.json'));
  });
});

describe('a collection as files', () => {
  it('writes one file per request, a directory per folder, and the order in collection.json', () => {
    const files = texts(shop());
    expect([...files.keys()].sort()).toEqual(['collection.json', 'list-orders-2.json', 'list-orders.json', 'orders/create-order.json', 'orders/folder.json']);
    expect(JSON.parse(files.get('collection.json')!)).toEqual({
      version: 1,
      id: 'col-shop',
      name: 'Shop API',
      variables: [{ name: 'baseUrl', value: 'http://shop.test' }],
      order: ['orders', 'list-orders.json', 'list-orders-2.json'],
    });
  });

  it('writes no volatile field: no draft id, no row ids, no boundary unless multipart', () => {
    const text = texts(shop()).get('orders/create-order.json')!;
    expect(text).not.toMatch(/"id": "(draft|row)-/);
    expect(text).not.toContain('boundary');
    expect(text.endsWith('}\n')).toBe(true);
    const list = shop().items[1] as SavedRequest;
    expect(Object.keys(diskDraft(list.draft))).toEqual(['method', 'url', 'query', 'body', 'options']);
  });

  it('writes the same bytes for the same collection twice (ids of rows differ between loads)', () => {
    expect(texts(shop())).toEqual(texts(shop()));
  });

  it('reads back to the same collection, in the same order', () => {
    const read = collectionFromFiles('collections/shop-api/', texts(shop()));
    expect(read.setAside).toEqual([]);
    expect(texts(read.collection!)).toEqual(texts(shop()));
    expect(read.collection!.items.map((i) => i.name)).toEqual(['Orders', 'List orders', 'List orders']);
    expect(read.loaded).toContain('collections/shop-api/orders/create-order.json');
  });

  it('writes and reads back the scripts imported with a request', () => {
    const withScripts = shop();
    const list = withScripts.items[1] as SavedRequest;
    list.scripts = [{ phase: 'post-response', dialect: 'jetbrains', text: 'client.global.set("n", response.body.length)' }];
    const read = collectionFromFiles('collections/shop-api/', texts(withScripts));
    expect(read.setAside).toEqual([]);
    expect((read.collection!.items[1] as SavedRequest).scripts).toEqual(list.scripts);
  });

  it('writes and reads back the captures and assertions of a request (wirebench run reads them from the folder)', () => {
    const checked = shop();
    const list = checked.items[1] as SavedRequest;
    list.captures = [{ id: 'c1', variable: 'first', scope: 'run', from: { kind: 'jsonpath', path: '$[0].id' } }];
    list.assertions = [{ id: 'a1', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '200' }];
    const read = collectionFromFiles('collections/shop-api/', texts(checked));
    expect(read.setAside).toEqual([]);
    expect((read.collection!.items[1] as SavedRequest).captures).toEqual(list.captures);
    expect((read.collection!.items[1] as SavedRequest).assertions).toEqual(list.assertions);
  });

  it('keeps the very item for an unchanged file when given a cache', () => {
    const cache = new Map();
    const first = collectionFromFiles('collections/shop/', texts(shop()), cache);
    const second = collectionFromFiles('collections/shop/', texts(shop()), cache);
    expect(second.collection!.items[1]).toBe(first.collection!.items[1]);
  });

  it('sets aside a broken request file with its line and column, and loads the rest', () => {
    const files = texts(shop());
    files.set('orders/create-order.json', '{\n  "name": "Create order",\n  "draft": {"method": "POST",\n');
    const read = collectionFromFiles('collections/shop/', files);
    expect(read.collection!.items.map((i) => i.name)).toEqual(['Orders', 'List orders', 'List orders']);
    expect((read.collection!.items[0] as { items: unknown[] }).items).toEqual([]);
    expect(read.setAside).toHaveLength(1);
    expect(read.setAside[0]!.path).toBe('collections/shop/orders/create-order.json');
    expect(read.setAside[0]!.reason).toMatch(/not valid JSON at line 4, column 1/);
  });

  it('sets aside a request whose draft fails the schema, naming the field', () => {
    const files = texts(shop());
    files.set('list-orders.json', JSON.stringify({ name: 'List orders', draft: { method: 'GET', url: 42 } }));
    const read = collectionFromFiles('collections/shop/', files);
    expect(read.setAside[0]!.reason).toMatch(/draft\.url/);
    expect(read.collection!.items).toHaveLength(2);
  });

  it('sets aside the whole collection when collection.json is broken', () => {
    const files = texts(shop());
    files.set('collection.json', '{"name": ');
    const read = collectionFromFiles('collections/shop/', files);
    expect(read.collection).toBeUndefined();
    expect(read.setAside[0]).toMatchObject({ path: 'collections/shop/collection.json', kind: 'collection' });
  });

  it('refuses a collection written by a newer Wirebench, by name', () => {
    const files = texts(shop());
    files.set('collection.json', JSON.stringify({ version: 99, id: 'c', name: 'Future' }));
    expect(collectionFromFiles('collections/f/', files).setAside[0]!.reason).toMatch(/newer Wirebench/);
  });

  it('reads hand-written files: no ids, no kind, no collection.json', () => {
    const files = new Map([['get-status.json', JSON.stringify({ draft: { method: 'GET', url: 'http://h/status' } })]]);
    const read = collectionFromFiles('collections/handmade/', files);
    expect(read.collection!.name).toBe('handmade');
    expect(read.collection!.items[0]).toMatchObject({ kind: 'request', name: 'get-status', requestType: 'http', id: pathId('req', 'collections/handmade/get-status.json') });
  });

  it('gives a copied file with a duplicate id an id of its own', () => {
    const files = texts(shop());
    files.set('copy.json', files.get('list-orders.json')!);
    const ids = collectionFromFiles('collections/shop/', files).collection!.items.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('an environment as a file', () => {
  it('round-trips and reports a broken one', () => {
    const environment = { id: 'env-dev', name: 'Dev', variables: [{ name: 'baseUrl', value: 'http://dev' }] };
    expect(environmentFromFile('environments/dev.json', environmentFile(environment))).toEqual({ environment });
    const broken = environmentFromFile('environments/x.json', '{"name": "X", "variables": [{"name": 1}]}');
    expect('setAside' in broken && broken.setAside.reason).toMatch(/variables\[0\]\.name/);
  });
});
