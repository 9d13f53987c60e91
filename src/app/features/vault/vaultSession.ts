/**
 * The vault of one page: its lifecycle (set up, unlock, lock, forget everything), its
 * entries, and sealing every change to IndexedDB. Token work — exchanges, automatic
 * refresh, resolving a request's Authorization — lives in `vaultTokens.ts` on top of it.
 *
 * The vault is deliberately not part of the workbench store: that store is persisted (with
 * `partialize`) and shown everywhere, while the vault holds secrets that must exist only
 * here, in memory while unlocked and sealed at rest. A factory, so tests get a fresh one
 * with a fake clock, storage and transport.
 *
 * Other tabs may hold the same sealed vault open: every write first adopts the later token
 * states they sealed, and entries are re-read when they say so (see `vaultTabs.ts`).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  deriveVaultSealingKey,
  EMPTY_VAULT_ENTRY_STATE,
  fail,
  newVaultEntryConfig,
  ok,
  openVaultJson,
  RefreshFlights,
  sealVaultJson,
  transitionVaultEntry,
  vaultPassphraseProblem,
  type CoreError,
  type Result,
  type VaultEntryConfig,
  type VaultEntryState,
  type VaultSealingKey,
} from '../../../core';
import type { VaultEntryRecord, VaultPayload } from './vaultPayload';
import type { TokenTransport } from './vaultExchange';
import type { VaultStorage } from './vaultStorage';
import { adoptLaterVaultStates, readStoredVaultEntries, readStoredVaultPayload, readVaultTabMessage, VAULT_REPLACED_ELSEWHERE, VAULT_WRITE_LOCK_NAME, type VaultLocks, type VaultTabChannel } from './vaultTabs';

/**
 * - `loading`: reading storage. - `unset`: no vault yet. - `locked`: a sealed vault is
 * stored, its key is not in memory. - `open`: entries are in memory and usable.
 */
export type VaultMode = 'loading' | 'unset' | 'locked' | 'open';

/** What the vault panel and the composer see. Secrets are in `entries` only while open. */
export interface VaultSessionState {
  mode: VaultMode;
  /** How an open vault keeps its entries: sealed in IndexedDB, or in memory for this tab only. */
  persistence?: 'sealed' | 'memory';
  /** Entry names readable while locked. */
  index: { id: string; name: string }[];
  entries: VaultEntryRecord[];
  busy?: 'unlocking' | 'sealing' | 'locking' | 'forgetting';
  /** The last problem of unlocking or setting up, shown beside the passphrase. */
  problem?: CoreError;
  /** The last problem writing to storage; cleared by the next successful write. */
  saveProblem?: CoreError;
  /** Bumped at status boundaries (refresh due, expiry) so time-derived statuses re-render. */
  tick: number;
  /** Secrets kept aside from stored requests and environments, sealed with the entries (while open). */
  secrets: Record<string, string>;
}

/** Timers, so tests can drive time. */
export interface VaultTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** What a session needs from the outside world. */
export interface VaultSessionDeps {
  storage: VaultStorage;
  transport: TokenTransport;
  now(): number;
  newId(): string;
  timers: VaultTimers;
  /** PBKDF2 iterations for a new passphrase (never below the core minimum). */
  iterations?: number;
  /**
   * Exclusive locks shared with the other tabs (Web Locks). Without them (old browsers,
   * Node tests) the session keeps the one-tab rules: one exchange per entry in this tab.
   */
  locks?: VaultLocks;
  /** Messages to and from the other tabs (BroadcastChannel); without it, no tab hears another. */
  tabs?: VaultTabChannel;
}

/** The parts `vaultTokens.ts` builds on. */
export interface VaultCore {
  store: StoreApi<VaultSessionState>;
  deps: VaultSessionDeps;
  flights: RefreshFlights<Result<unknown>>;
  entry(id: string): VaultEntryRecord | undefined;
  /** Replaces one entry's record and schedules a sealed write. */
  updateRecord(id: string, change: (record: VaultEntryRecord) => VaultEntryRecord): void;
  /** Schedules a sealed write of the current entries (coalesced). */
  persist(): void;
  /** Resolves when every scheduled write has reached storage. */
  whenSaved(): Promise<void>;
  /**
   * Re-reads the entry from storage and adopts its stored state if another tab sealed a
   * later one; says whether it did. Nothing to adopt while locked, memory-only or unreadable.
   */
  adoptStored(id: string): Promise<boolean>;
  /** Tells the other tabs the entry's tokens changed; call once they are sealed (`whenSaved`). */
  announce(id: string): void;
  /** Stops hearing the other tabs (the session is going away). */
  stopListening(): void;
}

