import './vaultGrants.css';
import { useId, useState, type ReactNode } from 'react';
import { type CoreError, type VaultEntryConfig, type VaultGrantType, type VaultOAuthSettings } from '../../../core';
import { PASSWORD_GRANT_WARNING, discover, type ClientAuthMethod, type GrantKind } from '../../../core/oauth';
import { HelpPopover } from '../../base/components/HelpPopover';
import { VaultGrantEndpoints } from './VaultGrantEndpoints';
import { applyDiscovery, loopbackRedirectUri, oauthOf, serverSupportOf } from './vaultGrantSettings';
import { pageVault } from './vaultInstance';
import { VaultParameterTable } from './VaultParameterTable';
import { VaultPkceNote } from './VaultPkceNote';

const GRANTS: { value: VaultGrantType; label: string }[] = [
  { value: 'manual', label: 'Paste a refresh token' },
  { value: 'authorization_code', label: 'Authorization code + PKCE' },
  { value: 'client_credentials', label: 'Client credentials' },
  { value: 'device_code', label: 'Device authorization' },
  { value: 'password', label: 'Password (legacy)' },
];

const AUTH_METHODS: { value: ClientAuthMethod; label: string }[] = [
  { value: 'client_secret_basic', label: 'client_secret_basic (HTTP Basic)' },
  { value: 'client_secret_post', label: 'client_secret_post (in the body)' },
  { value: 'none', label: 'none (public client, PKCE)' },
  { value: 'private_key_jwt', label: 'private_key_jwt (signed assertion)' },
];

const ALGS = ['RS256', 'PS256', 'ES256', 'ES384', 'EdDSA'];

/** When discovery last ran for the entry, from what it kept. */
function discoveredNote(oauth: VaultOAuthSettings): string | undefined {
  const found = oauth.discovered;
  if (!found) return undefined;
  const when = new Date(found.at).toLocaleString();
  return `Discovered ${when} from the ${found.source === 'openid-configuration' ? 'OpenID configuration' : 'RFC 8414 metadata'}; what the server does not offer is greyed out. Discover reads it again.`;
}

/**
 * The "Get tokens" part of an entry's settings: which grant the vault runs itself, the
 * issuer and what discovery found (kept on the entry: grants and client authentication
 * methods the server does not list stay greyed out), the client's authentication, what is
 * asked for, extra parameters, and where the browser comes back.
 */
