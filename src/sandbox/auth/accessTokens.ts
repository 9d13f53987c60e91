/**
 * Sandbox access tokens: HS256 JWTs (RFC 7519) whose `aud` names the sandbox API and whose
 * `client_id` names the client that asked (spec §5 rule 4), signed and verified with
 * jose against the sandbox clock. Verification failures become the sentence an RFC 6750
 * `error_description` carries.
 */
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { decodeJwt } from '../../core';
import { sandboxNow } from '../clock';
import { DEMO_USER, SANDBOX_AUDIENCE, SANDBOX_ISSUER, SANDBOX_SIGNING_SECRET, type DemoClient } from './demoCredentials';
import type { Grant } from './grantStore';

const KEY = new TextEncoder().encode(SANDBOX_SIGNING_SECRET);

/** The claims of a sandbox access token. */
export interface SandboxTokenClaims extends JWTPayload {
  client_id: string;
  scope: string;
  /** The grant the token was issued under. */
  gid: string;
}

/** What an access token says: who asked, for whom, under which grant, for how long. */
export interface AccessTokenRequest {
  clientId: string;
  /** The user the token acts for, or the client itself for client credentials. */
  subject: string;
  /** The grant it was issued under (`gid`); not necessarily a stored grant. */
  grantId: string;
  scope: string[];
  audience: string;
  lifetimeSeconds: number;
}

/** A signed access token with the claims a server keeps to revoke or introspect it. */
export interface SignedAccessToken {
  token: string;
  jti: string;
  /** Expiry in seconds since the epoch. */
  exp: number;
  expiresIn: number;
}

/** Signs an access token (HS256, `typ: at+jwt`) against the sandbox clock. */
export async function signAccessToken(request: AccessTokenRequest): Promise<SignedAccessToken> {
  const now = Math.floor(sandboxNow() / 1000);
  const jti = randomBytes(9).toString('base64url');
  const exp = now + request.lifetimeSeconds;
  const token = await new SignJWT({ client_id: request.clientId, scope: request.scope.join(' '), gid: request.grantId })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(SANDBOX_ISSUER)
    .setSubject(request.subject)
    .setAudience(request.audience)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(KEY);
  return { token, jti, exp, expiresIn: request.lifetimeSeconds };
}

/** Signs an access token for `client` under `grant`, for the demo user. */
export async function issueAccessToken(client: DemoClient, grant: Grant, scope: string[]): Promise<{ token: string; expiresIn: number }> {
  const signed = await signAccessToken({
    clientId: client.id,
    subject: DEMO_USER.user,
    grantId: grant.id,
    scope,
    audience: client.audience,
    lifetimeSeconds: client.accessTokenSeconds,
  });
  return { token: signed.token, expiresIn: signed.expiresIn };
}

/** Most revoked token ids remembered; each is forgotten once its token would have expired anyway. */
export const MAX_REVOKED_ACCESS_TOKENS = 2000;
/** jti → expiry (seconds) of access tokens revoked before they expired (RFC 7009). */
const revokedIds = new Map<string, number>();

/** Revokes one access token by its `jti` until its expiry `exp` (seconds). */
export function revokeAccessTokenId(jti: string, exp: number): void {
  const now = Math.floor(sandboxNow() / 1000);
  for (const [id, until] of revokedIds) if (until < now) revokedIds.delete(id);
  while (revokedIds.size >= MAX_REVOKED_ACCESS_TOKENS) revokedIds.delete(revokedIds.keys().next().value as string);
  revokedIds.set(jti, exp);
}

/** True when the access token with `jti` was revoked. */
export function isAccessTokenIdRevoked(jti: string | undefined): boolean {
  return jti !== undefined && revokedIds.has(jti);
}

/** Forgets every revocation (sandbox reset). */
export function clearRevokedAccessTokens(): void {
  revokedIds.clear();
}

/** The outcome of checking an access token. */
export type AccessTokenCheck =
  | { ok: true; claims: SandboxTokenClaims }
  | { ok: false; description: string; reason: 'malformed' | 'signature' | 'expired' | 'audience' | 'claims' | 'revoked' };

/**
 * Verifies `token` as the sandbox API's resource server does: well-formed (core
 * `decodeJwt`, which says where a token is broken), signed by the sandbox with HS256,
 * issued by it, not expired, and meant for this API.
 */
export async function verifyAccessToken(token: string): Promise<AccessTokenCheck> {
  const now = new Date(sandboxNow());
  const decoded = decodeJwt(token, now);
  if (!decoded.ok) return { ok: false, reason: 'malformed', description: decoded.error.message };
  try {
    const { payload } = await jwtVerify(token, KEY, { algorithms: ['HS256'], issuer: SANDBOX_ISSUER, audience: SANDBOX_AUDIENCE, currentDate: now });
    if (typeof payload.client_id !== 'string' || typeof payload.scope !== 'string' || typeof payload.gid !== 'string') {
      return { ok: false, reason: 'claims', description: 'The access token lacks the client_id, scope or gid claim.' };
    }
    if (isAccessTokenIdRevoked(payload.jti)) return { ok: false, reason: 'revoked', description: 'The access token was revoked' };
    return { ok: true, claims: payload as SandboxTokenClaims };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired', description: 'The access token expired' };
    if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'aud') {
      const aud = decoded.value.claims.aud;
      return {
        ok: false,
        reason: 'audience',
        description: `The access token is for audience ${JSON.stringify(aud ?? null)}, not ${SANDBOX_AUDIENCE}`,
      };
    }
    if (err instanceof errors.JWTClaimValidationFailed) {
      return { ok: false, reason: 'claims', description: `The access token's "${err.claim}" claim is not acceptable: ${err.message}` };
    }
    if (err instanceof errors.JWSSignatureVerificationFailed) {
      return { ok: false, reason: 'signature', description: 'The access token signature does not verify with the sandbox key' };
    }
    if (err instanceof errors.JOSEAlgNotAllowed) {
      return { ok: false, reason: 'signature', description: `The access token is signed with ${String(decoded.value.header.alg)}; only HS256 is accepted` };
    }
    return { ok: false, reason: 'malformed', description: `The access token is not a valid JWS: ${(err as Error).message}` };
  }
}
