import { describe, expect, it, vi } from 'vitest';
import type { VaultEntryState } from '../../../core';
import { createVaultSession } from './vaultInstance';
import { memoryVaultStorage } from './vaultStorage';
import { isLaterVaultEntryState, memoryVaultLocks, memoryVaultTabChannels, readVaultTabMessage, vaultRefreshLockName } from './vaultTabs';
import { manualTime, ordersEntry, tokenServer } from './vaultTestDoubles';

const PASSPHRASE = 'open sesame, please';

/**
 * Two tabs of one browser over one IndexedDB, one lock manager and one BroadcastChannel:
 * tab A set up the sealed vault and gave its entry the refresh token rt-0, then tab B
 * unlocked it. `locks: false` is a browser without Web Locks.
 */
async function twoTabs(options: { server?: ReturnType<typeof tokenServer>; locks?: false; entry?: Partial<typeof ordersEntry> } = {}) {
  const server = options.server ?? tokenServer();
  const time = manualTime();
  const storage = memoryVaultStorage();
  const locks = options.locks === false ? undefined : memoryVaultLocks();
  const channels = memoryVaultTabChannels();
  let ids = 0;
  const openTab = () =>
    createVaultSession({ storage, transport: server.transport, now: time.now, timers: time.timers, newId: () => `entry-${++ids}`, locks, tabs: channels.connect() });
  const a = openTab();
  expect((await a.createSealed(PASSPHRASE)).ok).toBe(true);
  const id = a.addEntry({ ...ordersEntry, ...options.entry });
  expect(a.giveRefreshToken(id, 'rt-0').ok).toBe(true);
  await a.whenSaved();
  const b = openTab();
  await b.load();
  expect((await b.unlock(PASSPHRASE)).ok).toBe(true);
  return { a, b, id, server, time, storage, locks, channels, openTab };
}

/** The entries a fresh tab finds in `storage` when it unlocks it with `passphrase`. */
async function twoTabsReader(storage: ReturnType<typeof memoryVaultStorage>, passphrase: string) {
  const time = manualTime();
  const tab = createVaultSession({ storage, transport: tokenServer().transport, now: time.now, timers: time.timers, newId: () => 'reader' });
  await tab.load();
  return (await tab.unlock(passphrase)).ok ? tab.store.getState().entries : undefined;
}

