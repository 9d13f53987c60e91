import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { newVaultEntryConfig, newVaultOAuthSettings, transitionVaultEntry, vaultEntryStatus, type VaultEntryState, type VaultGrantType } from '../../../core';
import { VaultEntryStatusBadge } from './VaultEntryStatusBadge';
import { VaultFlowDiagram } from './VaultFlowDiagram';
import { createVaultSession } from './vaultInstance';
import { buildRenewalRequest, needsSignInAgain, vaultRenewalOf } from './vaultRenewal';
import { memoryVaultStorage } from './vaultStorage';
import { manualTime, ordersEntry, tokenServer } from './vaultTestDoubles';

const withGrant = (grant?: VaultGrantType) => ({ ...newVaultEntryConfig('e'), ...(grant ? { oauth: { ...newVaultOAuthSettings(), grant } } : {}) });

describe('vaultRenewalOf', () => {
  it.each([
    [undefined, 'rt', 'spec-refresh'],
    ['manual', 'rt', 'spec-refresh'],
    ['password', 'rt', 'oauth-refresh'],
    ['authorization_code', 'rt', 'oauth-refresh'],
    ['client_credentials', undefined, 'client-credentials'],
    ['authorization_code', undefined, 'sign-in-again'],
    ['device_code', undefined, 'sign-in-again'],
    ['manual', undefined, 'paste'],
    [undefined, undefined, 'paste'],
  ] as const)('grant %s, refresh token %s: %s', (grant, refreshToken, expected) => {
    expect(vaultRenewalOf(withGrant(grant), refreshToken ? { refreshToken } : {})).toBe(expected);
  });

  it('builds the spec request unchanged for entries without OAuth settings, and refuses a sign-in', async () => {
    const config = { ...newVaultEntryConfig('e'), tokenUrl: 'https://auth.example.com/v1/token', clientId: 'c', clientSecret: 's' };
    const spec = await buildRenewalRequest(config, 'spec-refresh', 'rt');
    expect(spec.ok && JSON.parse(String(spec.value.wire.body![0]))).toEqual({ client_id: 'c', client_secret: 's', refresh_token: 'rt', grant_type: 'refresh_token' });
    expect(await buildRenewalRequest({ ...config, oauth: { ...newVaultOAuthSettings(), grant: 'authorization_code' } }, 'sign-in-again', '')).toMatchObject({ ok: false, error: { kind: 'vault-sign-in-again' } });
  });

  it('refuses plain http for the OAuth requests unless the entry allows it', async () => {
    const config = { ...newVaultEntryConfig('e'), name: 'Plain', tokenUrl: 'http://auth.example.com/token', clientId: 'c', clientSecret: 's', oauth: { ...newVaultOAuthSettings(), grant: 'client_credentials' as const } };
    const refused = await buildRenewalRequest(config, 'client-credentials', '');
    expect(refused).toMatchObject({ ok: false, error: { kind: 'vault-insecure', field: 'tokenUrl' } });
    expect((await buildRenewalRequest({ ...config, allowPlainHttp: true }, 'client-credentials', '')).ok).toBe(true);
  });
});

describe('"sign in again" for a grant that gave no refresh token', () => {
  const access = { token: 'at', obtainedAt: 0, expiresAt: 120_000 };
  const held: VaultEntryState = { phase: 'held', access, rotations: 0 };
  const code = withGrant('authorization_code');

  it('holds only once the access token is gone and nothing can renew it', () => {
    expect(needsSignInAgain(code, held, 10_000)).toBe(false);
    expect(needsSignInAgain(code, held, 200_000)).toBe(true);
    expect(needsSignInAgain(code, { ...held, accessRejected: true }, 10_000)).toBe(true);
    expect(needsSignInAgain(withGrant('device_code'), held, 200_000)).toBe(true);
    expect(needsSignInAgain(code, { ...held, refreshToken: 'rt' }, 200_000)).toBe(false);
    expect(needsSignInAgain(withGrant('client_credentials'), held, 200_000)).toBe(false);
    expect(needsSignInAgain(withGrant('manual'), held, 200_000)).toBe(false);
    expect(needsSignInAgain(code, { phase: 'revoked', rotations: 0 }, 200_000)).toBe(false);
  });

  it('is what the status badge and the flow diagram say, pointing at "Get new tokens"', () => {
    const record = { config: code, state: held, log: [] };
    const badge = (now: number) => renderToStaticMarkup(createElement(VaultEntryStatusBadge, { record, now }));
    expect(badge(10_000)).toContain('access token valid');
    expect(badge(200_000)).toContain('data-status="sign-in-again"');
    expect(badge(200_000)).toContain('expired: sign in again');
    const flow = renderToStaticMarkup(createElement(VaultFlowDiagram, { status: vaultEntryStatus(held, code, 200_000), ownGrant: true, signInAgain: true }));
    expect(flow).toContain('Refresh token: none given');
    expect(flow).toContain('Access token: expired, sign in again');
    expect(flow).toContain('sign in again with &quot;Get new tokens&quot; below');
  });
});

