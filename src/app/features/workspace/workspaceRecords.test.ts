import { keptValues } from '../../base/secrets/secretKeeper';
import { describe, expect, it } from 'vitest';
import { normaliseDraft, validateWorkspaceRecord, type Collection } from '../../../core';
import {
  canonicalJson,
  composerEnvironment,
  historyEntryOf,
  historyOverflow,
  historyRowOf,
  historyWireOf,
  HISTORY_BODY_TEXT_LIMIT,
  searchHistoryRows,
  sortHistoryRows,
  storedCollection,
  storedEnvironment,
  type HistoryRow,
} from './workspaceRecords';

describe('what is stored of a collection', () => {
  const collection: Collection = {
    id: 'col-1',
    name: 'Billing',
    variables: [
      { name: 'baseUrl', value: 'http://b.test' },
      { name: 'apiKey', value: 'k-123', secret: true },
    ],
    auth: { scheme: 'bearer', values: { token: 'collection-token' } },
    items: [
      {
        kind: 'folder',
        id: 'fld-1',
        name: 'Invoices',
        items: [{ kind: 'request', id: 'req-1', name: 'List', requestType: 'http', draft: normaliseDraft({ name: '', url: '{{baseUrl}}/invoices', auth: { scheme: 'basic', values: { username: 'ann', password: 'pw' } } }) }],
      },
    ],
  };

  it('keeps secret auth fields and secret variables aside as references, keeps the rest, and validates as a stored collection', () => {
    const stored = storedCollection(collection);
    expect(stored.version).toBe(1);
    expect(stored.variables).toEqual([
      { name: 'baseUrl', value: 'http://b.test' },
      { name: 'apiKey', value: '{{secret:col-col-1.apiKey}}', secret: true },
    ]);
    expect(stored.auth).toEqual({ scheme: 'bearer', values: { token: '{{secret:col-col-1.token}}' } });
    const request = (stored.items[0] as { items: { draft: { auth: unknown; name: string } }[] }).items[0]!;
    expect(request.draft.auth).toEqual({ scheme: 'basic', values: { username: 'ann', password: '{{secret:req-1.password}}' } });
    expect(JSON.stringify(stored)).not.toMatch(/k-123|collection-token|"pw"/);
    expect(keptValues()).toMatchObject({ 'secret:col-col-1.apiKey': 'k-123', 'secret:col-col-1.token': 'collection-token', 'secret:req-1.password': 'pw' });
    expect(request.draft.name).toBe('List');
    expect(validateWorkspaceRecord('collection', stored).ok).toBe(true);
    expect(collection.variables[1]!.value).toBe('k-123');
  });
});

describe('environments between the composer and storage', () => {
  it('drop row ids and keep secret values aside when stored, and get row ids back when loaded', () => {
    const stored = storedEnvironment({
      id: 'env-1',
      name: 'Dev',
      variables: [
        { id: 'v1', name: 'baseUrl', value: 'http://dev', enabled: true, secret: false },
        { id: 'v2', name: 'token', value: 't', enabled: false, secret: true },
      ],
    });
    expect(stored).toEqual({ version: 1, id: 'env-1', name: 'Dev', variables: [{ name: 'baseUrl', value: 'http://dev' }, { name: 'token', value: '{{secret:env-env-1.token}}', secret: true, enabled: false }] });
    expect(keptValues()['secret:env-env-1.token']).toBe('t');
    const loaded = composerEnvironment(stored);
    expect(loaded.variables.map((v) => [v.name, v.enabled, v.secret])).toEqual([
      ['baseUrl', true, false],
      ['token', false, true],
    ]);
    expect(new Set(loaded.variables.map((v) => v.id)).size).toBe(2);
    expect(storedEnvironment(loaded)).toEqual(stored);
  });
});

describe('canonicalJson', () => {
  it('is the same for the same value built in another key order, and differs for another value', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 1, e: 2 }], c: 2 } })).toBe(canonicalJson({ a: { c: 2, d: [1, { e: 2, f: 1 }] }, b: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });
});

