/**
 * The page's one vault, made on first use: IndexedDB storage, the relay as transport,
 * the real clock, Web Locks and a BroadcastChannel shared with the page's other tabs. Everything else in the app reaches the vault through here or through
 * `vaultAccess.ts`.
 */
import { createVaultCore, type VaultLifecycle, type VaultCore } from './vaultSession';
import { createVaultTokens, type VaultTokens } from './vaultTokens';
import { createVaultGrants, type VaultGrants } from './vaultGrants';
import { relayTokenTransport } from './vaultExchange';
import { indexedDbVaultStorage } from './vaultStorage';
import { browserVaultLocks, browserVaultTabChannel } from './vaultTabs';

/** A session: core state, lifecycle, token operations and the grants it runs itself together. */
export type VaultSession = VaultCore & VaultLifecycle & VaultTokens & VaultGrants;

/** Makes a session from `deps` (tests pass fakes). */
export function createVaultSession(deps: Parameters<typeof createVaultCore>[0]): VaultSession {
  const core = createVaultCore(deps);
  return { ...core, ...createVaultTokens(core), ...createVaultGrants(core) };
}

let session: VaultSession | undefined;

/** The page's vault; the first call starts reading storage. */
export function pageVault(): VaultSession {
  if (!session) {
    session = createVaultSession({
      storage: indexedDbVaultStorage(),
      transport: relayTokenTransport,
      now: () => Date.now(),
      newId: () => crypto.randomUUID(),
      timers: { set: (callback, ms) => setTimeout(callback, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
      // Either may be missing in an old browser; the session then keeps to one tab's rules.
      locks: browserVaultLocks(),
      tabs: browserVaultTabChannel(),
    });
    void session.load();
  }
  return session;
}
