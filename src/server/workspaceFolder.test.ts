import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normaliseDraft, storedWorkspaceRecord, type Collection } from '../core';
import { startServer, type RunningServer } from './listen';
import { WorkspaceFolder } from './workspaceFolder';

const collection = (): Collection => ({
  id: 'col-shop',
  name: 'Shop',
  variables: [{ name: 'baseUrl', value: 'http://shop.test' }],
  items: [
    {
      kind: 'folder',
      id: 'fld-orders',
      name: 'Orders',
      items: [{ kind: 'request', id: 'req-list', name: 'List orders', requestType: 'http', draft: normaliseDraft({ name: 'List orders', url: '{{baseUrl}}/orders' }) }],
    },
    { kind: 'request', id: 'req-health', name: 'Health', requestType: 'http', draft: normaliseDraft({ name: 'Health', url: '{{baseUrl}}/health' }) },
  ],
});

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, relative)));
    else out.push(relative);
  }
  return out.sort();
}

let dir: string;
let folder: WorkspaceFolder | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wirebench-workspace-'));
});

afterEach(async () => {
  folder?.close();
  folder = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('a workspace folder on disk', () => {
  it('round-trips a collection and an environment: written, read back by a new process, equal', async () => {
    folder = await WorkspaceFolder.open(dir, { watch: false });
    const written = await folder.putCollection(storedWorkspaceRecord('collection', collection()));
    expect(written.ok).toBe(true);
    await folder.putEnvironment({ version: 1, id: 'env-dev', name: 'Dev', variables: [{ name: 'token', value: '', secret: true }] });
    expect(await filesUnder(dir)).toEqual([
      'collections/shop/collection.json',
      'collections/shop/health.json',
      'collections/shop/orders/folder.json',
      'collections/shop/orders/list-orders.json',
      'environments/dev.json',
    ]);
    const again = await WorkspaceFolder.open(dir, { watch: false });
    const state = again.state();
    again.close();
    const read = state.collections[0]!;
    expect(read.name).toBe('Shop');
    expect(read.items.map((i) => i.name)).toEqual(['Orders', 'Health']);
    const strip = (c: Collection) => JSON.parse(JSON.stringify(c, (key, value) => ((key === 'id' && /^(row|draft)-/.test(String(value))) || key === 'boundary' ? undefined : value)));
    const { version: _v, ...value } = read;
    expect(strip(value)).toEqual(strip(collection()));
    expect(state.environments).toEqual([{ version: 1, id: 'env-dev', name: 'Dev', variables: [{ name: 'token', value: '', secret: true }] }]);
    expect(state.setAside).toEqual([]);
  });

  it('gives back exactly the record the app wrote (row ids included), so the app sees no change from its own save', async () => {
    folder = await WorkspaceFolder.open(dir, { watch: false });
    const record = storedWorkspaceRecord('collection', collection());
    await folder.putCollection(record);
    expect(folder.state().collections[0]).toEqual(JSON.parse(JSON.stringify(record)));
  });

  it('writes a file only when its text changes, and moves a renamed collection to its new directory', async () => {
    folder = await WorkspaceFolder.open(dir, { watch: false });
    await folder.putCollection(storedWorkspaceRecord('collection', collection()));
    const revision = folder.revision;
    await folder.putCollection(storedWorkspaceRecord('collection', collection()));
    expect(folder.revision).toBe(revision);
    await folder.putCollection(storedWorkspaceRecord('collection', { ...collection(), name: 'Shop v2', items: collection().items.slice(1) }));
    expect(await filesUnder(dir)).toEqual(['collections/shop-v2/collection.json', 'collections/shop-v2/health.json']);
    expect(folder.revision).toBe(revision + 1);
  });

  it('picks up an edit made on disk while it runs', async () => {
    folder = await WorkspaceFolder.open(dir);
    await folder.putCollection(storedWorkspaceRecord('collection', collection()));
    const revision = folder.revision;
    const file = path.join(dir, 'collections/shop/health.json');
    const edited = (await readFile(file, 'utf8')).replace('/health', '/healthz');
    await writeFile(file, edited);
    await folder.waitForChange(revision, 10_000);
    expect(folder.revision).toBe(revision + 1);
    const health = folder.state().collections[0]!.items[1]!;
    expect(health.kind === 'request' && health.draft.url).toBe('{{baseUrl}}/healthz');
  });

  it('sets a malformed file aside, keeps loading the rest, and never deletes it', async () => {
    folder = await WorkspaceFolder.open(dir, { watch: false });
    await folder.putCollection(storedWorkspaceRecord('collection', collection()));
    await writeFile(path.join(dir, 'collections/shop/broken.json'), '{"name": "Broken", "draft": ');
    await writeFile(path.join(dir, 'environments/bad.json'), '[1, 2]');
    await folder.rescan();
    const state = folder.state();
    expect(state.collections[0]!.items.map((i) => i.name)).toEqual(['Orders', 'Health']);
    expect(state.setAside.map((s) => [s.path, s.kind])).toEqual([
      ['collections/shop/broken.json', 'request'],
      ['environments/bad.json', 'environment'],
    ]);
    expect(state.setAside[0]!.reason).toMatch(/not valid JSON at line 1, column 29/);
    await folder.putCollection(storedWorkspaceRecord('collection', { ...collection(), items: [] }));
    expect(await filesUnder(dir)).toContain('collections/shop/broken.json');
    expect(await filesUnder(dir)).not.toContain('collections/shop/health.json');
  });

  it('refuses an invalid record and leaves the folder as it was', async () => {
    folder = await WorkspaceFolder.open(dir, { watch: false });
    const result = await folder.putCollection({ version: 1, id: 'c', name: 'X', variables: [], items: [{ kind: 'request', id: 'r', name: 'R', requestType: 'http', draft: { method: 'GET' } }] });
    expect(!result.ok && result.error.message).toMatch(/items\[0\]\.draft\.url/);
    expect(await filesUnder(dir)).toEqual([]);
  });
});

describe('/api/workspace', () => {
  let server: RunningServer;
  const token = 'workspace-test-token';
  const call = (route: string, init: RequestInit = {}) =>
    fetch(`${server.origin}${route}`, { ...init, headers: { 'X-Wirebench-Token': token, 'Content-Type': 'application/json', ...init.headers } });

  afterEach(async () => {
    await server.close();
  });

  it('is behind the /api guard, writes collections, and long-polls changes', async () => {
    folder = await WorkspaceFolder.open(dir);
    server = await startServer({ port: 0, host: '127.0.0.1', token, workspace: folder });
    expect((await fetch(`${server.origin}/api/workspace`)).status).toBe(401);
    const initial = (await (await call('/api/workspace')).json()) as { enabled: boolean; revision: number; collections: unknown[] };
    expect(initial).toMatchObject({ enabled: true, collections: [] });
    const put = await call('/api/workspace/collections/col-shop', { method: 'PUT', body: JSON.stringify(storedWorkspaceRecord('collection', collection())) });
    expect(put.status).toBe(200);
    const { revision } = (await put.json()) as { revision: number };
    const unchanged = (await (await call(`/api/workspace/changes?since=${revision}&wait=0`)).json()) as { unchanged?: boolean };
    expect(unchanged.unchanged).toBe(true);
    const waiting = call(`/api/workspace/changes?since=${revision}&wait=10000`).then((r) => r.json() as Promise<{ revision: number; collections: Collection[] }>);
    await writeFile(path.join(dir, 'collections/shop/health.json'), (await readFile(path.join(dir, 'collections/shop/health.json'), 'utf8')).replace('"Health"', '"Health check"'));
    const changed = await waiting;
    expect(changed.revision).toBeGreaterThan(revision);
    expect(changed.collections[0]!.items[1]!.name).toBe('Health check');
    const mismatch = await call('/api/workspace/collections/other', { method: 'PUT', body: JSON.stringify(storedWorkspaceRecord('collection', collection())) });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { error: string }).error).toMatch(/URL names "other"/);
    expect((await call('/api/workspace/collections/col-shop', { method: 'DELETE' })).status).toBe(200);
    expect(await filesUnder(dir)).toEqual([]);
  });

  it('says when no folder was given', async () => {
    server = await startServer({ port: 0, host: '127.0.0.1', token });
    expect(await (await call('/api/workspace')).json()).toEqual({ enabled: false });
    expect((await call('/api/workspace/collections/x', { method: 'PUT', body: '{}' })).status).toBe(409);
  });
});
