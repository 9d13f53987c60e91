/**
 * The vault's renewals and grant calls for entries with OAuth settings, against the real
 * sandbox authorization server over loopback: RFC 6749 §6 refresh with each client
 * authentication method, rotation and reuse, the client credentials grant run again (on
 * demand, on schedule, after a 401), revocation, introspection and userinfo.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessTokenExpiry, newVaultOAuthSettings, ok, transitionVaultEntry, type VaultOAuthSettings, type WireRequest } from '../../../core';
import { runGrant, type GrantSettings } from '../../../core/oauth';
import { WB_JWT_PRIVATE_JWK } from '../../../sandbox/oauth/clients';
import { resetSandbox } from '../../../sandbox/reset';
import { callServer, startSandboxHarness, type SandboxHarness } from '../../../testing/sandboxHarness';
import type { TokenTransport } from './vaultExchange';
import type { VaultSession } from './vaultInstance';
import { createVaultCore } from './vaultSession';
import { memoryVaultStorage } from './vaultStorage';
import { createVaultTokens } from './vaultTokens';
import { manualTime } from './vaultTestDoubles';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());
beforeEach(() => resetSandbox());

/** The relay's part, played by node:http: every request the vault sends, and the answer. */
function loopback(sent: WireRequest[]): TokenTransport {
  return async (wire) => {
    sent.push(wire);
    const answer = await callServer(sb.origin, wire.url, { method: wire.method, headers: wire.headers.map((h): [string, string] => [h.name, h.value]), ...(wire.body ? { body: wire.body.map(String).join('') } : {}) });
    return ok({ status: answer.status, headers: answer.rawHeaders.map(([name, value]) => ({ name, value })), bodyText: answer.text });
  };
}

interface Setup {
  s: VaultSession;
  id: string;
  sent: WireRequest[];
  time: ReturnType<typeof manualTime>;
}

const CLIENTS = {
  legacy: { clientId: 'wb-legacy', clientSecret: 'legacy-secret-9e4a', clientAuthMethod: 'client_secret_basic' },
  basic: { clientId: 'urn:wirebench:basic-client', clientSecret: 'b4sic:s3cret/+%&= ok', clientAuthMethod: 'client_secret_basic' },
  post: { clientId: 'wb-post', clientSecret: 'post-secret-2c1f', clientAuthMethod: 'client_secret_post' },
  jwt: { clientId: 'wb-jwt', clientSecret: '', clientAuthMethod: 'private_key_jwt' },
} as const;

/**
 * An open memory-only session (the vault's own tokens layer, as the page builds it) with
 * one entry for `client`, whose OAuth settings are `oauth` on the sandbox's endpoints.
 */
function setUp(client: { clientId: string; clientSecret: string; clientAuthMethod: VaultOAuthSettings['clientAuthMethod'] }, oauth: Partial<VaultOAuthSettings>, autoRefresh = false): Setup {
  const time = manualTime(Date.now());
  const sent: WireRequest[] = [];
  const deps = { storage: memoryVaultStorage(), transport: loopback(sent), now: time.now, timers: time.timers, newId: () => 'entry-1' };
  const core = createVaultCore(deps);
  const s = { ...core, ...createVaultTokens(core) } as VaultSession;
  s.createInMemory();
  const issuer = `${sb.origin}/sandbox/oauth`;
  const id = s.addEntry({
    name: 'Sandbox',
    tokenUrl: `${issuer}/token`,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    allowedHosts: [new URL(sb.origin).host],
    allowPlainHttp: true,
    autoRefresh,
    oauth: {
      ...newVaultOAuthSettings(),
      issuer,
      revocationEndpoint: `${issuer}/revoke`,
      introspectionEndpoint: `${issuer}/introspect`,
      userinfoEndpoint: `${issuer}/userinfo`,
      jwksUri: `${issuer}/jwks`,
      clientAuthMethod: client.clientAuthMethod,
      ...oauth,
    },
  });
  return { s, id, sent, time };
}