/** Lifecycle and entry editing of a session. */
export interface VaultLifecycle {
  load(): Promise<void>;
  createSealed(passphrase: string): Promise<Result<void>>;
  createInMemory(): void;
  unlock(passphrase: string): Promise<Result<void>>;
  lock(): Promise<void>;
  forgetEverything(): Promise<void>;
  addEntry(patch?: Partial<Omit<VaultEntryConfig, 'id'>>): string;
  updateEntry(config: VaultEntryConfig): void;
  removeEntry(id: string): void;
  giveRefreshToken(id: string, refreshToken: string): Result<void>;
  forgetTokens(id: string): void;
  /** Adds or updates kept secrets (sealed with the next write when the vault is sealed and open). */
  keepSecrets(values: Readonly<Record<string, string>>): void;
}

const INITIAL: VaultSessionState = { mode: 'loading', index: [], entries: [], tick: 0, secrets: {} };

function indexOf(entries: readonly VaultEntryRecord[]): { id: string; name: string }[] {
  return entries.map((e) => ({ id: e.config.id, name: e.config.name }));
}

/** Builds the storage-facing core and the lifecycle of a session. */
export function createVaultCore(deps: VaultSessionDeps): VaultCore & VaultLifecycle {
  const store = createStore<VaultSessionState>()(() => ({ ...INITIAL }));
  const flights = new RefreshFlights<Result<unknown>>();
  let key: VaultSealingKey | undefined;
  let writeRequested = false;
  let writing: Promise<void> | undefined;

  const set = (patch: Partial<VaultSessionState>) => store.setState(patch);
  const entry = (id: string) => store.getState().entries.find((e) => e.config.id === id);

  /** Runs `task` holding the named lock in every tab, or just runs it where there are no locks. */
  function exclusively<T>(name: string, task: () => Promise<T>): Promise<T> {
    return deps.locks ? deps.locks.request(name, { mode: 'exclusive' }, task) : task();
  }

  /** Whether the vault is still the open, sealed one `sealingKey` unlocked. */
  const stillOpenWith = (sealingKey: VaultSealingKey) => key === sealingKey && store.getState().mode === 'open';

  /** Takes later states from `stored` into memory; no write: storage already holds them. */
  function adopt(stored: readonly VaultEntryRecord[], onlyId?: string): boolean {
    const next = adoptLaterVaultStates(store.getState().entries, stored, onlyId);
    if (next) set({ entries: next });
    return next !== undefined;
  }

  async function writeSealed(sealingKey: VaultSealingKey): Promise<void> {
    // Another tab may have sealed a rotation this one has not heard of yet: writing this
    // tab's copy as it is would put the rotated-away refresh token back into storage.
    const stored = await readStoredVaultPayload(deps.storage, sealingKey);
    if (!stillOpenWith(sealingKey)) return;
    // Writing over a vault another tab set up under a new passphrase would erase it; this
    // tab's copy stays in memory and the person is told why it was not saved.
    if (stored === 'replaced') throw new Error(VAULT_REPLACED_ELSEWHERE);
    if (stored) adopt(stored.entries);
    // Secrets another tab kept stay; this tab's values win for the same reference.
    if (stored?.secrets) set({ secrets: { ...stored.secrets, ...store.getState().secrets } });
    const { entries, secrets } = store.getState();
    const payload: VaultPayload = { version: 1, entries, ...(Object.keys(secrets).length ? { secrets } : {}) };
    const envelope = await sealVaultJson(payload, sealingKey);
    // Forgotten meanwhile: writing now would bring the erased vault back.
    if (key !== sealingKey) return;
    await deps.storage.write({ envelope, index: indexOf(entries), savedAt: deps.now() });
  }

  async function writeLoop(): Promise<void> {
    while (writeRequested) {
      writeRequested = false;
      const sealingKey = key;
      const { persistence, mode } = store.getState();
      if (!sealingKey || persistence !== 'sealed' || mode !== 'open') return;
      try {
        // Read, merge and write as one step among tabs, so no tab's write slips in between.
        await exclusively(VAULT_WRITE_LOCK_NAME, () => writeSealed(sealingKey));
        if (store.getState().saveProblem) set({ saveProblem: undefined });
      } catch (error) {
        set({ saveProblem: { kind: 'vault-save-failed', message: `The vault could not be saved: ${(error as Error).message}` } });
      }
    }
  }

  async function adoptStored(id: string): Promise<boolean> {
    const sealingKey = key;
    if (!sealingKey || store.getState().persistence !== 'sealed' || !stillOpenWith(sealingKey)) return false;
    const stored = await readStoredVaultEntries(deps.storage, sealingKey);
    return Array.isArray(stored) && stillOpenWith(sealingKey) && adopt(stored, id);
  }

  function announce(id: string): void {
    const { mode, persistence, saveProblem } = store.getState();
    if (mode !== 'open' || persistence !== 'sealed' || saveProblem) return;
    deps.tabs?.post({ type: 'entry-tokens-changed', entryId: id });
  }

  /** Another tab erased the stored vault: this tab's copy of it goes too, or a write would restore it. */
  function forgottenElsewhere(): void {
    const { mode, persistence } = store.getState();
    if (mode === 'loading' || mode === 'unset' || (mode === 'open' && persistence === 'memory')) return;
    key = undefined;
    writeRequested = false;
    set({
      ...INITIAL,
      mode: 'unset',
      tick: store.getState().tick + 1,
      problem: { kind: 'vault-forgotten-elsewhere', message: 'The vault was forgotten in another tab.' },
    });
  }

  const stopListening =
    deps.tabs?.listen((data) => {
      const message = readVaultTabMessage(data);
      if (message?.type === 'entry-tokens-changed') void adoptStored(message.entryId);
      else if (message?.type === 'vault-forgotten') forgottenElsewhere();
    }) ?? (() => {});

  function persist(): void {
    writeRequested = true;
    writing ??= writeLoop().finally(() => {
      writing = undefined;
    });
  }

  async function whenSaved(): Promise<void> {
    while (writing) await writing;
  }

  function updateRecord(id: string, change: (record: VaultEntryRecord) => VaultEntryRecord): void {
    const entries = store.getState().entries.map((e) => (e.config.id === id ? change(e) : e));
    set({ entries, index: indexOf(entries) });
    persist();
  }

  async function load(): Promise<void> {
    try {
      const record = await deps.storage.read();
      set(record ? { mode: 'locked', index: record.index } : { mode: 'unset', index: [] });
    } catch (error) {
      set({ mode: 'unset', problem: { kind: 'vault-storage-unavailable', message: `IndexedDB is not available (${(error as Error).message}); only a memory-only vault can be used.` } });
    }
  }

  async function createSealed(passphrase: string): Promise<Result<void>> {
    const weak = vaultPassphraseProblem(passphrase);
    if (weak) return failWith({ kind: 'vault-passphrase-weak', field: 'passphrase', message: weak });
    set({ busy: 'sealing', problem: undefined });
    try {
      key = await deriveVaultSealingKey(passphrase, deps.iterations ? { iterations: deps.iterations } : {});
    } finally {
      set({ busy: undefined });
    }
    // Entries kept in memory so far become sealed from now on.
    set({ mode: 'open', persistence: 'sealed' });
    persist();
    await whenSaved();
    return ok(undefined);
  }

  function createInMemory(): void {
    key = undefined;
    set({ mode: 'open', persistence: 'memory', entries: [], index: [], problem: undefined });
  }

  function failWith(problem: CoreError): Result<void> {
    set({ problem });
    return fail(problem);
  }

  async function unlock(passphrase: string): Promise<Result<void>> {
    set({ busy: 'unlocking', problem: undefined });
    try {
      const record = await deps.storage.read();
      if (!record) {
        set({ mode: 'unset', index: [] });
        return failWith({ kind: 'vault-missing', message: 'There is no stored vault any more (it was forgotten in another tab?).' });
      }
      const opened = await openVaultJson(record.envelope, passphrase);
      if (!opened.ok) return failWith(opened.error);
      // The payload's schema (zod) loads with the first unlock, not with the first screen.
      const { readVaultPayload } = await import('./vaultPayload');
      const payload = readVaultPayload(opened.value.value);
      if (!payload.ok) return failWith(payload.error);
      key = opened.value.key;
      const secrets = { ...(payload.value.secrets ?? {}), ...store.getState().secrets };
      set({ mode: 'open', persistence: 'sealed', entries: payload.value.entries, index: indexOf(payload.value.entries), secrets });
      if (Object.keys(store.getState().secrets).length !== Object.keys(payload.value.secrets ?? {}).length) persist();
      return ok(undefined);
    } catch (error) {
      return failWith({ kind: 'vault-storage-unavailable', message: `The stored vault could not be read: ${(error as Error).message}` });
    } finally {
      set({ busy: undefined });
    }
  }

  async function lock(): Promise<void> {
    const { mode, persistence } = store.getState();
    if (mode !== 'open' || persistence !== 'sealed') return;
    set({ busy: 'locking' });
    // A refresh in flight may rotate the refresh token: let it land and be sealed first.
    await flights.whenIdle();
    await whenSaved();
    key = undefined;
    set({ mode: 'locked', entries: [], secrets: {}, busy: undefined, problem: undefined });
  }

  async function forgetEverything(): Promise<void> {
    set({ busy: 'forgetting' });
    key = undefined;
    writeRequested = false;
    await whenSaved();
    try {
      await deps.storage.erase();
      deps.tabs?.post({ type: 'vault-forgotten' });
    } finally {
      set({ ...INITIAL, mode: 'unset', tick: store.getState().tick + 1 });
    }
  }

  function keepSecrets(values: Readonly<Record<string, string>>): void {
    const current = store.getState().secrets;
    if (Object.entries(values).every(([name, value]) => current[name] === value)) return;
    set({ secrets: { ...current, ...values } });
    persist();
  }

  function addEntry(patch: Partial<Omit<VaultEntryConfig, 'id'>> = {}): string {
    const id = deps.newId();
    const record: VaultEntryRecord = { config: { ...newVaultEntryConfig(id), ...patch, id }, state: { ...EMPTY_VAULT_ENTRY_STATE }, log: [] };
    const entries = [...store.getState().entries, record];
    set({ entries, index: indexOf(entries) });
    persist();
    return id;
  }

  function updateEntry(config: VaultEntryConfig): void {
    if (!entry(config.id)) throw new RangeError(`No vault entry has the id "${config.id}"`);
    updateRecord(config.id, (e) => ({ ...e, config: structuredClone(config) }));
  }

  function removeEntry(id: string): void {
    const entries = store.getState().entries.filter((e) => e.config.id !== id);
    set({ entries, index: indexOf(entries) });
    persist();
  }

  function transition(id: string, apply: (state: VaultEntryState) => Result<VaultEntryState>): Result<void> {
    const record = entry(id);
    if (!record) return fail({ kind: 'vault-entry-missing', message: `The vault has no entry "${id}".` });
    const next = apply(record.state);
    if (!next.ok) return next;
    updateRecord(id, (e) => ({ ...e, state: next.value }));
    return ok(undefined);
  }

  function giveRefreshToken(id: string, refreshToken: string): Result<void> {
    const given = transition(id, (s) => transitionVaultEntry(s, { type: 'refresh-token-given', refreshToken: refreshToken.trim(), at: deps.now() }));
    // A new grant: the other tabs drop the old refresh token for it once it is sealed.
    if (given.ok) void whenSaved().then(() => announce(id));
    return given;
  }

  function forgetTokens(id: string): void {
    transition(id, (s) => transitionVaultEntry(s, { type: 'tokens-forgotten', at: deps.now() }));
  }

  return {
    store,
    deps,
    flights,
    entry,
    updateRecord,
    persist,
    whenSaved,
    adoptStored,
    announce,
    stopListening,
    load,
    createSealed,
    createInMemory,
    unlock,
    lock,
    forgetEverything,
    addEntry,
    updateEntry,
    removeEntry,
    giveRefreshToken,
    forgetTokens,
    keepSecrets,
  };
}
