import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { decodeBase64, utf8Decode } from '../encoding/base64';
import { buildAuthorizationUrl, readAuthorizationCallback } from './authorizationRequest';
import { JWT_BEARER_ASSERTION_TYPE, authenticateClient, clientSecretBasic } from './clientAuth';
import { discoveryCandidates, readDiscoveryDocument, supportedByServer } from './discovery';
import { buildDeviceAuthorizationRequest, buildGrantTokenRequest, buildRevocationRequest } from './grantRequests';
import { choosePkceMethod, codeChallenge, codeVerifierProblem, newCodeVerifier } from './pkce';

const form = (body: unknown) => new URLSearchParams(String(body));

describe('PKCE (RFC 7636)', () => {
  it('derives the S256 challenge of Appendix B', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'S256')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'plain')).toBe('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
  });
  it('makes verifiers of 43 unreserved characters and says why others are not', () => {
    const verifier = newCodeVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCodeVerifier()).not.toBe(verifier);
    expect(codeVerifierProblem(verifier)).toBeUndefined();
    expect(codeVerifierProblem('short')).toContain('this one has 5');
    expect(codeVerifierProblem(`${'a'.repeat(43)}+`)).toContain('"+" is not allowed');
  });
  it('uses S256 unless only plain is offered, and warns then', () => {
    expect(choosePkceMethod(undefined)).toEqual({ method: 'S256' });
    expect(choosePkceMethod(['plain', 'S256'])).toEqual({ method: 'S256' });
    const plain = choosePkceMethod(['plain']);
    expect(plain.method).toBe('plain');
    expect(plain.warning).toContain('RFC 7636 §7.2');
  });
});

describe('client authentication', () => {
  it('form-encodes id and secret before Basic (RFC 6749 §2.3.1)', () => {
    const header = clientSecretBasic('my client:1', 'p@ss%w+rd é');
    const decoded = utf8Decode((decodeBase64(header.replace('Basic ', '')) as { value: Uint8Array }).value);
    expect(decoded).toBe('my+client%3A1:p%40ss%25w%2Brd+%C3%A9');
  });
  it('puts credentials where each method says', async () => {
    const post = await authenticateClient({ clientId: 'c', clientSecret: 's', authMethod: 'client_secret_post' }, 'https://as/token');
    expect(post.ok && post.value.fields).toEqual([{ name: 'client_id', value: 'c' }, { name: 'client_secret', value: 's' }]);
    const none = await authenticateClient({ clientId: 'c', authMethod: 'none' }, 'https://as/token');
    expect(none.ok && none.value).toEqual({ headers: [], fields: [{ name: 'client_id', value: 'c' }] });
    const missing = await authenticateClient({ clientId: 'c', authMethod: 'client_secret_basic' }, 'https://as/token');
    expect(!missing.ok && missing.error.field).toBe('clientSecret');
  });
  it('signs a private_key_jwt assertion for the endpoint (RFC 7523)', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const auth = await authenticateClient({ clientId: 'svc', authMethod: 'private_key_jwt', privateKey: pem, signingAlg: 'ES256', keyId: 'k1' }, 'https://as/token');
    expect(auth.ok).toBe(true);
    const fields = auth.ok ? auth.value.fields : [];
    expect(fields.find((f) => f.name === 'client_assertion_type')?.value).toBe(JWT_BEARER_ASSERTION_TYPE);
    const assertion = fields.find((f) => f.name === 'client_assertion')!.value;
    const { payload, protectedHeader } = await jwtVerify(assertion, publicKey, { issuer: 'svc', audience: 'https://as/token', subject: 'svc' });
    expect(protectedHeader.kid).toBe('k1');
    expect(payload.jti).toBeTruthy();
    expect(Number(payload.exp) - Number(payload.iat)).toBe(120);
    const publicJwk = await exportJWK(publicKey);
    const refused = await authenticateClient({ clientId: 'svc', authMethod: 'private_key_jwt', privateKey: JSON.stringify(publicJwk), signingAlg: 'ES256' }, 'https://as/token');
    expect(!refused.ok && refused.error.message).toContain('public key');
    const pkcs1 = await authenticateClient({ clientId: 'svc', authMethod: 'private_key_jwt', privateKey: '-----BEGIN RSA PRIVATE KEY-----\nx\n-----END RSA PRIVATE KEY-----' }, 'https://as/token');
    expect(!pkcs1.ok && pkcs1.error.message).toContain('PKCS #8');
  });
});

