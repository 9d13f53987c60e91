import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The module's state is the page's: each test gets a fresh copy, as a fresh page would. */
type ProxySettingsModule = typeof import('./proxySettings');
let m: ProxySettingsModule;

beforeEach(async () => {
  vi.resetModules();
  m = await import('./proxySettings');
});

afterEach(() => {
  vi.useRealTimers();
});

/** A promise and its resolve/reject, as the workspace session's load is to this module. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (err: Error) => void } {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Whether `promise` has settled once every queued job ran (a settled promise's callbacks run first). */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
}

const STORED_MANUAL = { mode: 'manual', httpProxy: 'http://proxy.corp.example:3128', httpsProxy: '', noProxy: '', username: '', proxyLoopback: true };

describe('holdProxySettingsUntil / proxySettingsLoaded (relay calls wait for the workspace proxy settings)', () => {
  it('has nothing to wait for when no load was announced', () => {
    expect(m.proxySettingsLoaded()).toBeUndefined();
  });

  it('keeps a send waiting while the workspace loads, and lets it go with the loaded settings', async () => {
    const load = deferred();
    m.holdProxySettingsUntil(load.promise);
    const waiting = m.proxySettingsLoaded();
    expect(waiting).toBeInstanceOf(Promise);
    expect(await settled(waiting!)).toBe(false);
    expect(m.proxyChoice().mode).toBe('environment');

    // What the session does inside its load: adopt the stored record, then finish the rest of the load.
    m.keepProxySettings(STORED_MANUAL, async () => undefined);
    expect(await settled(waiting!)).toBe(true);
    expect(m.proxyChoice()).toEqual({ mode: 'manual', httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', proxyLoopback: true });
    expect(m.proxySettingsLoaded()).toBeUndefined();
    load.resolve();
  });

  it('lets calls go once the load settled, also when it failed before adopting any settings', async () => {
    const ok = deferred();
    m.holdProxySettingsUntil(ok.promise);
    const first = m.proxySettingsLoaded()!;
    ok.resolve();
    expect(await settled(first)).toBe(true);
    expect(m.proxySettingsLoaded()).toBeUndefined();

    const failing = deferred();
    m.holdProxySettingsUntil(failing.promise);
    const second = m.proxySettingsLoaded()!;
    failing.reject(new Error('IndexedDB is gone'));
    expect(await settled(second)).toBe(true);
    expect(m.proxyChoice().mode).toBe('environment');
  });

  it('stops waiting at the bound when the load hangs, and the send goes with what is known', async () => {
    vi.useFakeTimers();
    m.holdProxySettingsUntil(new Promise(() => undefined));
    const waiting = m.proxySettingsLoaded()!;
    await vi.advanceTimersByTimeAsync(m.PROXY_SETTINGS_WAIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
    expect(m.proxyChoice().mode).toBe('environment');
    // The hold itself lasts until its own limit: after it, calls no longer wait at all.
    await vi.advanceTimersByTimeAsync(m.PROXY_SETTINGS_HOLD_MS - m.PROXY_SETTINGS_WAIT_MS);
    expect(m.proxySettingsLoaded()).toBeUndefined();
  });

  it("counts each call's bound from the call: one made late in the load still waits its whole bound", async () => {
    vi.useFakeTimers();
    const load = deferred();
    m.holdProxySettingsUntil(load.promise);
    // Most of a wait's bound has gone by since the load was announced (a slow start, a slow typist).
    await vi.advanceTimersByTimeAsync(m.PROXY_SETTINGS_WAIT_MS - 100);
    const waiting = m.proxySettingsLoaded()!;
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(waiting)).toBe(false);
    m.keepProxySettings({ mode: 'none', httpProxy: '', httpsProxy: '', noProxy: '', username: '', proxyLoopback: false }, async () => undefined);
    expect(await settled(waiting)).toBe(true);
    expect(m.proxyChoice().mode).toBe('none');
  });

  it('waits for every announced load, each within its own bound', async () => {
    vi.useFakeTimers();
    const early = deferred();
    m.holdProxySettingsUntil(early.promise, 1000);
    m.holdProxySettingsUntil(new Promise(() => undefined), 2000);
    const waiting = m.proxySettingsLoaded()!;
    early.resolve();
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await settled(waiting)).toBe(true);
  });

  it('gives up a hold through its release (the caller gave the load up)', async () => {
    const release = m.holdProxySettingsUntil(new Promise(() => undefined));
    const waiting = m.proxySettingsLoaded()!;
    release();
    expect(await settled(waiting)).toBe(true);
    expect(m.proxySettingsLoaded()).toBeUndefined();
  });

  it('lets a change made in this page before the load go at once, and the change still wins over the stored record', async () => {
    const load = deferred();
    m.holdProxySettingsUntil(load.promise);
    const waiting = m.proxySettingsLoaded()!;
    m.saveProxySettings({ ...m.DEFAULT_PROXY_SETTINGS, mode: 'none' });
    expect(await settled(waiting)).toBe(true);
    const writes: unknown[] = [];
    m.keepProxySettings(STORED_MANUAL, async (value) => void writes.push(value));
    load.resolve();
    expect(m.proxyChoice()).toEqual({ mode: 'none' });
    expect(writes).toEqual([expect.objectContaining({ mode: 'none' })]);
  });

  it('refuses a bound that is not a number of milliseconds', () => {
    expect(() => m.holdProxySettingsUntil(Promise.resolve(), Number.NaN)).toThrow(RangeError);
    expect(() => m.holdProxySettingsUntil(Promise.resolve(), -1)).toThrow(/boundMs must be a number >= 0, got -1/);
  });
});
