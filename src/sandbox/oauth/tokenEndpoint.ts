/**
 * `POST /oauth/token`: the authorization code (with PKCE), client credentials, refresh
 * token (rotating, through the shared grant store), password (one legacy client) and
 * device code grants. The body is RFC 6749's form or the spec's JSON object (§4.1);
 * errors are RFC 6749 §5.2 objects with a description naming what was wrong.
 */
import { createHash } from 'node:crypto';
import { revokeAccessTokenId } from '../auth/accessTokens';
import { sandboxGrants } from '../auth/grantStore';
import { readParams, sendOAuthError, type OAuthError } from '../auth/tokenService';
import { sandboxNow } from '../clock';
import { sendJson, type SandboxContext, type SandboxRoute } from '../router';
import { authenticateClient } from './clientAuthentication';
import { GRANT_TYPES, OAUTH_USER, type GrantType, type OAuthClient } from './clients';
import { pollDeviceCode } from './deviceFlow';
import { withEndpoints, type OAuthEndpoints } from './issuer';
import { CODE_SECONDS, oauthState } from './oauthState';
import { API_SCOPES, checkScope } from './scopes';
import { issueTokens, type TokenGrant } from './tokenIssuer';

/** A code_verifier: 43 to 128 unreserved characters (RFC 7636 §4.1). */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

type GrantOutcome = { error: OAuthError } | { grant: TokenGrant; onIssued?: (grantId: string, access: { jti: string; exp: number }) => void };

const fail = (error: string, description: string): { error: OAuthError } => ({ error: { status: 400, error, description } });

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function authorizationCodeGrant(params: Map<string, string>, client: OAuthClient): GrantOutcome {
  const code = params.get('code');
  if (!code) return fail('invalid_request', 'code is missing: send the authorization code from the redirect.');
  const now = sandboxNow();
  const record = oauthState.codes.get(code)?.value;
  if (!record) return fail('invalid_grant', 'The authorization code is unknown to this server (or was issued too long ago to remember).');
  const { request } = record;
  if (request.clientId !== client.id) return fail('invalid_grant', `The authorization code was issued to another client, not "${client.id}".`);
  if (record.usedAt !== undefined) {
    // RFC 6749 §4.1.2: a code used twice may have been stolen; what it gave is revoked.
    if (record.grantId) sandboxGrants.revoke(record.grantId, 'Its authorization code was presented a second time (RFC 6749 §4.1.2).', now);
    for (const access of record.accessTokens) revokeAccessTokenId(access.jti, access.exp);
    return fail('invalid_grant', 'The authorization code was already used; codes are single use, so the tokens issued for it are now revoked.');
  }
  if (now - record.issuedAt > CODE_SECONDS * 1000) return fail('invalid_grant', `The authorization code expired; it lives ${CODE_SECONDS} s.`);
  const redirectUri = params.get('redirect_uri');
  if (!redirectUri) return fail('invalid_request', 'redirect_uri is missing; send the same redirect_uri as in the authorization request (RFC 6749 §4.1.3).');
  if (redirectUri !== request.redirectUri) return fail('invalid_grant', `redirect_uri "${redirectUri}" differs from "${request.redirectUri}" of the authorization request.`);
  const verifier = params.get('code_verifier');
  if (request.codeChallenge === undefined && verifier !== undefined) return fail('invalid_grant', 'code_verifier was sent, but the authorization request had no code_challenge.');
  if (request.codeChallenge !== undefined) {
    if (verifier === undefined) return fail('invalid_grant', 'code_verifier is missing; the authorization request had a code_challenge (RFC 7636 §4.5).');
    if (!VERIFIER.test(verifier)) return fail('invalid_grant', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1).');
    if (s256(verifier) !== request.codeChallenge) return fail('invalid_grant', 'code_verifier does not match the code_challenge: BASE64URL(SHA256(code_verifier)) differs (RFC 7636 §4.6).');
  }
  record.usedAt = now;
  return {
    grant: { scope: request.scope, user: { name: record.user, authTime: record.authTime }, ...(request.nonce !== undefined ? { nonce: request.nonce } : {}) },
    onIssued: (grantId, access) => {
      record.grantId = grantId;
      record.accessTokens.push(access);
    },
  };
}

function clientCredentialsGrant(params: Map<string, string>): GrantOutcome {
  const scope = checkScope(params.get('scope'), { user: false, fallback: API_SCOPES });
  return 'error' in scope ? scope : { grant: { scope: scope.scope } };
}

