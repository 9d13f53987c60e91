/**
 * The Details column of the exchange log: what was asked, how the client authenticated
 * (the method, never the credential), body format, lifetime, rotation, scope, duration.
 */
import type { VaultExchangeRecord } from '../../core';

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
  return [
    r.request ? REQUESTS[r.request] : undefined,
    r.clientAuthMethod ? `client authentication ${r.clientAuthMethod}` : undefined,
    grantRun ? undefined : r.bodyFormat === 'json' ? 'JSON body' : 'form body',
    r.expiresInSeconds !== undefined ? `expires_in ${r.expiresInSeconds} s` : undefined,
    grantRun ? undefined : r.rotated ? 'refresh token rotated' : 'refresh token kept',
    r.scope ? `scope "${r.scope}"` : undefined,
    `${r.durationMs} ms`,
    r.message,
  ]
    .filter(Boolean)
    .join(' · ');
}
