/**
 * Authorization server discovery: OpenID Connect Discovery 1.0 and RFC 8414 metadata.
 * The document is trusted only when its `issuer` is exactly the issuer it was fetched
 * for (RFC 8414 §3.3, OIDC Discovery §4.3): otherwise an attacker who controls one
 * document could point a client at another server's endpoints.
 */
import { fail, ok, type Result } from '../types';
import type { ClientAuthMethod } from './clientAuth';

export interface AuthorizationServerMetadata {
  issuer: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  deviceAuthorizationEndpoint?: string;
  revocationEndpoint?: string;
  introspectionEndpoint?: string;
  userinfoEndpoint?: string;
  jwksUri?: string;
  scopesSupported?: string[];
  responseTypesSupported: string[];
  /** RFC 8414 §2's default when absent: authorization_code and implicit. */
  grantTypesSupported: string[];
  /** Absent means the server does not say it supports PKCE. */
  codeChallengeMethodsSupported?: string[];
  /** RFC 8414 §2's default when absent: client_secret_basic. */
  tokenEndpointAuthMethodsSupported: string[];
  idTokenSigningAlgValuesSupported?: string[];
  /**
   * RFC 9207 §3: the server puts `iss` in every authorization response, so a response
   * without it must be refused (§2.4). Absent or anything but `true` means false.
   */
  authorizationResponseIssParameterSupported: boolean;
  /** Where the document came from: OIDC's or RFC 8414's well-known path. */
  source: 'openid-configuration' | 'oauth-authorization-server';
  /** Things worth knowing that do not stop discovery (http endpoints on loopback, and so on). */
  notes: string[];
}

