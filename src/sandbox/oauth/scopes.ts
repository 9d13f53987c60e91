/**
 * Reading a requested `scope` (RFC 6749 §3.3): space-separated, every one known, and the
 * user scopes (`openid`, `profile`, …) refused where no user is involved.
 */
import type { OAuthError } from '../auth/tokenService';
import { OAUTH_SCOPES, USER_SCOPES } from './clients';

/** Scopes granted when a client asks for none. */
export const API_SCOPES = OAUTH_SCOPES.filter((s) => !USER_SCOPES.includes(s));

/** The scopes of `text`, or the `invalid_scope` error naming what is wrong. */
export function checkScope(text: string | undefined, options: { user: boolean; fallback: readonly string[] }): { scope: string[] } | { error: OAuthError } {
  const scope = [...new Set((text ?? '').split(' ').filter(Boolean))];
  const unknown = scope.filter((s) => !(OAUTH_SCOPES as readonly string[]).includes(s));
  const invalid = (description: string) => ({ error: { status: 400, error: 'invalid_scope', description } });
  if (unknown.length > 0) return invalid(`Unknown scope ${unknown.join(', ')}; this server knows ${OAUTH_SCOPES.join(' ')}.`);
  const userOnly = options.user ? [] : scope.filter((s) => USER_SCOPES.includes(s));
  if (userOnly.length > 0) return invalid(`The scope ${userOnly.join(', ')} needs a signed-in user; client credentials may ask only for ${API_SCOPES.join(' ')}.`);
  return { scope: scope.length > 0 ? scope : [...options.fallback] };
}