describe('an entry that never had tokens', () => {
  const empty: VaultEntryState = { phase: 'empty', rotations: 0 };
  const badge = (grant?: VaultGrantType) => renderToStaticMarkup(createElement(VaultEntryStatusBadge, { record: { config: withGrant(grant), state: empty, log: [] }, now: 0 }));

  it('is badged "no tokens yet" when the vault gets them by a grant, "needs a refresh token" only when one is pasted', () => {
    for (const grant of ['authorization_code', 'client_credentials', 'device_code', 'password'] as const) {
      expect(badge(grant)).toContain('no tokens yet');
      expect(badge(grant)).not.toContain('needs a refresh token');
    }
    expect(badge('manual')).toContain('needs a refresh token');
    expect(badge()).toContain('needs a refresh token');
    const flow = renderToStaticMarkup(createElement(VaultFlowDiagram, { status: vaultEntryStatus(empty, withGrant('authorization_code'), 0), ownGrant: true }));
    expect(flow).toContain('the person signs in at the provider');
  });
});

describe('a session', () => {
  function session(server = tokenServer(), time = manualTime()) {
    let id = 0;
    return createVaultSession({ storage: memoryVaultStorage(), transport: server.transport, now: time.now, timers: time.timers, newId: () => `entry-${++id}` });
  }

  it('refreshes an entry whose grant is "manual" with the spec JSON body, as before', async () => {
    const server = tokenServer();
    const s = session(server);
    s.createInMemory();
    const id = s.addEntry({ ...ordersEntry, oauth: { ...newVaultOAuthSettings(), grant: 'manual' } });
    s.giveRefreshToken(id, 'rt-0');
    expect((await s.refresh(id, 'manual')).ok).toBe(true);
    expect(JSON.parse(String(server.requests[0]!.body![0]))).toEqual({ client_id: 'demo-client', client_secret: 'demo-secret', refresh_token: 'rt-0', grant_type: 'refresh_token' });
    expect(s.entry(id)!.log[0]!.request).toBeUndefined();
  });

  it('asks to sign in again when a code grant without refresh token expires, sending nothing', async () => {
    const time = manualTime();
    const server = tokenServer();
    const s = session(server, time);
    s.createInMemory();
    const id = s.addEntry({ ...ordersEntry, autoRefresh: true, oauth: { ...newVaultOAuthSettings(), grant: 'authorization_code' } });
    const granted = transitionVaultEntry(s.entry(id)!.state, { type: 'grant-completed', access: { token: 'at-x', obtainedAt: time.now(), expiresAt: time.now() + 120_000 }, at: time.now() });
    s.updateRecord(id, (e) => ({ ...e, state: (granted as { ok: true; value: VaultEntryState }).value }));
    const now = await s.resolveAuth(id, 'https://api.example.com/');
    expect(now.ok && now.value.value).toBe('Bearer at-x');
    time.advance(200_000);
    await s.flights.whenIdle();
    const later = await s.resolveAuth(id, 'https://api.example.com/');
    expect(later).toMatchObject({ ok: false, error: { kind: 'vault-sign-in-again' } });
    expect(!later.ok && later.error.message).toContain('sign in again');
    expect(await s.refresh(id, 'manual')).toMatchObject({ ok: false, error: { kind: 'vault-sign-in-again' } });
    expect(await s.handleUnauthorized(id, 'Bearer error="invalid_token"')).toBe('not-refreshable');
    expect(server.requests).toHaveLength(0);
    s.dispose();
  });
});
