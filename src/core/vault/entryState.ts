/**
 * The life of a vault entry as a state machine, following the spec's three-party flow
 * (§5 rule 3): the person grants access, the client holds the refresh token, exchanges it
 * for short-lived access tokens, and the person may revoke the grant at any time.
 *
 * The stored `phase` changes only through `transitionVaultEntry`; whether the access token
 * is still good is a matter of time, so the displayed `VaultEntryStatus` is derived from the
 * phase and the clock by `vaultEntryStatus`.
 */
import { fail, ok, type CoreError, type Result } from '../types';
import { effectiveExpiry, refreshDueAt, type VaultAccessToken, type VaultTiming } from './schedule';
import type { TokenEndpointError } from './tokenResponse';

/**
 * - `empty`: no refresh token yet (access never granted, or forgotten).
 * - `held`: a refresh token is held, with or without an access token.
 * - `refreshing`: an exchange is in flight.
 * - `failed`: the last exchange failed in a way a retry may fix (network, server, client).
 * - `revoked`: the token endpoint said the grant is gone; only a new refresh token helps.
 */
export type VaultEntryPhase = 'empty' | 'held' | 'refreshing' | 'failed' | 'revoked';

/** The token side of an entry: what changes with every exchange. Sealed at rest. */
export interface VaultEntryState {
  phase: VaultEntryPhase;
  refreshToken?: string;
  access?: VaultAccessToken;
  /** A resource server refused the access token as invalid or expired (401). */
  accessRejected?: boolean;
  /** Why the last exchange failed, in words the person can act on. */
  lastError?: TokenEndpointError | CoreError;
  /** When the current grant's refresh token was given to the vault. */
  grantedAt?: number;
  /** How many refresh tokens the server has rotated in for the current grant. */
  rotations: number;
}

/** Something that happened to an entry. `at` is the local time in ms. */
export type VaultEntryEvent =
  | { type: 'refresh-token-given'; refreshToken: string; at: number }
  /** A grant the vault performed itself (issue 16) answered: an access token, a refresh token when the grant gives one. */
  | { type: 'grant-completed'; access: VaultAccessToken; refreshToken?: string; at: number }
  /** The person revoked the grant at the authorization server (RFC 7009; spec §5 rule 3). */
  | { type: 'grant-revoked'; at: number }
  /**
   * An exchange begins. `byGrant`: the entry renews by running its grant again (client
   * credentials, issue 16) instead of presenting a refresh token, so it needs none.
   */
  | { type: 'exchange-started'; at: number; byGrant?: boolean }
  | { type: 'exchange-succeeded'; access: VaultAccessToken; refreshToken?: string; at: number }
  | { type: 'exchange-failed'; error: TokenEndpointError | CoreError; at: number }
  | { type: 'access-rejected'; at: number }
  | { type: 'tokens-forgotten'; at: number };

/**
 * What the person sees about an entry at a moment. An entry without tokens needs a
 * pasted refresh token (`needs-refresh-token`) — unless the vault gets its tokens by a
 * grant of its own, which has simply not run yet (`no-tokens`).
 */
export type VaultEntryStatus =
  | 'needs-refresh-token'
  | 'no-tokens'
  | 'refresh-token-held'
  | 'refreshing'
  | 'valid'
  | 'expiring'
  | 'expired'
  | 'failed'
  | 'revoked';

/** The state of a new entry. */
export const EMPTY_VAULT_ENTRY_STATE: Readonly<VaultEntryState> = Object.freeze({ phase: 'empty', rotations: 0 });

function refused(kind: string, message: string) {
  return fail({ kind, message });
}

function isRevoking(error: TokenEndpointError | CoreError): boolean {
  return 'grantRevoked' in error && error.grantRevoked === true;
}

/**
 * Whether trying the same exchange again may succeed. A token endpoint that answered 4xx
 * judged the request itself (wrong client, scope, grant): the same request gets the same
 * answer, so only the person can fix it — except 408 and 429, which ask to come back
 * later. Network failures, 5xx and unreadable answers may pass.
 */
