import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { newVaultOAuthSettings, ok, type TokenEndpointAnswer, type VaultOAuthSettings, type WireRequest } from '../../../core';
import { OAUTH_CALLBACK_MESSAGE, type CallbackSources } from './oauthCallbackWaiter';
import { VaultGrantSteps } from './VaultGrantSteps';
import { createGrantRuns } from './vaultGrantRuns';
import { createVaultSession } from './vaultInstance';
import { memoryVaultStorage } from './vaultStorage';
import { manualTime } from './vaultTestDoubles';

const ORIGIN = 'http://127.0.0.1:4985';
const json = (status: number, body: unknown, type = 'application/json'): TokenEndpointAnswer => ({ status, headers: [{ name: 'Content-Type', value: type }], bodyText: typeof body === 'string' ? body : JSON.stringify(body) });

/** A token endpoint scripted per grant_type; every request is kept. */
function provider(answers: Partial<Record<string, TokenEndpointAnswer[]>>) {
  const requests: WireRequest[] = [];
  const transport = async (wire: WireRequest) => {
    requests.push(wire);
    const body = new URLSearchParams(String(wire.body?.[0] ?? ''));
    const key = wire.url.endsWith('/device') ? 'device' : (body.get('grant_type') ?? '');
    const queue = answers[key] ?? [];
    return ok(queue.length > 1 ? queue.shift()! : queue[0] ?? json(500, 'no script'));
  };
  return { transport, requests };
}

function setup(oauth: Partial<VaultOAuthSettings>, answers: Parameters<typeof provider>[0], redirect?: (url: string) => Record<string, string>) {
  const time = manualTime();
  const server = provider(answers);
  const storage = memoryVaultStorage();
  const session = createVaultSession({ storage, transport: server.transport, now: time.now, timers: time.timers, newId: () => 'e1' });
  session.createInMemory();
  const id = session.addEntry({ name: 'API', tokenUrl: 'https://id.example.com/token', clientId: 'app', clientSecret: 'client-secret-1', allowedHosts: ['api.example.com'], autoRefresh: false, oauth: { ...newVaultOAuthSettings(), authorizationEndpoint: 'https://id.example.com/authorize', deviceAuthorizationEndpoint: 'https://id.example.com/device', ...oauth } });
  const windowHandlers = new Set<(event: { origin: string; data: unknown }) => void>();
  const sources: CallbackSources = { origin: ORIGIN, listenWindow: (h) => (windowHandlers.add(h), () => windowHandlers.delete(h)), listenChannel: () => () => undefined, acknowledge: () => undefined };
  const opened: string[] = [];
  const runs = createGrantRuns({
    session,
    origin: ORIGIN,
    callbackSources: sources,
    sleep: async () => time.advance(5000),
    openWindow: (url) => {
      opened.push(url);
      if (redirect) queueMicrotask(() => windowHandlers.forEach((h) => h({ origin: ORIGIN, data: { type: OAUTH_CALLBACK_MESSAGE, params: redirect(url) } })));
      return 'popup';
    },
  });
  return { session, runs, id, server, opened, storage, time, view: () => runs.store.getState().runs[id]! };
}

/**
 * Until the run has opened the sign-in page (so it waits for the redirect). The run makes its
 * PKCE values with WebCrypto first, whose digest is done off the thread: one task later is not
 * always enough on a busy machine (the loaded fresh-clone run found it so).
 */
const signInOpened = (t: { opened: string[] }) => vi.waitFor(() => expect(t.opened).toHaveLength(1), { timeout: 10_000, interval: 5 });

const tokens = { access_token: 'at-secret-1', token_type: 'Bearer', expires_in: 300, refresh_token: 'rt-secret-1', scope: 'orders:read' };
const stateOf = (url: string) => new URL(url).searchParams.get('state')!;

