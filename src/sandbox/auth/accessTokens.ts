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

/** Signs an access token for `client` under `grant`. */
export async function issueAccessToken(client: DemoClient, grant: Grant, scope: string[]): Promise<{ token: string; expiresIn: number }> {
  const now = Math.floor(sandboxNow() / 1000);
  const token = await new SignJWT({ client_id: client.id, scope: scope.join(' '), gid: grant.id })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(SANDBOX_ISSUER)
    .setSubject(DEMO_USER.user)
    .setAudience(client.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + client.accessTokenSeconds)
    .setJti(randomBytes(9).toString('base64url'))
    .sign(KEY);
  return { token, expiresIn: client.accessTokenSeconds };
}

/** The outcome of checking an access token. */
export type AccessTokenCheck =
  | { ok: true; claims: SandboxTokenClaims }
  | { ok: false; description: string; reason: 'malformed' | 'signature' | 'expired' | 'audience' | 'claims' };

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
