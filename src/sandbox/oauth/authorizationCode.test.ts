import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setSandboxClock } from '../clock';
import { pkcePair } from './oauthTestClient';
import { useOAuthSandbox } from '../../testing/oauthSandbox';

const t = useOAuthSandbox({ realClock: true });

describe('authorization code with PKCE, end to end', () => {
  it('authorize → login page → consent page → redirect with code, state and iss → tokens', async () => {
    const { verifier, challenge } = pkcePair();
    const login = await t.as.authorize({ response_type: 'code', client_id: 'wb-public', redirect_uri: t.as.callback, scope: 'openid orders:read', state: 'xyz', code_challenge: challenge, code_challenge_method: 'S256' });
    expect(login.status).toBe(200);
    const loginHtml = await login.text();
    expect(loginHtml).toContain('Wirebench Public App');
    expect(loginHtml).toMatch(/alice.*wonderland-42/s);
    expect(login.headers.get('content-security-policy')).toContain("default-src 'none'");
    const consent = await t.as.signIn(loginHtml);
    const consentHtml = await consent.text();
    expect(consentHtml).toContain('wb-public');
    expect(consentHtml).toContain('<code>orders:read</code>');
    expect(consentHtml).toMatch(/value="approve">Approve<.*value="deny">Deny</s);
    const done = await t.as.decide(consentHtml, 'approve');
    expect(done.status).toBe(303);
    const redirect = new URL(done.headers.get('location')!);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(t.as.callback);
    expect(redirect.searchParams.get('state')).toBe('xyz');
    expect(redirect.searchParams.get('iss')).toBe(t.as.issuer);
    const tokens = await t.as.exchangePublic(redirect.searchParams.get('code')!, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    expect(tokens.json).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'openid orders:read' });
    expect(tokens.json.refresh_token).toMatch(/^rt_/);
    expect(tokens.json.id_token.split('.')).toHaveLength(3);
    // The access token works at the sandbox API.
    const api = await t.sb.call('/sandbox/api/bearer', { headers: { Authorization: `Bearer ${tokens.json.access_token}` } });
    expect(api.status).toBe(200);
  });

  it('checks S256 with the RFC 7636 Appendix B vector', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
    const redirect = await t.as.authorizeThrough({ response_type: 'code', client_id: 'wb-public', redirect_uri: t.as.callback, code_challenge: challenge, code_challenge_method: 'S256' });
    const tokens = await t.as.exchangePublic(redirect.searchParams.get('code')!, verifier);
    expect(tokens.status).toBe(200);
  });

  it('refuses a wrong code_verifier, a missing one, and a public client without PKCE', async () => {
    const { code } = await t.as.publicCode();
    const wrong = await t.as.exchangePublic(code, pkcePair().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('invalid_grant');
    expect(wrong.json.error_description).toContain('code_verifier does not match');
    const missing = await t.as.token({ grant_type: 'authorization_code', code, redirect_uri: t.as.callback, client_id: 'wb-public' });
    expect(missing.json).toMatchObject({ error: 'invalid_grant' });
    expect(missing.json.error_description).toContain('code_verifier is missing');
    const noPkce = await t.as.authorize({ response_type: 'code', client_id: 'wb-public', redirect_uri: t.as.callback, state: 's' });
    const error = new URL(noPkce.headers.get('location')!);
    expect(error.searchParams.get('error')).toBe('invalid_request');
    expect(error.searchParams.get('error_description')).toContain('code_challenge is required');
    expect(error.searchParams.get('state')).toBe('s');
    const plain = await t.as.authorize({ response_type: 'code', client_id: 'wb-public', redirect_uri: t.as.callback, code_challenge: pkcePair().challenge, code_challenge_method: 'plain' });
    expect(new URL(plain.headers.get('location')!).searchParams.get('error_description')).toContain('must be "S256"');
  });

  it('a code is single use: the second use fails and revokes what the first gave', async () => {
    const { code, verifier } = await t.as.publicCode();
    const first = await t.as.exchangePublic(code, verifier);
    expect(first.status).toBe(200);
    const second = await t.as.exchangePublic(code, verifier);
    expect(second.status).toBe(400);
    expect(second.json.error).toBe('invalid_grant');
    expect(second.json.error_description).toContain('already used');
    const refresh = await t.as.token({ grant_type: 'refresh_token', refresh_token: first.json.refresh_token, client_id: 'wb-public' });
    expect(refresh.json.error).toBe('invalid_grant');
    const api = await t.sb.call('/sandbox/api/bearer', { headers: { Authorization: `Bearer ${first.json.access_token}` } });
    expect(api.status).toBe(401);
    const seen = await t.as.post('/introspect', { token: first.json.access_token, client_id: 'wb-post', client_secret: 'post-secret-2c1f' });
    expect(seen.json).toEqual({ active: false });
  });

  it('a code lives 60 s (sandbox clock)', async () => {
    const start = Date.now();
    setSandboxClock(() => start);
    const { code, verifier } = await t.as.publicCode();
    setSandboxClock(() => start + 61_000);
    const late = await t.as.exchangePublic(code, verifier);
    expect(late.json).toMatchObject({ error: 'invalid_grant' });
    expect(late.json.error_description).toContain('expired');
  });

  it('requires the same redirect_uri at the token endpoint', async () => {
    const { code, verifier } = await t.as.publicCode();
    const other = await t.as.token({ grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1:9999/oauth/callback', client_id: 'wb-public', code_verifier: verifier });
    expect(other.json.error).toBe('invalid_grant');
    expect(other.json.error_description).toContain('differs');
  });

  it('accepts the spec’s JSON body (§4.1) beside the form', async () => {
    const { code, verifier } = await t.as.publicCode();
    const tokens = await t.as.token({ grant_type: 'authorization_code', code, redirect_uri: t.as.callback, client_id: 'wb-public', code_verifier: verifier }, { json: true });
    expect(tokens.status).toBe(200);
  });
});

describe('the front channel refuses safely', () => {
  it('shows a redirect URI that is not registered on the page and never redirects to it', async () => {
    for (const uri of ['https://evil.example/oauth/callback', 'http://127.0.0.1:5173/oauth/callback/', 'http://127.0.0.1:5173/oauth/other']) {
      const page = await t.as.authorize({ response_type: 'code', client_id: 'wb-public', redirect_uri: uri, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
      expect(page.status, uri).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(await page.text()).toContain('does not exactly match');
    }
  });

  it('matches loopback redirect URIs on any port (RFC 8252 §7.3), localhost included', async () => {
    for (const uri of ['http://127.0.0.1:49152/oauth/callback', 'http://localhost:4780/oauth/callback', 'http://[::1]:8080/oauth/callback']) {
      const page = await t.as.authorize({ response_type: 'code', client_id: 'wb-public', redirect_uri: uri, code_challenge: pkcePair().challenge, code_challenge_method: 'S256' });
      expect(page.status, uri).toBe(200);
    }
  });

  it('shows an unknown client on the page', async () => {
    const page = await t.as.authorize({ response_type: 'code', client_id: 'nobody', redirect_uri: t.as.callback });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('&quot;nobody&quot; is not registered');
  });

  it('redirects a denied consent with access_denied, state and iss', async () => {
    const redirect = await t.as.authorizeThrough(
      { response_type: 'code', client_id: 'wb-public', redirect_uri: t.as.callback, state: 'keep-me', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' },
      'deny',
    );
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('keep-me');
    expect(redirect.searchParams.get('iss')).toBe(t.as.issuer);
    expect(redirect.searchParams.has('code')).toBe(false);
  });

  it('redirects an unsupported response_type and an unknown scope with their errors', async () => {
    const token = await t.as.authorize({ response_type: 'token', client_id: 'wb-post', redirect_uri: t.as.callback });
    expect(new URL(token.headers.get('location')!).searchParams.get('error')).toBe('unsupported_response_type');
    const scope = await t.as.authorize({ response_type: 'code', client_id: 'wb-post', redirect_uri: t.as.callback, scope: 'openid admin' });
    const url = new URL(scope.headers.get('location')!);
    expect(url.searchParams.get('error')).toBe('invalid_scope');
    expect(url.searchParams.get('error_description')).toContain('admin');
  });

  it('keeps the login page on a wrong password', async () => {
    const login = await t.as.authorize({ response_type: 'code', client_id: 'wb-post', redirect_uri: t.as.callback });
    const again = await t.as.signIn(await login.text(), 'guess');
    expect(again.status).toBe(401);
    expect(await again.text()).toContain('The password is wrong.');
  });
});
