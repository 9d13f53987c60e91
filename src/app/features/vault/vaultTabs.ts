/**
 * Several tabs of one browser unlocking the same sealed vault. Each tab holds its own copy
 * of the entries in memory, while token endpoints rotate refresh tokens and take a second
 * use of a rotated one as theft: the whole grant is revoked (RFC 6819 §5.2.2.3, OAuth 2.0
 * Security BCP §4.14). `RefreshFlights` keeps one exchange per entry within a tab; across
 * tabs three things keep a refresh token from being exchanged twice:
 *
 * - a Web Lock per entry around every exchange; holding it, the tab re-reads the entry from
 *   storage and adopts a later state another tab sealed, exchanging only if that one is not
 *   fresh, and seals the outcome before letting go (`vaultTokens.ts`);
 * - a Web Lock around every sealed write, which first adopts later stored states, so that a
 *   tab that missed a rotation never writes the old refresh token back (`vaultSession.ts`);
 * - a BroadcastChannel message naming the entry (never a token) once its new tokens are
 *   sealed, so that the other open tabs reload it at once.
 *
 * This file holds those dependencies (the browser's and in-memory stand-ins for tests), the
 * messages, and the rule for which of two states of an entry is the later one.
 */
import { openVaultJsonWithKey, type VaultEntryState, type VaultSealingKey } from '../../../core';
import type { VaultEntryRecord, VaultPayload } from './vaultPayload';
import type { VaultStorage } from './vaultStorage';

/** The BroadcastChannel the tabs of a vault talk on. */
export const VAULT_TAB_CHANNEL_NAME = 'wirebench-vault';
/** The Web Lock held while the vault is read, merged and written. */
export const VAULT_WRITE_LOCK_NAME = 'wirebench-vault-write';

/** The Web Lock held around the exchange of one entry's refresh token, in every tab. */
export function vaultRefreshLockName(entryId: string): string {
  return `wirebench-vault-refresh:${entryId}`;
}

/** The part of the Web Locks API the vault uses: an exclusive lock held while `callback` runs. */
export interface VaultLocks {
  request<T>(name: string, options: { mode: 'exclusive' }, callback: () => Promise<T>): Promise<T>;
}

/** What one tab tells the others. Never a token: an entry id at most. */
export type VaultTabMessage =
  /** The entry's tokens changed (rotated, newly given, revoked) and are sealed in storage. */
  | { type: 'entry-tokens-changed'; entryId: string }
  /** "Forget everything" erased the stored vault. */
  | { type: 'vault-forgotten' };

/** Messages to and from the other tabs of the vault. */
export interface VaultTabChannel {
  post(message: VaultTabMessage): void;
  /** Calls `listener` with what each other tab posts; returns the unsubscribe. */
  listen(listener: (data: unknown) => void): () => void;
}

/**
 * A message from another tab, or undefined for anything else: the channel is open to every
 * script of the origin, possibly another version of Wirebench, so nothing is trusted.
 */
export function readVaultTabMessage(data: unknown): VaultTabMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, entryId } = data as { type?: unknown; entryId?: unknown };
  if (type === 'entry-tokens-changed' && typeof entryId === 'string' && entryId !== '') return { type, entryId };
  if (type === 'vault-forgotten') return { type };
  return undefined;
}

/**
 * The browser's Web Locks, or undefined where there are none (browsers before 2022, and
 * pages not in a secure context: plain http other than localhost). Then only one tab's
 * rules apply, and two tabs refreshing the same entry can still collide.
 */
export function browserVaultLocks(): VaultLocks | undefined {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return undefined;
  return {
    async request(name, options, callback) {
      return await locks.request(name, options, callback);
    },
  };
}

/** The browser's BroadcastChannel for the vault, or undefined where there is none. */
export function browserVaultTabChannel(): VaultTabChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(VAULT_TAB_CHANNEL_NAME);
  return {
    post(message) {
      channel.postMessage(message);
    },
    listen(listener) {
      const onMessage = (event: MessageEvent) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
  };
}

/**
 * Exclusive locks among the sessions of one process (tests), granted in request order like
 * Web Locks. `granted` lists the names in the order they were granted.
 */
export function memoryVaultLocks(): VaultLocks & { granted: string[] } {
  const tails = new Map<string, Promise<void>>();
  const granted: string[] = [];
  return {
    granted,
    request(name, _options, callback) {
      const before = tails.get(name) ?? Promise.resolve();
      let release!: () => void;
      const tail = before.then(() => new Promise<void>((resolve) => (release = resolve)));
      tails.set(name, tail);
      return before
        .then(() => {
          granted.push(name);
          return callback();
        })
        .finally(() => {
          release();
          if (tails.get(name) === tail) tails.delete(name);
        });
    },
  };
}

/**
 * A BroadcastChannel among the sessions of one process (tests): each `connect()` is a tab.
 * Like the real one, a message reaches every other tab, later (a task), structured-cloned.
 * `hold()` keeps messages back until `deliver()`, to test what a tab does before it hears.
 */
