/**
 * The client registry of the sandbox authorization server and its demo user. Every
 * secret here is published on purpose (the sandbox page lists them, and the private key
 * of the `private_key_jwt` client too) so the workbench can play each kind of client.
 * Each client has exactly one token endpoint authentication method, as RFC 7591's
 * `token_endpoint_auth_method` registers it; another method is refused as `invalid_client`.
 */
import type { JWK } from 'jose';

/** How a client authenticates at the token, introspection and revocation endpoints. */
export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt';

/** Grant types the server supports. */
export const GRANT_TYPES = {
  authorizationCode: 'authorization_code',
  clientCredentials: 'client_credentials',
  refreshToken: 'refresh_token',
  password: 'password',
  deviceCode: 'urn:ietf:params:oauth:grant-type:device_code',
} as const;

export type GrantType = (typeof GRANT_TYPES)[keyof typeof GRANT_TYPES];

/** Every scope the server knows: OpenID Connect's and the sandbox API's. */
export const OAUTH_SCOPES = ['openid', 'profile', 'email', 'offline_access', 'orders:read', 'orders:write'] as const;

/** Scopes that only make sense with a user (never granted to client credentials). */
export const USER_SCOPES: readonly string[] = ['openid', 'profile', 'email', 'offline_access'];

/** A client registered with the sandbox authorization server. */
export interface OAuthClient {
  id: string;
  name: string;
  authMethod: ClientAuthMethod;
  secret?: string;
  /** The public key that verifies its client assertions (private_key_jwt). */
  publicJwk?: JWK;
  /**
   * Registered redirect URIs, compared exactly; a loopback one (`http://127.0.0.1/…`,
   * `http://localhost/…`, `http://[::1]/…`) matches any port (RFC 8252 §7.3).
   */
  redirectUris: readonly string[];
  grantTypes: readonly GrantType[];
  /** The algorithm of its ID tokens (`id_token_signed_response_alg`). */
  idTokenAlg: 'RS256' | 'ES256';
  /** What the client is for, shown in the docs. */
  note: string;
}

/** The published private key of `wb-jwt` (ES256, P-256). A demo: never publish a real one. */
export const WB_JWT_PRIVATE_JWK: JWK = {
  kty: 'EC',
  crv: 'P-256',
  kid: 'wb-jwt-1',
  alg: 'ES256',
  x: 'Z7HnTnq3nZY4mJRVWFEWeMMYV7P369YoARuGlmhCzc4',
  y: 'mrdXzEitfsuptUAM-NyjnDkXHdeJuYhSxlnm7bUmass',
  d: 'owVBBRUOA5PeJ_dB0AYvRdmFIezo1BKsEDOOAgjj4MA',
};

const { d: _private, ...wbJwtPublic } = WB_JWT_PRIVATE_JWK;

/** Loopback callbacks on any port, the Wirebench server's own among them. */
const LOOPBACK_CALLBACKS = ['http://127.0.0.1/oauth/callback', 'http://localhost/oauth/callback', 'http://[::1]/oauth/callback'];

const CODE_GRANTS: readonly GrantType[] = [GRANT_TYPES.authorizationCode, GRANT_TYPES.refreshToken, GRANT_TYPES.clientCredentials];

