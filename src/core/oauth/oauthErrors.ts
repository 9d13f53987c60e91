/**
 * The error codes of RFC 6749 §4.1.2.1 and §5.2, RFC 8628 §3.5, RFC 7009 and OpenID
 * Connect Core §3.1.2.6, each said plainly with what to do next.
 */
const TEXTS: Record<string, string> = {
  access_denied: 'The person (or the provider\'s policy) declined to grant access.',
  invalid_request: 'The provider found the request malformed: a parameter missing, repeated or invalid.',
  unauthorized_client: 'This client is not allowed to use this grant type; enable it in the client\'s registration.',
  unsupported_response_type: 'The provider does not issue authorization codes to this client.',
  invalid_scope: 'A requested scope is unknown, malformed or not allowed for this client.',
  server_error: 'The authorization server failed; trying again later may work.',
  temporarily_unavailable: 'The authorization server is overloaded or in maintenance; try again later.',
  invalid_client: 'The client could not be authenticated: wrong client_id or secret, or the wrong client authentication method.',
  invalid_grant: 'The code, refresh token or device code is invalid, expired, already used, revoked, or was issued to another client or redirect URI; for a code, a PKCE verifier that does not match also gives this.',
  unsupported_grant_type: 'The provider does not support this grant type at its token endpoint.',
  authorization_pending: 'The person has not finished approving on the other device yet; keep polling.',
  slow_down: 'Polling too fast: the interval grows by 5 seconds (RFC 8628 §3.5).',
  expired_token: 'The device code expired before the person approved; start again.',
  unsupported_token_type: 'The provider cannot revoke this kind of token (RFC 7009 §2.2.1).',
  login_required: 'The provider needs the person to sign in, but the request asked for no interaction.',
  consent_required: 'The provider needs the person\'s consent, but the request asked for no interaction.',
  interaction_required: 'The provider needs the person to act, but the request asked for no interaction.',
  invalid_dpop_proof: 'The provider requires a DPoP proof (RFC 9449), which this client did not send.',
};

/** `error` with its description and URI, explained; unknown codes are named as such. */
export function explainOAuthError(error: string, description?: string, uri?: string): string {
  const known = TEXTS[error];
  const parts = [known ? `${error}: ${known}` : `The provider answered with the error "${error}", which is not one of the registered OAuth codes.`];
  if (description) parts.push(`The provider says: "${description}".`);
  if (uri && /^https?:\/\//i.test(uri)) parts.push(`More: ${uri}`);
  return parts.join(' ');
}
