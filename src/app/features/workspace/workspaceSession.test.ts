import { beforeAll, describe, expect, it, vi } from 'vitest';
import { normaliseDraft, storedWorkspaceRecord, type Collection } from '../../../core';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import type { FolderState, WorkspaceFolderApi } from './workspaceFolderClient';
import { mergeRemote } from './workspaceLoad';
import { storedCollection } from './workspaceRecords';
import { startWorkspaceSession } from './workspaceSession';
import { memoryWorkspaceStorage } from './workspaceStorage';
import { loadLint } from '../composer/lintLoader';

// The convention checks load after the first screen in the app (lintLoader.ts); these tests start with them here.
beforeAll(() => loadLint());

const collection = (id: string, name: string, url = 'http://h/'): Collection => ({
  id,
  name,
  variables: [],
  items: [{ kind: 'request', id: `${id}-r`, name: 'Get', requestType: 'http', draft: normaliseDraft({ name: 'Get', url }) }],
});

function freshStore() {
  return createWorkbenchStore({ initialUrl: 'http://h/', persistName: `test-${Math.random()}` });
}

async function settle(session: { flush(): Promise<void> }) {
  await new Promise((resolve) => setTimeout(resolve, 5));
  await session.flush();
}

describe('loading the workspace', () => {
  it('loads valid records, sets aside a damaged one with its reason, and never deletes it', async () => {
    const storage = memoryWorkspaceStorage();
    await storage.putCollection('col-a', storedCollection(collection('col-a', 'Alpha')));
    await storage.putCollection('col-bad', { version: 1, id: 'col-bad', name: 'Broken', variables: [], items: [{ kind: 'request', id: 'r', name: 'R', requestType: 'http', draft: { method: 'GET' } }] });
    await storage.putCollection('col-new', { version: 7, id: 'col-new', name: 'From the future' });
    const store = freshStore();
    const session = startWorkspaceSession(store, { storage, folder: null, writeDelayMs: 0 });
    await session.ready;
    const s = store.getState();
    expect(s.workspaceMode).toBe('browser');
    expect(s.collections.map((c) => c.name)).toEqual(['Alpha']);
    expect(s.setAside.map((r) => [r.name, r.kind])).toEqual([
      ['Broken', 'collection'],
      ['From the future', 'collection'],
    ]);
    expect(s.setAside[0]!.reason).toMatch(/items\[0\]\.draft\.url/);
    expect(s.setAside[1]!.reason).toMatch(/newer Wirebench/);
    store.getState().addCollection('Beta');
    await settle(session);
    expect([...storage.stores.collections.keys()].sort()).toEqual(['col-a', 'col-bad', 'col-new', store.getState().collections[1]!.id].sort());
    await session.discardSetAside(store.getState().setAside[0]!);
    expect(storage.stores.collections.has('col-bad')).toBe(false);
    expect(store.getState().setAside).toHaveLength(1);
    session.stop();
  });

  it('writes collections as they change and deletes the removed one, never before loading', async () => {
    const storage = memoryWorkspaceStorage();
    await storage.putCollection('col-a', storedCollection(collection('col-a', 'Alpha')));
    const store = freshStore();
    const writes: string[] = [];
    const put = storage.putCollection.bind(storage);
    storage.putCollection = async (id, record) => {
      writes.push(id);
      await put(id, record);
    };
    const session = startWorkspaceSession(store, { storage, folder: null, writeDelayMs: 0 });
    await session.ready;
    await settle(session);
    expect(writes).toEqual([]);
    store.getState().renameWorkspaceItem('col-a', 'col-a-r', 'Get one');
    await settle(session);
    expect(writes).toEqual(['col-a']);
    expect(JSON.stringify(storage.stores.collections.get('col-a'))).toContain('Get one');
    store.getState().removeCollection('col-a');
    await settle(session);
    expect(storage.stores.collections.size).toBe(0);
    store.getState().undoLast();
    await settle(session);
    expect(storage.stores.collections.has('col-a')).toBe(true);
    session.stop();
  });

  it('moves environments of an older tab snapshot into storage, secrets kept aside as references', async () => {
    const storage = memoryWorkspaceStorage();
    const store = freshStore();
    store.getState().addEnvironment('Legacy', [
      { name: 'base', value: 'http://h', enabled: true, secret: false },
      { name: 'token', value: 'secret!', enabled: true, secret: true },
    ]);
    const session = startWorkspaceSession(store, { storage, folder: null, writeDelayMs: 0 });
    await session.ready;
    await settle(session);
    expect(store.getState().environments.map((e) => e.name)).toEqual(['Legacy']);
    const stored = [...storage.stores.environments.values()][0] as { variables: { value: string }[] };
    expect(stored.variables[0]!.value).toBe('http://h');
    expect(stored.variables[1]!.value).toMatch(/^\{\{secret:env-.*\.token\}\}$/);
    expect(storage.stores.meta.get('environmentsStored')).toBe(true);
    session.stop();
    const next = freshStore();
    const again = startWorkspaceSession(next, { storage, folder: null });
    await again.ready;
    expect(next.getState().environments[0]!.variables.map((v) => v.name)).toEqual(['base', 'token']);
    again.stop();
  });
});