function passwordGrant(params: Map<string, string>): GrantOutcome {
  const username = params.get('username');
  const password = params.get('password');
  if (!username || password === undefined) return fail('invalid_request', 'username and password are both required by the password grant.');
  if (username !== OAUTH_USER.username || password !== OAUTH_USER.password) return fail('invalid_grant', `The username or password is wrong (the demo user is ${OAUTH_USER.username}).`);
  const scope = checkScope(params.get('scope'), { user: true, fallback: ['openid'] });
  return 'error' in scope ? scope : { grant: { scope: scope.scope, user: { name: username, authTime: sandboxNow() } } };
}

function refreshTokenGrant(params: Map<string, string>, client: OAuthClient): GrantOutcome {
  const refreshToken = params.get('refresh_token');
  if (!refreshToken) return fail('invalid_request', 'refresh_token is missing: send the refresh token of the grant.');
  const now = sandboxNow();
  const existing = sandboxGrants.grantOfToken(refreshToken);
  const requested = checkScope(params.get('scope'), { user: true, fallback: existing?.scope ?? [] });
  if ('error' in requested) return requested;
  if (existing && existing.clientId === client.id) {
    const extra = requested.scope.filter((s) => !existing.scope.includes(s));
    if (extra.length > 0) return fail('invalid_scope', `The grant does not include ${extra.join(', ')}; it covers "${existing.scope.join(' ')}".`);
  }
  const outcome = sandboxGrants.rotate(refreshToken, client.id, now);
  switch (outcome.kind) {
    case 'unknown':
      return fail('invalid_grant', 'The refresh token is unknown to this server.');
    case 'wrong-client':
      return fail('invalid_grant', `The refresh token was issued to another client, not "${client.id}".`);
    case 'revoked':
      return fail('invalid_grant', `The grant of this refresh token was revoked: ${outcome.grant.revokedReason ?? 'revoked'}`);
    case 'reused':
      return fail('invalid_grant', 'The refresh token was already used and replaced by a newer one; reuse suggests theft, so the whole grant is now revoked.');
  }
  const owner = oauthState.grantOwners.get(outcome.grant.id)?.value;
  if (!owner) return fail('invalid_grant', 'The refresh token belongs to a grant this authorization server did not make.');
  return { grant: { scope: requested.scope, user: { name: owner.user, authTime: owner.authTime }, refreshed: { grantId: outcome.grant.id, refreshToken: outcome.refreshToken } } };
}

const GRANTS: Readonly<Record<GrantType, (params: Map<string, string>, client: OAuthClient) => GrantOutcome>> = {
  [GRANT_TYPES.authorizationCode]: authorizationCodeGrant,
  [GRANT_TYPES.clientCredentials]: clientCredentialsGrant,
  [GRANT_TYPES.password]: passwordGrant,
  [GRANT_TYPES.refreshToken]: refreshTokenGrant,
  [GRANT_TYPES.deviceCode]: (params, client) => {
    const polled = pollDeviceCode(params, client);
    return 'error' in polled ? polled : { grant: polled };
  },
};

async function token(ctx: SandboxContext, endpoints: OAuthEndpoints): Promise<void> {
  const read = await readParams(ctx);
  if (read === 'too-large') return;
  if (!('params' in read)) return sendOAuthError(ctx.res, read);
  const { params } = read;
  const grantType = params.get('grant_type');
  if (!grantType) return sendOAuthError(ctx.res, fail('invalid_request', `grant_type is missing; this server supports ${Object.keys(GRANTS).join(', ')}.`).error);
  const auth = await authenticateClient(ctx.req, params, [endpoints.token, endpoints.issuer]);
  if (!auth.ok) return sendOAuthError(ctx.res, auth.error);
  const handler = GRANTS[grantType as GrantType];
  if (!handler) return sendOAuthError(ctx.res, fail('unsupported_grant_type', `grant_type "${grantType}" is not supported; this server supports ${Object.keys(GRANTS).join(', ')}.`).error);
  if (!auth.client.grantTypes.includes(grantType as GrantType)) {
    const legacy = grantType === GRANT_TYPES.password ? ' The password grant is legacy (RFC 9700 §2.4) and allowed only for wb-legacy.' : '';
    return sendOAuthError(ctx.res, fail('unauthorized_client', `The client "${auth.client.id}" is not allowed grant_type "${grantType}"; it may use ${auth.client.grantTypes.join(', ')}.${legacy}`).error);
  }
  const outcome = handler(params, auth.client);
  if ('error' in outcome) return sendOAuthError(ctx.res, outcome.error);
  const issued = await issueTokens(endpoints, auth.client, outcome.grant);
  outcome.onIssued?.(issued.grantId, issued.accessToken);
  sendJson(ctx.res, 200, issued.body, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
}

/** The token endpoint route. */
export const tokenEndpointRoutes: SandboxRoute[] = [{ method: 'POST', pattern: '/oauth/token', handle: withEndpoints(token) }];
