/**
 * What a client or resource server can ask about tokens: userinfo with a Bearer access
 * token (OIDC Core §5.3), introspection (RFC 7662) and revocation (RFC 7009) of access and
 * refresh tokens, both with client authentication.
 */
import type http from 'node:http';
import { revokeAccessTokenId, verifyAccessToken, type SandboxTokenClaims } from '../auth/accessTokens';
import { sandboxGrants } from '../auth/grantStore';
import { readParams, sendOAuthError } from '../auth/tokenService';
import { sandboxNow } from '../clock';
import { sendJson, type SandboxContext, type SandboxRoute } from '../router';
import { authenticateClient } from './clientAuthentication';
import { OAUTH_USER, type OAuthClient } from './clients';
import { withEndpoints, type OAuthEndpoints } from './issuer';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** An access token's claims when it is active: signed, unexpired, not revoked, its grant not revoked. */
async function activeAccessToken(token: string): Promise<{ claims: SandboxTokenClaims } | { inactive: string }> {
  const check = await verifyAccessToken(token);
  if (!check.ok) return { inactive: check.description };
  const grant = sandboxGrants.get(check.claims.gid);
  if (grant?.revokedAt !== undefined) return { inactive: `The grant of the access token was revoked: ${grant.revokedReason ?? ''}` };
  return { claims: check.claims };
}

function bearerError(res: http.ServerResponse, status: 401 | 403, error: string | undefined, description: string): void {
  const params = [`realm="wirebench-sandbox-oauth"`, ...(error ? [`error="${error}"`, `error_description="${description.replace(/["\\]/g, "'")}"`] : [])];
  sendJson(res, status, { error: error ?? 'invalid_request', error_description: description }, { 'WWW-Authenticate': `Bearer ${params.join(', ')}`, ...NO_STORE });
}

async function userinfo(ctx: SandboxContext): Promise<void> {
  ctx.req.resume();
  const header = ctx.req.headers.authorization;
  const match = header === undefined ? null : /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/i.exec(header);
  if (!match) {
    return bearerError(ctx.res, 401, header === undefined ? undefined : 'invalid_request', 'Send the access token as "Authorization: Bearer <token>" (RFC 6750 §2.1).');
  }
  const active = await activeAccessToken(match[1]!);
  if ('inactive' in active) return bearerError(ctx.res, 401, 'invalid_token', active.inactive);
  const scope = active.claims.scope.split(' ');
  if (!scope.includes('openid')) return bearerError(ctx.res, 403, 'insufficient_scope', 'The access token lacks the openid scope that userinfo needs.');
  if (active.claims.sub !== OAUTH_USER.username) return bearerError(ctx.res, 403, 'insufficient_scope', 'The access token was issued to a client for itself, not for a user.');
  const { claims } = OAUTH_USER;
  sendJson(
    ctx.res,
    200,
    {
      sub: OAUTH_USER.username,
      ...(scope.includes('profile') ? { name: claims.name, given_name: claims.given_name, family_name: claims.family_name, preferred_username: claims.preferred_username } : {}),
      ...(scope.includes('email') ? { email: claims.email, email_verified: claims.email_verified } : {}),
    },
    NO_STORE,
  );
}

/** Reads the parameters, authenticates the client and reads `token`; answers errors itself. */
async function clientAndToken(ctx: SandboxContext, endpoints: OAuthEndpoints, endpoint: string): Promise<{ client: OAuthClient; token: string } | undefined> {
  const read = await readParams(ctx);
  if (read === 'too-large') return undefined;
  if (!('params' in read)) return void sendOAuthError(ctx.res, read);
  const auth = await authenticateClient(ctx.req, read.params, [endpoints.token, endpoints.issuer, endpoint]);
  if (!auth.ok) return void sendOAuthError(ctx.res, auth.error);
  const token = read.params.get('token');
  if (!token) return void sendOAuthError(ctx.res, { status: 400, error: 'invalid_request', description: 'token is missing: send the access or refresh token.' });
  return { client: auth.client, token };
}

async function introspect(ctx: SandboxContext, endpoints: OAuthEndpoints): Promise<void> {
  const asked = await clientAndToken(ctx, endpoints, endpoints.introspection);
  if (!asked) return;
  const grant = sandboxGrants.grantOfToken(asked.token);
  if (grant) {
    if (!sandboxGrants.isCurrent(asked.token)) return sendJson(ctx.res, 200, { active: false }, NO_STORE);
    return sendJson(ctx.res, 200, { active: true, token_type: 'refresh_token', client_id: grant.clientId, scope: grant.scope.join(' '), iat: Math.floor(grant.rotatedAt / 1000) }, NO_STORE);
  }
  const active = await activeAccessToken(asked.token);
  if ('inactive' in active) return sendJson(ctx.res, 200, { active: false }, NO_STORE);
  const { claims } = active;
  const user = claims.sub === OAUTH_USER.username ? { username: claims.sub } : {};
  sendJson(
    ctx.res,
    200,
    { active: true, token_type: 'Bearer', client_id: claims.client_id, scope: claims.scope, sub: claims.sub, ...user, aud: claims.aud, iss: claims.iss, exp: claims.exp, iat: claims.iat, jti: claims.jti },
    NO_STORE,
  );
}

async function revoke(ctx: SandboxContext, endpoints: OAuthEndpoints): Promise<void> {
  const asked = await clientAndToken(ctx, endpoints, endpoints.revocation);
  if (!asked) return;
  const { client, token } = asked;
  const notYours = (owner: string) =>
    sendOAuthError(ctx.res, { status: 400, error: 'unauthorized_client', description: `The token was issued to "${owner}", not to "${client.id}"; a client may revoke only its own tokens (RFC 7009 §2.1).` });
  const grant = sandboxGrants.grantOfToken(token);
  if (grant) {
    if (grant.clientId !== client.id) return notYours(grant.clientId);
    sandboxGrants.revoke(grant.id, 'Revoked by the client at the revocation endpoint (RFC 7009).', sandboxNow());
  } else {
    const check = await verifyAccessToken(token);
    if (check.ok && check.claims.client_id !== client.id) return notYours(check.claims.client_id);
    if (check.ok && check.claims.jti) revokeAccessTokenId(check.claims.jti, check.claims.exp ?? 0);
  }
  // RFC 7009 §2.2: an unknown, expired or already revoked token is answered 200 as well.
  ctx.res.writeHead(200, { ...NO_STORE, 'Content-Length': 0 });
  ctx.res.end();
}

/** Userinfo, introspection and revocation routes. */
export const tokenInspectionRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/oauth/userinfo', handle: userinfo },
  { method: 'POST', pattern: '/oauth/userinfo', handle: userinfo },
  { method: 'POST', pattern: '/oauth/introspect', handle: withEndpoints(introspect) },
  { method: 'POST', pattern: '/oauth/revoke', handle: withEndpoints(revoke) },
];
