import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import type { Collection, HistoryEntry } from './model';
import { WORKSPACE_SCHEMA_VERSION } from './model';
import { migrateWorkspaceRecord, storedWorkspaceRecord, validateWorkspaceRecord, validateWorkspaceRecords } from './schema';

const collection: Collection = {
  id: 'col-1',
  name: 'Shop',
  variables: [{ name: 'baseUrl', value: 'https://shop.example.test' }, { name: 'token', value: '', secret: true }],
  auth: { scheme: 'bearer', values: { token: '{{token}}' } },
  items: [
    {
      kind: 'folder',
      id: 'f1',
      name: 'Orders',
      items: [{ kind: 'request', id: 'r1', name: 'List', requestType: 'http', draft: normaliseDraft({ name: 'List', url: '{{baseUrl}}/orders?page=1' }) }],
    },
  ],
};

describe('validateWorkspaceRecord', () => {
  it('loads what it stored, without the version stamp', () => {
    const stored = storedWorkspaceRecord('collection', collection);
    expect(stored.version).toBe(WORKSPACE_SCHEMA_VERSION);
    const loaded = validateWorkspaceRecord('collection', JSON.parse(JSON.stringify(stored)));
    expect(loaded).toEqual({ ok: true, value: collection });
  });

  it('keeps the scripts imported with a request, and refuses a script phase it does not know', () => {
    const scripts = [
      { phase: 'pre-request' as const, dialect: 'jetbrains', text: 'request.variables.set("id", "7")' },
      { phase: 'post-response' as const, dialect: 'jetbrains', file: './check.js' },
    ];
    const withScripts: Collection = { ...collection, items: [{ kind: 'request', id: 'r', name: 'x', requestType: 'http', draft: normaliseDraft({ url: 'https://a.test/' }), scripts }] };
    const stored = JSON.parse(JSON.stringify(storedWorkspaceRecord('collection', withScripts)));
    expect(validateWorkspaceRecord('collection', stored)).toEqual({ ok: true, value: withScripts });
    stored.items[0].scripts[0].phase = 'test';
    expect(validateWorkspaceRecord('collection', stored).ok).toBe(false);
  });

  it('fills a partial stored draft with defaults', () => {
    const raw = { ...storedWorkspaceRecord('collection', collection), items: [{ kind: 'request', id: 'r', name: 'x', requestType: 'http', draft: { method: 'POST', url: 'https://a.test/{id}' } }] };
    const loaded = validateWorkspaceRecord('collection', raw);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const item = loaded.value.items[0]!;
    expect(item.kind === 'request' && item.draft.pathParams).toEqual([{ name: 'id', value: '' }]);
    expect(item.kind === 'request' && item.draft.body.kind).toBe('none');
  });

  it('names the path of the first problem, deep in the tree', () => {
    const raw = JSON.parse(JSON.stringify(storedWorkspaceRecord('collection', collection)));
    raw.items[0].items[0].draft.url = 42;
    const loaded = validateWorkspaceRecord('collection', raw);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.error.field).toBe('items[0].items[0].draft.url');
    expect(loaded.error.message).toContain('items[0].items[0].draft.url: expected string, received number');
  });

  it('refuses an auth scheme it does not know and an unknown item kind', () => {
    const raw = { ...storedWorkspaceRecord('collection', collection), auth: { scheme: 'ntlm', values: {} } };
    const loaded = validateWorkspaceRecord('collection', raw);
    expect(!loaded.ok && loaded.error.message).toContain('auth.scheme: is not an auth scheme this version knows');
    const odd = { ...storedWorkspaceRecord('collection', collection), items: [{ kind: 'script', id: 'x', name: 'x' }] };
    const oddLoad = validateWorkspaceRecord('collection', odd);
    expect(!oddLoad.ok && oddLoad.error.field).toBe('items[0].kind');
  });

  it('validates history timestamps and status codes', () => {
    const entry: HistoryEntry = {
      id: 'h1',
      at: '2025-03-01T10:00:00.000Z',
      draft: normaliseDraft({ url: 'https://a.test/' }),
      wire: { method: 'GET', url: 'https://a.test/', headers: [] },
      status: 200,
    };
    expect(validateWorkspaceRecord('history', storedWorkspaceRecord('history', entry)).ok).toBe(true);
    const bad = validateWorkspaceRecord('history', { ...storedWorkspaceRecord('history', entry), at: 'yesterday' });
    expect(!bad.ok && bad.error.field).toBe('at');
  });
});

describe('migrateWorkspaceRecord', () => {
  it('treats a record without a version as version 0 and fills its defaults', () => {
    const raw = { id: 'c', name: 'Old', items: [{ id: 'f', name: 'F', items: [{ id: 'r', name: 'R', draft: { method: 'GET', url: 'https://a.test' } }] }] };
    const loaded = validateWorkspaceRecord('collection', raw);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.variables).toEqual([]);
    const folder = loaded.value.items[0]!;
    expect(folder.kind).toBe('folder');
    expect(folder.kind === 'folder' && folder.items[0]!.kind === 'request' && folder.items[0]!.requestType).toBe('http');
  });

  it('refuses a record from a newer version, naming both versions', () => {
    const result = migrateWorkspaceRecord('environment', { version: WORKSPACE_SCHEMA_VERSION + 1, id: 'e', name: 'x', variables: [] });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('record-version-newer');
    expect(!result.ok && result.error.message).toContain(`schema version ${WORKSPACE_SCHEMA_VERSION + 1}; this one reads up to ${WORKSPACE_SCHEMA_VERSION}`);
  });

  it('refuses a non-object and a version that is not a whole number', () => {
    expect(migrateWorkspaceRecord('history', [1]).ok).toBe(false);
    const r = migrateWorkspaceRecord('history', { version: '1' });
    expect(!r.ok && r.error.kind).toBe('record-version-invalid');
  });
});

describe('validateWorkspaceRecords', () => {
  it('sets invalid records aside with reasons and loads the rest in order', () => {
    const good = (id: string) => storedWorkspaceRecord('environment', { id, name: id, variables: [{ name: 'a', value: '1' }] });
    const raws = [good('e1'), { version: 1, id: 'e2', name: 'Broken', variables: 'nope' }, null, good('e3'), { version: 99, id: 'e4', name: 'Future', variables: [] }];
    const load = validateWorkspaceRecords('environment', raws);
    expect(load.records.map((r) => r.id)).toEqual(['e1', 'e3']);
    expect(load.setAside.map((s) => [s.index, s.id, s.kind])).toEqual([
      [1, 'e2', 'record-invalid'],
      [2, undefined, 'record-not-object'],
      [4, 'e4', 'record-version-newer'],
    ]);
    expect(load.setAside[0]!.name).toBe('Broken');
    expect(load.setAside[0]!.reason).toContain('variables: expected array, received string');
    expect(load.setAside[1]!.raw).toBeNull();
  });
});
