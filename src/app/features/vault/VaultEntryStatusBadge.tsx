import { VAULT_STATUS_LABELS, formatVaultCountdown, vaultEntryStatus, type VaultEntryStatus } from '../../../core';
import type { VaultEntryRecord } from './vaultPayload';
import { needsSignInAgain } from './vaultRenewal';

const TONE: Record<VaultEntryStatus, string> = {
  'needs-refresh-token': 'badge-warn',
  'no-tokens': '',
  'refresh-token-held': '',
  refreshing: '',
  valid: 'badge-ok',
  expiring: 'badge-warn',
  expired: 'badge-warn',
  failed: 'badge-error',
  revoked: 'badge-error',
};

/**
 * The entry's status in words, with the countdown to expiry while a token is held. An
 * entry whose token expired and whose grant gave no refresh token says "sign in again":
 * the vault cannot renew it by itself.
 */
export function VaultEntryStatusBadge({ record, now }: { record: VaultEntryRecord; now: number }) {
  const status = vaultEntryStatus(record.state, record.config, now);
  const signInAgain = needsSignInAgain(record.config, record.state, now);
  const access = record.state.access;
  // The countdown is to the expiry the server gave; the status already counts the skew margin.
  const seconds = access?.expiresAt !== undefined && (status === 'valid' || status === 'expiring') ? Math.floor((access.expiresAt - now) / 1000) : undefined;
  return (
    <span className="vault-status" data-status={signInAgain ? 'sign-in-again' : status}>
      <span className={`badge ${TONE[status]}`}>{signInAgain ? 'expired: sign in again' : VAULT_STATUS_LABELS[status]}</span>
      {seconds !== undefined && <span className="vault-countdown"> expires in {formatVaultCountdown(seconds)}</span>}
    </span>
  );
}
