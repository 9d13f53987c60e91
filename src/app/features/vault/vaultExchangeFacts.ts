/**
 * The Why and Details columns of the exchange log: what the call was (a refresh, a grant,
 * a revocation, …), how the client authenticated (the method, never the credential), body
 * format, lifetime, what became of the refresh token, scope, duration. Each fact is said
 * only of the calls it belongs to: a revocation has no refresh token to keep.
 */
import type { VaultExchangeRecord } from '../../../core';

const TRIGGERS: Record<VaultExchangeRecord['trigger'], string> = {
  manual: 'Refresh now',
  scheduled: 'before expiry',
  granted: 'new refresh token',
  'on-demand': 'a request needed it',
  unauthorized: 'after a 401',
  'get-tokens': 'Get tokens',
  retry: 'retry after a failed refresh',
};

/** The calls made by their own button, named as the button is. */
const CALLS: Partial<Record<NonNullable<VaultExchangeRecord['request']>, string>> = {
  revocation: 'Revoke',
  introspection: 'Introspect',
  userinfo: 'Userinfo',
};

/** Why the call was made, in the log's words: the button or the event that caused it. */
export function vaultExchangeCause(r: VaultExchangeRecord): string {
  return (r.request && CALLS[r.request]) || TRIGGERS[r.trigger];
}

/** What became of the refresh token: said of renewals only, the one kind of call that can change it. */
function refreshTokenFate(r: VaultExchangeRecord): string | undefined {
  if (r.request === undefined || r.request === 'refresh_token') return r.rotated ? 'refresh token rotated' : 'refresh token kept';
  // RFC 6749 §4.4.3: a client credentials answer should carry no refresh token; say so only when one came.
  if (r.request === 'client_credentials' && r.rotated) return 'a refresh token was given';
  return undefined;
}

/** How the caller proved itself: the client's method at the authorization server, the access token at userinfo. */
function authentication(r: VaultExchangeRecord): string | undefined {
  if (!r.clientAuthMethod) return undefined;
  return r.clientAuthMethod === 'bearer' ? 'access token as Bearer' : `client authentication ${r.clientAuthMethod}`;
}

const REQUESTS: Record<NonNullable<VaultExchangeRecord['request']>, string> = {
  refresh_token: 'refresh',
  client_credentials: 'client credentials',
  revocation: 'revocation',
  introspection: 'introspection',
  userinfo: 'userinfo',
  authorization_code: 'authorization code',
  device_code: 'device authorization',
  password: 'password grant',
};

/** One log record's details in words; a failed exchange's message as it is. */
export function vaultExchangeFacts(r: VaultExchangeRecord): string | undefined {
  if (r.outcome !== 'ok') return r.message;
  const grantRun = r.trigger === 'get-tokens';
  // A grant run's requests are in its steps; userinfo is a GET without a body.
  const bodyShown = !grantRun && r.request !== 'userinfo';
  return [
    r.request ? REQUESTS[r.request] : undefined,
    authentication(r),
    bodyShown ? (r.bodyFormat === 'json' ? 'JSON body' : 'form body') : undefined,
    r.expiresInSeconds !== undefined ? `expires_in ${r.expiresInSeconds} s` : undefined,
    grantRun ? undefined : refreshTokenFate(r),
    r.scope ? `scope "${r.scope}"` : undefined,
    `${r.durationMs} ms`,
    r.message,
  ]
    .filter(Boolean)
    .join(' · ');
}