/** Signs in with the password grant (wb-legacy) and stores what it gave, as "Get token" does. */
async function signedIn(scope = 'openid profile orders:read'): Promise<Setup> {
  const setup = setUp(CLIENTS.legacy, { grant: 'password', username: 'alice', password: 'wonderland-42', scope });
  const settings: GrantSettings = { grant: 'password', client: { clientId: 'wb-legacy', clientSecret: 'legacy-secret-9e4a', authMethod: 'client_secret_basic' }, tokenEndpoint: `${sb.origin}/sandbox/oauth/token`, issuer: `${sb.origin}/sandbox/oauth`, jwksUri: `${sb.origin}/sandbox/oauth/jwks`, username: 'alice', password: 'wonderland-42', scope };
  const granted = await runGrant(settings, { send: loopback([]), now: setup.time.now, sleep: async () => {}, report: () => {} });
  if (!granted.ok) throw new Error(granted.error.message);
  const { tokens, sentAt, idToken } = granted.value;
  const access = { token: tokens.accessToken, obtainedAt: sentAt, ...accessTokenExpiry(sentAt, tokens.expiresInSeconds, undefined) };
  const { refreshToken } = tokens;
  const record = setup.s.entry(setup.id)!;
  const next = transitionVaultEntry(record.state, { type: 'grant-completed', access, at: setup.time.now(), ...(refreshToken ? { refreshToken } : {}) });
  // The sign-in's log record keeps its ID token's claims, as a grant run's does.
  const signIn = { at: sentAt, trigger: 'get-tokens', request: 'password', endpoint: settings.tokenEndpoint, bodyFormat: 'form', durationMs: 1, outcome: 'ok', ...(idToken ? { idToken: { claims: { ...idToken.claims }, checks: [] } } : {}) } as const;
  setup.s.updateRecord(setup.id, (e) => ({ ...e, state: (next as { ok: true; value: typeof record.state }).value, log: [signIn] }));
  return setup;
}

const bodyOf = (wire: WireRequest) => new URLSearchParams(wire.body!.map(String).join(''));