describe('authorization request and callback', () => {
  const input = { authorizationEndpoint: 'https://as.example/authorize?tenant=t1', clientId: 'app', redirectUri: 'http://127.0.0.1:4780/oauth/callback', scope: ' openid  profile ', state: 'st4te', codeChallenge: 'ch', nonce: 'n0nce', resources: ['https://api.example/'] };
  it('builds the URL with each parameter explained, after the endpoint\'s own query', () => {
    const built = buildAuthorizationUrl(input);
    if (!built.ok) throw new Error(built.error.message);
    const url = new URL(built.value.url);
    expect([...url.searchParams.keys()]).toEqual(['tenant', 'response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'nonce', 'resource']);
    expect(url.searchParams.get('scope')).toBe('openid profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(built.value.parameters.find((p) => p.name === 'state')?.explanation).toContain('RFC 6749 §10.12');
    const clash = buildAuthorizationUrl({ ...input, extra: [{ name: 'state', value: 'x' }] });
    expect(!clash.ok && clash.error.field).toBe('extra');
  });
  it('returns the code only when the state matches', () => {
    expect(readAuthorizationCallback('http://127.0.0.1:4780/oauth/callback?code=abc&state=st4te', { state: 'st4te' })).toEqual({ ok: true, value: { code: 'abc' } });
    const wrong = readAuthorizationCallback('http://127.0.0.1/cb?code=abc&state=other', { state: 'st4te' });
    expect(!wrong.ok && wrong.error.kind).toBe('oauth-state-mismatch');
    const none = readAuthorizationCallback('?code=abc', { state: 'st4te' });
    expect(!none.ok && none.error.kind).toBe('oauth-state-missing');
  });
  it('explains provider errors and refuses a mixed-up issuer', () => {
    const denied = readAuthorizationCallback('http://127.0.0.1/cb?error=access_denied&error_description=User+said+no&state=s', { state: 's' });
    expect(!denied.ok && denied.error.message).toMatch(/access_denied: The person .* declined.*"User said no"/);
    const mixed = readAuthorizationCallback('http://127.0.0.1/cb?code=c&state=s&iss=https%3A%2F%2Fevil', { state: 's', issuer: 'https://as.example' });
    expect(!mixed.ok && mixed.error.kind).toBe('oauth-issuer-mismatch');
    expect(readAuthorizationCallback('http://127.0.0.1/cb#code=c&state=s', { state: 's' }).ok).toBe(true);
  });
  it('RFC 9207 §2.4: refuses a redirect without iss when the server advertised it, accepts it when it did not', () => {
    const expected = { state: 's', issuer: 'https://as.example' };
    const missing = readAuthorizationCallback('http://127.0.0.1/cb?code=c&state=s', { ...expected, requireIss: true });
    expect(missing).toMatchObject({ ok: false, error: { kind: 'oauth-issuer-missing', field: 'iss' } });
    expect(!missing.ok && missing.error.message).toContain('RFC 9207 §2.4');
    // An error response needs its iss as well: without it, it is not known to come from this server.
    expect(readAuthorizationCallback('http://127.0.0.1/cb?error=access_denied&state=s', { ...expected, requireIss: true })).toMatchObject({ ok: false, error: { kind: 'oauth-issuer-missing' } });
    expect(readAuthorizationCallback('http://127.0.0.1/cb?code=c&state=s&iss=https%3A%2F%2Fas.example', { ...expected, requireIss: true })).toEqual({ ok: true, value: { code: 'c', issuer: 'https://as.example' } });
    // Not advertised: iss optional, refused only when it names another issuer.
    expect(readAuthorizationCallback('http://127.0.0.1/cb?code=c&state=s', expected)).toEqual({ ok: true, value: { code: 'c' } });
    expect(readAuthorizationCallback('http://127.0.0.1/cb?code=c&state=s&iss=https%3A%2F%2Fas.example', expected).ok).toBe(true);
    expect(readAuthorizationCallback('http://127.0.0.1/cb?code=c&state=s&iss=https%3A%2F%2Fas.example%2F', expected)).toMatchObject({ ok: false, error: { kind: 'oauth-issuer-mismatch' } });
  });
});

describe('discovery', () => {
  it('derives both well-known URLs, RFC 8414 inserting before the path', () => {
    const found = discoveryCandidates('https://as.example/tenants/a/');
    expect(found.ok && found.value.candidates.map((c) => c.url)).toEqual([
      'https://as.example/tenants/a/.well-known/openid-configuration',
      'https://as.example/.well-known/oauth-authorization-server/tenants/a',
    ]);
    expect(discoveryCandidates('http://as.example').ok).toBe(false);
    expect(discoveryCandidates('http://127.0.0.1:4780/sandbox/oauth').ok).toBe(true);
    expect(discoveryCandidates('https://as.example/?x=1').ok).toBe(false);
  });
  it('refuses a document whose issuer differs, even by a trailing slash', () => {
    const doc = { issuer: 'https://as.example/', token_endpoint: 'https://as.example/token', response_types_supported: ['code'] };
    const refused = readDiscoveryDocument(doc, 'https://as.example', 'openid-configuration');
    expect(!refused.ok && refused.error.message).toContain('only in a trailing slash');
    expect(readDiscoveryDocument({ ...doc, issuer: 'https://evil.example' }, 'https://as.example', 'openid-configuration').ok).toBe(false);
    expect(readDiscoveryDocument({ ...doc, token_endpoint: 'http://as.example/token' }, 'https://as.example/', 'openid-configuration').ok).toBe(false);
  });
  it('applies RFC 8414 defaults and greys out what the server lacks', () => {
    const read = readDiscoveryDocument({ issuer: 'https://as.example', authorization_endpoint: 'https://as.example/a', token_endpoint: 'https://as.example/t', response_types_supported: ['code'] }, 'https://as.example', 'oauth-authorization-server');
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.grantTypesSupported).toEqual(['authorization_code', 'implicit']);
    const support = supportedByServer(read.value);
    expect(support.grants).toMatchObject({ authorization_code: true, client_credentials: false, device_code: false });
    expect(support.clientAuth).toMatchObject({ client_secret_basic: true, client_secret_post: false });
    expect(read.value.notes.join(' ')).toContain('code_challenge_methods_supported');
    expect(read.value.authorizationResponseIssParameterSupported).toBe(false);
  });
  it('keeps authorization_response_iss_parameter_supported (RFC 9207 §3), true only when it is true', () => {
    const doc = { issuer: 'https://as.example', token_endpoint: 'https://as.example/t', response_types_supported: ['code'] };
    const read = (value: unknown) => {
      const meta = readDiscoveryDocument({ ...doc, authorization_response_iss_parameter_supported: value }, 'https://as.example', 'openid-configuration');
      return meta.ok && meta.value.authorizationResponseIssParameterSupported;
    };
    expect(read(true)).toBe(true);
    expect(read(false)).toBe(false);
    expect(read('true')).toBe(false);
  });
});

describe('grant requests', () => {
  const client = { clientId: 'app', clientSecret: 'sec', authMethod: 'client_secret_basic' as const };
  it('sends the code with the verifier and no scope', async () => {
    const built = await buildGrantTokenRequest('https://as/token', client, { kind: 'authorization_code', code: 'c0de', redirectUri: 'http://127.0.0.1/cb', codeVerifier: 'v' }, { scope: 'openid' });
    if (!built.ok) throw new Error(built.error.message);
    expect([...form(built.value.body![0]).entries()]).toEqual([['grant_type', 'authorization_code'], ['code', 'c0de'], ['redirect_uri', 'http://127.0.0.1/cb'], ['code_verifier', 'v']]);
    expect(built.value.headers.find((h) => h.name === 'Authorization')?.value).toBe(clientSecretBasic('app', 'sec'));
  });
  it('sends client credentials and refresh with scope, resource and audience', async () => {
    const cc = await buildGrantTokenRequest('https://as/token', { ...client, authMethod: 'client_secret_post' }, { kind: 'client_credentials' }, { scope: 'read write', resources: ['https://api/'], audience: 'api' });
    expect(cc.ok && [...form(cc.value.body![0]).entries()]).toEqual([['grant_type', 'client_credentials'], ['scope', 'read write'], ['resource', 'https://api/'], ['audience', 'api'], ['client_id', 'app'], ['client_secret', 'sec']]);
    const device = await buildGrantTokenRequest('https://as/token', { clientId: 'tv', authMethod: 'none' }, { kind: 'device_code', deviceCode: 'dc' });
    expect(device.ok && form(device.value.body![0]).get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:device_code');
    const refresh = await buildGrantTokenRequest('https://as/token', client, { kind: 'refresh_token', refreshToken: 'rt' }, { scope: 'read' });
    expect(refresh.ok && form(refresh.value.body![0]).get('scope')).toBe('read');
    const clash = await buildGrantTokenRequest('https://as/token', client, { kind: 'client_credentials' }, { extra: [{ name: 'client_secret', value: 'x' }] });
    expect(!clash.ok && clash.error.kind).toBe('oauth-extra-reserved');
    const empty = await buildGrantTokenRequest('https://as/token', client, { kind: 'refresh_token', refreshToken: '' });
    expect(!empty.ok && empty.error.field).toBe('refreshToken');
  });
  it('RFC 8628 §3.4: the device code token request carries no scope (it belongs to the device authorization request)', async () => {
    const tv = { clientId: 'tv', authMethod: 'none' as const };
    const options = { scope: 'openid offline_access', resources: ['https://api/'] };
    const token = await buildGrantTokenRequest('https://as/token', tv, { kind: 'device_code', deviceCode: 'dc' }, options);
    expect(token.ok && [...form(token.value.body![0]).entries()]).toEqual([['grant_type', 'urn:ietf:params:oauth:grant-type:device_code'], ['device_code', 'dc'], ['resource', 'https://api/'], ['client_id', 'tv']]);
    const authorization = await buildDeviceAuthorizationRequest('https://as/device', tv, options);
    expect(authorization.ok && form(authorization.value.body![0]).get('scope')).toBe('openid offline_access');
  });
  it('revokes with a token type hint', async () => {
    const built = await buildRevocationRequest('https://as/revoke', client, 'rt', 'refresh_token');
    expect(built.ok && built.value.body![0]).toBe('token=rt&token_type_hint=refresh_token');
  });
});