/** The registered clients. */
export const OAUTH_CLIENTS: readonly OAuthClient[] = [
  {
    id: 'wb-public',
    name: 'Wirebench Public App',
    authMethod: 'none',
    redirectUris: LOOPBACK_CALLBACKS,
    grantTypes: [GRANT_TYPES.authorizationCode, GRANT_TYPES.refreshToken],
    idTokenAlg: 'RS256',
    note: 'Public client (no secret): authorization code with PKCE S256 required.',
  },
  {
    // The id and secret carry ':', '+', '/', '%', '&', '=' and a space on purpose: RFC 6749
    // §2.3.1 form-encodes both before Basic's base64, and a client that skips it fails here.
    id: 'urn:wirebench:basic-client',
    name: 'Wirebench Confidential App (Basic)',
    authMethod: 'client_secret_basic',
    secret: 'b4sic:s3cret/+%&= ok',
    redirectUris: LOOPBACK_CALLBACKS,
    grantTypes: CODE_GRANTS,
    idTokenAlg: 'RS256',
    note: 'Confidential client, client_secret_basic; the id and secret need RFC 6749 §2.3.1 form-encoding before base64.',
  },
  {
    id: 'wb-post',
    name: 'Wirebench Confidential App (POST)',
    authMethod: 'client_secret_post',
    secret: 'post-secret-2c1f',
    redirectUris: LOOPBACK_CALLBACKS,
    grantTypes: CODE_GRANTS,
    idTokenAlg: 'RS256',
    note: 'Confidential client, client_secret_post (client_id and client_secret in the body).',
  },
  {
    id: 'wb-jwt',
    name: 'Wirebench Key-holding App (private_key_jwt)',
    authMethod: 'private_key_jwt',
    publicJwk: wbJwtPublic,
    redirectUris: LOOPBACK_CALLBACKS,
    grantTypes: CODE_GRANTS,
    idTokenAlg: 'ES256',
    note: 'Authenticates with an ES256 client assertion (RFC 7523) signed by the published private key; its ID tokens are ES256.',
  },
  {
    id: 'wb-device',
    name: 'Wirebench TV App (device)',
    authMethod: 'none',
    redirectUris: [],
    grantTypes: [GRANT_TYPES.deviceCode, GRANT_TYPES.refreshToken],
    idTokenAlg: 'RS256',
    note: 'Public client of the device authorization grant (RFC 8628).',
  },
  {
    id: 'wb-legacy',
    name: 'Wirebench Legacy App (password grant)',
    authMethod: 'client_secret_basic',
    secret: 'legacy-secret-9e4a',
    redirectUris: [],
    grantTypes: [GRANT_TYPES.password, GRANT_TYPES.refreshToken],
    idTokenAlg: 'RS256',
    note: 'Legacy: the only client allowed the resource owner password grant, which OAuth 2.0 Security BCP (RFC 9700 §2.4) removes.',
  },
];

/** Clients registered dynamically (RFC 7591, `registration.ts`), at most 500, oldest dropped. */
const dynamicClients = new Map<string, OAuthClient>();

/** Keeps a dynamically registered client. */
export function registerDynamicClient(client: OAuthClient): void {
  dynamicClients.set(client.id, client);
  if (dynamicClients.size > 500) dynamicClients.delete(dynamicClients.keys().next().value as string);
}

/** The client with `id`, if registered (statically or dynamically). */
export function oauthClient(id: string): OAuthClient | undefined {
  return OAUTH_CLIENTS.find((c) => c.id === id) ?? dynamicClients.get(id);
}

/** The demo user of the login page; its password is printed on the page. */
export const OAUTH_USER = {
  username: 'alice',
  password: 'wonderland-42',
  claims: {
    name: 'Alice Liddell',
    given_name: 'Alice',
    family_name: 'Liddell',
    preferred_username: 'alice',
    email: 'alice@example.com',
    email_verified: true,
  },
} as const;

/** Access tokens of the authorization server live this long. */
export const ACCESS_TOKEN_SECONDS = 300;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * True when `given` is one of the client's registered redirect URIs: an exact string
 * match, except that a loopback `http` URI may name any port (RFC 8252 §7.3).
 */
export function redirectUriRegistered(client: OAuthClient, given: string): boolean {
  if (client.redirectUris.includes(given)) return true;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname) || url.port === '') return false;
  // Compare the text with the port removed, so nothing else is normalised into a match.
  const withoutPort = given.replace(`${url.hostname}:${url.port}`, url.hostname);
  return withoutPort !== given && client.redirectUris.includes(withoutPort);
}
