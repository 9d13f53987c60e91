import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { previewTokenRequest, tokenUrlShapeNote, VAULT_DEFAULT_MAPPING, type VaultEntryConfig, type VaultResponseMapping } from '../../../core';
import { blockingProblems, ownGrantOf, type VaultEntryDraft } from './vaultEntryDraft';
import { pageVault } from './vaultInstance';
import { VaultGrantSettings } from './VaultGrantSettings';
import type { VaultEntryRecord } from './vaultPayload';

const MAPPING_LABELS: [keyof VaultResponseMapping, string][] = [
  ['accessToken', 'access_token pointer'],
  ['expiresIn', 'expires_in pointer'],
  ['refreshToken', 'refresh_token pointer'],
  ['tokenType', 'token_type pointer'],
];

/**
 * An entry's settings: what the token request sends, how its answer is read, where the
 * token may go. The draft is the dialog's, so switching tabs keeps unsaved edits;
 * `onSaveAndGetTokens` saves and runs the entry's grant on the Token tab.
 */
export function VaultEntryForm({ record, draft, onSaveAndGetTokens }: { record: VaultEntryRecord; draft: VaultEntryDraft; onSaveAndGetTokens(): void }) {
  const { config, text, merged, problems, saved, edit, editText } = draft;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const baseId = useId();

  const preview = useMemo(() => previewTokenRequest(merged), [merged]);
  /** The vault runs the entry's grant itself: its refresh is RFC 6749's form, authenticated as the client's method says. */
  const ownGrant = ownGrantOf(config);
  const shapeNote = ownGrant ? undefined : tokenUrlShapeNote(config.tokenUrl);
  const blocking = blockingProblems(problems);

  const save = (event: FormEvent) => {
    event.preventDefault();
    draft.save();
  };
  /** Problems of fields whose name starts with `prefix`, for the field's description. */
  const problemOf = (prefix: string) => problems.filter((p) => p.field === prefix || p.field?.startsWith(`${prefix}[`) || p.field?.startsWith(`${prefix}.`));

  const field = (name: string, label: string, control: (id: string, describedBy: string | undefined) => ReactNode, note?: string) => {
    const id = `${baseId}-${name}`;
    const own = problemOf(name);
    const describedBy = own.length || note ? `${id}-note` : undefined;
    return (
      <div className="vault-field" key={name}>
        <label htmlFor={id}>{label}</label>
        {control(id, describedBy)}
        {(own.length > 0 || note) && (
          <p id={`${id}-note`} className={own.length ? 'vault-problem vault-small' : 'muted vault-small'}>
            {own.length ? own.map((p) => p.message).join(' ') : note}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className="vault-entry-form" onSubmit={save} aria-label="Entry settings">
      <fieldset>
        <legend>{ownGrant ? 'Client' : 'Token request (spec §4.1)'}</legend>
        {field('name', 'Name', (id, d) => <input id={id} value={config.name} onChange={(e) => edit({ name: e.target.value })} aria-describedby={d} />)}
        {field(
          'tokenUrl',
          'Token endpoint',
          (id, d) => <input id={id} type="url" placeholder="https://auth.example.com/v1/token" value={config.tokenUrl} onChange={(e) => edit({ tokenUrl: e.target.value })} aria-describedby={d} />,
          shapeNote,
        )}
        {field('clientId', 'Client ID', (id, d) => <input id={id} value={config.clientId} onChange={(e) => edit({ clientId: e.target.value })} aria-describedby={d} autoComplete="off" />)}
        {field('clientSecret', 'Client secret', (id, d) => (
          <input id={id} type="password" value={config.clientSecret} onChange={(e) => edit({ clientSecret: e.target.value })} aria-describedby={d} autoComplete="off" />
        ))}
        {!ownGrant && (
          <>
            <div className="vault-field" role="radiogroup" aria-label="Body format">
              <span className="vault-field-label">Body format</span>
              <label className="vault-inline">
                <input type="radio" name={`${baseId}-format`} checked={config.bodyFormat === 'json'} onChange={() => edit({ bodyFormat: 'json' })} /> JSON (spec §4.1)
              </label>
              <label className="vault-inline">
                <input type="radio" name={`${baseId}-format`} checked={config.bodyFormat === 'form'} onChange={() => edit({ bodyFormat: 'form' })} /> Form (RFC 6749)
              </label>
            </div>
            {config.bodyFormat === 'form' &&
              field('clientAuthentication', 'Client authentication', (id) => (
                <select id={id} value={config.clientAuthentication} onChange={(e) => edit({ clientAuthentication: e.target.value as VaultEntryConfig['clientAuthentication'] })}>
                  <option value="body">client_id and client_secret in the body</option>
                  <option value="basic">HTTP Basic (RFC 6749 §2.3.1)</option>
                </select>
              ))}
            {field('scope', 'Scope', (id) => <input id={id} value={text.scope} placeholder="orders:read" onChange={(e) => editText({ scope: e.target.value })} />)}
            {field('audience', 'Audience', (id) => <input id={id} value={text.audience} onChange={(e) => editText({ audience: e.target.value })} />)}
          </>
        )}
        {!ownGrant &&
          field('extraFields', 'Other fields', (id, d) => (
            <textarea id={id} rows={2} placeholder="name=value, one per line" value={text.otherFields} onChange={(e) => editText({ otherFields: e.target.value })} aria-describedby={d} />
          ))}
      </fieldset>

      <VaultGrantSettings config={config} edit={edit} problems={problems} />

      <fieldset>
        <legend>Response mapping (JSON pointers, RFC 6901)</legend>
        {MAPPING_LABELS.map(([key, label]) =>
          field(`mapping.${key}`, label, (id, d) => (
            <input
              id={id}
              className="vault-mono"
              value={config.mapping[key]}
              placeholder={VAULT_DEFAULT_MAPPING[key]}
              onChange={(e) => edit({ mapping: { ...config.mapping, [key]: e.target.value } })}
              aria-describedby={d}
            />
          )),
        )}
      </fieldset>

      <fieldset>
        <legend>Use of the access token</legend>
        {field('scheme', 'Scheme', (id) => (
          <select
            id={id}
            value={config.scheme.kind}
            onChange={(e) => {
              const kind = e.target.value as VaultEntryConfig['scheme']['kind'];
              edit({ scheme: kind === 'custom' ? { kind, prefix: config.scheme.kind === 'custom' ? config.scheme.prefix : 'Token' } : { kind } });
            }}
          >
            <option value="bearer">Bearer (RFC 6750)</option>
            <option value="jwt">JWT</option>
            <option value="custom">Custom prefix</option>
          </select>
        ))}
        {config.scheme.kind === 'custom' &&
          field('scheme.prefix', 'Custom prefix', (id, d) => (
            <input id={id} value={config.scheme.kind === 'custom' ? config.scheme.prefix : ''} onChange={(e) => edit({ scheme: { kind: 'custom', prefix: e.target.value } })} aria-describedby={d} />
          ))}
        {field(
          'allowedHosts',
          'Allowed hosts',
          (id, d) => (
            <textarea id={id} rows={2} className="vault-mono" placeholder="api.example.com, one per line" value={text.hosts} onChange={(e) => editText({ hosts: e.target.value })} aria-describedby={d} />
          ),
          'The token is sent only to these hosts; *.example.com covers subdomains, host:port one port.',
        )}
        <div className="vault-field vault-wide">
          <label className="vault-inline">
            <input type="checkbox" checked={config.allowPlainHttp} onChange={(e) => edit({ allowPlainHttp: e.target.checked })} /> Allow plain http for this entry
          </label>
          <p className={config.allowPlainHttp ? 'vault-problem vault-small' : 'muted vault-small'}>
            Over http:// the token, refresh token and client secret can be read by anyone on the way (spec §5: bearer tokens travel only over TLS). Allow it only for a
            server on this machine, such as the sandbox.
          </p>
        </div>
      </fieldset>

      <fieldset>
        <legend>Refresh</legend>
        <div className="vault-field vault-wide">
          <label className="vault-inline">
            <input type="checkbox" checked={config.autoRefresh} onChange={(e) => edit({ autoRefresh: e.target.checked })} /> Refresh automatically before expiry
          </label>
        </div>
        {field('refreshLeadSeconds', 'Refresh lead (seconds)', (id, d) => (
          <input id={id} type="number" min={0} value={config.refreshLeadSeconds} onChange={(e) => edit({ refreshLeadSeconds: e.target.valueAsNumber })} aria-describedby={d} />
        ))}
        {field(
          'clockSkewSeconds',
          'Allowed clock skew (seconds)',
          (id, d) => (
            <input id={id} type="number" min={0} max={3600} value={config.clockSkewSeconds} onChange={(e) => edit({ clockSkewSeconds: e.target.valueAsNumber })} aria-describedby={d} />
          ),
          'Tokens count as expired this much early. Lead and skew each take at most a quarter of a token\'s life.',
        )}
      </fieldset>

      {!ownGrant && (
        <details className="vault-preview">
          <summary>The token request, secrets shown as placeholders</summary>
          <pre>{preview.ok ? preview.value : preview.error.message}</pre>
        </details>
      )}

      <div className="vault-actions vault-form-actions">
        <button type="submit" className="primary">
          Save entry
        </button>
        {ownGrant && (
          <button
            type="button"
            onClick={onSaveAndGetTokens}
            disabled={blocking.length > 0}
            title={blocking.length ? `Fix ${blocking.length} problem${blocking.length > 1 ? 's' : ''} first; each is shown beside its field.` : undefined}
          >
            Save and get tokens
          </button>
        )}
        <span role="status" className="muted">
          {saved === 'saved' ? (problems.length ? `Saved, with ${problems.length} problem${problems.length > 1 ? 's' : ''} to fix before use.` : 'Saved.') : saved === 'unsaved' ? 'Unsaved changes.' : ''}
        </span>
        {confirmDelete ? (
          <>
            <button type="button" className="danger" onClick={() => pageVault().removeEntry(record.config.id)}>
              Delete “{record.config.name}” and its tokens
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirmDelete(true)}>
            Delete entry
          </button>
        )}
      </div>
    </form>
  );
}