export function vaultRetryMayHelp(error: TokenEndpointError | CoreError | undefined): boolean {
  if (!error) return true;
  if (isRevoking(error)) return false;
  const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined;
  return status === undefined || status < 400 || status >= 500 || status === 408 || status === 429;
}

/**
 * Applies `event` to `state`, giving the next state or, for an event that cannot happen
 * in the current phase, a failure saying why (kinds `vault-refresh-in-flight`,
 * `vault-no-refresh-token`, `vault-grant-revoked`, `vault-transition-invalid`). The input
 * is never modified. Rotation is atomic: the new refresh token and access token replace
 * the old ones in the same step, so no state ever holds a mix.
 */
export function transitionVaultEntry(state: VaultEntryState, event: VaultEntryEvent): Result<VaultEntryState> {
  const { phase } = state;
  switch (event.type) {
    case 'refresh-token-given': {
      if (event.refreshToken === '') {
        return refused('vault-no-refresh-token', 'The refresh token is empty; paste the token the consent page gave you.');
      }
      if (phase === 'refreshing') {
        return refused('vault-refresh-in-flight', 'An exchange is in flight; give the new refresh token when it has finished.');
      }
      // A new grant: nothing learned under the old refresh token still applies.
      return ok({ phase: 'held', refreshToken: event.refreshToken, grantedAt: event.at, rotations: 0 });
    }
    case 'grant-completed': {
      if (phase === 'refreshing') {
        return refused('vault-refresh-in-flight', 'An exchange is in flight; the new grant can be stored when it has finished.');
      }
      // A new grant replaces everything learned under the old one.
      const next: VaultEntryState = { phase: 'held', access: event.access, grantedAt: event.at, rotations: 0 };
      if (event.refreshToken) next.refreshToken = event.refreshToken;
      return ok(next);
    }
    case 'grant-revoked': {
      if (phase === 'refreshing') {
        return refused('vault-refresh-in-flight', 'An exchange is in flight; revoke when it has finished.');
      }
      const next: VaultEntryState = {
        phase: 'revoked',
        lastError: { kind: 'vault-revoked-by-person', message: 'You revoked this grant at the authorization server; sign in again to get a new one.' },
        rotations: state.rotations,
      };
      if (state.grantedAt !== undefined) next.grantedAt = state.grantedAt;
      return ok(next);
    }
    case 'exchange-started': {
      if (phase === 'refreshing') {
        return refused('vault-refresh-in-flight', 'An exchange is already in flight; wait for it instead of starting another.');
      }
      if (phase === 'revoked') {
        return refused('vault-grant-revoked', 'The grant was revoked; a new refresh token is needed before the vault can exchange again.');
      }
      if (!event.byGrant && (phase === 'empty' || state.refreshToken === undefined)) return refused('vault-no-refresh-token', 'The entry holds no refresh token to exchange.');
      return ok({ ...state, phase: 'refreshing' });
    }
    case 'exchange-succeeded': {
      if (phase !== 'refreshing') {
        return refused('vault-transition-invalid', `An exchange result arrived while the entry was ${phase}, not refreshing.`);
      }
      const rotated = event.refreshToken !== undefined && event.refreshToken !== state.refreshToken;
      const next: VaultEntryState = {
        phase: 'held',
        refreshToken: rotated ? event.refreshToken : state.refreshToken,
        access: event.access,
        rotations: state.rotations + (rotated ? 1 : 0),
      };
      if (state.grantedAt !== undefined) next.grantedAt = state.grantedAt;
      return ok(next);
    }
    case 'exchange-failed': {
      if (phase !== 'refreshing') {
        return refused('vault-transition-invalid', `An exchange failure arrived while the entry was ${phase}, not refreshing.`);
      }
      if (isRevoking(event.error)) {
        // The refresh token and any access token from the grant are worthless now: drop them.
        const next: VaultEntryState = { phase: 'revoked', lastError: event.error, rotations: state.rotations };
        if (state.grantedAt !== undefined) next.grantedAt = state.grantedAt;
        return ok(next);
      }
      return ok({ ...state, phase: 'failed', lastError: event.error });
    }
    case 'access-rejected': {
      if (phase === 'empty' || phase === 'revoked' || state.access === undefined) {
        return refused('vault-transition-invalid', `A resource server refused an access token the entry does not hold (phase ${phase}).`);
      }
      return ok({ ...state, accessRejected: true });
    }
    case 'tokens-forgotten':
      return ok({ ...EMPTY_VAULT_ENTRY_STATE });
  }
}