/** Lets messages posted so far reach the other tabs (they arrive as a task, like the real channel's). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('two tabs of one sealed vault', () => {
  it('refreshing in both at once reaches the token endpoint once, and both end with the same new tokens', async () => {
    let answer!: () => void;
    const server = tokenServer({ gate: new Promise<void>((resolve) => (answer = resolve)) });
    const { a, b, id, locks } = await twoTabs({ server });
    const refreshes = [a.refresh(id, 'manual'), b.refresh(id, 'manual')];
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    answer();
    const [inA, inB] = await Promise.all(refreshes);
    expect(inA!.ok && inA!.value.token).toBe('at-1');
    expect(inB!.ok && inB!.value.token).toBe('at-1');
    expect(server.presented).toEqual(['rt-0']);
    expect(server.revoked).toBe(false);
    for (const tab of [a, b]) expect(tab.entry(id)!.state).toMatchObject({ phase: 'held', refreshToken: 'rt-1', access: { token: 'at-1' }, rotations: 1 });
    expect(locks!.granted.filter((name) => name === vaultRefreshLockName(id))).toHaveLength(2);
  }, 60_000);

  it('automatic refreshes falling due in both tabs at the same moment exchange once', async () => {
    const { a, b, id, server, time } = await twoTabs({ entry: { autoRefresh: true } });
    // The entry was given a refresh token with autoRefresh on: both tabs want an access token now.
    time.advance(0);
    await vi.waitFor(async () => {
      await Promise.all([a.flights.whenIdle(), b.flights.whenIdle()]);
      expect(b.entry(id)!.state.access?.token).toBe('at-1');
    });
    // 60 s tokens refresh 30 s before expiry: both tabs' timers fire together.
    time.advance(30_000);
    await vi.waitFor(async () => {
      await Promise.all([a.flights.whenIdle(), b.flights.whenIdle()]);
      expect(a.entry(id)!.state.access?.token).toBe('at-2');
      expect(b.entry(id)!.state.access?.token).toBe('at-2');
    });
    expect(server.presented).toEqual(['rt-0', 'rt-1']);
    expect(server.revoked).toBe(false);
    a.dispose();
    b.dispose();
  }, 60_000);

  it('a tab refreshing after another rotated takes the stored tokens, without an exchange, while they are fresh', async () => {
    const { a, b, id, server, channels } = await twoTabs();
    channels.hold();
    expect((await a.refresh(id, 'manual')).ok).toBe(true);
    // B has not heard of it: it still holds rt-0 in memory.
    expect(b.entry(id)!.state.refreshToken).toBe('rt-0');
    const inB = await b.refresh(id, 'manual');
    expect(inB.ok && inB.value.token).toBe('at-1');
    expect(server.presented).toEqual(['rt-0']);
    expect(b.entry(id)!.state).toMatchObject({ refreshToken: 'rt-1', rotations: 1 });
    // B's log is the entry's log: the exchange A made.
    expect(b.entry(id)!.log).toHaveLength(1);
    expect(server.revoked).toBe(false);
  }, 60_000);

  it('a tab refreshing after another rotated, once that token is due, exchanges the newest refresh token (never the old one)', async () => {
    const { a, b, id, server, time, channels } = await twoTabs();
    channels.hold();
    await a.refresh(id, 'manual');
    time.advance(50_000);
    const auth = await b.resolveAuth(id, 'https://api.example.com/orders');
    expect(auth.ok && auth.value.value).toBe('Bearer at-2');
    expect(server.presented).toEqual(['rt-0', 'rt-1']);
    // And back: A, still holding rt-1, takes B's fresh rt-2 tokens instead of presenting rt-1 again.
    const inA = await a.refresh(id, 'on-demand');
    expect(inA.ok && inA.value.token).toBe('at-2');
    expect(server.presented).toEqual(['rt-0', 'rt-1']);
    expect(server.revoked).toBe(false);
  }, 60_000);

  it('tells the other tab, by entry id only, which reloads the entry without any request', async () => {
    const { a, b, id, server, channels } = await twoTabs();
    await a.refresh(id, 'manual');
    await vi.waitFor(() => expect(b.entry(id)!.state).toMatchObject({ refreshToken: 'rt-1', access: { token: 'at-1' } }));
    expect(server.requests).toHaveLength(1);
    expect(channels.posted.at(-1)).toEqual({ type: 'entry-tokens-changed', entryId: id });
    expect(JSON.stringify(channels.posted)).not.toMatch(/rt-|at-|demo-secret/);
  }, 60_000);

  it('a tab that missed a rotation does not write the old refresh token back when it saves', async () => {
    const { a, b, id, server, channels, openTab } = await twoTabs();
    channels.hold();
    await a.refresh(id, 'manual');
    // B saves an edit before it hears of the rotation: its write takes the rotated state first.
    b.updateEntry({ ...b.entry(id)!.config, name: 'Orders (renamed)' });
    await b.whenSaved();
    const c = openTab();
    await c.load();
    await c.unlock(PASSPHRASE);
    expect(c.entry(id)!.config.name).toBe('Orders (renamed)');
    expect(c.entry(id)!.state).toMatchObject({ refreshToken: 'rt-1', access: { token: 'at-1' } });
    expect(b.entry(id)!.state.refreshToken).toBe('rt-1');
    expect(server.revoked).toBe(false);
  }, 60_000);

  it('a locked tab ignores what it hears, and unlocks to the newest tokens', async () => {
    const { a, b, id, server, channels } = await twoTabs();
    await a.lock();
    await b.refresh(id, 'manual');
    await nextTask();
    expect(channels.posted.at(-1)).toEqual({ type: 'entry-tokens-changed', entryId: id });
    expect(a.store.getState()).toMatchObject({ mode: 'locked', entries: [] });
    expect((await a.unlock(PASSPHRASE)).ok).toBe(true);
    expect(a.entry(id)!.state).toMatchObject({ refreshToken: 'rt-1', access: { token: 'at-1' } });
    await a.refresh(id, 'manual');
    expect(server.presented).toEqual(['rt-0', 'rt-1']);
    expect(server.revoked).toBe(false);
  }, 60_000);

  it('forgetting everything in one tab closes the vault in the other, which then writes nothing back', async () => {
    const { a, b, id, storage } = await twoTabs();
    await a.forgetEverything();
    await vi.waitFor(() => expect(b.store.getState()).toMatchObject({ mode: 'unset', entries: [], problem: { kind: 'vault-forgotten-elsewhere' } }));
    const refreshed = await b.refresh(id, 'manual');
    expect(!refreshed.ok && refreshed.error.kind).toBe('vault-entry-missing');
    await b.whenSaved();
    expect(storage.record).toBeUndefined();
  }, 60_000);

  it('a tab that missed the forgetting never writes over the new vault another tab set up with another passphrase', async () => {
    const { a, b, storage, channels } = await twoTabs();
    channels.hold();
    await a.forgetEverything();
    expect((await a.createSealed('a different passphrase')).ok).toBe(true);
    const kept = a.addEntry({ ...ordersEntry, name: 'New vault entry' });
    await a.whenSaved();
    const replacement = storage.record;
    // B still has the old vault open and changes it.
    b.addEntry({ ...ordersEntry, name: 'Old vault entry' });
    await b.whenSaved();
    expect(storage.record).toBe(replacement);
    expect(b.store.getState().saveProblem?.message).toMatch(/different passphrase.*Nothing was written/);
    expect(b.store.getState().entries.map((e) => e.config.name)).toContain('Old vault entry');
    const c = (await twoTabsReader(storage, 'a different passphrase'))!;
    expect(c.map((e) => e.config.id)).toEqual([kept]);
  }, 60_000);

  it('without Web Locks (an old browser) only the one-tab rule holds: the collision the lock exists to prevent', async () => {
    let answer!: () => void;
    const server = tokenServer({ gate: new Promise<void>((resolve) => (answer = resolve)) });
    const { a, b, id } = await twoTabs({ server, locks: false });
    const refreshes = [a.refresh(id, 'manual'), b.refresh(id, 'manual')];
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    answer();
    await Promise.all(refreshes);
    expect(server.presented).toEqual(['rt-0', 'rt-0']);
    expect(server.revoked).toBe(true);
  }, 60_000);
});

describe('isLaterVaultEntryState', () => {
  const held = (patch: Partial<VaultEntryState> = {}): VaultEntryState => ({
    phase: 'held',
    refreshToken: 'rt-1',
    grantedAt: 1000,
    rotations: 1,
    access: { token: 'at-1', obtainedAt: 2000 },
    ...patch,
  });

  it('prefers a later grant, then more rotations, whatever the access token', () => {
    expect(isLaterVaultEntryState(held({ grantedAt: 1001, rotations: 0, access: undefined }), held())).toBe(true);
    expect(isLaterVaultEntryState(held({ rotations: 2, access: { token: 'at-2', obtainedAt: 1 } }), held())).toBe(true);
    expect(isLaterVaultEntryState(held(), held({ rotations: 2 }))).toBe(false);
  });

  it('prefers a revocation of the same refresh token, then a later access token', () => {
    expect(isLaterVaultEntryState(held({ phase: 'revoked', access: undefined }), held())).toBe(true);
    expect(isLaterVaultEntryState(held(), held({ phase: 'revoked', access: undefined }))).toBe(false);
    expect(isLaterVaultEntryState(held({ access: { token: 'at-9', obtainedAt: 3000 } }), held())).toBe(true);
  });

  it('never takes the same state, or forgotten tokens, as later', () => {
    expect(isLaterVaultEntryState(held(), held())).toBe(false);
    expect(isLaterVaultEntryState({ phase: 'empty', rotations: 0 }, held())).toBe(false);
  });
});

describe('readVaultTabMessage', () => {
  it('reads the two messages and refuses anything else', () => {
    expect(readVaultTabMessage({ type: 'entry-tokens-changed', entryId: 'e1', token: 'x' })).toEqual({ type: 'entry-tokens-changed', entryId: 'e1' });
    expect(readVaultTabMessage({ type: 'vault-forgotten' })).toEqual({ type: 'vault-forgotten' });
    for (const other of [null, 'entry-tokens-changed', { type: 'entry-tokens-changed' }, { type: 'entry-tokens-changed', entryId: '' }, { type: 'lock' }]) {
      expect(readVaultTabMessage(other)).toBeUndefined();
    }
  });
});

describe('memoryVaultLocks', () => {
  it('grants a name to one holder at a time, in request order, and other names meanwhile', async () => {
    const locks = memoryVaultLocks();
    const events: string[] = [];
    let release!: () => void;
    const first = locks.request('x', { mode: 'exclusive' }, async () => {
      events.push('x1 start');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('x1 end');
    });
    const second = locks.request('x', { mode: 'exclusive' }, async () => void events.push('x2'));
    const other = locks.request('y', { mode: 'exclusive' }, async () => void events.push('y'));
    await other;
    expect(events).toEqual(['x1 start', 'y']);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['x1 start', 'y', 'x1 end', 'x2']);
  });
});
