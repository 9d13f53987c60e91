import { useId, useState, type FormEvent } from 'react';
import { effectiveExpiry, refreshDueAt, vaultEntryStatus } from '../../../core';
import { useNow } from './useNow';
import { VaultEntryStatusBadge } from './VaultEntryStatusBadge';
import { VaultFlowDiagram } from './VaultFlowDiagram';
import { VaultGrantPanel, type GrantStarter } from './VaultGrantPanel';

export type { GrantStarter } from './VaultGrantPanel';
import { VaultGrantTools } from './VaultGrantTools';
import { VaultJwtClaims } from './VaultJwtClaims';
import { pageVault } from './vaultInstance';
import type { VaultEntryRecord } from './vaultPayload';
import { needsSignInAgain, vaultRenewalOf } from './vaultRenewal';

function time(ms: number | undefined): string {
  return ms === undefined ? '—' : new Date(ms).toLocaleTimeString();
}

/** Where the entry stands in the flow, its refresh token (write-only), and its access token. */
export function VaultTokenView({ record, onEditSettings, starter }: { record: VaultEntryRecord; onEditSettings(): void; starter: GrantStarter }) {
  const now = useNow();
  const { config, state } = record;
  const status = vaultEntryStatus(state, config, now);
  const [pasted, setPasted] = useState('');
  const [pasteProblem, setPasteProblem] = useState<string | undefined>();
  const inputId = useId();
  const vault = pageVault();

  const give = (event: FormEvent) => {
    event.preventDefault();
    const result = vault.giveRefreshToken(config.id, pasted);
    if (!result.ok) return setPasteProblem(result.error.message);
    setPasteProblem(undefined);
    setPasted('');
  };

  const error = state.lastError;
  const ownGrant = config.oauth !== undefined && config.oauth.grant !== 'manual';
  const access = state.access;
  return (
    <div className="vault-token-view">
      <VaultFlowDiagram status={status} ownGrant={ownGrant} signInAgain={needsSignInAgain(config, state, now)} {...(config.oauth ? { grant: config.oauth.grant } : {})} />
      {ownGrant && <VaultGrantPanel record={record} onEditSettings={onEditSettings} starter={starter} />}

      <section className="vault-token-section" aria-label="Access token">
        <div className="vault-toolbar">
          <h3>Access token</h3>
          <VaultEntryStatusBadge record={record} now={now} />
        </div>
        {error && (state.phase === 'failed' || state.phase === 'revoked') && (
          <p className="vault-problem" role="alert">
            {error.message}
          </p>
        )}
        {access && !state.accessRejected && (
          <dl className="vault-facts">
            <dt>Obtained</dt>
            <dd>{time(access.obtainedAt)}</dd>
            <dt>Expires</dt>
            <dd>
              {access.expiresAt === undefined ? 'unknown (no expires_in, not a JWT with exp)' : `${time(access.expiresAt)} (from ${access.expirySource === 'jwt-exp' ? 'the JWT exp claim' : 'expires_in'})`}
            </dd>
            {access.expiresAt !== undefined && (
              <>
                <dt>{config.autoRefresh ? 'Refresh due' : 'Counts as expired'}</dt>
                <dd>
                  {config.autoRefresh ? time(refreshDueAt(access, config)) : time(effectiveExpiry(access, config))} (lead {config.refreshLeadSeconds} s, clock skew{' '}
                  {config.clockSkewSeconds} s, each at most a quarter of the token's life)
                </dd>
              </>
            )}
            <dt>Type</dt>
            <dd>{access.tokenType ?? '—'}</dd>
            <dt>Scope</dt>
            <dd>{access.scope ?? '—'}</dd>
          </dl>
        )}
        {state.accessRejected && <p className="muted">A resource server refused the last access token as invalid or expired; the next request exchanges for a new one.</p>}
        <div className="vault-actions">
          <button
            type="button"
            className="primary"
            onClick={() => void vault.refresh(config.id, 'manual')}
            disabled={state.phase === 'empty' || state.phase === 'revoked' || state.phase === 'refreshing' || vaultRenewalOf(config, state) === 'sign-in-again'}
            title={vaultRenewalOf(config, state) === 'sign-in-again' ? 'The grant gave no refresh token: "Get new tokens" signs in again.' : undefined}
          >
            {state.phase === 'refreshing' ? 'Refreshing…' : 'Refresh now'}
          </button>
          <button type="button" onClick={() => vault.forgetTokens(config.id)} disabled={state.phase === 'empty'}>
            Forget tokens
          </button>
          {error?.kind === 'vault-insecure' || error?.field ? (
            <button type="button" onClick={onEditSettings}>
              Edit settings
            </button>
          ) : null}
        </div>
        {access && !state.accessRejected && <VaultJwtClaims token={access.token} clientId={config.clientId} now={now} skewSeconds={config.clockSkewSeconds} />}
      </section>

      {ownGrant && <VaultGrantTools record={record} />}

      <section className="vault-token-section" aria-label="Refresh token">
        <h3>Refresh token</h3>
        <p className="muted vault-small">
          {state.refreshToken
            ? `Held since ${time(state.grantedAt)}; the server rotated it ${state.rotations} time${state.rotations === 1 ? '' : 's'}. It is never shown again.`
            : ownGrant
              ? 'None held: "Get tokens" above signs in and stores the one the server gives (ask for offline_access where the server needs it).'
              : 'None held. Grant access on the identity provider\'s consent page and paste the refresh token it shows.'}
        </p>
        {!ownGrant && (
          <form className="vault-give-token" onSubmit={give}>
            <label htmlFor={inputId}>{state.refreshToken ? 'Replace the refresh token' : 'Refresh token'}</label>
            <input
              id={inputId}
              type="password"
              autoComplete="off"
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              aria-describedby={pasteProblem ? `${inputId}-problem` : undefined}
            />
            <button type="submit" disabled={pasted.trim() === ''}>
              Use this refresh token
            </button>
            {pasteProblem && (
              <p id={`${inputId}-problem`} role="alert" className="vault-problem vault-small">
                {pasteProblem}
              </p>
            )}
          </form>
        )}
      </section>
    </div>
  );
}
