import { describe, expect, it } from 'vitest';
import {
  EMPTY_VAULT_ENTRY_STATE,
  VAULT_STATUS_LABELS,
  settleInterruptedExchange,
  transitionVaultEntry,
  usableAccessToken,
  vaultEntryNeedsExchange,
  vaultEntryStatus,
  vaultRetryMayHelp,
  type VaultEntryEvent,
  type VaultEntryPhase,
  type VaultEntryState,
} from './entryState';
import type { VaultAccessToken, VaultTiming } from './schedule';
import type { TokenEndpointError } from './tokenResponse';

const T0 = 1_700_000_000_000;
const timing: VaultTiming = { refreshLeadSeconds: 10, clockSkewSeconds: 5 };
const access = (token = 'at-1', obtainedAt = T0, lifeSeconds = 60): VaultAccessToken => ({
  token,
  obtainedAt,
  expiresAt: obtainedAt + lifeSeconds * 1000,
  expirySource: 'expires_in',
});
const invalidGrant: TokenEndpointError = {
  kind: 'token-endpoint-error',
  status: 400,
  code: 'invalid_grant',
  grantRevoked: true,
  message: 'gone',
};
const serverFault: TokenEndpointError = { kind: 'token-endpoint-status', status: 503, grantRevoked: false, message: 'down' };

/** Applies events in order, failing the test on the first refused one. */
function run(state: VaultEntryState, ...events: VaultEntryEvent[]): VaultEntryState {
  return events.reduce((s, e) => {
    const next = transitionVaultEntry(s, e);
    if (!next.ok) throw new Error(`${s.phase} refused ${e.type}: ${next.error.message}`);
    return next.value;
  }, state);
}

const given = (refreshToken = 'rt-1', at = T0): VaultEntryEvent => ({ type: 'refresh-token-given', refreshToken, at });
const started: VaultEntryEvent = { type: 'exchange-started', at: T0 };
const succeeded = (a = access(), refreshToken?: string): VaultEntryEvent => ({ type: 'exchange-succeeded', access: a, at: T0, ...(refreshToken ? { refreshToken } : {}) });
const failed = (error: TokenEndpointError = serverFault): VaultEntryEvent => ({ type: 'exchange-failed', error, at: T0 });
const rejected: VaultEntryEvent = { type: 'access-rejected', at: T0 };
const forgotten: VaultEntryEvent = { type: 'tokens-forgotten', at: T0 };

const states: Record<VaultEntryPhase, VaultEntryState> = {
  empty: { ...EMPTY_VAULT_ENTRY_STATE },
  held: run(EMPTY_VAULT_ENTRY_STATE, given(), started, succeeded()),
  refreshing: run(EMPTY_VAULT_ENTRY_STATE, given(), started),
  failed: run(EMPTY_VAULT_ENTRY_STATE, given(), started, failed()),
  revoked: run(EMPTY_VAULT_ENTRY_STATE, given(), started, failed(invalidGrant)),
};

/**
 * The whole transition table: phase × event → next phase, or the kind of refusal.
 * Every cell is exercised below, so a change to the machine shows up here.
 */
