/**
 * What the rest of the app may ask of the vault — the contract with the composer. Requests
 * hold only an entry id; the Authorization value is produced here at send time and never
 * stored by the caller. Nothing here hands out a refresh token or client secret.
 */
import { sessionSecrets, VAULT_STATUS_LABELS, vaultEntryStatus, vaultSchemeWord, type Result } from '../../../core';
import { pageVault } from './vaultInstance';

/** An entry as a picker shows it: no secrets. `status` is words such as "access token valid". */
export interface VaultEntrySummary {
  id: string;
  name: string;
  status: string;
  /** The word the token is sent with (Bearer, JWT or the custom prefix); unknown while the vault is locked. */
  scheme?: string;
}

let cachedSummaries: VaultEntrySummary[] = [];

/**
 * The entries to pick from. While the vault is locked the names are still listed, with
 * status "locked". The same array is returned until something in it changes, so the
 * result can be used directly as a `useSyncExternalStore` snapshot.
 */
export function listVaultEntries(): VaultEntrySummary[] {
  const { mode, entries, index } = pageVault().store.getState();
  const now = Date.now();
  const fresh: VaultEntrySummary[] =
    mode === 'open'
      ? entries.map((e) => ({
          id: e.config.id,
          name: e.config.name,
          status: VAULT_STATUS_LABELS[vaultEntryStatus(e.state, e.config, now)],
          scheme: vaultSchemeWord(e.config.scheme),
        }))
      : index.map((e) => ({ id: e.id, name: e.name, status: 'locked' }));
  const same =
    fresh.length === cachedSummaries.length &&
    fresh.every((s, i) => {
      const was = cachedSummaries[i]!;
      return s.id === was.id && s.name === was.name && s.status === was.status && s.scheme === was.scheme;
    });
  if (!same) cachedSummaries = fresh;
  return cachedSummaries;
}

/**
 * The `Authorization` header for a request to `url` with the entry's token. Refreshes
 * first when the token is missing or expiring (concurrent callers share one refresh).
 * Fails with a message to show as it is: `vault-host-refused` (host not on the entry's
 * list), `vault-insecure` (plain http not confirmed), `vault-locked`, `vault-grant-revoked`,
 * `vault-no-refresh-token`, `vault-entry-missing`, or the token endpoint's error.
 */
export async function resolveVaultAuth(entryId: string, url: string): Promise<Result<{ name: string; value: string }>> {
  const resolved = await pageVault().resolveAuth(entryId, url);
  // The token is a secret by provenance: a script that copies it from the request's header into a variable keeps it one.
  if (resolved.ok) sessionSecrets.remember(resolved.value.value.replace(/^\S+\s+/, ''), 'a vault token');
  return resolved;
}

/**
 * For a request that used the entry and got 401: refreshes once if the challenge says
 * the token is invalid or expired (RFC 6750 `invalid_token`), and says whether it did. The
 * caller retries by itself only an idempotent method; a POST or PATCH asks first.
 */
export function handleUnauthorized(entryId: string, challengeHeader: string | undefined): Promise<'refreshed' | 'not-refreshable'> {
  return pageVault().handleUnauthorized(entryId, challengeHeader);
}

/**
 * Calls `listener` whenever the vault changes (entries, lock, statuses — a status that
 * changes with time, such as valid → expired, comes as a tick of the vault's own timer);
 * returns the unsubscribe.
 */
export function subscribeVault(listener: () => void): () => void {
  return pageVault().store.subscribe(() => listener());
}

/**
 * Per entry id (of `entries`, by default the vault's), the word its token is sent with,
 * for exports that write the header a request would send (`Bearer {{accessToken}}`,
 * `JWT {{accessToken}}`…). Empty while the vault is locked.
 */
export function vaultSchemeWords(entries: readonly VaultEntrySummary[] = listVaultEntries()): Record<string, string> {
  const words: Record<string, string> = {};
  for (const entry of entries) if (entry.scheme) words[entry.id] = entry.scheme;
  return words;
}
