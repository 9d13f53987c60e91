/**
 * Which of the composer's auth schemes answers a challenge: the server writes the scheme
 * in any case (`Basic`, `bearer`), the composer knows its schemes by id, and a scheme it
 * has no form for (Hawk, …) is answered with the custom scheme.
 */
import { authScheme, type AuthSchemeId } from '../auth/schemes';

/** The composer scheme id for a challenge's scheme, compared case-insensitively (RFC 9110 §11.1). */
export function authSchemeForChallenge(challengeScheme: string): AuthSchemeId {
  const id = challengeScheme.trim().toLowerCase();
  const known = id !== 'none' && id !== 'custom' ? authScheme(id) : undefined;
  return known ? known.id : 'custom';
}
