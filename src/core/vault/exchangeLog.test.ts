import { describe, expect, it } from 'vitest';
import { appendVaultExchange, redactVaultSecrets, VAULT_LOG_LIMIT, VAULT_LOG_STEP_LIMIT, VAULT_REDACTED, vaultExchangeRecord, vaultLoggedSteps, type VaultExchangeRecord } from './exchangeLog';

const base: VaultExchangeRecord = {
  at: 1,
  trigger: 'manual',
  endpoint: 'https://auth.example.com/v1/token',
  bodyFormat: 'json',
  durationMs: 12,
  outcome: 'error',
};

describe('vaultExchangeRecord', () => {
  it('scrubs secrets echoed in any text of the record', () => {
    const record = vaultExchangeRecord(
      { ...base, errorCode: 'invalid_grant', message: 'refresh token rt-abc123 was already used; client demo-secret' },
      ['rt-abc123', 'demo-secret'],
    );
    expect(JSON.stringify(record)).not.toMatch(/rt-abc123|demo-secret/);
    expect(record.message).toBe(`refresh token ${VAULT_REDACTED} was already used; client ${VAULT_REDACTED}`);
  });

  it('strips query, fragment and credentials from the endpoint', () => {
    const record = vaultExchangeRecord({ ...base, endpoint: 'https://u:p@auth.example.com/v1/token?refresh_token=rt#x' }, []);
    expect(record.endpoint).toBe('https://auth.example.com/v1/token');
  });

  it('replaces the longer of two overlapping secrets whole', () => {
    expect(redactVaultSecrets('token abcdef', ['abcd', 'abcdef'])).toBe(`token ${VAULT_REDACTED}`);
  });

  it('ignores secrets too short to hide', () => {
    expect(redactVaultSecrets('a b c', ['a', undefined, ''])).toBe('a b c');
  });
});

describe('appendVaultExchange', () => {
  it('puts the newest first and keeps at most the limit', () => {
    let log: VaultExchangeRecord[] = [];
    for (let i = 0; i < VAULT_LOG_LIMIT + 5; i++) log = appendVaultExchange(log, { ...base, at: i });
    expect(log).toHaveLength(VAULT_LOG_LIMIT);
    expect(log[0]!.at).toBe(VAULT_LOG_LIMIT + 4);
  });
});

describe('a grant run\'s logged steps', () => {
  it('are scrubbed and clipped, and a long polling keeps its first and last steps', () => {
    const steps = Array.from({ length: 100 }, (_, i) => ({ at: i, step: 'poll', outcome: 'waiting' as const, summary: `poll ${i} with tok-secret-1`, detail: 'x'.repeat(5000) }));
    const logged = vaultLoggedSteps(steps, ['tok-secret-1']);
    expect(logged).toHaveLength(VAULT_LOG_STEP_LIMIT);
    expect(logged[0]!.summary).toBe(`poll 0 with ${VAULT_REDACTED}`);
    expect(logged.at(-1)!.at).toBe(99);
    expect(logged.find((s) => s.summary.includes('left out'))!.summary).toMatch(/^\d+ more steps/);
    expect(Math.max(...logged.map((s) => s.detail?.length ?? 0))).toBeLessThanOrEqual(1200);
    const record = vaultExchangeRecord({ ...base, steps: steps.slice(0, 2) }, ['tok-secret-1']);
    expect(JSON.stringify(record)).not.toContain('tok-secret-1');
  });
});
