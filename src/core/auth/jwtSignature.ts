/**
 * Verifying a JWT's signature with `jose` (works in the page, workers and Node). Only the
 * signature is checked here; time claims are judged by `decodeJwt` so both can be shown
 * separately. Every jose failure becomes a `CoreError` value.
 */
import { compactVerify, importJWK } from 'jose';
import type { JWK } from 'jose';
import type { CoreError, Result } from '../types';
import { fail, ok } from '../types';
import { decodeJwt } from './jwt';

/** The key to verify with: a shared secret (HS*) or a JSON Web Key (any algorithm). */
export type JwtVerificationKey = { secret: string } | { jwk: object };

/** What a successful verification established. */
export interface JwtSignatureCheck {
  alg: string;
}

/** The JWK key type (RFC 7518 §6) each JWS algorithm family (RFC 7518 §3.1) needs. */
const KEY_TYPE_BY_ALG_PREFIX: readonly (readonly [string, string])[] = [
  ['HS', 'oct'],
  ['RS', 'RSA'],
  ['PS', 'RSA'],
  ['ES', 'EC'],
  ['Ed', 'OKP'],
];

function verifyError(kind: string, message: string, field = 'key'): { ok: false; error: CoreError } {
  return fail({ kind, field, message });
}

/**
 * Checks the signature of compact `token` with `key`, allowing only the algorithm the
 * token's header names — and refusing `none`. A secret is used as its UTF-8 bytes.
 * Never rejects for a bad token or key; the failure is in the result.
 */
export async function verifyJwtSignature(token: string, key: JwtVerificationKey): Promise<Result<JwtSignatureCheck>> {
  const decoded = decodeJwt(token);
  if (!decoded.ok) return decoded;
  const alg = decoded.value.header.alg;
  if (typeof alg !== 'string' || alg === '') {
    return verifyError('jwt-alg-missing', 'The token header names no "alg", so there is nothing to verify against.', 'token');
  }
  if (alg === 'none') {
    return verifyError('jwt-unsigned', 'The token says "alg": "none": it carries no signature and cannot be verified.', 'token');
  }

  let material: Uint8Array | CryptoKey;
  if ('secret' in key) {
    if (!alg.startsWith('HS')) {
      return verifyError(
        'jwt-key-mismatch',
        `The token is signed with ${alg}, a public-key algorithm; verify it with the issuer's public key (a JWK), not a shared secret.`,
        'secret',
      );
    }
    if (key.secret === '') return verifyError('jwt-key-empty', 'The shared secret is empty.', 'secret');
    material = new TextEncoder().encode(key.secret);
  } else if ('jwk' in key) {
    const jwk = key.jwk as JWK;
    if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk) || typeof jwk.kty !== 'string') {
      return verifyError('jwt-key-malformed', 'The JWK must be a JSON object with a "kty" member (RFC 7517 §4.1).', 'jwk');
    }
    if (typeof jwk.alg === 'string' && jwk.alg !== alg) {
      return verifyError(
        'jwt-alg-mismatch',
        `The token is signed with ${alg} but the JWK is for ${jwk.alg}; use the key the issuer publishes for ${alg}.`,
        'jwk',
      );
    }
    const neededKty = KEY_TYPE_BY_ALG_PREFIX.find(([prefix]) => alg.startsWith(prefix))?.[1];
    if (neededKty !== undefined && jwk.kty !== neededKty) {
      return verifyError(
        'jwt-key-mismatch',
        `The token is signed with ${alg}, which needs a JWK with "kty": "${neededKty}", but this JWK has "kty": "${jwk.kty}".`,
        'jwk',
      );
    }
    try {
      material = await importJWK(jwk, alg);
    } catch (e) {
      return verifyError('jwt-key-malformed', `The JWK cannot be used for ${alg}: ${reason(e)}.`, 'jwk');
    }
  } else {
    throw new TypeError('verifyJwtSignature expects a key of the form {secret} or {jwk}');
  }

  try {
    await compactVerify(token.trim(), material, { algorithms: [alg] });
    return ok({ alg });
  } catch (e) {
    const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
    switch (code) {
      case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
        return verifyError('jwt-bad-signature', `The ${alg} signature does not match: the token was altered or signed with a different key.`);
      case 'ERR_JOSE_ALG_NOT_ALLOWED':
        return verifyError('jwt-alg-mismatch', `The algorithm ${alg} is not allowed for this key.`);
      case 'ERR_JOSE_NOT_SUPPORTED':
        return verifyError('jwt-alg-unsupported', `The algorithm ${alg} is not supported here: ${reason(e)}.`, 'token');
      case 'ERR_JWS_INVALID':
        return verifyError('jwt-malformed', `The token is not a valid JWS: ${reason(e)}.`, 'token');
      default:
        return verifyError(
          e instanceof TypeError ? 'jwt-key-mismatch' : 'jwt-verify-failed',
          `The key cannot verify a ${alg} signature: ${reason(e)}.`,
        );
    }
  }
}

function reason(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.replace(/\.$/, '');
}