const table: Record<VaultEntryPhase, Record<VaultEntryEvent['type'], VaultEntryPhase | `!${string}`>> = {
  empty: {
    'grant-completed': 'held',
    'grant-revoked': 'revoked',
    'refresh-token-given': 'held',
    'exchange-started': '!vault-no-refresh-token',
    'exchange-succeeded': '!vault-transition-invalid',
    'exchange-failed': '!vault-transition-invalid',
    'access-rejected': '!vault-transition-invalid',
    'tokens-forgotten': 'empty',
  },
  held: {
    'grant-completed': 'held',
    'grant-revoked': 'revoked',
    'refresh-token-given': 'held',
    'exchange-started': 'refreshing',
    'exchange-succeeded': '!vault-transition-invalid',
    'exchange-failed': '!vault-transition-invalid',
    'access-rejected': 'held',
    'tokens-forgotten': 'empty',
  },
  refreshing: {
    'grant-completed': '!vault-refresh-in-flight',
    'grant-revoked': '!vault-refresh-in-flight',
    'refresh-token-given': '!vault-refresh-in-flight',
    'exchange-started': '!vault-refresh-in-flight',
    'exchange-succeeded': 'held',
    'exchange-failed': 'failed',
    'access-rejected': '!vault-transition-invalid',
    'tokens-forgotten': 'empty',
  },
  failed: {
    'grant-completed': 'held',
    'grant-revoked': 'revoked',
    'refresh-token-given': 'held',
    'exchange-started': 'refreshing',
    'exchange-succeeded': '!vault-transition-invalid',
    'exchange-failed': '!vault-transition-invalid',
    'access-rejected': '!vault-transition-invalid',
    'tokens-forgotten': 'empty',
  },
  revoked: {
    'grant-completed': 'held',
    'grant-revoked': 'revoked',
    'refresh-token-given': 'held',
    'exchange-started': '!vault-grant-revoked',
    'exchange-succeeded': '!vault-transition-invalid',
    'exchange-failed': '!vault-transition-invalid',
    'access-rejected': '!vault-transition-invalid',
    'tokens-forgotten': 'empty',
  },
};

const eventOf: Record<VaultEntryEvent['type'], VaultEntryEvent> = {
  'refresh-token-given': given('rt-new'),
  'grant-completed': { type: 'grant-completed', access: access('at-grant'), refreshToken: 'rt-grant', at: T0 },
  'grant-revoked': { type: 'grant-revoked', at: T0 },
  'exchange-started': started,
  'exchange-succeeded': succeeded(),
  'exchange-failed': failed(),
  'access-rejected': rejected,
  'tokens-forgotten': forgotten,
};

describe('transitionVaultEntry: every phase × event', () => {
  for (const [phase, row] of Object.entries(table) as [VaultEntryPhase, (typeof table)[VaultEntryPhase]][]) {
    for (const [type, expected] of Object.entries(row) as [VaultEntryEvent['type'], string][]) {
      it(`${phase} + ${type} → ${expected}`, () => {
        const result = transitionVaultEntry(states[phase], eventOf[type]);
        if (expected.startsWith('!')) {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error.kind).toBe(expected.slice(1));
        } else {
          expect(result.ok && result.value.phase).toBe(expected);
        }
      });
    }
  }

  it('never modifies the state it is given', () => {
    const before = structuredClone(states.refreshing);
    transitionVaultEntry(states.refreshing, succeeded(access(), 'rt-2'));
    expect(states.refreshing).toEqual(before);
  });

  it('records a refused access token during a refresh when one is held', () => {
    const refreshingWithToken = run(states.held, started);
    expect(run(refreshingWithToken, rejected)).toMatchObject({ phase: 'refreshing', accessRejected: true });
  });

  it('refuses an empty refresh token', () => {
    const result = transitionVaultEntry(states.empty, given(''));
    expect(!result.ok && result.error.kind).toBe('vault-no-refresh-token');
  });
});

