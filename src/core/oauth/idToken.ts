/**
 * OpenID Connect ID token validation (Core §3.1.3.7): the signature against the issuer's
 * JWKS, `iss`, `aud` (and `azp` when there are several audiences), `exp`, `iat`, `nonce`,
 * and `at_hash` when an access token came with it. Each check is reported, so a failed one
 * says exactly what was expected and what came.
 */
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { encodeBase64Url, utf8Encode } from '../encoding/base64';
import { fail, ok, type Result } from '../types';

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  /** The nonce sent in the authorization request, when one was. */
  nonce?: string;
  /** The access token issued beside the ID token, to check `at_hash`. */
  accessToken?: string;
  /** Seconds of clock difference tolerated. */
  clockToleranceSeconds?: number;
  /** Epoch milliseconds to check against (tests). */
  now?: number;
}

export interface IdTokenCheck {
  name: string;
  passed: boolean;
  detail: string;
}

export interface ValidIdToken {
  claims: JWTPayload;
  checks: IdTokenCheck[];
}

function hashFor(alg: string): 'SHA-256' | 'SHA-384' | 'SHA-512' | undefined {
  if (alg === 'EdDSA' || alg === 'Ed25519') return 'SHA-512';
  const bits = /^(?:RS|PS|ES|HS)(256|384|512)K?$/.exec(alg)?.[1];
  return bits ? (`SHA-${bits}` as 'SHA-256' | 'SHA-384' | 'SHA-512') : undefined;
}

/** OIDC Core §3.1.3.6: base64url of the left half of the hash of the access token's ASCII. */
export async function accessTokenHash(accessToken: string, alg: string): Promise<string | undefined> {
  const hash = hashFor(alg);
  if (!hash) return undefined;
  const digest = new Uint8Array(await crypto.subtle.digest(hash, new Uint8Array(utf8Encode(accessToken))));
  return encodeBase64Url(digest.slice(0, digest.length / 2));
}

function failure(kind: string, message: string): Result<never> {
  return fail({ kind, field: 'id_token', message });
}

/**
 * Validates `idToken` against `jwks`. Fails on the first check that does not pass, with what
 * was expected and what came; on success lists every check that was made.
 */
export async function validateIdToken(idToken: string, jwks: JSONWebKeySet, expect: IdTokenExpectations): Promise<Result<ValidIdToken>> {
  let alg: string;
  try {
    alg = String(decodeProtectedHeader(idToken).alg ?? '');
  } catch {
    return failure('oidc-id-token-format', 'The id_token is not a compact JWS (three base64url parts separated by dots).');
  }
  if (alg === 'none' || alg.startsWith('HS')) {
    return failure('oidc-id-token-alg', `The id_token is signed with "${alg}"; only asymmetric signatures from the issuer's JWKS are accepted here.`);
  }
  const checks: IdTokenCheck[] = [];
  let claims: JWTPayload;
  try {
    const verified = await jwtVerify(idToken, createLocalJWKSet(jwks), {
      issuer: expect.issuer,
      audience: expect.clientId,
      clockTolerance: expect.clockToleranceSeconds ?? 60,
      requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
      ...(expect.now !== undefined ? { currentDate: new Date(expect.now) } : {}),
    });
    claims = verified.payload;
  } catch (error) {
    return failure('oidc-id-token-invalid', explainJoseError(error, expect));
  }
  checks.push(
    { name: 'signature', passed: true, detail: `${alg} signature verifies with a key from the issuer's JWKS.` },
    { name: 'iss', passed: true, detail: `Issued by ${expect.issuer}.` },
    { name: 'aud', passed: true, detail: `Meant for this client (${expect.clientId}).` },
    { name: 'exp', passed: true, detail: `Valid until ${new Date(Number(claims.exp) * 1000).toISOString()}.` },
    { name: 'iat', passed: true, detail: `Issued at ${new Date(Number(claims.iat) * 1000).toISOString()}.` },
  );
  if (Array.isArray(claims.aud) && claims.aud.length > 1) {
    if (claims.azp !== expect.clientId) {
      return failure('oidc-id-token-azp', `The id_token has several audiences, so "azp" must name this client (${expect.clientId}); it is "${String(claims.azp ?? '')}".`);
    }
    checks.push({ name: 'azp', passed: true, detail: 'Several audiences; azp names this client.' });
  }
  if (expect.nonce !== undefined) {
    if (claims.nonce !== expect.nonce) {
      return failure('oidc-id-token-nonce', claims.nonce === undefined
        ? 'The id_token carries no "nonce", but one was sent: it may have been issued for another sign-in (OIDC Core §3.1.3.7 step 11).'
        : 'The id_token\'s "nonce" is not the one sent with this sign-in: it may be replayed from another one (OIDC Core §3.1.3.7 step 11).');
    }
    checks.push({ name: 'nonce', passed: true, detail: 'Carries the nonce sent with this sign-in.' });
  }
  if (expect.accessToken !== undefined && typeof claims.at_hash === 'string') {
    const expected = await accessTokenHash(expect.accessToken, alg);
    if (expected !== claims.at_hash) {
      return failure('oidc-id-token-at-hash', 'The id_token\'s "at_hash" does not match the access token issued with it: the access token may have been swapped (OIDC Core §3.2.2.9).');
    }
    checks.push({ name: 'at_hash', passed: true, detail: 'Matches the access token issued with it.' });
  }
  return ok({ claims, checks });
}

function explainJoseError(error: unknown, expect: IdTokenExpectations): string {
  if (error instanceof errors.JWTExpired) return `The id_token expired at ${new Date(Number(error.payload.exp) * 1000).toISOString()}.`;
  if (error instanceof errors.JWTClaimValidationFailed) {
    const came = error.payload[error.claim];
    if (error.claim === 'iss') return `The id_token's issuer is "${String(came)}", not "${expect.issuer}".`;
    if (error.claim === 'aud') return `The id_token is meant for ${JSON.stringify(came)}, not for this client (${expect.clientId}).`;
    if (error.claim === 'iat' || error.claim === 'nbf') return `The id_token's "${error.claim}" is in the future: a clock differs or the token is forged.`;
    return `The id_token's "${error.claim}" claim is wrong or missing: ${error.message}.`;
  }
  if (error instanceof errors.JWKSNoMatchingKey) return 'No key in the issuer\'s JWKS matches the id_token (kid or algorithm): the keys may have rotated, or the token was not signed by this issuer.';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The id_token\'s signature does not verify with the issuer\'s keys: it was altered or signed by someone else.';
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid) return `The id_token is malformed: ${(error as Error).message}.`;
  return `The id_token could not be validated: ${(error as Error).message}.`;
}
