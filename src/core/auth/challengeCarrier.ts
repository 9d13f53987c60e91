/**
 * Where the answer to a challenge travels. Almost every scheme is answered in Authorization
 * (or Proxy-Authorization) by an auth scheme the composer sets up (RFC 9110 §11.6). A few
 * challenges name credentials that another header carries: the Cookie scheme
 * (draft-broyer-http-cookie-auth) points at a login form, and the session cookie that login
 * sets is the answer — sent by the cookie jar, never typed as an Authorization scheme. Kept
 * as data so the explanations, the header list and the one-story check read one table.
 */
import { authParam } from './authParams';
import type { Challenge } from './challenges';

/** How a person answers a challenge: with an auth scheme in the composer, or with the cookie jar. */
export interface ChallengeCarrier {
  /** The request header the answer travels in. */
  header: string;
  /** What supplies it: an auth scheme of the composer, or the workspace's cookie jar. */
  via: 'auth-scheme' | 'cookie-jar';
}

/** Challenge schemes (lower case) whose answer is not an Authorization header. */
export const NON_AUTHORIZATION_CHALLENGES: Readonly<Record<string, ChallengeCarrier>> = {
  cookie: { header: 'Cookie', via: 'cookie-jar' },
};

/**
 * The carrier of an answer to a challenge of `scheme` (compared case-insensitively, RFC 9110
 * §11.1); `credentialsHeader` is the header an auth scheme would use (Authorization for a 401,
 * Proxy-Authorization for a 407).
 */
export function challengeCarrier(scheme: string, credentialsHeader = 'Authorization'): ChallengeCarrier {
  if (typeof scheme !== 'string') throw new TypeError(`challengeCarrier expects a scheme string, got ${typeof scheme}`);
  const key = scheme.trim().toLowerCase();
  return Object.hasOwn(NON_AUTHORIZATION_CHALLENGES, key) ? NON_AUTHORIZATION_CHALLENGES[key]! : { header: credentialsHeader, via: 'auth-scheme' };
}

/** A Cookie challenge's session cookie name (`cookie-name`) and login form (`form-action`), when it names them. */
export function sessionCookieChallenge(challenge: Challenge): { cookieName?: string; formAction?: string } {
  const cookieName = authParam(challenge, 'cookie-name');
  const formAction = authParam(challenge, 'form-action');
  return { ...(cookieName ? { cookieName } : {}), ...(formAction ? { formAction } : {}) };
}