describe('grant runs', () => {
  it('client credentials: the access token is stored with its expiry, and no secret enters the view', async () => {
    const t = setup({ grant: 'client_credentials', scope: 'orders:read' }, { client_credentials: [json(200, { access_token: 'at-cc', token_type: 'Bearer', expires_in: 120 })] });
    expect((await t.runs.start(t.id)).ok).toBe(true);
    const state = t.session.entry(t.id)!.state;
    expect(state).toMatchObject({ phase: 'held', access: { token: 'at-cc', expiresAt: state.access!.obtainedAt + 120_000, expirySource: 'expires_in' } });
    expect(state.refreshToken).toBeUndefined();
    expect(t.view().status).toBe('done');
    expect(JSON.stringify(t.view())).not.toMatch(/at-cc|client-secret-1/);
  });

  it('authorization code: the popup\'s answer is exchanged, parameters shown with state and nonce masked', async () => {
    const t2 = setup({ grant: 'authorization_code', clientAuthMethod: 'client_secret_post', scope: 'orders:read' }, { authorization_code: [json(200, tokens)] }, (url) => ({ code: 'the-code', state: stateOf(url) }));
    expect((await t2.runs.start(t2.id)).ok).toBe(true);
    expect(new URL(t2.opened[0]!).searchParams.get('redirect_uri')).toBe(`${ORIGIN}/oauth/callback`);
    expect(t2.session.entry(t2.id)!.state).toMatchObject({ phase: 'held', refreshToken: 'rt-secret-1', access: { token: 'at-secret-1' } });
    const params = t2.view().authorization!.parameters;
    expect(params.find((p) => p.name === 'state')!.value).toContain('••');
    expect(params.find((p) => p.name === 'code_challenge_method')).toMatchObject({ value: 'S256', explanation: expect.stringContaining('RFC 7636') });
    // The sign-in is over once its redirect came: it no longer says "waiting".
    expect(t2.view().steps.map((s) => `${s.step}:${s.outcome}`)).toEqual(['authorize:ok', 'callback:ok', 'token:ok']);
    const body = new URLSearchParams(String(t2.server.requests[0]!.body![0]));
    expect(body.get('code_verifier')).toBeTruthy();
    expect(JSON.stringify(t2.view())).not.toMatch(/the-code|at-secret-1|rt-secret-1|client-secret-1/);
  });

  it.each([
    ['a wrong state', () => ({ code: 'c', state: 'forged' }), 'not the one Wirebench sent'],
    ['denied consent', (url: string) => ({ error: 'access_denied', state: stateOf(url) }), 'access_denied: The person'],
  ])('%s is explained and stores nothing', async (_name, redirect, text) => {
    const t = setup({ grant: 'authorization_code', clientAuthMethod: 'none' }, { authorization_code: [json(200, tokens)] }, redirect);
    expect((await t.runs.start(t.id)).ok).toBe(false);
    expect(t.view()).toMatchObject({ status: 'failed', error: expect.stringContaining(text) });
    expect(t.session.entry(t.id)!.state.phase).toBe('empty');
    expect(t.server.requests).toHaveLength(0);
  });

  it('RFC 9207: the entry requires iss (the server advertised it) and the redirect has none: refused, nothing sent or stored', async () => {
    const oauth = { grant: 'authorization_code' as const, clientAuthMethod: 'none' as const, issuer: 'https://id.example.com', requireIssParameter: true };
    const t = setup(oauth, { authorization_code: [json(200, tokens)] }, (url) => ({ code: 'c', state: stateOf(url) }));
    expect((await t.runs.start(t.id)).ok).toBe(false);
    expect(t.view()).toMatchObject({ status: 'failed', error: expect.stringContaining('RFC 9207 §2.4') });
    expect(t.view().error).toContain('Nothing was stored');
    expect(t.server.requests).toHaveLength(0);
    expect(t.session.entry(t.id)!.state.phase).toBe('empty');
    expect(t.session.entry(t.id)!.log[0]).toMatchObject({ outcome: 'error', errorCode: 'oauth-issuer-missing' });
    // With the issuer's iss it goes through.
    const good = setup(oauth, { authorization_code: [json(200, tokens)] }, (url) => ({ code: 'c', state: stateOf(url), iss: 'https://id.example.com' }));
    expect((await good.runs.start(good.id)).ok).toBe(true);
  });

  it.each([
    ['invalid_client', json(401, { error: 'invalid_client' }), 'client_secret is wrong'],
    ['an HTML page', json(200, '<!doctype html><html><body>Sign in</body></html>', 'text/html'), 'with an HTML page, not JSON'],
  ])('a token endpoint answering %s is explained and stores nothing', async (_name, answer, text) => {
    const t = setup({ grant: 'client_credentials' }, { client_credentials: [answer] });
    await t.runs.start(t.id);
    expect(t.view()).toMatchObject({ status: 'failed', error: expect.stringContaining(text) });
    expect(t.session.entry(t.id)!.state.phase).toBe('empty');
  });

  it('device: the user code is shown with its expiry, slow_down is reported, the device code never enters the view', async () => {
    const device = json(200, { device_code: 'dc-secret', user_code: 'WDJB-MJHT', verification_uri: 'https://id.example.com/device', verification_uri_complete: 'https://id.example.com/device?user_code=WDJB-MJHT', expires_in: 600, interval: 5 });
    const t = setup({ grant: 'device_code', clientAuthMethod: 'none' }, { device: [device], 'urn:ietf:params:oauth:grant-type:device_code': [json(400, { error: 'authorization_pending' }), json(400, { error: 'slow_down' }), json(200, tokens)] });
    const started = t.session.deps.now();
    expect((await t.runs.start(t.id)).ok).toBe(true);
    expect(t.view().device).toMatchObject({ userCode: 'WDJB-MJHT', verificationUriComplete: 'https://id.example.com/device?user_code=WDJB-MJHT', expiresAt: started + 600_000 });
    expect(t.view().steps.map((s) => s.summary).join(' ')).toContain('polling every 10 s');
    // Finished: the device code was answered and each poll was, so none of them stays "waiting".
    expect(t.view().steps.map((s) => `${s.step}:${s.outcome}`)).toEqual(['device:ok', 'poll:ok', 'poll:ok', 'token:ok']);
    expect(t.session.entry(t.id)!.log[0]!.steps!.map((s) => s.outcome)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(JSON.stringify(t.view())).not.toContain('dc-secret');
    expect(t.session.entry(t.id)!.state.refreshToken).toBe('rt-secret-1');
  });

  it('"openid" asked and no ID token back: stored, with a warning in the steps, the result and the log', async () => {
    const t = setup({ grant: 'authorization_code', clientAuthMethod: 'none', scope: 'openid orders:read' }, { authorization_code: [json(200, tokens)] }, (url) => ({ code: 'c', state: stateOf(url) }));
    expect((await t.runs.start(t.id)).ok).toBe(true);
    expect(t.view().status).toBe('done');
    expect(t.view().warnings).toHaveLength(1);
    expect(t.view().warnings![0]).toContain('no ID token came back');
    expect(t.view().steps.map((s) => s.step)).toEqual(['authorize', 'callback', 'token', 'warning']);
    const logged = t.session.entry(t.id)!.log[0]!;
    expect(logged).toMatchObject({ outcome: 'ok', message: expect.stringContaining('no ID token came back') });
    expect(logged.steps!.at(-1)).toMatchObject({ step: 'warning' });
    const shown = renderToStaticMarkup(createElement(VaultGrantSteps, { steps: t.view().steps }));
    expect(shown).toContain('vault-grant-warning');
    expect(shown).not.toContain('waiting');
  });

  it('device: an expired code stops polling, explained, nothing stored', async () => {
    const device = json(200, { device_code: 'dc', user_code: 'ABCD', verification_uri: 'https://id.example.com/device', expires_in: 600 });
    const t = setup({ grant: 'device_code', clientAuthMethod: 'none' }, { device: [device], 'urn:ietf:params:oauth:grant-type:device_code': [json(400, { error: 'expired_token' })] });
    await t.runs.start(t.id);
    expect(t.view()).toMatchObject({ status: 'failed', error: expect.stringContaining('expired_token') });
    expect(t.view().steps.map((s) => `${s.step}:${s.outcome}`)).toEqual(['device:error', 'poll:error']);
    expect(t.session.entry(t.id)!.state.phase).toBe('empty');
  });

  it('cancel stops the wait for the sign-in; nothing is stored', async () => {
    const t = setup({ grant: 'authorization_code', clientAuthMethod: 'none' }, {});
    const run = t.runs.start(t.id);
    await signInOpened(t);
    expect(t.view().status).toBe('running');
    t.runs.cancel(t.id);
    await run;
    expect(t.view().status).toBe('cancelled');
    expect(t.view().steps.map((s) => `${s.step}:${s.outcome}`)).toEqual(['authorize:error', 'callback:error']);
    expect(t.session.entry(t.id)!.state.phase).toBe('empty');
  });

  it('a manual redirect: the pasted address finishes the sign-in', async () => {
    const t = setup({ grant: 'authorization_code', clientAuthMethod: 'none', manualRedirect: true, redirectUri: 'https://app.example.com/cb' }, { authorization_code: [json(200, tokens)] });
    const run = t.runs.start(t.id);
    await signInOpened(t);
    expect(new URL(t.opened[0]!).searchParams.get('redirect_uri')).toBe('https://app.example.com/cb');
    expect(t.view().authorization?.manual).toBe(true);
    t.runs.paste(t.id, `https://app.example.com/cb?code=c9&state=${stateOf(t.opened[0]!)}`);
    expect((await run).ok).toBe(true);
    expect(t.session.entry(t.id)!.state.phase).toBe('held');
  });

  it('a grant without the endpoint it needs is refused before anything is sent', async () => {
    const t = setup({ grant: 'device_code', deviceAuthorizationEndpoint: '' }, {});
    const started = await t.runs.start(t.id);
    expect(!started.ok && started.error.message).toContain('device authorization endpoint');
    expect(t.server.requests).toHaveLength(0);
  });

  it('a run\'s steps are kept in the exchange log and survive a reload of the sealed vault, with no secret in them', async () => {
    const t = setup({ grant: 'authorization_code', clientAuthMethod: 'client_secret_post', scope: 'orders:read' }, { authorization_code: [json(200, tokens)] }, (url) => ({ code: 'the-code-77', state: stateOf(url) }));
    expect((await t.runs.start(t.id)).ok).toBe(true);
    expect((await t.session.createSealed('open sesame, please')).ok).toBe(true);
    const verifier = new URLSearchParams(String(t.server.requests[0]!.body![0])).get('code_verifier')!;
    expect(verifier.length).toBeGreaterThan(40);

    const reloaded = createVaultSession({ storage: t.storage, transport: t.server.transport, now: t.time.now, timers: t.time.timers, newId: () => 'e2' });
    await reloaded.load();
    expect((await reloaded.unlock('open sesame, please')).ok).toBe(true);
    const log = reloaded.entry(t.id)!.log;
    expect(log[0]).toMatchObject({ trigger: 'get-tokens', request: 'authorization_code', clientAuthMethod: 'client_secret_post', outcome: 'ok', status: 200, expiresInSeconds: 300, scope: 'orders:read' });
    expect(log[0]!.steps!.map((s) => `${s.step}:${s.outcome}`)).toEqual(['authorize:ok', 'callback:ok', 'token:ok']);
    // The sign-in step keeps what was sent, random values masked.
    expect(log[0]!.steps![0]!.detail).toMatch(/^GET https:\/\/id\.example\.com\/authorize\n(.*\n)*client_id=app\n(.*\n)*state=•••/);
    const kept = JSON.stringify(log);
    for (const secret of ['client-secret-1', 'the-code-77', verifier, 'at-secret-1', 'rt-secret-1', stateOf(t.opened[0]!)]) expect(kept).not.toContain(secret);
    reloaded.dispose();
  });

  it('failed runs are logged too (password, device), without the password or the device code', async () => {
    const pw = setup({ grant: 'password', username: 'alice', password: 'pa55word-secret' }, { password: [json(400, { error: 'invalid_grant', error_description: 'bad password pa55word-secret' })] });
    await pw.runs.start(pw.id);
    const pwLog = pw.session.entry(pw.id)!.log;
    expect(pwLog[0]).toMatchObject({ trigger: 'get-tokens', request: 'password', outcome: 'error', errorCode: 'invalid_grant', status: 400 });
    expect(pwLog[0]!.steps!.map((s) => s.step)).toEqual(['warning', 'token']);
    expect(JSON.stringify(pwLog)).not.toMatch(/pa55word-secret|client-secret-1/);

    const device = json(200, { device_code: 'dc-secret-42', user_code: 'ABCD', verification_uri: 'https://id.example.com/device', expires_in: 600 });
    const dv = setup({ grant: 'device_code', clientAuthMethod: 'none' }, { device: [device], 'urn:ietf:params:oauth:grant-type:device_code': [json(400, { error: 'expired_token' })] });
    await dv.runs.start(dv.id);
    const dvLog = dv.session.entry(dv.id)!.log;
    expect(dvLog[0]).toMatchObject({ request: 'device_code', outcome: 'error', errorCode: 'expired_token' });
    expect(JSON.stringify(dvLog)).not.toContain('dc-secret-42');
    expect(dv.session.entry(dv.id)!.state.phase).toBe('empty');
  });

  it('a cancelled run is logged as cancelled', async () => {
    const t = setup({ grant: 'authorization_code', clientAuthMethod: 'none' }, {});
    const run = t.runs.start(t.id);
    await signInOpened(t);
    t.runs.cancel(t.id);
    await run;
    expect(t.session.entry(t.id)!.log[0]).toMatchObject({ trigger: 'get-tokens', outcome: 'error', errorCode: 'cancelled' });
  });
});
