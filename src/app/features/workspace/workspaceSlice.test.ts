import { describe, expect, it } from 'vitest';
import { buildWireRequest, findItem, normaliseDraft, type Collection } from '../../../core';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { collectionVariableValues } from '../environments/environmentsSlice';

function storeWith(collection?: Collection) {
  const store = createWorkbenchStore({ initialUrl: 'http://h/', persistName: `test-${Math.random()}` });
  if (collection) store.setState({ collections: [collection] });
  return store;
}

const shop = (): Collection => ({
  id: 'col-shop',
  name: 'Shop',
  variables: [
    { name: 'baseUrl', value: 'http://shop.test' },
    { name: 'region', value: 'us' },
    { name: 'off', value: 'x', enabled: false },
  ],
  items: [
    { kind: 'folder', id: 'fld-orders', name: 'Orders', items: [{ kind: 'request', id: 'req-list', name: 'List', requestType: 'http', draft: normaliseDraft({ name: 'List', url: '{{baseUrl}}/orders?region={{region}}' }) }] },
    { kind: 'request', id: 'req-health', name: 'Health', requestType: 'http', draft: normaliseDraft({ name: 'Health', url: '{{baseUrl}}/health' }) },
  ],
});

describe('opening and saving requests', () => {
  it('opens a saved request in a new tab linked to it, and focuses that tab when opened again', () => {
    const store = storeWith(shop());
    store.getState().openSavedRequest('col-shop', 'req-list');
    const tabId = store.getState().activeTabId;
    expect(store.getState().tabLinks[tabId]).toEqual({ collectionId: 'col-shop', requestId: 'req-list' });
    expect(store.getState().draft.url).toBe('{{baseUrl}}/orders?region={{region}}');
    store.getState().newTab();
    store.getState().openSavedRequest('col-shop', 'req-list');
    expect(store.getState().activeTabId).toBe(tabId);
    expect(store.getState().tabs).toHaveLength(3);
  });

  it('saves an edited tab back into its request without asking', () => {
    const store = storeWith(shop());
    store.getState().openSavedRequest('col-shop', 'req-health');
    store.getState().setMethod('HEAD');
    store.getState().saveCurrentRequest();
    expect(store.getState().pendingSave).toBeNull();
    const saved = findItem(store.getState().collections[0]!.items, 'req-health')!.item;
    expect(saved.kind === 'request' && saved.draft.method).toBe('HEAD');
    expect(store.getState().tabs.find((t) => t.id === store.getState().activeTabId)!.dirty).toBe(false);
  });

  it('asks where the first time, then saves into the chosen folder and remembers it; a SOAP call is saved as SOAP', () => {
    const store = storeWith(shop());
    store.getState().updateDraft((d) => ({
      ...d,
      method: 'POST',
      headers: [{ id: 'h', enabled: true, name: 'SOAPAction', value: '"urn:GetQuote"' }],
      body: { ...d.body, kind: 'xml', texts: { ...d.body.texts, xml: '<Envelope/>' } },
    }));
    store.getState().saveCurrentRequest();
    expect(store.getState().pendingSave).not.toBeNull();
    store.getState().saveTabTo(store.getState().activeTabId, { collectionId: 'col-shop', folderId: 'fld-orders', name: 'Quote' });
    const orders = findItem(store.getState().collections[0]!.items, 'fld-orders')!.item;
    expect(orders.kind === 'folder' && orders.items.map((i) => [i.name, i.kind === 'request' && i.requestType])).toEqual([
      ['List', 'http'],
      ['Quote', 'soap'],
    ]);
    expect(store.getState().draft.name).toBe('Quote');
    expect(store.getState().pendingSave).toBeNull();
  });
});

