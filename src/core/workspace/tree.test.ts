import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import type { CollectionItem, Folder, SavedRequest } from './model';
import { addItem, collectionRequests, duplicateItem, findItem, moveItem, removeItem, renameItem, restoreItem, searchItems } from './tree';

function request(id: string, name = id, url = `https://api.example.test/${id}`, method = 'GET'): SavedRequest {
  return { kind: 'request', id, name, requestType: 'http', draft: normaliseDraft({ name, url, method }) };
}

function folder(id: string, items: CollectionItem[], name = id): Folder {
  return { kind: 'folder', id, name, items };
}

/** The tree as a compact string: `a, F(b, c)` — folders with their children in parentheses. */
function shape(items: readonly CollectionItem[]): string {
  return items.map((item) => (item.kind === 'folder' ? `${item.id}(${shape(item.items)})` : item.id)).join(', ');
}

const tree = (): CollectionItem[] => [request('a'), folder('F', [request('b'), folder('G', [request('c')])]), request('d')];

describe('findItem', () => {
  it('finds an item at any depth with its parent, index and ancestors', () => {
    const found = findItem(tree(), 'c');
    expect(found?.parentId).toBe('G');
    expect(found?.index).toBe(0);
    expect(found?.ancestors.map((f) => f.id)).toEqual(['F', 'G']);
    expect(findItem(tree(), 'a')?.parentId).toBeNull();
    expect(findItem(tree(), 'zzz')).toBeUndefined();
  });
});

describe('addItem', () => {
  it('appends by default and inserts at an index', () => {
    expect(shape(addItem(tree(), request('x')))).toBe('a, F(b, G(c)), d, x');
    expect(shape(addItem(tree(), request('x'), 'G', 0))).toBe('a, F(b, G(x, c)), d');
  });

  it('leaves the given tree untouched and shares unchanged branches', () => {
    const before = tree();
    const after = addItem(before, request('x'), 'G');
    expect(shape(before)).toBe('a, F(b, G(c)), d');
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
  });

  it('refuses a request as parent, a missing parent, a bad index and a duplicate id', () => {
    expect(() => addItem(tree(), request('x'), 'b')).toThrow(/"b" is a request, not a folder/);
    expect(() => addItem(tree(), request('x'), 'nope')).toThrow(RangeError);
    expect(() => addItem(tree(), request('x'), null, 9)).toThrow(/index 9 is outside 0…3/);
    expect(() => addItem(tree(), folder('y', [request('c')]))).toThrow(/id "c" is already in the tree/);
  });
});

describe('moveItem', () => {
  it('moves between folders and within one, index counted after removal', () => {
    expect(shape(moveItem(tree(), 'a', 'G', 1))).toBe('F(b, G(c, a)), d');
    expect(shape(moveItem(tree(), 'd', null, 0))).toBe('d, a, F(b, G(c))');
    expect(shape(moveItem(tree(), 'c', null, 3))).toBe('a, F(b, G()), d, c');
  });

  it('refuses to move a folder into itself or a descendant', () => {
    expect(() => moveItem(tree(), 'F', 'G', 0)).toThrow(/into itself or one of its own folders/);
    expect(() => moveItem(tree(), 'F', 'F', 0)).toThrow(RangeError);
  });
});

describe('renameItem and duplicateItem', () => {
  it('renames trimmed, keeps the draft name in step, refuses a blank name', () => {
    const renamed = renameItem(tree(), 'b', '  List users ');
    const b = findItem(renamed, 'b')!.item as SavedRequest;
    expect(b.name).toBe('List users');
    expect(b.draft.name).toBe('List users');
    expect(() => renameItem(tree(), 'b', '  ')).toThrow(/name is empty/);
  });

  it('duplicates right after the original with new ids throughout', () => {
    const { items, copy } = duplicateItem(tree(), 'F');
    expect(items.map((i) => i.name)).toEqual(['a', 'F', 'F copy', 'd']);
    const ids = (item: CollectionItem): string[] => (item.kind === 'folder' ? [item.id, ...item.items.flatMap(ids)] : [item.id]);
    const originalIds = ids(findItem(items, 'F')!.item);
    expect(ids(copy).some((id) => originalIds.includes(id))).toBe(false);
    expect(shape([copy]).replace(/[\w-]+/g, 'x')).toBe('x(x, x(x))');
    const copiedRequest = (copy as Folder).items[0] as SavedRequest;
    expect(copiedRequest.draft.url).toBe('https://api.example.test/b');
    expect(copiedRequest.draft.id).not.toBe((findItem(items, 'b')!.item as SavedRequest).draft.id);
  });
});

describe('removeItem and restoreItem (undo)', () => {
  it('removes with its place and puts it back exactly there', () => {
    const removal = removeItem(tree(), 'G');
    expect(shape(removal.items)).toBe('a, F(b), d');
    expect(removal.parentId).toBe('F');
    expect(removal.index).toBe(1);
    expect(shape(restoreItem(removal.items, removal))).toBe('a, F(b, G(c)), d');
  });

  it('restores to the top level when the folder is gone too', () => {
    const first = removeItem(tree(), 'b');
    const second = removeItem(first.items, 'F');
    expect(shape(restoreItem(second.items, first))).toBe('a, d, b');
  });
});

describe('searchItems', () => {
  const items: CollectionItem[] = [
    folder('billing', [request('inv', 'List invoices', '{{baseUrl}}/invoices'), request('pay', 'Pay', '{{baseUrl}}/payments', 'POST')], 'Billing'),
    request('users', 'Users', '{{baseUrl}}/users'),
  ];

  it('matches names, methods and URLs case-insensitively, every word required', () => {
    expect(searchItems(items, 'INVOICES').map((m) => m.item.id)).toEqual(['inv']);
    expect(searchItems(items, 'post payments').map((m) => m.item.id)).toEqual(['pay']);
    expect(searchItems(items, 'post users')).toEqual([]);
  });

  it('lets a folder name supply words and reports the folder path', () => {
    const matches = searchItems(items, 'billing invoices');
    expect(matches.map((m) => m.item.id)).toEqual(['inv']);
    expect(matches[0]!.folderPath).toEqual(['Billing']);
    expect(searchItems(items, 'billing').map((m) => m.item.id)).toEqual(['billing']);
  });

  it('matches nothing for blank text', () => {
    expect(searchItems(items, '   ')).toEqual([]);
  });
});

describe('collectionRequests', () => {
  it('lists requests in display order with their folder path', () => {
    expect(collectionRequests(tree()).map((r) => `${r.folderPath.join('/')}:${r.request.id}`)).toEqual([':a', 'F:b', 'F/G:c', ':d']);
  });
});