export function memoryVaultTabChannels() {
  const listeners = new Set<{ from: object; listener: (data: unknown) => void }>();
  const posted: VaultTabMessage[] = [];
  let held: (() => void)[] | undefined;
  return {
    posted,
    connect(): VaultTabChannel {
      const self = {};
      return {
        post(message) {
          posted.push(message);
          const copy = structuredClone(message);
          const send = () => {
            for (const l of [...listeners]) if (l.from !== self) l.listener(structuredClone(copy));
          };
          if (held) held.push(send);
          else setTimeout(send, 0);
        },
        listen(listener) {
          const entry = { from: self, listener };
          listeners.add(entry);
          return () => listeners.delete(entry);
        },
      };
    },
    hold() {
      held ??= [];
    },
    /** Delivers what was held, and from now on delivers as messages come. */
    deliver() {
      const queued = held ?? [];
      held = undefined;
      for (const send of queued) send();
    },
  };
}

/** Grant time, then rotations: the later state compares greater. */
function stateOrder(state: VaultEntryState): [number, number] {
  return [state.grantedAt ?? -Infinity, state.rotations];
}

/**
 * Whether `stored` (what storage holds, perhaps sealed by another tab) is a later state of
 * the entry than `held` (this tab's copy). A later grant (a refresh token given later) wins;
 * within one grant, more rotations; with the same refresh token, a revocation, then a later
 * access token. Forgotten tokens carry no grant time, so they never win: forgetting is a
 * choice of the tab where it was made.
 */
export function isLaterVaultEntryState(stored: VaultEntryState, held: VaultEntryState): boolean {
  const [storedGrant, storedRotations] = stateOrder(stored);
  const [heldGrant, heldRotations] = stateOrder(held);
  if (storedGrant !== heldGrant) return storedGrant > heldGrant;
  if (storedRotations !== heldRotations) return storedRotations > heldRotations;
  if ((stored.phase === 'revoked') !== (held.phase === 'revoked')) return stored.phase === 'revoked';
  return (stored.access?.obtainedAt ?? -Infinity) > (held.access?.obtainedAt ?? -Infinity);
}

/**
 * `held` with every entry whose stored state is later replaced by the stored state and log
 * (only the entry `onlyId` when given), or undefined when none is. Settings stay this tab's.
 * An entry exchanging in this tab keeps its state: its outcome will be later still. A stored
 * state caught mid-exchange in another tab is taken as held: that tab's outcome is announced
 * when it is sealed, and an exchange here first waits for that tab's lock.
 */
export function adoptLaterVaultStates(held: readonly VaultEntryRecord[], stored: readonly VaultEntryRecord[], onlyId?: string): VaultEntryRecord[] | undefined {
  let changed = false;
  const next = held.map((record) => {
    const id = record.config.id;
    if ((onlyId !== undefined && id !== onlyId) || record.state.phase === 'refreshing') return record;
    const other = stored.find((s) => s.config.id === id);
    if (!other || !isLaterVaultEntryState(other.state, record.state)) return record;
    changed = true;
    const state: VaultEntryState = { ...other.state };
    if (state.phase === 'refreshing') {
      state.phase = 'held';
      delete state.lastError;
    }
    return { ...record, state, log: other.log };
  });
  return changed ? next : undefined;
}

/** Why a save was refused when another tab replaced the stored vault. */
export const VAULT_REPLACED_ELSEWHERE =
  'another tab set up a new vault with a different passphrase, and saving here would erase it. Nothing was written; lock this vault and unlock the new one.';

/**
 * The entries as stored now, opened with the key this tab holds; undefined if none or
 * unreadable; `replaced` when the stored vault is sealed under another key (another tab
 * forgot this vault and set up a new one with another passphrase).
 */
export async function readStoredVaultEntries(storage: VaultStorage, sealingKey: VaultSealingKey): Promise<VaultEntryRecord[] | 'replaced' | undefined> {
  const payload = await readStoredVaultPayload(storage, sealingKey);
  return payload && payload !== 'replaced' ? payload.entries : payload;
}

/** The whole stored payload (entries and kept secrets), as `readStoredVaultEntries` reads it. */
export async function readStoredVaultPayload(storage: VaultStorage, sealingKey: VaultSealingKey): Promise<VaultPayload | 'replaced' | undefined> {
  try {
    const record = await storage.read();
    if (!record) return undefined;
    const opened = await openVaultJsonWithKey(record.envelope, sealingKey);
    if (!opened.ok) return opened.error.kind === 'vault-key-mismatch' ? 'replaced' : undefined;
    // The payload's schema (zod) loads when a vault is first read, not with the first screen.
    const { readVaultPayload } = await import('./vaultPayload');
    const payload = readVaultPayload(opened.value, { settle: false });
    return payload.ok ? payload.value : undefined;
  } catch {
    // Unreadable now: the write that follows reports the storage problem, if it persists.
    return undefined;
  }
}
