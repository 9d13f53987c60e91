/**
 * What every grant ends with: an access token the sandbox API accepts (HS256, audience
 * `wirebench-sandbox-api`), a rotating refresh token in the shared grant store when the
 * client may refresh and a user is involved, and an ID token when `openid` was granted.
 */
import { signAccessToken } from '../auth/accessTokens';
import { SANDBOX_AUDIENCE } from '../auth/demoCredentials';
import { sandboxGrants } from '../auth/grantStore';
import { sandboxNow } from '../clock';
import { ACCESS_TOKEN_SECONDS, GRANT_TYPES, type OAuthClient } from './clients';
import type { OAuthEndpoints } from './issuer';
import { oauthState, randomId } from './oauthState';
import { signIdToken } from './signingKeys';
import { breakSignature, noteIssuedTokens, takeIdTokenDefect } from './testSwitches';

/** Who the tokens are for and what they allow. */
export interface TokenGrant {
  scope: string[];
  /** The signed-in user and when they signed in (ms); absent for client credentials. */
  user?: { name: string; authTime: number };
  nonce?: string;
  /** An existing grant being refreshed, with its new refresh token. */
  refreshed?: { grantId: string; refreshToken: string };
}

/** The token response body and what a server keeps to revoke the tokens later. */
export interface IssuedTokens {
  body: Record<string, string | number>;
  grantId: string;
  accessToken: { jti: string; exp: number };
}

/** ID tokens live as long as access tokens. */
const ID_TOKEN_SECONDS = ACCESS_TOKEN_SECONDS;
/** Grant owners are remembered for as long as the grant store keeps the grant. */
const FOREVER = Number.MAX_SAFE_INTEGER;

/** Issues the tokens of one successful grant. */
export async function issueTokens(endpoints: OAuthEndpoints, client: OAuthClient, grant: TokenGrant): Promise<IssuedTokens> {
  const now = sandboxNow();
  let grantId = grant.refreshed?.grantId;
  let refreshToken = grant.refreshed?.refreshToken;
  if (!grantId && grant.user && client.grantTypes.includes(GRANT_TYPES.refreshToken)) {
    const created = sandboxGrants.create(client.id, grant.scope, now);
    grantId = created.grant.id;
    refreshToken = created.refreshToken;
    oauthState.grantOwners.set(grantId, { user: grant.user.name, authTime: grant.user.authTime }, FOREVER, now);
  }
  grantId ??= randomId(grant.user ? 'g_' : 'cc_', 9);
  const access = await signAccessToken({
    clientId: client.id,
    subject: grant.user?.name ?? client.id,
    grantId,
    scope: grant.scope,
    audience: SANDBOX_AUDIENCE,
    lifetimeSeconds: ACCESS_TOKEN_SECONDS,
  });
  const body: Record<string, string | number> = { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, scope: grant.scope.join(' ') };
  if (refreshToken) body.refresh_token = refreshToken;
  if (grant.user && grant.scope.includes('openid')) {
    // A test switch (testSwitches.ts) may make this one ID token defective.
    const defect = takeIdTokenDefect(client.id);
    const nonce = defect === 'nonce' ? `${grant.nonce ?? ''}-not-the-one-sent` : grant.nonce;
    const idToken = await signIdToken(client.idTokenAlg, {
      issuer: endpoints.issuer,
      subject: grant.user.name,
      audience: defect === 'aud' ? 'another-client' : client.id,
      authTime: grant.user.authTime,
      ...(nonce !== undefined ? { nonce } : {}),
      accessToken: access.token,
      lifetimeSeconds: ID_TOKEN_SECONDS,
    });
    body.id_token = defect === 'signature' ? breakSignature(idToken) : idToken;
  }
  // Remembered for the test switches that revoke these access tokens or replay a rotated refresh token.
  noteIssuedTokens(client.id, grantId, { jti: access.jti, exp: access.exp }, refreshToken);
  return { body, grantId, accessToken: { jti: access.jti, exp: access.exp } };
}
