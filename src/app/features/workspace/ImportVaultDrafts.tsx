import { useState } from 'react';
import type { ImportedVaultDraft } from '../../../core';
import { pageVault } from '../vault/vaultInstance';
import { useVault } from '../vault/useVault';

export interface ImportVaultDraftsProps {
  drafts: readonly ImportedVaultDraft[];
}

const FLOW_NOTES: Readonly<Record<ImportedVaultDraft['flow'], string>> = {
  authorizationCode: 'sign in at the authorization URL, then give the entry the refresh token',
  clientCredentials: 'the token URL with the client id and secret you enter in the vault',
  password: 'the token URL with a user name and password',
  implicit: 'tokens come from the authorization URL directly; there is no refresh token to keep',
  deviceAuthorization: 'sign in on another device, then give the entry the refresh token',
  openIdConnect: 'the endpoints are in the discovery document',
};

/**
 * The OAuth 2 / OpenID Connect settings an imported description declares, each with a
 * "Create vault entry" action that adds an entry holding the token URL, scopes and the
 * servers' hosts — never a secret: the client secret and tokens are entered in the vault.
 */
export function ImportVaultDrafts({ drafts }: ImportVaultDraftsProps) {
  const mode = useVault((s) => s.mode);
  const [created, setCreated] = useState<ReadonlySet<number>>(new Set());

  const create = (draft: ImportedVaultDraft, index: number) => {
    pageVault().addEntry({
      name: draft.name,
      tokenUrl: draft.refreshUrl ?? draft.tokenUrl ?? '',
      // OAuth 2 token endpoints take RFC 6749's form body.
      bodyFormat: 'form',
      extraFields: draft.scopes.length > 0 ? [{ name: 'scope', value: draft.scopes.join(' ') }] : [],
      allowedHosts: [...draft.allowedHosts],
    });
    setCreated((done) => new Set(done).add(index));
  };

  return (
    <>
      <h3>Vault entries to create ({drafts.length})</h3>
      {mode !== 'open' ? <p className="muted small">Open the vault (Vault panel) to create these entries.</p> : null}
      <ul className="import-vault-drafts">
        {drafts.map((draft, index) => (
          <li key={`${draft.securityScheme}-${draft.flow}`}>
            <strong>{draft.name}</strong>: {FLOW_NOTES[draft.flow]}.
            <dl className="small">
              {draft.tokenUrl ? (
                <>
                  <dt>Token URL</dt>
                  <dd>{draft.tokenUrl}</dd>
                </>
              ) : null}
              {draft.authorizationUrl ? (
                <>
                  <dt>Authorization URL</dt>
                  <dd>{draft.authorizationUrl}</dd>
                </>
              ) : null}
              {draft.openIdConnectUrl ? (
                <>
                  <dt>Discovery</dt>
                  <dd>{draft.openIdConnectUrl}</dd>
                </>
              ) : null}
              {draft.scopes.length > 0 ? (
                <>
                  <dt>Scopes</dt>
                  <dd>{draft.scopes.join(' ')}</dd>
                </>
              ) : null}
            </dl>
            {draft.tokenUrl || draft.refreshUrl ? (
              <button type="button" className="small-button" disabled={mode !== 'open' || created.has(index)} aria-label={`Create vault entry ${draft.name}`} onClick={() => create(draft, index)}>
                {created.has(index) ? 'Vault entry created' : 'Create vault entry'}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
