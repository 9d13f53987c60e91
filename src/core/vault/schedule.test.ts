import { describe, expect, it } from 'vitest';
import {
  accessTokenExpiry,
  effectiveExpiry,
  estimateClockOffset,
  formatVaultCountdown,
  refreshDueAt,
  refreshRetryAt,
  refreshRetryDelay,
  secondsUntilExpiry,
  type VaultAccessToken,
} from './schedule';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const token = (lifeSeconds: number): VaultAccessToken => ({ token: 't', obtainedAt: T0, expiresAt: T0 + lifeSeconds * 1000 });

describe('accessTokenExpiry', () => {
  it('counts expires_in from when the request was sent', () => {
    expect(accessTokenExpiry(T0, 60, undefined)).toEqual({ expiresAt: T0 + 60_000, expirySource: 'expires_in' });
  });

  it('prefers expires_in over a JWT exp', () => {
    expect(accessTokenExpiry(T0, 60, T0 / 1000 + 3600).expirySource).toBe('expires_in');
  });

  it('moves a JWT exp from the issuer clock onto the local clock', () => {
    // The issuer runs 2 minutes ahead: its exp of T0+10 min is local T0+8 min.
    const exp = (T0 + 10 * 60_000) / 1000;
    expect(accessTokenExpiry(T0, undefined, exp, 120_000)).toEqual({ expiresAt: T0 + 8 * 60_000, expirySource: 'jwt-exp' });
  });

  it('knows nothing without expires_in or exp', () => {
    expect(accessTokenExpiry(T0, undefined, undefined)).toEqual({});
  });
});

describe('estimateClockOffset', () => {
  it('compares the Date header with the middle of the round trip', () => {
    // Sent at T0, answered at T0+2 s; the server said T0+61 s: it is about 60 s ahead.
    expect(estimateClockOffset('Wed, 01 Jan 2025 12:01:01 GMT', T0, T0 + 2000)).toBe(60_000);
  });

  it('gives a negative offset for an issuer clock behind ours', () => {
    expect(estimateClockOffset('Wed, 01 Jan 2025 11:59:00 GMT', T0, T0)).toBe(-60_000);
  });

  it('is undefined without a readable Date header', () => {
    expect(estimateClockOffset(undefined, T0, T0)).toBeUndefined();
    expect(estimateClockOffset('yesterday', T0, T0)).toBeUndefined();
  });
});

describe('refresh timing', () => {
  it('a one-hour token with 30 s skew and 60 s lead is refreshed 90 s before expiry', () => {
    const t = token(3600);
    expect(effectiveExpiry(t, { refreshLeadSeconds: 60, clockSkewSeconds: 30 })).toBe(T0 + 3570_000);
    expect(refreshDueAt(t, { refreshLeadSeconds: 60, clockSkewSeconds: 30 })).toBe(T0 + 3510_000);
  });

  it('a 5 s token is still used for half its life, not refreshed in a loop', () => {
    const t = token(5);
    expect(refreshDueAt(t, { refreshLeadSeconds: 30, clockSkewSeconds: 30 })).toBe(T0 + 2500);
    expect(effectiveExpiry(t, { refreshLeadSeconds: 30, clockSkewSeconds: 30 })).toBe(T0 + 3750);
  });

  it('negative settings count as zero', () => {
    expect(refreshDueAt(token(60), { refreshLeadSeconds: -5, clockSkewSeconds: -5 })).toBe(T0 + 60_000);
  });

  it('an expiry before the token was obtained leaves no margin and is already due', () => {
    const t: VaultAccessToken = { token: 't', obtainedAt: T0, expiresAt: T0 - 1000 };
    expect(refreshDueAt(t, { refreshLeadSeconds: 10, clockSkewSeconds: 10 })).toBe(T0 - 1000);
  });

  it('has no schedule for a token of unknown expiry', () => {
    const t: VaultAccessToken = { token: 't', obtainedAt: T0 };
    expect(refreshDueAt(t, { refreshLeadSeconds: 10, clockSkewSeconds: 10 })).toBeUndefined();
    expect(secondsUntilExpiry(t, { refreshLeadSeconds: 10, clockSkewSeconds: 10 }, T0)).toBeUndefined();
  });

  it('counts whole seconds down to the effective expiry', () => {
    const timing = { refreshLeadSeconds: 0, clockSkewSeconds: 10 };
    expect(secondsUntilExpiry(token(60), timing, T0)).toBe(50);
    expect(secondsUntilExpiry(token(60), timing, T0 + 49_500)).toBe(0);
    expect(secondsUntilExpiry(token(60), timing, T0 + 50_500)).toBe(-1);
  });
});

describe('formatVaultCountdown', () => {
  it.each([
    [42, '42 s'],
    [65, '1 min 05 s'],
    [3725, '1 h 02 min'],
    [-12, 'expired 12 s ago'],
    [0, '0 s'],
  ])('%s → %s', (seconds, text) => expect(formatVaultCountdown(seconds)).toBe(text));
});

describe('retrying a failed automatic refresh', () => {
  it('backs off 5 s, 15 s, 45 s, 135 s, then every 5 min', () => {
    expect([1, 2, 3, 4, 5, 9].map(refreshRetryDelay)).toEqual([5_000, 15_000, 45_000, 135_000, 300_000, 300_000]);
    expect(() => refreshRetryDelay(0)).toThrow(RangeError);
  });

  it('retries only before the token counts as expired, the last one a second before it', () => {
    const expiry = T0 + 30_000;
    expect(refreshRetryAt(T0, 1, expiry)).toBe(T0 + 5_000);
    expect(refreshRetryAt(T0 + 5_000, 2, expiry)).toBe(T0 + 20_000);
    // 45 s after T0 + 20 s is past the expiry: brought forward to one last try.
    expect(refreshRetryAt(T0 + 20_000, 3, expiry)).toBe(T0 + 29_000);
    expect(refreshRetryAt(T0 + 29_000, 4, expiry)).toBeUndefined();
    expect(refreshRetryAt(T0 + 40_000, 1, expiry)).toBeUndefined();
  });

  it('without a known expiry, gives up after six retries', () => {
    expect(refreshRetryAt(T0, 6, undefined)).toBe(T0 + 300_000);
    expect(refreshRetryAt(T0, 7, undefined)).toBeUndefined();
  });
});
