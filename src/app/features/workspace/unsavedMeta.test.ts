import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { DEFAULT_PROXY_SETTINGS, PROXY_SETTINGS_META_KEY, saveProxySettings } from '../../base/relay/proxySettings';
import { startWorkspaceSession } from './workspaceSession';
import { memoryWorkspaceStorage, type WorkspaceStorage } from './workspaceStorage';
import { unsavedMeta } from './unsavedMeta';

/** A page: window and document as event targets, a localStorage, and whether it is visible. */
function stubPage() {
  const window = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', document);
  vi.stubGlobal('localStorage', localStorage);
  return { window, document, items };
}

const leaving = (target: EventTarget) => {
  const event = new Event('beforeunload', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
};

/**
 * The storage a page whose worker is ended mid-write sees: once `end` was called, its meta
 * writes never reach storage. `forget` settles them (unwritten), as the page's end would, so
 * the unload guard's count of this page is not carried into the next test.
 */
function endedMidWrite(storage: WorkspaceStorage): WorkspaceStorage & { end(): void; forget(): void } {
  let ended = false;
  const lost: (() => void)[] = [];
  return {
    ...storage,
    putMeta: (key, value) => (ended ? new Promise<void>((resolve) => lost.push(resolve)) : storage.putMeta(key, value)),
    end: () => (ended = true),
    forget: () => lost.splice(0).forEach((settle) => settle()),
  };
}

const freshStore = () => createWorkbenchStore({ initialUrl: 'http://h/', persistName: `test-${Math.random()}` });

describe('settings whose write was not confirmed when the page went', () => {
  let page: ReturnType<typeof stubPage>;
  beforeEach(() => (page = stubPage()));
  afterEach(() => vi.unstubAllGlobals());

  it('are kept in localStorage when the page goes, stored by the next load, and then forgotten', async () => {
    const storage = memoryWorkspaceStorage();
    const first = freshStore();
    const ending = endedMidWrite(storage);
    const going = startWorkspaceSession(first, { storage: ending, folder: null, writeDelayMs: 60_000 });
    await going.ready;
    ending.end();
    first.getState().setHistoryLimit(7);
    saveProxySettings({ ...DEFAULT_PROXY_SETTINGS, mode: 'manual', httpProxy: 'http://127.0.0.1:3128', password: 'not-kept' });
    page.window.dispatchEvent(new Event('pagehide'));
    going.stop();
    expect(storage.stores.meta.get('historyLimit'), 'the write never reached storage').not.toBe(7);
    const kept = unsavedMeta();
    expect(kept.historyLimit).toBe(7);
    expect(kept[PROXY_SETTINGS_META_KEY]).toMatchObject({ mode: 'manual', httpProxy: 'http://127.0.0.1:3128' });
    expect([...page.items.values()].join(''), 'the proxy password is never kept').not.toContain('not-kept');

    const next = freshStore();
    const session = startWorkspaceSession(next, { storage, folder: null, writeDelayMs: 0 });
    await session.ready;
    expect(next.getState().historyLimit).toBe(7);
    await vi.waitFor(() => expect(unsavedMeta(), 'forgotten once stored').toEqual({}));
    expect(storage.stores.meta.get('historyLimit')).toBe(7);
    expect(storage.stores.meta.get(PROXY_SETTINGS_META_KEY)).toMatchObject({ mode: 'manual', httpProxy: 'http://127.0.0.1:3128' });
    expect(JSON.stringify(storage.stores.meta.get(PROXY_SETTINGS_META_KEY))).not.toContain('not-kept');
    session.stop();
    ending.forget();
  });

  it('are forgotten once the write completes when the page was only hidden, so a later load does not bring back an older value', async () => {
    const storage = memoryWorkspaceStorage();
    const store = freshStore();
    const session = startWorkspaceSession(store, { storage, folder: null, writeDelayMs: 60_000 });
    await session.ready;
    store.getState().setHistoryLimit(9);
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    expect(unsavedMeta().historyLimit, 'kept while the write is on its way').toBe(9);
    await session.flush();
    expect(unsavedMeta()).toEqual({});
    page.document.visibilityState = 'visible';
    store.getState().setHistoryLimit(11);
    await session.flush();
    session.stop();
    const next = freshStore();
    const again = startWorkspaceSession(next, { storage, folder: null, writeDelayMs: 0 });
    await again.ready;
    expect(next.getState().historyLimit).toBe(11);
    again.stop();
  });

  it('makes the page ask before it is left while an edit waits for its write or a write is unconfirmed', async () => {
    const storage = memoryWorkspaceStorage();
    const waiting: (() => void)[] = [];
    let slowed = false;
    const slow: WorkspaceStorage = {
      ...storage,
      putMeta: (key, value) => (slowed ? new Promise<void>((resolve) => waiting.push(() => void storage.putMeta(key, value).then(resolve))) : storage.putMeta(key, value)),
    };
    const confirmAll = () => {
      for (const confirm of waiting.splice(0)) confirm();
    };
    const store = freshStore();
    const session = startWorkspaceSession(store, { storage: slow, folder: null, writeDelayMs: 60_000 });
    await session.ready;
    slowed = true;
    expect(leaving(page.window)).toBe(false);
    store.getState().setHistoryLimit(5);
    expect(leaving(page.window), 'an edit waits for its write').toBe(true);
    const written = session.flush();
    await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    expect(leaving(page.window), 'the write is not confirmed yet').toBe(true);
    confirmAll();
    await written;
    expect(storage.stores.meta.get('historyLimit')).toBe(5);
    expect(leaving(page.window)).toBe(false);
    session.stop();
  });
});