/**
 * The state to resume with after a reload. An exchange cannot survive the page, so an
 * entry stored mid-exchange goes back to `held` with a note: if the server had already
 * rotated the refresh token, the next exchange will say so (invalid_grant) and the entry
 * will show as revoked rather than hang in `refreshing` forever.
 */
export function settleInterruptedExchange(state: VaultEntryState): VaultEntryState {
  if (state.phase !== 'refreshing') return state;
  return {
    ...state,
    phase: 'held',
    lastError: { kind: 'vault-exchange-interrupted', message: 'An exchange was interrupted by a reload; its outcome is unknown.' },
  };
}

/** The access token if it may still be sent at `now`: held, not refused, not expired. */
export function usableAccessToken(state: VaultEntryState, timing: VaultTiming, now: number): VaultAccessToken | undefined {
  if (state.phase === 'empty' || state.phase === 'revoked') return undefined;
  if (!state.access || state.accessRejected) return undefined;
  const expiry = effectiveExpiry(state.access, timing);
  return expiry === undefined || now < expiry ? state.access : undefined;
}

/**
 * Whether the entry should exchange before its token is used at `now`: it holds a refresh
 * token and has no usable access token, or the refresh is due.
 */
export function vaultEntryNeedsExchange(state: VaultEntryState, timing: VaultTiming, now: number): boolean {
  if ((state.phase !== 'held' && state.phase !== 'failed') || state.refreshToken === undefined) return false;
  const access = usableAccessToken(state, timing, now);
  if (!access) return true;
  const due = refreshDueAt(access, timing);
  return due !== undefined && now >= due;
}

/** What the status needs of an entry's settings: its timing, and whether it runs a grant of its own. */
export type VaultStatusSettings = VaultTiming & { oauth?: { grant: string } };

/** The status shown for the entry at `now`. */
export function vaultEntryStatus(state: VaultEntryState, settings: VaultStatusSettings, now: number): VaultEntryStatus {
  switch (state.phase) {
    case 'empty':
      // "Get tokens" fills an entry with a grant of its own: it never waits for a pasted token.
      return settings.oauth !== undefined && settings.oauth.grant !== 'manual' ? 'no-tokens' : 'needs-refresh-token';
    case 'revoked':
      return 'revoked';
    case 'refreshing':
      return 'refreshing';
    case 'held':
    case 'failed': {
      if (!state.access) return state.phase === 'failed' ? 'failed' : 'refresh-token-held';
      if (!usableAccessToken(state, settings, now)) return 'expired';
      const due = refreshDueAt(state.access, settings);
      return due !== undefined && now >= due ? 'expiring' : 'valid';
    }
  }
}

/** Short words for each status, for lists and screen readers. */
export const VAULT_STATUS_LABELS: Readonly<Record<VaultEntryStatus, string>> = {
  'needs-refresh-token': 'needs a refresh token',
  'no-tokens': 'no tokens yet',
  'refresh-token-held': 'refresh token held',
  refreshing: 'refreshing…',
  valid: 'access token valid',
  expiring: 'access token expiring',
  expired: 'access token expired',
  failed: 'exchange failed',
  revoked: 'revoked',
};