describe('rotation and grants', () => {
  it('replaces the refresh token and the access token in one step when the server rotates', () => {
    const next = run(states.held, started, succeeded(access('at-2'), 'rt-2'));
    expect(next).toMatchObject({ phase: 'held', refreshToken: 'rt-2', access: { token: 'at-2' }, rotations: 1 });
  });

  it('keeps the refresh token when the answer carries none, or the same one', () => {
    expect(run(states.held, started, succeeded(access('at-2'))).refreshToken).toBe('rt-1');
    expect(run(states.held, started, succeeded(access('at-2'), 'rt-1'))).toMatchObject({ refreshToken: 'rt-1', rotations: 0 });
  });

  it('drops both tokens when the grant is revoked (invalid_grant) and keeps the reason', () => {
    expect(states.revoked.refreshToken).toBeUndefined();
    expect(states.revoked.access).toBeUndefined();
    expect(states.revoked.lastError).toMatchObject({ code: 'invalid_grant' });
  });

  it('keeps the refresh token and a still-valid access token after a failure a retry may fix', () => {
    const next = run(states.held, started, failed(serverFault));
    expect(next).toMatchObject({ phase: 'failed', refreshToken: 'rt-1', access: { token: 'at-1' }, lastError: { status: 503 } });
    expect(run(next, started, succeeded(access('at-3'))).lastError).toBeUndefined();
  });

  it('starts a fresh grant when a new refresh token is given, forgetting the old access token', () => {
    const next = run(states.held, given('rt-9', T0 + 5));
    expect(next).toEqual({ phase: 'held', refreshToken: 'rt-9', grantedAt: T0 + 5, rotations: 0 });
  });

  it('a refused access token makes the entry need an exchange, and a new token clears the refusal', () => {
    const refusedState = run(states.held, rejected);
    expect(vaultEntryNeedsExchange(refusedState, timing, T0 + 1000)).toBe(true);
    expect(vaultEntryStatus(refusedState, timing, T0 + 1000)).toBe('expired');
    expect(run(refusedState, started, succeeded(access('at-2'))).accessRejected).toBeUndefined();
  });
});

describe('vaultEntryStatus over time, with lead and clock skew', () => {
  // 60 s token, skew 5 s, lead 10 s: refresh due at 45 s, counts as expired at 55 s.
  const at = (seconds: number) => T0 + seconds * 1000;

  it.each([
    [0, 'valid'],
    [44.999, 'valid'],
    [45, 'expiring'],
    [54.999, 'expiring'],
    [55, 'expired'],
    [600, 'expired'],
  ])('at %s s the status is %s', (seconds, status) => {
    expect(vaultEntryStatus(states.held, timing, at(seconds))).toBe(status);
  });

  it('a larger skew makes the token count as expired earlier', () => {
    expect(vaultEntryStatus(states.held, { refreshLeadSeconds: 0, clockSkewSeconds: 15 }, at(46))).toBe('expired');
    expect(vaultEntryStatus(states.held, { refreshLeadSeconds: 0, clockSkewSeconds: 0 }, at(59))).toBe('valid');
  });

  it('the other phases map to their own status', () => {
    expect(vaultEntryStatus(states.empty, timing, T0)).toBe('needs-refresh-token');
    expect(vaultEntryStatus(run(states.empty, given()), timing, T0)).toBe('refresh-token-held');
    expect(vaultEntryStatus(states.refreshing, timing, T0)).toBe('refreshing');
    expect(vaultEntryStatus(states.failed, timing, T0)).toBe('failed');
    expect(vaultEntryStatus(states.revoked, timing, T0)).toBe('revoked');
  });

  it('an entry that never had tokens needs a pasted refresh token only when it runs no grant of its own', () => {
    expect(vaultEntryStatus(states.empty, { ...timing, oauth: { grant: 'manual' } }, T0)).toBe('needs-refresh-token');
    for (const grant of ['authorization_code', 'client_credentials', 'device_code', 'password']) {
      expect(vaultEntryStatus(states.empty, { ...timing, oauth: { grant } }, T0)).toBe('no-tokens');
    }
    expect(VAULT_STATUS_LABELS['no-tokens']).toBe('no tokens yet');
  });

  it('a token of unknown expiry stays valid until a server refuses it', () => {
    const unknown = run(states.empty, given(), started, succeeded({ token: 'at-x', obtainedAt: T0 }));
    expect(vaultEntryStatus(unknown, timing, at(86_400))).toBe('valid');
    expect(vaultEntryNeedsExchange(unknown, timing, at(86_400))).toBe(false);
    expect(vaultEntryStatus(run(unknown, rejected), timing, at(1))).toBe('expired');
  });

  it('usableAccessToken gives the token only while it may be sent', () => {
    expect(usableAccessToken(states.held, timing, at(50))?.token).toBe('at-1');
    expect(usableAccessToken(states.held, timing, at(55))).toBeUndefined();
    expect(usableAccessToken(states.revoked, timing, at(0))).toBeUndefined();
  });

  it('needs an exchange from the moment the refresh is due, and not while refreshing', () => {
    expect(vaultEntryNeedsExchange(states.held, timing, at(44))).toBe(false);
    expect(vaultEntryNeedsExchange(states.held, timing, at(45))).toBe(true);
    expect(vaultEntryNeedsExchange(states.refreshing, timing, at(100))).toBe(false);
    expect(vaultEntryNeedsExchange(run(states.empty, given()), timing, T0)).toBe(true);
  });
});

