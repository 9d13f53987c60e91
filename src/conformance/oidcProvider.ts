/**
 * panva's `oidc-provider` (OpenID Certified), started in-process on loopback for the OAuth
 * tests: the real authorization server Wirebench's grants are checked against (issue 16).
 * Clients: a confidential one with client_secret_basic and a secret full of characters that
 * RFC 6749 §2.3.1's form-encoding must protect, a client_secret_post one, a public PKCE
 * client, a device client and a private_key_jwt client. `browse` plays the person's browser
 * through the provider's development login and consent pages, cookies included.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export const REDIRECT_URI = 'http://127.0.0.1:4780/oauth/callback';
export const CONFIDENTIAL = { clientId: 'wb-confidential', clientSecret: 'p@ss:word+with %25 &= ok/' };
export const POST_CLIENT = { clientId: 'wb-post', clientSecret: 'post-secret-0123456789' };

export interface RunningProvider {
  issuer: string;
  provider: Provider;
  /** The private_key_jwt client's key (PKCS #8 PEM, ES256). */
  privateKeyPem: string;
  /** Plays the browser from the authorization URL to the redirect, signing in as `login`; `consent: false` aborts at the consent page. */
  browse(authorizationUrl: string, options?: { login?: string; consent?: boolean }): Promise<string>;
  /** Approves (or denies) a device user code as the person would on the verification page. */
  decideDeviceCode(userCode: string, approve: boolean, scope?: string): Promise<void>;
  close(): Promise<void>;
}

export interface OidcProviderOptions {
  /** More redirect URIs for the confidential and public clients, e.g. a Wirebench server's own /oauth/callback in the e2e tests. */
  redirectUris?: string[];
}

export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<RunningProvider> {
  const redirectUris = [REDIRECT_URI, ...(options.redirectUris ?? [])];
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'wb-jwt-1', alg: 'ES256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const none = { token_endpoint_auth_method: 'none' as const };
  const provider = new Provider(issuer, {
    clients: [
      { client_id: CONFIDENTIAL.clientId, client_secret: CONFIDENTIAL.clientSecret, grant_types: ['authorization_code', 'refresh_token', 'client_credentials'], redirect_uris: redirectUris, token_endpoint_auth_method: 'client_secret_basic' },
      { client_id: POST_CLIENT.clientId, client_secret: POST_CLIENT.clientSecret, grant_types: ['client_credentials'], response_types: [], redirect_uris: [], token_endpoint_auth_method: 'client_secret_post' },
      { client_id: 'wb-public', grant_types: ['authorization_code', 'refresh_token'], redirect_uris: redirectUris, application_type: 'native', ...none },
      { client_id: 'wb-device', grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'], response_types: [], redirect_uris: [], ...none },
      { client_id: 'wb-jwt', grant_types: ['client_credentials'], response_types: [], redirect_uris: [], token_endpoint_auth_method: 'private_key_jwt', token_endpoint_auth_signing_alg: 'ES256', jwks: { keys: [publicJwk] } },
    ],
    scopes: ['openid', 'offline_access', 'api:read'],
    features: {
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      deviceFlow: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true },
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    pkce: { required: () => false },
    ttl: { AccessToken: 300, AuthorizationCode: 60, DeviceCode: 120, IdToken: 300, RefreshToken: 3600, ClientCredentials: 300, Interaction: 300, Session: 3600, Grant: 3600 },
  });
  // Quiet the provider's development warnings and server errors in the test output.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());

  async function browse(authorizationUrl: string, options: { login?: string; consent?: boolean } = {}): Promise<string> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    let method = 'GET';
    let body: string | undefined;
    for (let hop = 0; hop < 12; hop++) {
      if (url.startsWith(REDIRECT_URI)) return url;
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(body ? { body } : {}),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url).href;
        method = 'GET';
        body = undefined;
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`The provider's page at ${url} has no form (status ${res.status}): ${html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 400)}`);
      url = new URL(action.replaceAll('&amp;', '&'), url).href;
      method = 'POST';
      if (html.includes('name="login"')) body = new URLSearchParams({ prompt: 'login', login: options.login ?? 'alice', password: 'any' }).toString();
      else if (options.consent === false) url = url.replace(/\/?$/, '/abort').replace(/\/abort$/, '/abort');
      else body = 'prompt=consent';
      if (options.consent === false && !html.includes('name="login"')) {
        method = 'GET';
        body = undefined;
      }
    }
    throw new Error('Too many hops before the redirect URI.');
  }

  async function decideDeviceCode(userCode: string, approve: boolean, scope = 'openid offline_access'): Promise<void> {
    const code = (await provider.DeviceCode.findByUserCode(userCode)) ?? (await provider.DeviceCode.findByUserCode(userCode.replace(/-/g, '')));
    if (!code) throw new Error(`No device code for the user code ${userCode}.`);
    if (approve) {
      const grant = new provider.Grant({ accountId: 'alice', clientId: code.clientId });
      grant.addOIDCScope(scope);
      code.grantId = await grant.save();
      code.accountId = 'alice';
      code.authTime = Math.floor(Date.now() / 1000);
      code.scope = scope;
    } else {
      code.error = 'access_denied';
      code.errorDescription = 'End-User aborted interaction';
    }
    await code.save();
  }

  return {
    issuer,
    provider,
    privateKeyPem: await exportPKCS8(privateKey),
    browse,
    decideDeviceCode,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
