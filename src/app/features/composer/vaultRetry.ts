/**
 * What a send does when a request authenticated from the vault comes back 401 (spec §4.1,
 * §4.2). Only a challenge saying the token itself is invalid or expired (RFC 6750
 * `invalid_token`) is worth one refresh; after it, a method the server may safely receive
 * twice is sent again by itself, while a POST or PATCH waits for the person's consent,
 * because a repeat may repeat its effect. The rules are core's; this applies them to what
 * the relay answered.
 */
import { headerValues, intendedMethod, needsRepeatConsent, readUnauthorizedChallenge, type RelayHead, type WireRequest } from '../../../core';

/** A 401 whose challenge says the vault's token was refused, so a refresh may help. */
export interface RejectedToken {
  /** The `WWW-Authenticate` field value(s), joined as one list, for the vault. */
  challenge: string;
  /** Why, in a sentence (e.g. `The server says the token is invalid or expired (invalid_token: "…").`). */
  reason: string;
}

/**
 * The challenge of `head` when it is a 401 refusing the token as invalid or expired;
 * undefined for any other answer (no challenge, another error code, `insufficient_scope`),
 * which a new token of the same grant would not fix.
 */
export function rejectedToken(head: RelayHead | undefined): RejectedToken | undefined {
  if (!head || head.status !== 401) return undefined;
  // Several WWW-Authenticate lines are one comma-separated list (RFC 9110 §5.3).
  const challenge = headerValues(head.headers, 'www-authenticate').join(', ');
  const verdict = readUnauthorizedChallenge(challenge);
  return verdict.tokenRejected ? { challenge, reason: verdict.reason } : undefined;
}

/** After the vault refreshed the token: send again at once, or ask the person first. */
export type AfterTokenRefresh = 'retry' | 'ask';

/**
 * `retry` when the method the server acts on is idempotent (GET, PUT, DELETE…), `ask`
 * when it is not (POST, PATCH, extension methods — core `needsRepeatConsent`). A POST
 * overridden to PUT with `X-HTTP-Method-Override` counts as the PUT the server performs.
 */
export function afterTokenRefresh(wire: WireRequest): AfterTokenRefresh {
  return needsRepeatConsent(intendedMethod(wire)) ? 'ask' : 'retry';
}

/** The consent question for a request `afterTokenRefresh` did not repeat by itself. */
export function refreshedConsentMessage(wire: WireRequest, rejected: RejectedToken): string {
  const method = intendedMethod(wire);
  return `${rejected.reason} The vault refreshed the token, but this ${method} was not sent again by itself: ${method} is not idempotent, so a repeat may repeat its effect (a second order, a second payment). Send it again with the new token? (spec §4.2)`;
}
