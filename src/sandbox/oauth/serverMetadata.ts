/**
 * What the authorization server says about itself: the OpenID Connect Discovery document
 * at `/oauth/.well-known/openid-configuration`, the same as RFC 8414 metadata (the main
 * server forwards `/.well-known/oauth-authorization-server/sandbox/oauth` here, §3.1 path
 * insertion), the JWKS, and `POST /oauth/rotate-keys`, the sandbox control that rotates it.
 */
import { sendJson, type SandboxContext, type SandboxRoute } from '../router';
import { GRANT_TYPES, OAUTH_SCOPES, type ClientAuthMethod } from './clients';
import { withEndpoints, type OAuthEndpoints } from './issuer';
import { ID_TOKEN_ALGS, RETIRED_KEY_SECONDS, sandboxSigningKeys } from './signingKeys';

const AUTH_METHODS: readonly ClientAuthMethod[] = ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'];
/** Algorithms accepted for private_key_jwt client assertions. */
const ASSERTION_ALGS = ['ES256', 'RS256', 'PS256', 'EdDSA'];

/** The metadata document for `endpoints` (OIDC Discovery §3, RFC 8414 §2). */
export function serverMetadata(endpoints: OAuthEndpoints): Record<string, unknown> {
  return {
    issuer: endpoints.issuer,
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    device_authorization_endpoint: endpoints.deviceAuthorization,
    jwks_uri: endpoints.jwks,
    userinfo_endpoint: endpoints.userinfo,
    introspection_endpoint: endpoints.introspection,
    revocation_endpoint: endpoints.revocation,
    registration_endpoint: `${endpoints.issuer}/register`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: Object.values(GRANT_TYPES),
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: AUTH_METHODS,
    token_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGS,
    introspection_endpoint_auth_methods_supported: AUTH_METHODS,
    introspection_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGS,
    revocation_endpoint_auth_methods_supported: AUTH_METHODS,
    revocation_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGS,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [...ID_TOKEN_ALGS],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'at_hash', 'name', 'given_name', 'family_name', 'preferred_username', 'email', 'email_verified'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${endpoints.issuer.replace(/\/oauth$/, '')}/#authorization-server`,
  };
}

function metadata(ctx: SandboxContext, endpoints: OAuthEndpoints): void {
  ctx.req.resume();
  sendJson(ctx.res, 200, serverMetadata(endpoints), { 'Cache-Control': 'no-cache' });
}

async function jwks(ctx: SandboxContext): Promise<void> {
  ctx.req.resume();
  const body = JSON.stringify(await sandboxSigningKeys.jwks(), null, 2);
  ctx.res.writeHead(200, { 'Content-Type': 'application/jwk-set+json', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-cache' });
  ctx.res.end(body);
}

async function rotateKeys(ctx: SandboxContext): Promise<void> {
  ctx.req.resume();
  const rotated = await sandboxSigningKeys.rotate();
  sendJson(ctx.res, 200, { ...rotated, note: `New ID tokens are signed with the new keys; the previous ones stay in the JWKS for ${RETIRED_KEY_SECONDS} s.` });
}

/** Discovery, JWKS and key rotation routes. */
export const metadataRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/oauth/.well-known/openid-configuration', handle: withEndpoints(metadata) },
  { method: 'GET', pattern: '/oauth/.well-known/oauth-authorization-server', handle: withEndpoints(metadata) },
  { method: 'GET', pattern: '/oauth/jwks', handle: jwks },
  { method: 'POST', pattern: '/oauth/rotate-keys', handle: rotateKeys },
];