export interface IssuerCheck {
  issuer: string;
  /** The two well-known URLs to try, OpenID Connect's first. */
  candidates: { url: string; source: AuthorizationServerMetadata['source'] }[];
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * The issuer as typed, checked (an https URL without query or fragment; http only on
 * loopback), with the discovery URLs to fetch: `{issuer}/.well-known/openid-configuration`
 * and RFC 8414 §3.1's `/.well-known/oauth-authorization-server` inserted before the path.
 */
export function discoveryCandidates(issuerText: string): Result<IssuerCheck> {
  const text = issuerText.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail({ kind: 'oauth-issuer-url', field: 'issuer', message: `"${text}" is not an absolute URL; enter the issuer, e.g. https://accounts.example.com.` });
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    return fail({ kind: 'oauth-issuer-url', field: 'issuer', message: 'An issuer is an https URL (RFC 8414 §2); plain http is accepted only on loopback.' });
  }
  if (url.search || url.hash || text.includes('#')) {
    return fail({ kind: 'oauth-issuer-url', field: 'issuer', message: 'An issuer URL has no query or fragment (RFC 8414 §2).' });
  }
  const path = url.pathname.replace(/\/+$/, '');
  const origin = url.origin;
  return ok({
    issuer: text,
    candidates: [
      { url: `${origin}${path}/.well-known/openid-configuration`, source: 'openid-configuration' },
      { url: `${origin}/.well-known/oauth-authorization-server${path}`, source: 'oauth-authorization-server' },
    ],
  });
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

const ENDPOINTS = [
  ['authorization_endpoint', 'authorizationEndpoint'],
  ['token_endpoint', 'tokenEndpoint'],
  ['device_authorization_endpoint', 'deviceAuthorizationEndpoint'],
  ['revocation_endpoint', 'revocationEndpoint'],
  ['introspection_endpoint', 'introspectionEndpoint'],
  ['userinfo_endpoint', 'userinfoEndpoint'],
  ['jwks_uri', 'jwksUri'],
] as const;

/**
 * Reads a discovery document fetched from `candidate` for `expectedIssuer`. Refused when it
 * is not a JSON object, when its `issuer` differs from the issuer asked for (by a single
 * character: trailing slashes count), or when an endpoint is not an absolute https URL.
 */
export function readDiscoveryDocument(
  json: unknown,
  expectedIssuer: string,
  source: AuthorizationServerMetadata['source'],
): Result<AuthorizationServerMetadata> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return fail({ kind: 'oauth-discovery-shape', field: 'document', message: 'The discovery document is not a JSON object.' });
  }
  const doc = json as Record<string, unknown>;
  if (typeof doc.issuer !== 'string') {
    return fail({ kind: 'oauth-discovery-issuer', field: 'issuer', message: 'The discovery document has no "issuer"; it cannot be checked and was not used.' });
  }
  if (doc.issuer !== expectedIssuer) {
    return fail({
      kind: 'oauth-discovery-issuer',
      field: 'issuer',
      message: `The document says its issuer is "${doc.issuer}", but it was fetched for "${expectedIssuer}". They must be identical (RFC 8414 §3.3, OpenID Connect Discovery §4.3), or one server could send a client to another's endpoints; it was not used.${
        doc.issuer.replace(/\/$/, '') === expectedIssuer.replace(/\/$/, '') ? ' They differ only in a trailing slash: enter the issuer exactly as the document writes it.' : ''
      }`,
    });
  }
  const notes: string[] = [];
  const meta: AuthorizationServerMetadata = {
    issuer: doc.issuer,
    responseTypesSupported: stringList(doc.response_types_supported) ?? [],
    grantTypesSupported: stringList(doc.grant_types_supported) ?? ['authorization_code', 'implicit'],
    tokenEndpointAuthMethodsSupported: stringList(doc.token_endpoint_auth_methods_supported) ?? ['client_secret_basic'],
    authorizationResponseIssParameterSupported: doc.authorization_response_iss_parameter_supported === true,
    source,
    notes,
  };
  for (const [field, key] of ENDPOINTS) {
    const value = doc[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') return fail({ kind: 'oauth-discovery-endpoint', field, message: `"${field}" is not a URL string.` });
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return fail({ kind: 'oauth-discovery-endpoint', field, message: `"${field}" is not an absolute URL: "${value}".` });
    }
    if (url.protocol === 'http:' && isLoopback(url.hostname)) notes.push(`${field} is plain http on loopback; fine for a local server only.`);
    else if (url.protocol !== 'https:') return fail({ kind: 'oauth-discovery-endpoint', field, message: `"${field}" must be https (RFC 8414 §2): "${value}".` });
    meta[key] = value;
  }
  const scopes = stringList(doc.scopes_supported);
  if (scopes) meta.scopesSupported = scopes;
  const pkce = stringList(doc.code_challenge_methods_supported);
  if (pkce) meta.codeChallengeMethodsSupported = pkce;
  else notes.push('The server does not list code_challenge_methods_supported; PKCE S256 is sent anyway and ignored if unsupported.');
  const algs = stringList(doc.id_token_signing_alg_values_supported);
  if (algs) meta.idTokenSigningAlgValuesSupported = algs;
  if (!meta.tokenEndpoint) notes.push('The document names no token endpoint; only the front channel can be used.');
  return ok(meta);
}

export type GrantKind = 'authorization_code' | 'client_credentials' | 'device_code' | 'refresh_token' | 'password';

export const GRANT_TYPE_URIS: Record<GrantKind, string> = {
  authorization_code: 'authorization_code',
  client_credentials: 'client_credentials',
  device_code: 'urn:ietf:params:oauth:grant-type:device_code',
  refresh_token: 'refresh_token',
  password: 'password',
};

/** Which grants and client authentication methods the server says it supports, for greying out the rest. */
export function supportedByServer(meta: AuthorizationServerMetadata): { grants: Record<GrantKind, boolean>; clientAuth: Record<ClientAuthMethod, boolean> } {
  const grant = (kind: GrantKind) => meta.grantTypesSupported.includes(GRANT_TYPE_URIS[kind]);
  const auth = (method: ClientAuthMethod) => meta.tokenEndpointAuthMethodsSupported.includes(method);
  return {
    grants: {
      authorization_code: grant('authorization_code') && Boolean(meta.authorizationEndpoint),
      client_credentials: grant('client_credentials'),
      device_code: grant('device_code') && Boolean(meta.deviceAuthorizationEndpoint),
      refresh_token: grant('refresh_token'),
      password: grant('password'),
    },
    clientAuth: {
      client_secret_basic: auth('client_secret_basic'),
      client_secret_post: auth('client_secret_post'),
      none: auth('none'),
      private_key_jwt: auth('private_key_jwt'),
    },
  };
}