describe('a finished exchange as a history entry', () => {
  const base = {
    id: 'his-1',
    sentAt: Date.UTC(2025, 0, 2, 3, 4, 5),
    bodyStored: true,
    head: { status: 201, reason: 'Created', httpVersion: '1.1', headers: [{ name: 'Set-Cookie', value: 'sid=abc' }, { name: 'Content-Type', value: 'application/json' }] },
  };

  it('redacts secrets in the draft, the wire and the response headers, with one variable per secret', () => {
    const draft = normaliseDraft({ method: 'POST', url: 'http://h/orders', auth: { scheme: 'bearer', values: { token: 'tok-1' } }, body: { kind: 'json', texts: { json: '{"password": "pw"}' } } });
    const entry = historyEntryOf({
      ...base,
      draft,
      wire: { method: 'POST', url: 'http://h/orders?api_key=key-k1', headers: [{ name: 'Authorization', value: 'Bearer tok-1' }], body: ['{"password": "pw"}'] },
    });
    expect(entry.at).toBe('2025-01-02T03:04:05.000Z');
    expect(entry.draft.auth.values.token).toBe('{{token}}');
    expect(entry.wire.headers).toEqual([{ name: 'Authorization', value: 'Bearer {{Authorization}}' }]);
    expect(entry.wire.url).toBe('http://h/orders?api_key={{api_key}}');
    expect(entry.wire.bodyText).toBe('{"password": "{{password}}"}');
    expect(entry.responseHeaders![0]).toEqual({ name: 'Set-Cookie', value: '{{Set-Cookie}}' });
    // Each secret holds a character the draft's random multipart boundary (letters and digits) cannot: "k1" alone was found in one.
    expect(JSON.stringify(entry)).not.toMatch(/tok-1|"pw"|key-k1|sid=abc/);
    expect(entry.responseBodyRef).toBe('his-1');
    expect(validateWorkspaceRecord('history', { ...entry, version: 1 }).ok).toBe(true);
  });

  it('names the vault entry instead of its token', () => {
    const draft = normaliseDraft({ url: 'http://h/', auth: { scheme: 'vault', values: {}, vaultEntryId: 'vault-orders' } });
    const entry = historyEntryOf({ ...base, draft, wire: { method: 'GET', url: 'http://h/', headers: [{ name: 'Authorization', value: 'Bearer eyJ.real.token' }] } });
    expect(entry.wire.headers).toEqual([{ name: 'Authorization', value: 'Bearer {{vault:vault-orders}}' }]);
    expect(entry.draft.auth.vaultEntryId).toBe('vault-orders');
  });

  it('keeps the error of an exchange without a response', () => {
    const entry = historyEntryOf({ id: 'his-2', sentAt: 0, bodyStored: false, elapsedMs: 12, draft: normaliseDraft({ url: 'http://nowhere/' }), wire: { method: 'GET', url: 'http://nowhere/', headers: [] }, error: { kind: 'dns', message: 'not found' } });
    expect(entry).toMatchObject({ error: { kind: 'dns', message: 'not found' }, durationMs: 12 });
    expect(entry.status).toBeUndefined();
    expect(historyRowOf(entry)).toEqual({ id: 'his-2', at: '1970-01-01T00:00:00.000Z', method: 'GET', url: 'http://nowhere/', durationMs: 12, errorKind: 'dns' });
  });
});

describe('the body history keeps', () => {
  it('keeps small text, including UTF-8 bytes, and nothing for files, binary or large bodies', () => {
    const wire = { method: 'POST', url: 'http://h/', headers: [] };
    expect(historyWireOf({ ...wire, body: ['a', new TextEncoder().encode('é')] }).bodyText).toBe('aé');
    expect(historyWireOf({ ...wire, body: [new Uint8Array([0xff, 0xfe])] }).bodyText).toBeUndefined();
    expect(historyWireOf({ ...wire, body: [{ kind: 'file', id: 'f', name: 'x.bin', size: 3 }] }).bodyText).toBeUndefined();
    expect(historyWireOf({ ...wire, body: ['x'.repeat(HISTORY_BODY_TEXT_LIMIT + 1)] }).bodyText).toBeUndefined();
  });
});

describe('history rows', () => {
  const rows: HistoryRow[] = sortHistoryRows([
    { id: 'a', at: '2025-01-01T00:00:00.000Z', method: 'GET', url: 'http://h/users', status: 200 },
    { id: 'b', at: '2025-01-03T00:00:00.000Z', method: 'POST', url: 'http://h/orders', status: 201 },
    { id: 'c', at: '2025-01-02T00:00:00.000Z', method: 'GET', url: 'http://nowhere/', errorKind: 'dns' },
  ]);

  it('are newest first', () => {
    expect(rows.map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('are searched by every word over method, URL, status and error', () => {
    expect(searchHistoryRows(rows, 'get users').map((r) => r.id)).toEqual(['a']);
    expect(searchHistoryRows(rows, '201').map((r) => r.id)).toEqual(['b']);
    expect(searchHistoryRows(rows, 'DNS').map((r) => r.id)).toEqual(['c']);
    expect(searchHistoryRows(rows, '  ')).toBe(rows);
  });

  it('overflow drops the oldest beyond the limit', () => {
    expect(historyOverflow(rows, 2)).toEqual(['a']);
    expect(historyOverflow(rows, 3)).toEqual([]);
    expect(() => historyOverflow(rows, 0)).toThrow(RangeError);
  });
});
