/**
 * When an access token expires and when to refresh it. All times are milliseconds on the
 * local clock. `expires_in` is relative, so it is counted from when the request was sent
 * (the token cannot have been issued earlier); a JWT `exp` is absolute on the issuer's
 * clock, so it is moved onto the local clock with the offset the `Date` header reveals.
 * The allowed clock skew then makes the token count as expired that much earlier.
 */
import { parseHttpDate } from '../http/httpDate';

/** An access token the vault holds, with what is known about its life. */
export interface VaultAccessToken {
  token: string;
  tokenType?: string;
  scope?: string;
  /** Local time the exchange request was sent: the earliest the token can have been issued. */
  obtainedAt: number;
  /** Local time the token expires, when known. */
  expiresAt?: number;
  /** Where `expiresAt` came from. */
  expirySource?: 'expires_in' | 'jwt-exp';
}

/** The entry's timing settings. */
export interface VaultTiming {
  refreshLeadSeconds: number;
  clockSkewSeconds: number;
}

/**
 * The issuer's clock minus the local clock (ms), from the `Date` header of an answer
 * received between `sentAt` and `receivedAt`; undefined without a readable header. The
 * header has one-second resolution, so the estimate is good to about a second.
 */
export function estimateClockOffset(dateHeader: string | undefined, sentAt: number, receivedAt: number): number | undefined {
  if (dateHeader === undefined) return undefined;
  const parsed = parseHttpDate(dateHeader.trim());
  if (!parsed.ok) return undefined;
  return parsed.value.getTime() - (sentAt + receivedAt) / 2;
}

/**
 * Local expiry of a token: from `expires_in` when given, else from a JWT `exp` claim
 * (seconds on the issuer's clock) corrected by `clockOffsetMs`. Undefined when neither is
 * known; such a token is used until a resource server refuses it.
 */
export function accessTokenExpiry(
  sentAt: number,
  expiresInSeconds: number | undefined,
  jwtExpSeconds: number | undefined,
  clockOffsetMs = 0,
): Pick<VaultAccessToken, 'expiresAt' | 'expirySource'> {
  if (expiresInSeconds !== undefined) return { expiresAt: sentAt + expiresInSeconds * 1000, expirySource: 'expires_in' };
  if (jwtExpSeconds !== undefined) return { expiresAt: jwtExpSeconds * 1000 - clockOffsetMs, expirySource: 'jwt-exp' };
  return {};
}

/**
 * Margins never take more than a quarter of the token's life each, so a token that lives
 * 5 s with a 30 s lead is still used for half its life instead of being refreshed in a loop.
 */
function margins(access: VaultAccessToken, timing: VaultTiming): { skew: number; lead: number } | undefined {
  if (access.expiresAt === undefined) return undefined;
  const life = Math.max(0, access.expiresAt - access.obtainedAt);
  const cap = life / 4;
  return {
    skew: Math.min(Math.max(0, timing.clockSkewSeconds) * 1000, cap),
    lead: Math.min(Math.max(0, timing.refreshLeadSeconds) * 1000, cap),
  };
}

/** The local time from which the token counts as expired (expiry minus the skew margin). */
export function effectiveExpiry(access: VaultAccessToken, timing: VaultTiming): number | undefined {
  const m = margins(access, timing);
  return m && access.expiresAt! - m.skew;
}

/** The local time at which a refresh is due (effective expiry minus the lead). */
export function refreshDueAt(access: VaultAccessToken, timing: VaultTiming): number | undefined {
  const m = margins(access, timing);
  return m && access.expiresAt! - m.skew - m.lead;
}

/** Whole seconds until the token counts as expired (negative once it has), or undefined. */
export function secondsUntilExpiry(access: VaultAccessToken, timing: VaultTiming, now: number): number | undefined {
  const at = effectiveExpiry(access, timing);
  return at === undefined ? undefined : Math.floor((at - now) / 1000);
}

/** The first retry of a failed automatic refresh waits this long; each next one three times longer. */
export const REFRESH_RETRY_FIRST_MS = 5_000;
/** No retry waits longer than this (5 s, 15 s, 45 s, 135 s, then every 5 min). */
export const REFRESH_RETRY_MAX_MS = 300_000;
/** Without a known expiry (no access token yet, or no lifetime given) retries stop after this many. */
export const REFRESH_RETRY_LIMIT_WITHOUT_EXPIRY = 6;

/** The wait before retry number `attempt` (1 for the first) of a failed automatic refresh. */
export function refreshRetryDelay(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`A retry attempt counts from 1, not ${attempt}`);
  return Math.min(REFRESH_RETRY_FIRST_MS * 3 ** (attempt - 1), REFRESH_RETRY_MAX_MS);
}

/**
 * When to retry after automatic refresh number `attempt` failed at `failedAt`, or undefined
 * to stop. A failure shortly before expiry would otherwise leave the token to run out
 * although the server may answer a few seconds later, so retries back off (see
 * `refreshRetryDelay`) while the access token is still good: a retry that would come after
 * `expiresAt` (the effective expiry) is brought forward to a last one a second before it,
 * and after that none — an expired token is renewed by the next request that needs it.
 */
export function refreshRetryAt(failedAt: number, attempt: number, expiresAt: number | undefined): number | undefined {
  const next = failedAt + refreshRetryDelay(attempt);
  if (expiresAt === undefined) return attempt <= REFRESH_RETRY_LIMIT_WITHOUT_EXPIRY ? next : undefined;
  if (next < expiresAt) return next;
  const last = expiresAt - 1_000;
  return last >= failedAt + 1_000 ? last : undefined;
}

/** Formats a countdown such as `4 min 05 s`, `42 s` or `expired 12 s ago`. */
export function formatVaultCountdown(seconds: number): string {
  const abs = Math.abs(seconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  const text = h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`;
  return seconds < 0 ? `expired ${text} ago` : text;
}
