/**
 * The WS-Security UsernameToken check of the order service (spec §4.5): the token is read
 * with the core parser, then judged here — the password (PasswordText, or a
 * PasswordDigest checked by core), a base64 Nonce that was not seen before, and a Created
 * timestamp in UTC within 5 minutes of the sandbox clock. Each failure is a WS-Security
 * fault code. Seen nonces are remembered only as long as their Created is acceptable,
 * and at most `MAX_NONCES` of them.
 */
import { parseUsernameToken, verifyPasswordDigest } from '../../core';
import { DEMO_USER, secretsEqual } from '../auth/demoCredentials';
import { parseRfc3339 } from '../isoDate';
import type { OrderServiceFault } from './soapMessages';

/** How far `Created` may be from the server's clock, either way. */
export const CREATED_WINDOW_SECONDS = 300;
/** Most nonces remembered; when full, the oldest are forgotten first. */
export const MAX_NONCES = 10_000;

/** Nonces seen, with the time after which remembering them is pointless (their Created expired). */
const seenNonces = new Map<string, number>();

/** Forgets every nonce (sandbox reset). */
export function resetNonces(): void {
  seenNonces.clear();
}

function remember(nonce: string, forgetAt: number, now: number): void {
  if (seenNonces.size >= MAX_NONCES) for (const [n, t] of seenNonces) if (t <= now) seenNonces.delete(n);
  while (seenNonces.size >= MAX_NONCES) seenNonces.delete(seenNonces.keys().next().value as string);
  seenNonces.set(nonce, forgetAt);
}

const securityFault = (wsseCode: string, code: string, reason: string): { ok: false; fault: OrderServiceFault } => ({
  ok: false,
  fault: { party: 'sender', wsseCode, code, reason },
});

/** Checks the UsernameToken of `envelopeXml` at `now` (ms); on success the nonce is used up. */
export async function checkUsernameToken(envelopeXml: string, now: number): Promise<{ ok: true; user: string } | { ok: false; fault: OrderServiceFault }> {
  const parsed = parseUsernameToken(envelopeXml);
  if (!parsed.ok) {
    const kind = parsed.error.kind;
    const wsseCode = kind === 'unknown-password-type' ? 'UnsupportedSecurityToken' : kind === 'no-security-header' || kind === 'no-username-token' ? 'InvalidSecurity' : 'InvalidSecurityToken';
    return securityFault(wsseCode, 'SecurityHeader', `This operation requires a WS-Security UsernameToken. ${parsed.error.message}`);
  }
  const token = parsed.value;
  if (token.nonce === undefined || token.nonce === '') {
    return securityFault('InvalidSecurityToken', 'NonceMissing', 'The UsernameToken has no Nonce; a base64 Nonce is required so a captured message cannot be replayed.');
  }
  if (token.created === undefined) {
    return securityFault('InvalidSecurityToken', 'CreatedMissing', 'The UsernameToken has no wsu:Created timestamp.');
  }
  const created = parseRfc3339(token.created);
  if (!created.ok) return securityFault('InvalidSecurityToken', 'CreatedMalformed', `Created: ${created.error.message}.`);
  if (!/[zZ]$/.test(token.created)) {
    return securityFault('InvalidSecurityToken', 'CreatedNotUtc', `Created "${token.created}" must be in UTC, ending in "Z".`);
  }
  const age = Math.round((now - created.value.getTime()) / 1000);
  if (age > CREATED_WINDOW_SECONDS) {
    return securityFault('MessageExpired', 'CreatedExpired', `Created is ${age} s old; it must be within ${CREATED_WINDOW_SECONDS} s of the server clock.`);
  }
  if (age < -CREATED_WINDOW_SECONDS) {
    return securityFault('InvalidSecurity', 'CreatedInFuture', `Created is ${-age} s in the future; it must be within ${CREATED_WINDOW_SECONDS} s of the server clock.`);
  }
  const forgetAt = created.value.getTime() + CREATED_WINDOW_SECONDS * 1000;
  const seen = seenNonces.get(token.nonce);
  if (seen !== undefined && seen > now) {
    return securityFault('InvalidSecurity', 'NonceReplayed', 'This Nonce was already used; a replayed message is refused. Send a fresh random Nonce with each message.');
  }
  const passwordMatches =
    token.passwordType === 'PasswordText' ? secretsEqual(token.password, DEMO_USER.pass) : await verifyPasswordDigest(token, DEMO_USER.pass);
  if (!secretsEqual(token.username, DEMO_USER.user) || !passwordMatches) {
    return securityFault('FailedAuthentication', 'FailedAuthentication', 'The security token could not be authenticated: the user name or password is wrong.');
  }
  remember(token.nonce, forgetAt, now);
  return { ok: true, user: token.username };
}