describe('settleInterruptedExchange', () => {
  it('puts an entry stored mid-exchange back to held with a note, keeping its tokens', () => {
    const midway = run(states.held, started);
    const settled = settleInterruptedExchange(midway);
    expect(settled).toMatchObject({ phase: 'held', refreshToken: 'rt-1', access: { token: 'at-1' }, lastError: { kind: 'vault-exchange-interrupted' } });
    expect(transitionVaultEntry(settled, started).ok).toBe(true);
  });

  it('leaves every other phase as it is', () => {
    for (const phase of ['empty', 'held', 'failed', 'revoked'] as const) expect(settleInterruptedExchange(states[phase])).toBe(states[phase]);
  });
});

describe('grants the vault performs itself (issue 16)', () => {
  it('stores a client-credentials answer without a refresh token and never tries to exchange it', () => {
    const state = run(EMPTY_VAULT_ENTRY_STATE, { type: 'grant-completed', access: access('cc-1'), at: T0 });
    expect(state).toEqual({ phase: 'held', access: access('cc-1'), grantedAt: T0, rotations: 0 });
    expect(vaultEntryStatus(state, timing, T0)).toBe('valid');
    expect(vaultEntryNeedsExchange(state, timing, T0 + 120_000)).toBe(false);
    expect(vaultEntryStatus(state, timing, T0 + 120_000)).toBe('expired');
    const refused = transitionVaultEntry(state, started);
    expect(!refused.ok && refused.error.kind).toBe('vault-no-refresh-token');
  });
  it('replaces a revoked grant with a new one, rotations counted afresh', () => {
    const state = run(states.revoked, { type: 'grant-completed', access: access('at-2'), refreshToken: 'rt-2', at: T0 + 5 });
    expect(state).toMatchObject({ phase: 'held', refreshToken: 'rt-2', rotations: 0, grantedAt: T0 + 5 });
    expect(state.lastError).toBeUndefined();
  });
  it('drops every token when the person revokes, and says so', () => {
    const state = run(states.held, { type: 'grant-revoked', at: T0 });
    expect(state.refreshToken).toBeUndefined();
    expect(state.access).toBeUndefined();
    expect(state.lastError?.kind).toBe('vault-revoked-by-person');
    expect(vaultEntryStatus(state, timing, T0)).toBe('revoked');
  });
});

describe('vaultRetryMayHelp', () => {
  const answered = (status: number, code?: string): TokenEndpointError => ({ kind: 'token-endpoint-error', status, ...(code ? { code } : {}), grantRevoked: code === 'invalid_grant', message: 'x' });
  it('retries what may pass later, not a request the server judged', () => {
    expect(vaultRetryMayHelp({ kind: 'relay-network', message: 'ECONNRESET' })).toBe(true);
    expect(vaultRetryMayHelp(answered(503, 'temporarily_unavailable'))).toBe(true);
    expect(vaultRetryMayHelp(answered(500))).toBe(true);
    expect(vaultRetryMayHelp(answered(429))).toBe(true);
    expect(vaultRetryMayHelp(answered(408))).toBe(true);
    expect(vaultRetryMayHelp(answered(401, 'invalid_client'))).toBe(false);
    expect(vaultRetryMayHelp(answered(400, 'invalid_scope'))).toBe(false);
    expect(vaultRetryMayHelp(answered(400, 'invalid_grant'))).toBe(false);
  });
});
