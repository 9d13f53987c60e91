import { useMemo, useSyncExternalStore } from 'react';
import { applyAuth, authScheme, authSchemes, decodeJwt, parseBasic, substituteVariables, type AuthSchemeId, type HeaderField } from '../../../core';
import { useWorkbench } from '../../base/state/StoreProvider';
import { listVaultEntries, subscribeVault } from '../vault/vaultAccess';
import { AuthForm } from './AuthForm';
import { useEnvironmentValues } from '../environments/useEnvironmentValues';
import { HelpPopover } from '../../base/components/HelpPopover';
import { useLostSecrets } from './useLostSecrets';

/** What a header carries, decoded beside it: Basic user and password, a JWT's claims. */
function decodedBeside(header: HeaderField): string | undefined {
  if (header.name.toLowerCase() !== 'authorization') return undefined;
  if (/^basic\s/i.test(header.value)) {
    const parsed = parseBasic(header.value);
    return parsed.ok ? `base64 of "${parsed.value.user}:${parsed.value.pass}" (UTF-8) — user "${parsed.value.user}", password "${parsed.value.pass}"` : undefined;
  }
  const token = /^(bearer|jwt)\s+(\S+)$/i.exec(header.value)?.[2];
  if (token && token.split('.').length === 3) {
    const jwt = decodeJwt(token);
    if (jwt.ok) return `JWT claims: ${JSON.stringify(jwt.value.claims)}${jwt.value.expired ? ' — expired' : ''}`;
  }
  return undefined;
}

function VaultPicker({ entryId, onChange }: { entryId?: string; onChange(id: string): void }) {
  // The list is the same array until an entry, the lock or a status changes, so it is a valid snapshot.
  const entries = useSyncExternalStore(subscribeVault, listVaultEntries);
  if (entries.length === 0) {
    return <p className="muted">The vault has no entries to use yet. Open the Vault in the sidebar to add a token; its header is resolved (and refreshed) when the request is sent.</p>;
  }
  return (
    <div className="auth-field">
      <span className="auth-field-label">
        <label htmlFor="auth-vault-entry">Vault entry</label>
        <HelpPopover topic="Vault entry" id="auth-vault-entry-help">
          The token stays in the vault; this request keeps only a reference to it.
        </HelpPopover>
      </span>
      <select id="auth-vault-entry" aria-describedby="auth-vault-entry-help" value={entryId ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose an entry…</option>
        {entries.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name} ({e.status})
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The auth section: pick a scheme (or a vault token), fill the descriptor's form, and see
 * the exact header it produces with its decoding beside it.
 */
export function AuthPanel() {
  const auth = useWorkbench((s) => s.draft.auth);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const env = useEnvironmentValues();
  const descriptor = auth.scheme === 'vault' ? undefined : authScheme(auth.scheme);
  const applied = useMemo(() => {
    if (!descriptor) return undefined;
    const resolved: Record<string, string> = {};
    for (const [name, value] of Object.entries(auth.values)) resolved[name] = substituteVariables(value, env).text;
    return applyAuth(descriptor.id, resolved);
  }, [descriptor, auth.values, env]);
  const setValue = (name: string, value: string) => updateDraft((d) => ({ ...d, auth: { ...d.auth, values: { ...d.auth.values, [name]: value } } }));
  const { lost, locked } = useLostSecrets();
  const lostFields = useMemo(() => new Set(locked ? [] : lost.flatMap((l) => (l.place.section === 'auth' ? [l.place.field] : []))), [lost, locked]);
  // A lost secret is asked for by its field; the scheme's complaint about the reference in it would say it twice.
  const error = applied && !applied.ok && !lostFields.has(applied.error.field ?? '') ? applied.error : undefined;
  const fieldNames = new Set(descriptor?.fields.map((f) => f.name));

  return (
    <section aria-labelledby="auth-title" className="subsection">
      <h3 id="auth-title" className="visually-hidden">
        Auth
      </h3>
      <div className="auth-field">
        <label htmlFor="auth-scheme">Auth scheme</label>
        <select id="auth-scheme" value={auth.scheme} onChange={(e) => updateDraft((d) => ({ ...d, auth: { ...d.auth, scheme: e.target.value as AuthSchemeId | 'vault' } }))}>
          {authSchemes.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
          <option value="vault">Token from the vault</option>
        </select>
      </div>
      <p className="muted small">{descriptor ? descriptor.summary : 'A token kept in the vault, resolved and refreshed when the request is sent.'}</p>
      {descriptor ? (
        <AuthForm descriptor={descriptor} values={auth.values} error={error} onChange={setValue} lostFields={lostFields} vaultLocked={locked} />
      ) : (
        <VaultPicker entryId={auth.vaultEntryId} onChange={(id) => updateDraft((d) => ({ ...d, auth: { ...d.auth, vaultEntryId: id } }))} />
      )}
      {error && !fieldNames.has(error.field ?? '') ? (
        <p className="field-error" aria-live="polite">
          {error.message}
        </p>
      ) : null}
      {applied?.ok && (applied.value.headers.length > 0 || (applied.value.query ?? []).length > 0) ? (
        <div className="auth-result" aria-label="What auth sends" role="group">
          <p className="muted small">Sends exactly:</p>
          {applied.value.headers.map((h, i) => {
            const decoded = decodedBeside(h);
            return (
              <p key={i} className="auth-header">
                <code data-testid="auth-header">
                  {h.name}: {h.value}
                </code>
                {decoded ? <span className="auth-decoded">{decoded}</span> : null}
              </p>
            );
          })}
          {(applied.value.query ?? []).map((q, i) => (
            <p key={`q${i}`} className="auth-header">
              <code>
                ?{q.name}={q.value}
              </code>
              <span className="field-error">In the URL the key is kept in logs and history; the Conventions panel flags it (spec §5).</span>
            </p>
          ))}
        </div>
      ) : null}
      {descriptor?.sign && applied?.ok ? (
        <p className="muted small" data-testid="auth-signed-when-sending">
          Signed when sending, over the request exactly as it goes: &quot;What will be sent&quot; shows the signed headers (or, for a presigned URL, the signed query), the canonical request and the string to sign.
        </p>
      ) : null}
      {descriptor && descriptor.fields.some((f) => f.kind === 'secret' || f.kind === 'params') ? (
        <p className="muted small">
          Where secrets are kept
          <HelpPopover topic="where secrets are kept">Secrets (passwords, tokens, keys) are never stored in plaintext: with an encrypted vault they are sealed in it, otherwise they stay in this page only and must be typed again after a reload. Auth-params are not kept. Keep long-lived tokens in the vault.</HelpPopover>
        </p>
      ) : null}
    </section>
  );
}