export function VaultGrantSettings({ config, edit, problems }: { config: VaultEntryConfig; edit(patch: Partial<VaultEntryConfig>): void; problems: readonly CoreError[] }) {
  const oauth = oauthOf(config);
  const baseId = useId();
  const [discovery, setDiscovery] = useState<{ busy: boolean; problem?: string; note?: string }>({ busy: false });
  const [copied, setCopied] = useState(false);
  const supported = serverSupportOf(oauth);
  const loopback = loopbackRedirectUri(location.origin);

  const set = (patch: Partial<VaultOAuthSettings>) => {
    const next = { ...oauth, ...patch };
    // A grant the vault runs itself renews with RFC 6749's form, never the spec's JSON body.
    edit(next.grant === 'manual' ? { oauth: next } : { oauth: next, bodyFormat: 'form' });
  };

  const runDiscovery = async () => {
    setDiscovery({ busy: true });
    const vault = pageVault();
    const found = await discover(oauth.issuer.trim(), { send: vault.deps.transport, now: () => Date.now(), sleep: async () => undefined, report: () => undefined });
    if (!found.ok) {
      setDiscovery({ busy: false, problem: `${found.error.message} Nothing was filled in.` });
      return;
    }
    const filled = applyDiscovery(config, found.value, Date.now());
    edit({ tokenUrl: filled.tokenUrl, oauth: filled.oauth!, ...(oauth.grant === 'manual' ? {} : { bodyFormat: 'form' }) });
    // One sentence for every endpoint on plain http loopback, instead of one per endpoint.
    const loopbackNotes = found.value.notes.filter((n) => n.includes('plain http on loopback'));
    const notes = [
      `Read from the ${found.value.source === 'openid-configuration' ? 'OpenID configuration' : 'RFC 8414 metadata'}: endpoints filled in, check them and save.`,
      ...(loopbackNotes.length ? [`${loopbackNotes.length} endpoints are plain http on loopback: fine for a server on this machine only.`] : []),
      ...found.value.notes.filter((n) => !loopbackNotes.includes(n)),
    ];
    setDiscovery({ busy: false, note: notes.join(' ') });
  };

  const row = (name: string, label: string, control: (id: string) => ReactNode, help?: ReactNode, note?: ReactNode) => {
    const id = `${baseId}-${name}`;
    return (
      <div className="vault-field" key={name}>
        <span className="vault-label-row">
          <label htmlFor={id}>{label}</label>
          {help}
        </span>
        {control(id)}
        {note}
      </div>
    );
  };
  const off = (available: boolean | undefined) => supported !== undefined && available === false;
  const grant = oauth.grant;

  return (
    <fieldset className="vault-grant-settings">
      <legend>Get tokens</legend>
      {row(
        'grant',
        'Grant type',
        (id) => (
          <select id={id} value={grant} onChange={(e) => set({ grant: e.target.value as VaultGrantType })}>
            {GRANTS.map((g) => {
              const unsupported = g.value !== 'manual' && off(supported?.grants[g.value as GrantKind]);
              return (
                <option key={g.value} value={g.value} disabled={unsupported}>
                  {g.label}
                  {unsupported ? ' — not offered by this server' : ''}
                </option>
              );
            })}
          </select>
        ),
        <HelpPopover topic="grant types">
          RFC 6749 §4: the authorization code grant sends the person to the provider to sign in (with PKCE, RFC 7636); client credentials is the client acting for itself;
          the device grant (RFC 8628) lets the person approve on another device. The password grant is removed by RFC 9700 §2.4.
        </HelpPopover>,
      )}
      {row(
        'issuer',
        'Issuer',
        (id) => (
          <span className="vault-input-row">
            <input id={id} type="url" placeholder="https://accounts.example.com" value={oauth.issuer} onChange={(e) => set({ issuer: e.target.value })} aria-describedby={`${id}-note`} />
            <button type="button" onClick={() => void runDiscovery()} disabled={discovery.busy || oauth.issuer.trim() === ''}>
              {discovery.busy ? 'Discovering…' : 'Discover'}
            </button>
          </span>
        ),
        <HelpPopover topic="discovery">
          The issuer's /.well-known/openid-configuration (OpenID Connect Discovery) or /.well-known/oauth-authorization-server (RFC 8414) names its endpoints. The document's
          "issuer" must equal the URL typed here exactly (RFC 8414 §3.3), or it is refused.
        </HelpPopover>,
        <p id={`${baseId}-issuer-note`} aria-live="polite" role={discovery.problem ? 'alert' : undefined} className={discovery.problem ? 'vault-problem vault-small' : 'muted vault-small'}>
          {discovery.problem ?? discovery.note ?? discoveredNote(oauth) ?? ''}
        </p>,
      )}
      {grant === 'password' && (
        <p className="vault-warning vault-wide" role="note">
          {PASSWORD_GRANT_WARNING}
        </p>
      )}
      {row(
        'clientAuthMethod',
        'Client authentication method',
        (id) => (
          <select id={id} value={oauth.clientAuthMethod} onChange={(e) => set({ clientAuthMethod: e.target.value as ClientAuthMethod })}>
            {AUTH_METHODS.map((m) => {
              const unsupported = off(supported?.clientAuth[m.value]);
              return (
                <option key={m.value} value={m.value} disabled={unsupported}>
                  {m.label}
                  {unsupported ? ' — not offered' : ''}
                </option>
              );
            })}
          </select>
        ),
        <HelpPopover topic="client authentication">
          RFC 6749 §2.3.1: client_secret_basic form-encodes id and secret before Base64; client_secret_post sends them in the body; a public client sends only its id and
          relies on PKCE; private_key_jwt (RFC 7523) signs a short-lived assertion with the client's private key.
        </HelpPopover>,
      )}
      {oauth.clientAuthMethod === 'private_key_jwt' && (
        <>
          {row('privateKey', 'Private key', (id) => (
            <textarea id={id} rows={3} className="vault-mono vault-secret" placeholder="-----BEGIN PRIVATE KEY----- or a private JWK" value={oauth.privateKey} onChange={(e) => set({ privateKey: e.target.value })} autoComplete="off" spellCheck={false} />
          ))}
          <div className="vault-field vault-pair">
            {row('signingAlg', 'Algorithm', (id) => (
              <select id={id} value={oauth.signingAlg} onChange={(e) => set({ signingAlg: e.target.value })}>
                {ALGS.map((a) => (
                  <option key={a}>{a}</option>
                ))}
              </select>
            ))}
            {row('keyId', 'Key ID', (id) => <input id={id} value={oauth.keyId} onChange={(e) => set({ keyId: e.target.value })} placeholder="kid" />)}
          </div>
        </>
      )}
      {row('oauthScope', 'Scopes asked for', (id) => <input id={id} value={oauth.scope} placeholder="openid offline_access orders:read" onChange={(e) => set({ scope: e.target.value })} />)}
      {row('oauthAudience', 'Audience', (id) => <input id={id} value={oauth.audience} onChange={(e) => set({ audience: e.target.value })} />)}
      {row(
        'resources',
        'Resources',
        (id) => <textarea id={id} rows={2} className="vault-mono" placeholder="https://api.example.com, one per line" value={oauth.resources.join('\n')} onChange={(e) => set({ resources: e.target.value.split('\n') })} />,
        <HelpPopover topic="resource indicators">RFC 8707: the APIs the token is meant for, sent as "resource"; the server may narrow the token's audience to them.</HelpPopover>,
      )}
      {grant === 'password' && (
        <div className="vault-field vault-pair">
          {row('username', 'Username', (id) => <input id={id} value={oauth.username} onChange={(e) => set({ username: e.target.value })} autoComplete="off" />)}
          {row('password', 'Password', (id) => <input id={id} type="password" value={oauth.password} onChange={(e) => set({ password: e.target.value })} autoComplete="off" />)}
        </div>
      )}
      {grant === 'authorization_code' && (
        <>
          {row(
            'redirectUri',
            'Redirect URI',
            (id) => (
              <span className="vault-input-row">
                {oauth.manualRedirect ? (
                  <input id={id} type="url" value={oauth.redirectUri} placeholder="https://app.example.com/callback" onChange={(e) => set({ redirectUri: e.target.value })} />
                ) : (
                  <input id={id} readOnly className="vault-mono" value={loopback} />
                )}
                {!oauth.manualRedirect && (
                  <button
                    type="button"
                    onClick={() => {
                      void navigator.clipboard?.writeText(loopback).then(() => setCopied(true));
                    }}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </button>
                )}
              </span>
            ),
            <HelpPopover topic="the redirect URI">
              RFC 8252 §7.3: a native client listens on loopback; register this address with the provider (most accept any port on 127.0.0.1). The callback page hands the
              code to this page only, after taking it out of its own address at once, so the code does not stay in the tab's history entry. (The browser's list of visited
              pages may still have recorded the address it arrived at; the code is single-use and, with PKCE, useless without this page's verifier.)
            </HelpPopover>,
          )}
          <div className="vault-field vault-wide">
            <label className="vault-inline">
              <input type="checkbox" checked={oauth.manualRedirect} onChange={(e) => set({ manualRedirect: e.target.checked })} /> The provider accepts only its own redirect URI: I paste the
              address I was sent to
            </label>
            <label className="vault-inline">
              <input type="checkbox" checked={oauth.usePkce} onChange={(e) => set({ usePkce: e.target.checked })} /> Send PKCE (RFC 7636; RFC 9700 §2.1.1 asks it of every client)
              {oauth.usePkce && oauth.pkceMethods.length > 0 && <span className="muted"> — the server offers {oauth.pkceMethods.join(', ')}</span>}
            </label>
            <label className="vault-inline">
              <input type="checkbox" checked={oauth.requireIssParameter === true} onChange={(e) => set({ requireIssParameter: e.target.checked })} /> Refuse a redirect without
              &quot;iss&quot; (RFC 9207 §2.4: it names the server that answered, so another server&apos;s code is not taken for this one&apos;s)
              {oauth.discovered?.issParameterSupported !== undefined && (
                <span className="muted">
                  {' '}
                  — discovery: the server {oauth.discovered.issParameterSupported ? 'says it always sends iss' : 'does not say it sends iss'}
                </span>
              )}
            </label>
          </div>
          <VaultPkceNote oauth={oauth} />
          <VaultParameterTable
            label="Authorization parameters"
            field="oauth.authorizationParameters"
            list={oauth.authorizationParameters ?? []}
            onChange={(next) => set({ authorizationParameters: next })}
            problems={problems}
            example="Added to the sign-in URL, e.g. prompt=consent, login_hint, acr_values."
          />
        </>
      )}
      <VaultParameterTable
        label="Token request parameters"
        field="extraFields"
        list={config.extraFields}
        onChange={(next) => edit({ extraFields: next })}
        problems={problems}
        example="Sent with every token request of the entry: the grant, each refresh."
      />
      <VaultGrantEndpoints oauth={oauth} tokenUrl={config.tokenUrl} set={set} />
    </fieldset>
  );
}
