import { describe, expect, it } from 'vitest';
import { appendVaultExchange, redactVaultSecrets, VAULT_LOG_LIMIT, VAULT_REDACTED, vaultExchangeRecord, type VaultExchangeRecord } from './exchangeLog';

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