describe('refresh of an entry with OAuth settings (RFC 6749 §6)', () => {
  it('sends the form with the client authentication method, rotates, and logs without secrets', async () => {
    const { s, id, sent } = await signedIn();
    const first = s.entry(id)!.state;
    const refreshed = await s.refresh(id, 'manual');
    expect(refreshed.ok, refreshed.ok ? '' : refreshed.error.message).toBe(true);
    const wire = sent[0]!;
    expect(wire.headers).toContainEqual({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' });
    expect(wire.headers.find((h) => h.name === 'Authorization')?.value).toMatch(/^Basic /);
    expect(Object.fromEntries(bodyOf(wire))).toEqual({ grant_type: 'refresh_token', refresh_token: first.refreshToken });
    const after = s.entry(id)!;
    expect(after.state).toMatchObject({ phase: 'held', rotations: 1 });
    expect(after.state.refreshToken).not.toBe(first.refreshToken);
    expect(after.log[0]).toMatchObject({ trigger: 'manual', outcome: 'ok', status: 200, rotated: true, request: 'refresh_token', clientAuthMethod: 'client_secret_basic', bodyFormat: 'form' });
    const log = JSON.stringify(after.log);
    for (const secret of ['legacy-secret-9e4a', 'wonderland-42', first.refreshToken!, after.state.refreshToken!, after.state.access!.token]) expect(log).not.toContain(secret);
  });

  it('marks the entry revoked when a rotated-away refresh token comes back (reuse detection)', async () => {
    const { s, id } = await signedIn();
    const stale = s.entry(id)!.state.refreshToken!;
    await s.refresh(id, 'manual');
    s.giveRefreshToken(id, stale);
    const reused = await s.refresh(id, 'manual');
    expect(!reused.ok && reused.error.message).toContain('invalid_grant');
    expect(s.entry(id)!.state.phase).toBe('revoked');
    expect(s.entry(id)!.log[0]).toMatchObject({ outcome: 'error', errorCode: 'invalid_grant', request: 'refresh_token' });
    const auth = await s.resolveAuth(id, `${sb.origin}/sandbox/api/bearer`);
    expect(!auth.ok && auth.error.message).toContain('sign in again');
  });
});

describe('an ID token that comes back on a refresh (OIDC Core §12.2)', () => {
  /** The sandbox's next ID token for wb-legacy carries `defect`. */
  const arm = (defect: 'aud' | 'signature' | 'nonce') =>
    callServer(sb.origin, `${sb.origin}/sandbox/oauth/test/id-token-defect`, { method: 'POST', headers: [['Content-Type', 'application/x-www-form-urlencoded']], body: `client_id=wb-legacy&defect=${defect}` });

  it('is validated against the JWKS like at sign-in, same subject, its claims kept in the log', async () => {
    const { s, id } = await signedIn();
    const refreshed = await s.refresh(id, 'manual');
    expect(refreshed.ok, refreshed.ok ? '' : refreshed.error.message).toBe(true);
    const logged = s.entry(id)!.log[0]!;
    expect(logged.idToken?.claims).toMatchObject({ sub: 'alice', aud: 'wb-legacy', iss: `${sb.origin}/sandbox/oauth` });
    expect(logged.idToken?.checks).toEqual(expect.arrayContaining(['signature', 'iss', 'aud', 'exp', 'iat', 'at_hash', 'sub as at sign-in']));
    expect(JSON.stringify(s.entry(id)!.log)).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });

  it('failing its check, stores none of the new tokens and says why (the entry asked for openid)', async () => {
    const { s, id } = await signedIn();
    const before = s.entry(id)!.state;
    expect((await arm('aud')).status).toBe(200);
    const refreshed = await s.refresh(id, 'manual');
    expect(!refreshed.ok && refreshed.error.message).toMatch(/not for this client \(wb-legacy\).*None of the new tokens were stored/);
    const after = s.entry(id)!;
    expect(after.state).toMatchObject({ phase: 'failed', refreshToken: before.refreshToken, access: before.access, rotations: 0 });
    expect(after.log[0]).toMatchObject({ outcome: 'error', errorCode: 'oidc-id-token-invalid', request: 'refresh_token' });
    expect(after.log[0]!.idToken).toBeUndefined();
  });

  it('failing its check on an entry that did not ask for openid, is ignored with a note and the tokens are kept', async () => {
    const { s, id } = await signedIn();
    const record = s.entry(id)!;
    s.updateEntry({ ...record.config, oauth: { ...record.config.oauth!, scope: 'profile orders:read' } });
    expect((await arm('signature')).status).toBe(200);
    const refreshed = await s.refresh(id, 'manual');
    expect(refreshed.ok, refreshed.ok ? '' : refreshed.error.message).toBe(true);
    expect(s.entry(id)!.state).toMatchObject({ phase: 'held', rotations: 1 });
    expect(s.entry(id)!.log[0]).toMatchObject({ outcome: 'ok', message: expect.stringContaining('was not trusted') });
  });
});

describe('client credentials entries (no refresh token)', () => {
  const cc = { grant: 'client_credentials', scope: 'orders:read' } as const;

  it('runs the grant on demand, again when the token is due, and logs each run', async () => {
    const { s, id, sent, time } = setUp(CLIENTS.post, cc);
    const auth = await s.resolveAuth(id, `${sb.origin}/sandbox/api/orders`);
    expect(auth.ok && auth.value.value).toMatch(/^Bearer ey/);
    expect(Object.fromEntries(bodyOf(sent[0]!))).toEqual({ grant_type: 'client_credentials', scope: 'orders:read', client_id: 'wb-post', client_secret: 'post-secret-2c1f' });
    expect(s.entry(id)!.state).toMatchObject({ phase: 'held', rotations: 0 });
    expect(s.entry(id)!.state.refreshToken).toBeUndefined();
    expect(s.entry(id)!.log[0]).toMatchObject({ trigger: 'on-demand', request: 'client_credentials', clientAuthMethod: 'client_secret_post', outcome: 'ok' });
    const again = await s.resolveAuth(id, `${sb.origin}/sandbox/api/orders`);
    expect(again.ok && auth.ok && again.value.value).toBe(auth.ok && auth.value.value);
    expect(sent).toHaveLength(1);
    time.advance(290_000);
    const later = await s.resolveAuth(id, `${sb.origin}/sandbox/api/orders`);
    expect(later.ok && later.value.value).not.toBe(auth.ok && auth.value.value);
    expect(sent).toHaveLength(2);
    expect(JSON.stringify(s.entry(id)!.log)).not.toContain('post-secret-2c1f');
  });

  it('gets a new token once after a 401 invalid_token, and not for another challenge', async () => {
    const { s, id, sent } = setUp(CLIENTS.basic, cc);
    await s.refresh(id, 'manual');
    const before = s.entry(id)!.state.access!.token;
    expect(await s.handleUnauthorized(id, 'Bearer realm="sandbox"')).toBe('not-refreshable');
    expect(await s.handleUnauthorized(id, 'Bearer realm="sandbox", error="invalid_token", error_description="revoked"')).toBe('refreshed');
    expect(s.entry(id)!.state.access!.token).not.toBe(before);
    expect(s.entry(id)!.log[0]).toMatchObject({ trigger: 'unauthorized', request: 'client_credentials', outcome: 'ok' });
    // RFC 6749 §2.3.1: the id and secret were form-encoded before base64, or the sandbox would refuse them.
    expect(sent.every((w) => w.headers.some((h) => h.name === 'Authorization'))).toBe(true);
  });

  it('renews before expiry by itself when auto refresh is on', async () => {
    const { s, id, sent, time } = setUp(CLIENTS.post, cc, true);
    await s.refresh(id, 'manual');
    time.advance(300_000);
    await s.flights.whenIdle();
    expect(sent).toHaveLength(2);
    expect(s.entry(id)!.log[0]).toMatchObject({ trigger: 'scheduled', request: 'client_credentials', outcome: 'ok' });
    s.dispose();
  });

  it('signs a private_key_jwt assertion for each run', async () => {
    const { s, id, sent } = setUp(CLIENTS.jwt, { ...cc, privateKey: JSON.stringify(WB_JWT_PRIVATE_JWK), signingAlg: 'ES256', keyId: 'wb-jwt-1' });
    const first = await s.refresh(id, 'manual');
    expect(first.ok, first.ok ? '' : first.error.message).toBe(true);
    await s.refresh(id, 'manual');
    const assertions = sent.map((w) => bodyOf(w).get('client_assertion'));
    expect(assertions[0]).toMatch(/^ey/);
    expect(assertions[0]).not.toBe(assertions[1]);
    expect(JSON.stringify(s.entry(id)!.log)).not.toContain(WB_JWT_PRIVATE_JWK.d);
  });

  it('says invalid_client plainly and keeps what it had', async () => {
    const { s, id } = setUp({ ...CLIENTS.post, clientSecret: 'wrong' }, cc);
    const refreshed = await s.refresh(id, 'manual');
    expect(!refreshed.ok && refreshed.error.message).toContain('invalid_client');
    expect(s.entry(id)!.state.phase).toBe('failed');
  });
});

describe('revoke, introspect, userinfo', () => {
  it('introspects the access and refresh tokens, then revokes the grant and drops every token', async () => {
    const { s, id, sent } = await signedIn();
    const access = await s.introspect(id);
    expect(access.ok && access.value).toMatchObject({ active: true, clientId: 'wb-legacy', scope: 'openid profile orders:read' });
    const refresh = await s.introspect(id, 'refresh_token');
    expect(refresh.ok && refresh.value).toMatchObject({ active: true, tokenType: 'refresh_token' });
    const { refreshToken, access: held } = s.entry(id)!.state;
    const revoked = await s.revoke(id);
    expect(revoked).toEqual({ ok: true, value: { revoked: 'refresh_token' } });
    expect(Object.fromEntries(bodyOf(sent.at(-1)!))).toEqual({ token: refreshToken, token_type_hint: 'refresh_token' });
    expect(s.entry(id)!.state).toMatchObject({ phase: 'revoked' });
    expect(s.entry(id)!.state.access).toBeUndefined();
    // Last, the sign-in's own record.
    expect(s.entry(id)!.log.map((r) => `${r.request} ${r.outcome}`)).toEqual(['revocation ok', 'introspection ok', 'introspection ok', 'password ok']);
    // The server agrees: the grant's access token is no longer active.
    const answer = await callServer(sb.origin, '/sandbox/oauth/introspect', {
      method: 'POST',
      headers: [['Content-Type', 'application/x-www-form-urlencoded']],
      body: `token=${held!.token}&client_id=wb-post&client_secret=post-secret-2c1f`,
    });
    expect(answer.json).toEqual({ active: false });
    expect(JSON.stringify(s.entry(id)!.log)).not.toContain(refreshToken!);
  });

  it('asks userinfo with the access token and returns its claims', async () => {
    const { s, id } = await signedIn('openid profile');
    const claims = await s.userinfo(id);
    expect(claims.ok && claims.value).toMatchObject({ sub: 'alice', name: 'Alice Liddell' });
    expect(s.entry(id)!.log[0]).toMatchObject({ request: 'userinfo', clientAuthMethod: 'bearer', outcome: 'ok', status: 200 });
  });

  it('explains a refused call and changes nothing', async () => {
    const { s, id } = await signedIn();
    const wrong = s.entry(id)!;
    s.updateEntry({ ...wrong.config, clientSecret: 'not-it' });
    const revoked = await s.revoke(id);
    expect(!revoked.ok && revoked.error.message).toContain('invalid_client');
    expect(s.entry(id)!.state.phase).toBe('held');
    const noEndpoint = { ...s.entry(id)!.config, oauth: { ...s.entry(id)!.config.oauth!, introspectionEndpoint: '' } };
    s.updateEntry(noEndpoint);
    expect(await s.introspect(id)).toMatchObject({ ok: false, error: { kind: 'vault-endpoint-missing' } });
  });
});
