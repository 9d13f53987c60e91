import { useState } from 'react';
import type { Result } from '../../../core';
import { VaultClaimsTable } from './VaultClaimsTable';
import { oauthOf } from './vaultGrantSettings';
import { pageVault } from './vaultInstance';
import type { VaultEntryRecord } from './vaultPayload';

type Shown = { kind: 'revoked'; which: string } | { kind: 'introspection'; facts: Record<string, unknown> } | { kind: 'userinfo'; claims: Record<string, unknown> } | { kind: 'problem'; message: string };

/** RFC 7662 §2.2's member names for what the session read, so the table says what the server said. */
function introspectionMembers(facts: object): Record<string, unknown> {
  const names: Record<string, string> = { clientId: 'client_id', tokenType: 'token_type' };
  return Object.fromEntries(Object.entries(facts).map(([key, value]) => [names[key] ?? key, value]));
}

/**
 * What the person can ask the authorization server about the entry's grant: revoke it
 * (RFC 7009; confirmed first, it cannot be undone), whether the access token is active
 * (RFC 7662) and who it stands for (OpenID Connect userinfo). Answers are shown, not kept.
 */
export function VaultGrantTools({ record }: { record: VaultEntryRecord }) {
  const { config, state } = record;
  const oauth = oauthOf(config);
  const [busy, setBusy] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<Shown | undefined>();
  const vault = pageVault();
  const holds = state.refreshToken !== undefined || state.access !== undefined;

  async function call<T>(name: string, task: () => Promise<Result<T>>, show: (value: T) => Shown) {
    setBusy(name);
    setConfirming(false);
    const result = await task();
    setBusy(undefined);
    setShown(result.ok ? show(result.value) : { kind: 'problem', message: result.error.message });
  }
  const missing = (endpoint: string, what: string) => (endpoint.trim() ? undefined : `No ${what} endpoint: discover the issuer or enter it under Endpoints.`);

  return (
    <section className="vault-token-section" aria-label="Grant at the server">
      <h3>At the authorization server</h3>
      <div className="vault-actions">
        {confirming ? (
          <>
            <button type="button" className="danger" onClick={() => void call('revoke', () => vault.revoke(config.id), (v) => ({ kind: 'revoked', which: v.revoked }))}>
              Revoke the {state.refreshToken ? 'refresh token (the whole grant)' : 'access token'}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} disabled={!holds || busy !== undefined || !oauth.revocationEndpoint} title={missing(oauth.revocationEndpoint, 'revocation')}>
            {busy === 'revoke' ? 'Revoking…' : 'Revoke'}
          </button>
        )}
        <button
          type="button"
          onClick={() => void call('introspect', () => vault.introspect(config.id), (v) => ({ kind: 'introspection', facts: introspectionMembers(v) }))}
          disabled={!state.access || busy !== undefined || !oauth.introspectionEndpoint}
          title={missing(oauth.introspectionEndpoint, 'introspection')}
        >
          {busy === 'introspect' ? 'Asking…' : 'Introspect access token'}
        </button>
        <button
          type="button"
          onClick={() => void call('userinfo', () => vault.userinfo(config.id), (v) => ({ kind: 'userinfo', claims: v }))}
          disabled={!state.access || busy !== undefined || !oauth.userinfoEndpoint}
          title={missing(oauth.userinfoEndpoint, 'userinfo')}
        >
          {busy === 'userinfo' ? 'Asking…' : 'Userinfo'}
        </button>
      </div>
      <div aria-live="polite">
        {shown?.kind === 'problem' && (
          <p role="alert" className="vault-problem">
            {shown.message}
          </p>
        )}
        {shown?.kind === 'revoked' && (
          <p role="status">
            Revoked at the server ({shown.which}); the entry dropped its tokens. RFC 7009: the server also invalidates tokens issued from the same grant where it can.
          </p>
        )}
        {shown?.kind === 'introspection' && (
          <>
            <p role="status">{shown.facts.active ? 'The server says the access token is active.' : 'The server says the access token is not active (expired, revoked, or unknown to it).'}</p>
            <VaultClaimsTable claims={shown.facts} label="Introspection" />
          </>
        )}
        {shown?.kind === 'userinfo' && <VaultClaimsTable claims={shown.claims} label="Userinfo claims" />}
      </div>
    </section>
  );
}
