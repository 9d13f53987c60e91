import './vaultGrants.css';
import { useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { VaultDeviceCode } from './VaultDeviceCode';
import { VaultGrantAuthorization } from './VaultGrantAuthorization';
import { VaultGrantSteps } from './VaultGrantSteps';
import { VaultClaimsTable } from './VaultClaimsTable';
import { VaultPkceNote } from './VaultPkceNote';
import { pageGrantRuns } from './pageGrantRuns';
import { oauthOf, suggestedAllowedHost } from './vaultGrantSettings';
import { pageVault } from './vaultInstance';
import type { VaultEntryRecord } from './vaultPayload';

const GRANT_NAMES = {
  authorization_code: 'authorization code + PKCE',
  client_credentials: 'client credentials',
  device_code: 'device authorization',
  password: 'password (legacy)',
} as const;

/** How "Get tokens" starts: with unsaved settings saved first, or a reason it did not start. */
export interface GrantStarter {
  unsaved: boolean;
  problem?: string | undefined;
  start(): void;
}

/**
 * "Get tokens" on the Token tab: runs the entry's grant, shows each step as it happens
 * (the sign-in page's parameters, the device code, every request), and on success what
 * was stored, what to be wary of (an "openid" sign-in that brought no ID token) and the
 * validated ID token's claims. A failure is explained and stores nothing.
 */
export function VaultGrantPanel({ record, onEditSettings, starter }: { record: VaultEntryRecord; onEditSettings(): void; starter: GrantStarter }) {
  const { config, state } = record;
  const id = config.id;
  const runs = pageGrantRuns();
  const run = useStore(runs.store, (s) => s.runs[id]);
  const [pasted, setPasted] = useState('');
  const pasteId = useId();
  const unsavedId = useId();
  const oauth = oauthOf(config);
  if (oauth.grant === 'manual') return null;
  const running = run?.status === 'running';
  const host = suggestedAllowedHost(config);

  const start = () => {
    setPasted('');
    starter.start();
  };
  const paste = (event: FormEvent) => {
    event.preventDefault();
    runs.paste(id, pasted);
  };
  const waitingForRedirect = running && run.authorization !== undefined && !run.steps.some((s) => s.step === 'callback');

  return (
    <section className="vault-token-section vault-grant" aria-label="Get tokens">
      <div className="vault-toolbar">
        <h3>Get tokens: {GRANT_NAMES[oauth.grant]}</h3>
        <div className="vault-actions">
          {running ? (
            <button type="button" onClick={() => runs.cancel(id)}>
              Cancel
            </button>
          ) : (
            <button type="button" className="primary" onClick={start} disabled={state.phase === 'refreshing'} aria-describedby={starter.unsaved ? unsavedId : undefined}>
              {starter.unsaved ? 'Save and get tokens' : state.phase === 'empty' ? 'Get tokens' : 'Get new tokens'}
            </button>
          )}
          <button type="button" onClick={onEditSettings}>
            Grant settings
          </button>
        </div>
      </div>
      {starter.unsaved && !running && (
        <p id={unsavedId} className="vault-warning">
          Settings has unsaved changes: they are saved before the grant runs, so it uses what the form shows.
        </p>
      )}
      {!running && <VaultPkceNote oauth={oauth} />}
      {starter.problem && (
        <p role="alert" className="vault-problem">
          {starter.problem}
        </p>
      )}
      {run?.authorization && <VaultGrantAuthorization authorization={run.authorization} waiting={waitingForRedirect} />}
      {waitingForRedirect && (
        <form className="vault-give-token" onSubmit={paste}>
          <label htmlFor={pasteId}>{run.authorization?.manual ? 'Address you were redirected to' : 'Or paste the address you were redirected to'}</label>
          <input id={pasteId} type="url" autoComplete="off" value={pasted} onChange={(e) => setPasted(e.target.value)} className="vault-mono" />
          <button type="submit" disabled={pasted.trim() === ''}>
            Use this address
          </button>
        </form>
      )}
      {run?.device && run.status !== 'done' && <VaultDeviceCode device={run.device} running={running} />}
      {run && <VaultGrantSteps steps={run.steps} />}
      {run?.error && (
        <p role="alert" className="vault-problem">
          {run.error}
        </p>
      )}
      {run?.status === 'done' && (
        <p role="status" className="vault-grant-done">
          Tokens stored in the vault{state.refreshToken ? ' with a refresh token' : ' (no refresh token was given)'}; nothing secret is shown.
        </p>
      )}
      {run?.status === 'done' &&
        run.warnings?.map((warning) => (
          <p key={warning} role="note" className="vault-warning">
            {warning}
          </p>
        ))}
      {run?.idToken && (
        <details className="vault-claims" open>
          <summary>ID token: {run.idToken.checks.join(', ')} checked</summary>
          <VaultClaimsTable claims={run.idToken.claims} label="ID token claims" />
        </details>
      )}
      {host && (
        <p className="vault-suggest vault-small">
          The entry lists no allowed host, so no request can carry its token yet.{' '}
          <button type="button" onClick={() => pageVault().updateEntry({ ...config, allowedHosts: [host] })}>
            Allow {host}
          </button>
        </p>
      )}
    </section>
  );
}
