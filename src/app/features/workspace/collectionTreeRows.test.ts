import { describe, expect, it } from 'vitest';
import { moveItem, normaliseDraft, type Collection } from '../../../core';
import { dropTarget, searchTreeRows, treeRows } from './collectionTreeRows';

const request = (id: string, name: string) => ({ kind: 'request' as const, id, name, requestType: 'http' as const, draft: normaliseDraft({ name, url: `http://h/${id}` }) });
const collection: Collection = {
  id: 'c',
  name: 'Billing',
  variables: [],
  items: [{ kind: 'folder', id: 'f', name: 'Invoices', items: [request('a', 'List invoices'), request('b', 'Create invoice')] }, request('d', 'Health')],
};

describe('tree rows', () => {
  it('lists collections, folders and requests with levels and places, folding what is collapsed', () => {
    const rows = treeRows([collection], new Set());
    expect(rows.map((r) => [r.name, r.level, r.index, r.siblings])).toEqual([
      ['Billing', 1, 0, 1],
      ['Invoices', 2, 0, 2],
      ['List invoices', 3, 0, 2],
      ['Create invoice', 3, 1, 2],
      ['Health', 2, 1, 2],
    ]);
    expect(treeRows([collection], new Set(['c/f'])).map((r) => r.name)).toEqual(['Billing', 'Invoices', 'Health']);
    expect(treeRows([collection], new Set(['c'])).map((r) => r.name)).toEqual(['Billing']);
  });

  it('searches by every word, folder names included, naming the path', () => {
    const rows = searchTreeRows([collection], 'invoices create');
    expect(rows.map((r) => [r.name, r.folderPath])).toEqual([['Create invoice', ['Billing', 'Invoices']]]);
    expect(searchTreeRows([collection], 'billing').map((r) => r.kind)).toEqual(['collection']);
    expect(searchTreeRows([collection], ' ')).toEqual([]);
  });
});

describe('where a drop lands', () => {
  const rows = treeRows([collection], new Set());
  const byName = (name: string) => rows.find((r) => r.name === name)!;
  const moving = (name: string) => ({ collectionId: 'c', parentId: byName(name).parentId ?? null, index: byName(name).index });
  const apply = (name: string, target: ReturnType<typeof dropTarget>) => {
    const items = moveItem(collection.items, byName(name).item!.id, target.folderId, target.index);
    return treeRows([{ ...collection, items }], new Set()).map((r) => r.name);
  };

  it('puts an item before or after another, counting without itself in the same list', () => {
    expect(apply('List invoices', dropTarget(byName('Create invoice'), 'after', moving('List invoices'), 0))).toEqual(['Billing', 'Invoices', 'Create invoice', 'List invoices', 'Health']);
    expect(apply('Create invoice', dropTarget(byName('List invoices'), 'before', moving('Create invoice'), 0))).toEqual(['Billing', 'Invoices', 'Create invoice', 'List invoices', 'Health']);
  });

  it('puts an item inside a folder or a collection at its end', () => {
    expect(apply('Health', dropTarget(byName('Invoices'), 'inside', moving('Health'), 2))).toEqual(['Billing', 'Invoices', 'List invoices', 'Create invoice', 'Health']);
    expect(apply('List invoices', dropTarget(byName('Billing'), 'inside', moving('List invoices'), 2))).toEqual(['Billing', 'Invoices', 'Create invoice', 'Health', 'List invoices']);
    expect(apply('Health', dropTarget(byName('Billing'), 'inside', moving('Health'), 2))).toEqual(['Billing', 'Invoices', 'List invoices', 'Create invoice', 'Health']);
  });
});

describe('a large collection', () => {
  it('starts with its folders closed (its first screen is its top level), a toggled one open', () => {
    const folders = Array.from({ length: 6 }, (_, f) => ({ kind: 'folder' as const, id: `f${f}`, name: `Folder ${f}`, items: Array.from({ length: 1000 }, (_, r) => request(`r${f}-${r}`, `Request ${f}.${r}`)) }));
    const large: Collection = { id: 'L', name: 'Large', variables: [], items: folders };
    const rows = treeRows([large, collection], new Set());
    // 6,006 nodes: over the threshold, so its six folders are closed; the small collection stays open.
    expect(rows.filter((r) => r.collectionId === 'L').map((r) => r.name)).toEqual(['Large', 'Folder 0', 'Folder 1', 'Folder 2', 'Folder 3', 'Folder 4', 'Folder 5']);
    expect(rows.find((r) => r.name === 'Folder 0')!.expanded).toBe(false);
    expect(rows.filter((r) => r.collectionId === 'c').map((r) => r.name)).toEqual(['Billing', 'Invoices', 'List invoices', 'Create invoice', 'Health']);
    const opened = treeRows([large], new Set(['L/f5', 'f']));
    expect(opened).toHaveLength(1 + 6 + 1000);
    expect(opened.at(-1)).toMatchObject({ name: 'Request 5.999', level: 3, index: 999, siblings: 1000 });
    expect(treeRows([large], new Set(['L']))).toHaveLength(1);
  });
});