describe('editing the tree, with undo', () => {
  it('renames (open tabs follow), duplicates, moves and deletes with undo', () => {
    const store = storeWith(shop());
    store.getState().openSavedRequest('col-shop', 'req-health');
    store.getState().renameWorkspaceItem('col-shop', 'req-health', 'Health check');
    expect(store.getState().draft.name).toBe('Health check');
    const copyId = store.getState().duplicateWorkspaceItem('col-shop', 'fld-orders');
    expect(store.getState().collections[0]!.items.map((i) => i.name)).toEqual(['Orders', 'Orders copy', 'Health check']);
    store.getState().moveWorkspaceItem('col-shop', 'req-health', null, 0);
    expect(store.getState().collections[0]!.items.map((i) => i.id)).toEqual(['req-health', 'fld-orders', copyId]);
    store.getState().removeWorkspaceItem('col-shop', 'fld-orders');
    expect(store.getState().undo?.message).toBe('Deleted folder "Orders"');
    store.getState().undoLast();
    expect(store.getState().collections[0]!.items.map((i) => i.id)).toEqual(['req-health', 'fld-orders', copyId]);
    expect(store.getState().undo).toBeNull();
  });

  it('moves a request to another collection, and its tab follows', () => {
    const store = storeWith(shop());
    const other = store.getState().addCollection('Other');
    store.getState().openSavedRequest('col-shop', 'req-health');
    store.getState().moveWorkspaceItem('col-shop', 'req-health', null, 0, other);
    expect(store.getState().collections.find((c) => c.id === other)!.items.map((i) => i.id)).toEqual(['req-health']);
    expect(store.getState().tabLinks[store.getState().activeTabId]!.collectionId).toBe(other);
  });

  it('deletes a collection with undo, and an import always adds a new collection with new ids', () => {
    const store = storeWith(shop());
    store.getState().removeCollection('col-shop');
    expect(store.getState().collections).toEqual([]);
    store.getState().undoLast();
    expect(store.getState().collections.map((c) => c.id)).toEqual(['col-shop']);
    const id = store.getState().addImportedCollection(shop());
    expect(id).not.toBe('col-shop');
    expect(store.getState().collections).toHaveLength(2);
    const imported = store.getState().collections.find((c) => c.id === id)!;
    expect(findItem(imported.items, 'req-health')).toBeUndefined();
  });

  it('never names two collections alike: new, imported and duplicated ones get (2), (3)…; a rename to a taken name is refused (issue 14)', () => {
    const store = storeWith(shop());
    const names = () => store.getState().collections.map((c) => c.name);
    store.getState().addCollection('New collection');
    store.getState().addCollection('New collection');
    store.getState().addCollection('  ');
    expect(names()).toEqual(['New collection', 'New collection (2)', 'New collection (3)', 'Shop']);
    const first = store.getState().addImportedCollection({ ...shop(), name: 'api.example.test/search' });
    const second = store.getState().addImportedCollection({ ...shop(), name: 'api.example.test/search' });
    expect(store.getState().collections.find((c) => c.id === first)!.name).toBe('api.example.test/search');
    expect(store.getState().collections.find((c) => c.id === second)!.name).toBe('api.example.test/search (2)');
    store.getState().addImportedCollection({ ...shop(), name: 'shop' });
    expect(names()).toContain('shop (2)');
    const copy = store.getState().duplicateCollection('col-shop');
    store.getState().duplicateCollection('col-shop');
    expect(store.getState().collections.find((c) => c.id === copy)!.name).toBe('Shop copy');
    expect(names()).toContain('Shop copy (2)');

    expect(store.getState().renameCollection('col-shop', ' new COLLECTION ')).toBe(false);
    expect(store.getState().renameCollection('col-shop', '')).toBe(false);
    expect(store.getState().collections.find((c) => c.id === 'col-shop')!.name).toBe('Shop');
    expect(store.getState().renameCollection('col-shop', 'shop')).toBe(true);
    expect(store.getState().renameCollection('col-shop', 'Shop API')).toBe(true);
  });

  it('imports into an existing collection: items appended with new ids, missing variables added, nothing changed (issue 14)', () => {
    const store = storeWith(shop());
    const imported: Collection = {
      id: 'col-x',
      name: 'api.example.test/search',
      variables: [{ name: 'region', value: 'eu' }, { name: 'token', value: 't' }],
      items: [{ kind: 'request', id: 'req-search', name: 'GET /search', requestType: 'http', draft: normaliseDraft({ name: 'GET /search', url: 'https://api.example.test/search' }) }],
    };
    expect(store.getState().addImportedCollection(imported, 'col-shop')).toBe('col-shop');
    const shopNow = store.getState().collections;
    expect(shopNow).toHaveLength(1);
    expect(shopNow[0]!.items.map((i) => i.name)).toEqual(['Orders', 'Health', 'GET /search']);
    expect(shopNow[0]!.items[2]!.id).not.toBe('req-search');
    expect(shopNow[0]!.variables.map((v) => `${v.name}=${v.value}`)).toEqual(['baseUrl=http://shop.test', 'region=us', 'off=x', 'token=t']);
    expect(store.getState().selectedCollectionId).toBe('col-shop');
    expect(() => store.getState().addImportedCollection(imported, 'col-gone')).toThrow(RangeError);
  });

  it('throws on a tree edit naming an item that is not there (a programmer error)', () => {
    const store = storeWith(shop());
    expect(() => store.getState().openSavedRequest('col-shop', 'nope')).toThrow(RangeError);
  });
});

describe('collection variables under the environment', () => {
  it('resolve for a tab opened from the collection, with the environment winning on the same name', () => {
    const store = storeWith(shop());
    expect(collectionVariableValues(store.getState())).toEqual({});
    store.getState().openSavedRequest('col-shop', 'req-list');
    expect({ ...collectionVariableValues(store.getState()) }).toEqual({ baseUrl: 'http://shop.test', region: 'us' });
    store.getState().addEnvironment('EU', [{ name: 'region', value: 'eu', enabled: true, secret: false }]);
    const values = activeEnvironmentValues(store.getState());
    expect({ ...values }).toEqual({ baseUrl: 'http://shop.test', region: 'eu' });
    expect(activeEnvironmentValues(store.getState())).toBe(values);
    const built = buildWireRequest(store.getState().draft, values);
    expect(built.ok && built.value.wire.url).toBe('http://shop.test/orders?region=eu');
  });
});
