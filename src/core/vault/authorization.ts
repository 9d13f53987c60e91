/**
 * Applying a vault token to a request (spec §5: Bearer, JWT or a custom scheme) and
 * reading a 401 to decide whether a refresh can help.
 */
import { authParam } from '../auth/authParams';
import { findChallenge, parseChallenges } from '../auth/challenges';
import { bearer, customCredentials, jwtScheme } from '../auth/credentials';
import { fail, ok, type HeaderField, type Result } from '../types';
import type { VaultScheme } from './entry';

/**
 * The word that opens the entry's `Authorization` value — `Bearer`, `JWT` or the custom
 * prefix — so an export can write `<word> {{accessToken}}` the way a send would.
 */
export function vaultSchemeWord(scheme: VaultScheme): string {
  return scheme.kind === 'bearer' ? 'Bearer' : scheme.kind === 'jwt' ? 'JWT' : scheme.prefix;
}

/** The `Authorization` header carrying `token` in the entry's scheme. */
export function vaultAuthorization(scheme: VaultScheme, token: string): Result<HeaderField> {
  const value = scheme.kind === 'bearer' ? bearer(token) : scheme.kind === 'jwt' ? jwtScheme(token) : customCredentials(scheme.prefix, token);
  if (!value.ok) {
    return fail({
      ...value.error,
      message: `The access token from the vault cannot be sent with the ${scheme.kind === 'custom' ? `"${scheme.prefix}"` : vaultSchemeWord(scheme)} scheme: ${value.error.message}`,
    });
  }
  return ok({ name: 'Authorization', value: value.value });
}

/** What a 401's challenge says about the token that was sent. */
export interface UnauthorizedVerdict {
  /** The challenge says the token is invalid or expired, so a fresh one may be accepted. */
  tokenRejected: boolean;
  /** Why, in a sentence. */
  reason: string;
}

/**
 * Reads the `WWW-Authenticate` of a 401 (RFC 6750 §3): only `error="invalid_token"` says
 * the token itself is bad (expired, revoked, malformed), which a refresh can fix. A missing
 * challenge, another error code or `insufficient_scope` cannot be fixed by a new token of
 * the same grant, so the vault does not refresh for them.
 */
export function readUnauthorizedChallenge(challengeHeader: string | undefined): UnauthorizedVerdict {
  if (challengeHeader === undefined || challengeHeader.trim() === '') {
    return { tokenRejected: false, reason: 'The 401 carries no WWW-Authenticate challenge, so it does not say the token is invalid or expired.' };
  }
  const parsed = parseChallenges(challengeHeader);
  if (!parsed.ok) {
    return { tokenRejected: false, reason: `The WWW-Authenticate challenge cannot be read (${parsed.error.message}), so the vault does not guess.` };
  }
  const challenge = findChallenge(parsed.value, 'Bearer') ?? findChallenge(parsed.value, 'JWT') ?? parsed.value[0];
  const error = challenge ? authParam(challenge, 'error') : undefined;
  if (error === 'invalid_token') {
    const description = challenge ? authParam(challenge, 'error_description') : undefined;
    return { tokenRejected: true, reason: `The server says the token is invalid or expired (invalid_token${description ? `: "${description}"` : ''}).` };
  }
  if (error === undefined) {
    return { tokenRejected: false, reason: 'The challenge names no error, which means the request carried no usable credentials rather than an expired token.' };
  }
  return { tokenRejected: false, reason: `The challenge reports "${error}", which a new access token of the same grant does not fix.` };
}
