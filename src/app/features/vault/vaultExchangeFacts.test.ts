import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { VaultExchangeRecord } from '../../../core';
import { VaultExchangeLog } from './VaultExchangeLog';
import { vaultExchangeCause, vaultExchangeFacts } from './vaultExchangeFacts';

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

  it('names revoke, introspect and userinfo calls by what they were, not "Refresh now"', () => {
    const manual = { trigger: 'manual' as const, clientAuthMethod: 'client_secret_basic' };
    expect(vaultExchangeCause(record({ ...manual, request: 'revocation' }))).toBe('Revoke');
    expect(vaultExchangeCause(record({ ...manual, request: 'introspection' }))).toBe('Introspect');
    expect(vaultExchangeCause(record({ ...manual, request: 'userinfo', clientAuthMethod: 'bearer' }))).toBe('Userinfo');
    expect(vaultExchangeCause(record({ ...manual, request: 'refresh_token' }))).toBe('Refresh now');
    expect(vaultExchangeCause(record({ trigger: 'manual' }))).toBe('Refresh now');
    expect(vaultExchangeCause(record({ trigger: 'scheduled', request: 'refresh_token' }))).toBe('before expiry');
    const table = renderToStaticMarkup(createElement(VaultExchangeLog, { log: [record({ ...manual, request: 'revocation', status: 200 }), record({ ...manual, at: 1, request: 'userinfo', clientAuthMethod: 'bearer' })] }));
    expect(table).toContain('<td>Revoke</td>');
    expect(table).toContain('<td>Userinfo</td>');
    expect(table).not.toContain('Refresh now');
  });

  it('says what became of the refresh token only of renewals: never "kept" after a revocation', () => {
    const revoked = vaultExchangeFacts(record({ trigger: 'manual', request: 'revocation', clientAuthMethod: 'client_secret_basic' }));
    expect(revoked).toBe('revocation · client authentication client_secret_basic · form body · 12 ms');
    const introspected = vaultExchangeFacts(record({ trigger: 'manual', request: 'introspection', clientAuthMethod: 'none' }));
    expect(introspected).not.toContain('refresh token');
    // Userinfo is a GET with the access token: no body, no client authentication.
    expect(vaultExchangeFacts(record({ trigger: 'manual', request: 'userinfo', clientAuthMethod: 'bearer' }))).toBe('userinfo · access token as Bearer · 12 ms');
    expect(vaultExchangeFacts(record({ trigger: 'on-demand', request: 'client_credentials', clientAuthMethod: 'client_secret_basic', rotated: false }))).not.toContain('refresh token');
    expect(vaultExchangeFacts(record({ request: 'refresh_token', clientAuthMethod: 'none', rotated: false }))).toContain('refresh token kept');
  });
});