describe('history', () => {
  async function send(store: ReturnType<typeof freshStore>, status = 200, withToken = true) {
    const s = store.getState();
    s.updateDraft((d) => ({ ...d, method: 'POST', auth: withToken ? { scheme: 'bearer', values: { token: 'tok-secret' } } : d.auth }));
    store.getState().beginExchange({ method: 'POST', url: 'http://h/orders', headers: [{ name: 'Authorization', value: 'Bearer tok-secret' }], body: ['{}'] }, { tabId: s.activeTabId, draftId: s.draft.id });
    store.getState().receiveHead({ status, reason: 'OK', httpVersion: '1.1', headers: [{ name: 'Content-Type', value: 'text/plain' }] });
    store.getState().receiveBody(new TextEncoder().encode('hello'));
    const timings = { dns: 1, connect: 1, tls: 0, send: 1, firstByte: 2, download: 1, total: 6, reusedConnection: false };
    const sizes = { requestHeaders: 10, requestBody: 2, responseHeaders: 20, responseBodyWire: 5, responseBodyDecoded: 5 };
    store.getState().completeExchange({ timings, sizes, sent: { method: 'POST', url: 'http://h/orders', headText: '', headers: [], bodyBytes: 2 }, hops: [], insecureTls: false });
  }

  it('records every finished exchange with its body as a Blob and no secret, newest first, bounded', async () => {
    const storage = memoryWorkspaceStorage();
    const store = freshStore();
    store.getState().setHistoryLimit(2);
    const session = startWorkspaceSession(store, { storage, folder: null, writeDelayMs: 0 });
    await session.ready;
    store.setState({ historyLimit: 2 });
    for (const status of [201, 202, 203]) {
      await send(store, status);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const rows = store.getState().historyRows;
    expect(rows.map((r) => r.status)).toEqual([203, 202]);
    expect(storage.stores.history.size).toBe(2);
    const entry = await session.readHistoryEntry(rows[0]!.id);
    expect(entry.ok && entry.value.wire.headers).toEqual([{ name: 'Authorization', value: 'Bearer {{Authorization}}' }]);
    expect(JSON.stringify([...storage.stores.history.values()])).not.toContain('tok-secret');
    const body = await session.readResponseBody(rows[0]!.id);
    expect(body).toBeInstanceOf(Blob);
    expect(await body!.text()).toBe('hello');
    session.stop();
  });

  it('re-sends a POST from history only after consent', async () => {
    const storage = memoryWorkspaceStorage();
    const store = freshStore();
    const session = startWorkspaceSession(store, { storage, folder: null, writeDelayMs: 0 });
    await session.ready;
    await send(store, 201, false);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const tabs = store.getState().tabs.length;
    const reopened = await session.reopenHistory(store.getState().historyRows[0]!.id, { resend: true });
    expect(reopened.ok).toBe(true);
    expect(store.getState().tabs).toHaveLength(tabs + 1);
    expect(store.getState().draft.method).toBe('POST');
    expect(store.getState().pendingSend?.origin).toBe('history');
    expect(store.getState().pendingSend?.reasons.map((r) => r.kind)).toContain('repeat');
    session.stop();
  });

  it('sets aside a damaged stored row and loads the others', async () => {
    const storage = memoryWorkspaceStorage();
    await storage.addHistory('his-ok', {}, { id: 'his-ok', at: '2025-01-01T00:00:00.000Z', method: 'GET', url: 'http://h/' });
    await storage.addHistory('his-bad', {}, { id: 'his-bad', at: 'yesterday', method: 'GET', url: 'http://h/' });
    const store = freshStore();
    const session = startWorkspaceSession(store, { storage, folder: null });
    await session.ready;
    expect(store.getState().historyRows.map((r) => r.id)).toEqual(['his-ok']);
    expect(store.getState().setAside[0]).toMatchObject({ kind: 'history', storeKey: { store: 'historyRows', key: 'his-bad' } });
    expect(storage.stores.historyRows.has('his-bad')).toBe(true);
    session.stop();
  });
});

describe('the workspace folder', () => {
  function fakeFolder(initial: Collection[]) {
    let state: FolderState = { enabled: true, dir: '/tmp/ws', revision: 1, collections: initial.map(storedCollection), environments: [], setAside: [] };
    let wake: (() => void) | undefined;
    /** How many long polls the session has made: one more once it has taken a state in. */
    let polls = 0;
    const puts: string[] = [];
    const environmentPuts: string[] = [];
    const environmentDeletes: string[] = [];
    const api: WorkspaceFolderApi = {
      state: async () => state,
      putCollection: async (id, record) => {
        puts.push(id);
        state = { ...state, revision: state.revision + 1, collections: [...state.collections.filter((c) => (c as { id: string }).id !== id), record] };
      },
      deleteCollection: async () => undefined,
      putEnvironment: async (id) => void environmentPuts.push(id),
      deleteEnvironment: async (id) => void environmentDeletes.push(id),
      changes: (since, signal) =>
        new Promise((resolve) => {
          polls += 1;
          if (state.revision > since) return resolve(state);
          wake = () => resolve(state);
          signal.addEventListener('abort', () => resolve(null));
        }),
    };
    return {
      api,
      puts,
      environmentPuts,
      environmentDeletes,
      revision: () => state.revision,
      polls: () => polls,
      editOnDisk(collections: Collection[], setAside: FolderState['setAside'] = []) {
        state = { ...state, revision: state.revision + 1, collections: collections.map(storedCollection), setAside };
        wake?.();
      },
    };
  }

  it('loads from the folder, writes to it, and shows an edit made on disk', async () => {
    const folder = fakeFolder([collection('col-a', 'Alpha')]);
    const store = freshStore();
    const session = startWorkspaceSession(store, { storage: memoryWorkspaceStorage(), folder: folder.api, writeDelayMs: 0 });
    await session.ready;
    expect(store.getState()).toMatchObject({ workspaceMode: 'folder', workspaceFolder: '/tmp/ws' });
    expect(store.getState().collections.map((c) => c.name)).toEqual(['Alpha']);
    store.getState().renameCollection('col-a', 'Alpha API');
    await settle(session);
    expect(folder.puts).toEqual(['col-a']);
    folder.editOnDisk([collection('col-a', 'Alpha API', 'http://h/changed'), collection('col-b', 'Beta')], [{ path: 'collections/x/bad.json', kind: 'request', reason: 'not valid JSON at line 1, column 2' }]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const s = store.getState();
    expect(s.collections.map((c) => c.name)).toEqual(['Alpha API', 'Beta']);
    expect((s.collections[0]!.items[0] as { draft: { url: string } }).draft.url).toBe('http://h/changed');
    expect(s.setAside.map((r) => r.path)).toEqual(['collections/x/bad.json']);
    await settle(session);
    expect(folder.puts).toEqual(['col-a']);
    session.stop();
  });

  it("shows an edit made on disk that the folder read together with this page's write, though its state arrived before the write's answer", async () => {
    const folder = fakeFolder([collection('col-a', 'Alpha')]);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let stateArrived = false;
    let pollsBefore = 0;
    folder.api.putCollection = async (id) => {
      folder.puts.push(id);
      // The server wrote the rename and, in the same read of the folder, a URL edited on disk a moment before.
      pollsBefore = folder.polls();
      folder.editOnDisk([collection('col-a', 'Alpha API', 'http://h/edited-on-disk')]);
      stateArrived = true;
      await answered;
      return folder.revision();
    };
    const store = freshStore();
    const session = startWorkspaceSession(store, { storage: memoryWorkspaceStorage(), folder: folder.api, writeDelayMs: 0 });
    await session.ready;
    store.getState().renameCollection('col-a', 'Alpha API');
    await vi.waitFor(() => expect(stateArrived).toBe(true));
    // The folder's state reaches the page (the session polls again) while the write is still open.
    await vi.waitFor(() => expect(folder.polls()).toBeGreaterThan(pollsBefore));
    expect((store.getState().collections[0]!.items[0] as { draft: { url: string } }).draft.url, 'not merged while the write is open').toBe('http://h/');
    answer();
    await vi.waitFor(() => expect((store.getState().collections[0]!.items[0] as { draft: { url: string } }).draft.url).toBe('http://h/edited-on-disk'));
    expect(store.getState().collections.map((c) => c.name)).toEqual(['Alpha API']);
    await settle(session);
    expect(folder.puts, 'what came from the folder is not written back').toEqual(['col-a']);
    session.stop();
  });

  it('passes over a state of the folder read before its own latest write, and takes the one after it', async () => {
    const folder = fakeFolder([collection('col-a', 'Alpha')]);
    const put = folder.api.putCollection;
    let deliver: ((state: FolderState | null) => void) | undefined;
    folder.api.changes = (_since, signal) =>
      new Promise((resolve) => {
        deliver = resolve;
        signal.addEventListener('abort', () => resolve(null));
      });
    const store = freshStore();
    const session = startWorkspaceSession(store, { storage: memoryWorkspaceStorage(), folder: folder.api, writeDelayMs: 0 });
    await session.ready;
    // The server answers the write with a revision above the long poll's next state.
    folder.api.putCollection = async (id, record) => {
      await put(id, record);
      return folder.revision() + 5;
    };
    store.getState().renameCollection('col-a', 'Alpha API');
    await settle(session);
    await vi.waitFor(() => expect(deliver).toBeTypeOf('function'));
    // The long poll answers with the folder as read before the write; the session takes it in and polls again.
    const stalePoll = deliver!;
    stalePoll({ enabled: true, dir: '/tmp/ws', revision: folder.revision() + 1, collections: [storedCollection(collection('col-a', 'Alpha'))], environments: [], setAside: [] });
    await vi.waitFor(() => expect(deliver).not.toBe(stalePoll));
    expect(store.getState().collections.map((c) => c.name), 'the older state does not undo the rename').toEqual(['Alpha API']);
    // The state after the write is taken.
    deliver!({ enabled: true, dir: '/tmp/ws', revision: folder.revision() + 5, collections: [storedCollection(collection('col-a', 'Alpha API', 'http://h/after'))], environments: [], setAside: [] });
    await vi.waitFor(() => expect((store.getState().collections[0]!.items[0] as { draft: { url: string } }).draft.url).toBe('http://h/after'));
    session.stop();
  });
});

describe('environments kept on this machine only', () => {
  it('are never written to the folder: kept in the browser storage, removed from the folder when marked, back after a reload', async () => {
    const storage = memoryWorkspaceStorage();
    const folder = fakeFolderForEnvironments();
    const store = freshStore();
    const session = startWorkspaceSession(store, { storage, folder: folder.api, writeDelayMs: 0 });
    await session.ready;
    const shared = store.getState().addEnvironment('Staging', [{ name: 'region', value: 'eu', enabled: true, secret: false }]);
    const mine = store.getState().addEnvironment('Mine', [{ name: 'token', value: 'my-own-value', enabled: true, secret: false }]);
    await settle(session);
    expect(folder.environmentPuts).toEqual([shared, mine]);
    store.getState().setEnvironmentSecret(mine, true);
    await settle(session);
    expect(folder.environmentDeletes).toEqual([mine]);
    expect(storage.stores.environments.has(mine)).toBe(true);
    store.getState().setEnvironmentVariables(mine, [{ id: 'v', name: 'token', value: 'changed', enabled: true, secret: false }]);
    await settle(session);
    expect(folder.environmentPuts).toEqual([shared, mine]);
    session.stop();
    const next = freshStore();
    const again = startWorkspaceSession(next, { storage, folder: folder.api, writeDelayMs: 0 });
    await again.ready;
    expect(next.getState().environments.find((e) => e.id === mine)).toMatchObject({ name: 'Mine', secret: true });
    again.stop();
  });

  function fakeFolderForEnvironments() {
    const environmentPuts: string[] = [];
    const environmentDeletes: string[] = [];
    let state: FolderState = { enabled: true, dir: '/tmp/ws', revision: 1, collections: [], environments: [], setAside: [] };
    const api: WorkspaceFolderApi = {
      state: async () => state,
      putCollection: async () => undefined,
      deleteCollection: async () => undefined,
      putEnvironment: async (id, record) => {
        environmentPuts.push(id);
        state = { ...state, environments: [...state.environments.filter((e) => (e as { id: string }).id !== id), record] };
      },
      deleteEnvironment: async (id) => {
        environmentDeletes.push(id);
        state = { ...state, environments: state.environments.filter((e) => (e as { id: string }).id !== id) };
      },
      changes: (_since, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(null))),
    };
    return { api, environmentPuts, environmentDeletes };
  }
});

describe('mergeRemote', () => {
  const fp = (c: Collection) => JSON.stringify(storedCollection(c));

  it('ignores its own save coming back, adopts an edit on disk, and keeps a local change not yet written', () => {
    const a = collection('a', 'A');
    const b = collection('b', 'B');
    const written = new Map([
      ['a', fp(a)],
      ['b', fp(b)],
    ]);
    const local = [a, b];
    expect(mergeRemote(local, [structuredClone(a), structuredClone(b)], written, fp)).toBe(local);
    const editedOnDisk = { ...b, name: 'B on disk' };
    const localEdit = { ...a, name: 'A here' };
    const merged = mergeRemote([localEdit, b], [{ ...a, name: 'A on disk' }, editedOnDisk], written, fp);
    expect(merged.map((c) => c.name)).toEqual(['A here', 'B on disk']);
    expect(written.get('b')).toBe(fp(editedOnDisk));
  });

  it('drops a record deleted on disk unless it changed here', () => {
    const a = collection('a', 'A');
    const written = new Map([['a', fp(a)]]);
    expect(mergeRemote([a], [], written, fp)).toEqual([]);
    expect(written.has('a')).toBe(false);
  });
});

describe('stored history records', () => {
  it('are stamped with the schema version', () => {
    expect(storedWorkspaceRecord('history', { id: 'x' } as never).version).toBe(1);
  });
});

describe('a large collection written through the storage protocol', () => {
  it('says what was not stored when the browser refuses, keeps it in the page, and stores it on the next try', async () => {
    const storage = memoryWorkspaceStorage();
    let refuse = true;
    const putParts = storage.putCollectionParts.bind(storage);
    storage.putCollectionParts = async (...args) => {
      if (refuse) throw new Error('QuotaExceededError: the quota has been exceeded');
      await putParts(...args);
    };
    const store = freshStore();
    const session = startWorkspaceSession(store, { storage, folder: null, writeDelayMs: 0 });
    await session.ready;
    const items = Array.from({ length: 3 }, (_, f) => ({
      kind: 'folder' as const,
      id: `f${f}`,
      name: `Folder ${f}`,
      items: Array.from({ length: 1000 }, (_, r) => ({ kind: 'request' as const, id: `r${f}-${r}`, name: `R ${f}.${r}`, requestType: 'http' as const, draft: normaliseDraft({ name: `R ${f}.${r}`, url: `http://h/${f}/${r}` }) })),
    }));
    const id = store.getState().addImportedCollection({ id: 'imp', name: 'Big import', variables: [], items });
    await settle(session);
    expect(store.getState().workspaceProblem).toMatch(/^Your latest changes are not stored yet: “Big import” is not stored: 0 of 3,003 requests and folders had been written when storing stopped \(QuotaExceededError.*nothing of it is in the browser’s storage yet\. It is all still in this page/);
    expect(storage.stores.collections.has(id)).toBe(false);
    expect(store.getState().collections.find((c) => c.id === id)?.items).toHaveLength(3);
    refuse = false;
    await session.flush();
    expect(store.getState().workspaceProblem).toBeNull();
    expect((storage.stores.collections.get(id) as { items: unknown[] }).items).toHaveLength(3);
    // After a reload: all of it, through the load's chunks.
    const next = freshStore();
    const again = startWorkspaceSession(next, { storage, folder: null });
    await again.ready;
    const loaded = next.getState().collections.find((c) => c.id === id)!;
    expect(loaded.items.map((f) => (f.kind === 'folder' ? f.items.length : 0))).toEqual([1000, 1000, 1000]);
    session.stop();
    again.stop();
  });
});
