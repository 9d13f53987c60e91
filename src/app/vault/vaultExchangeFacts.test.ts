import { describe, expect, it } from 'vitest';
import type { VaultExchangeRecord } from '../../core';
import { vaultExchangeFacts } from './vaultExchangeFacts';

const record = (over: Partial<VaultExchangeRecord>): VaultExchangeRecord => ({
  at: 0,
  trigger: 'unauthorized',
  endpoint: 'http://127.0.0.1/sandbox/oauth/token',
  bodyFormat: 'form',
  durationMs: 12,
  outcome: 'ok',
  ...over,
});

describe('exchange log details', () => {
  it('names the client authentication method of an OAuth refresh, never the credential', () => {
    const facts = vaultExchangeFacts(record({ request: 'refresh_token', clientAuthMethod: 'none', rotated: true, expiresInSeconds: 300 }));
    expect(facts).toBe('refresh · client authentication none · form body · expires_in 300 s · refresh token rotated · 12 ms');
    expect(vaultExchangeFacts(record({ request: 'client_credentials', clientAuthMethod: 'client_secret_basic' }))).toContain('client credentials · client authentication client_secret_basic · form body');
  });

  it('leaves the method out where none was recorded (the spec\'s JSON refresh) and shows a failure\'s message alone', () => {
    expect(vaultExchangeFacts(record({ bodyFormat: 'json', rotated: false }))).toBe('JSON body · refresh token kept · 12 ms');
    expect(vaultExchangeFacts(record({ outcome: 'error', clientAuthMethod: 'none', message: 'invalid_grant: revoked' }))).toBe('invalid_grant: revoked');
  });
});
