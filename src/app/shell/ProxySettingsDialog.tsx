/**
 * Proxy settings: by default the relay uses the proxy its server's environment names
 * (shown here, credentials masked); the person may turn proxies off or name one, with a
 * bypass list and Basic credentials. They belong to the workspace; the password stays in
 * memory only.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { fetchProxyEnvironment, onProxySettings, proxySettings, saveProxySettings, type ProxyEnvironment, type ProxySettings } from '../base/relay/proxySettings';

const MODES: { value: ProxySettings['mode']; label: string }[] = [
  { value: 'environment', label: "Use the server's environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY)" },
  { value: 'manual', label: 'Use this proxy' },
  { value: 'none', label: 'No proxy: connect directly' },
];

function EnvironmentFacts({ env, error }: { env: ProxyEnvironment | undefined; error: string }) {
  if (error) return <p className="field-error">{error}</p>;
  if (!env) return <p className="muted small">Reading the server's environment…</p>;
  const rows: [string, string | undefined][] = [
    ['HTTP_PROXY', env.httpProxy],
    ['HTTPS_PROXY', env.httpsProxy],
    ['NO_PROXY', env.noProxy],
  ];
  return (
    <table className="facts-table" aria-label="Proxy environment of the server">
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value ?? <span className="muted">not set</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TextField({ label, help, value, onChange, type = 'text', placeholder }: { label: string; help?: string; value: string; onChange: (v: string) => void; type?: string; placeholder?: string }) {
  const id = useId();
  return (
    <label htmlFor={id}>
      {label}
      <input id={id} type={type} value={value} placeholder={placeholder} autoComplete="off" spellCheck={false} onChange={(e) => onChange(e.target.value)} />
      {help ? <span className="field-help">{help}</span> : null}
    </label>
  );
}

export function ProxySettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<ProxySettings>(proxySettings);
  const [env, setEnv] = useState<ProxyEnvironment>();
  const [envError, setEnvError] = useState('');
  // A layout effect: the form's values are in place in the same task the dialog opens, before a keystroke can land in a field that is about to be refilled.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setDraft(proxySettings());
      fetchProxyEnvironment().then(setEnv, (err: Error) => setEnvError(err.message));
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);
  // The workspace's settings may arrive after the dialog opened (its storage loads once the page is up): show them unless edited.
  const edited = useRef(false);
  useEffect(() => {
    if (!open) return;
    edited.current = false;
    return onProxySettings(() => {
      if (!edited.current) setDraft(proxySettings());
    });
  }, [open]);
  const set = (patch: Partial<ProxySettings>) => {
    edited.current = true;
    setDraft((d) => ({ ...d, ...patch }));
  };
  const save = () => {
    saveProxySettings(draft);
    onClose();
  };
  return (
    <dialog ref={dialog} className="workspace-dialog proxy-dialog" aria-labelledby="proxy-dialog-title" onClose={onClose}>
      <h2 id="proxy-dialog-title">Proxy</h2>
      <p className="muted small">For this workspace: every send and the vault's token calls use it. Kept in this browser with the workspace, never in a workspace folder.</p>
      <fieldset>
        <legend>Which proxy the relay uses</legend>
        {MODES.map((m) => (
          <label key={m.value} className="small">
            <input type="radio" name="proxy-mode" value={m.value} checked={draft.mode === m.value} onChange={() => set({ mode: m.value })} /> {m.label}
          </label>
        ))}
      </fieldset>
      {draft.mode === 'environment' ? <EnvironmentFacts env={env} error={envError} /> : null}
      {draft.mode === 'manual' ? (
        <div className="proxy-fields">
          <TextField label="Proxy for http:// targets" value={draft.httpProxy} placeholder="http://proxy.example:3128" onChange={(v) => set({ httpProxy: v })} help="An http:// or https:// proxy; an https:// proxy is reached over TLS." />
          <TextField label="Proxy for https:// targets" value={draft.httpsProxy} placeholder="the same as for http://" onChange={(v) => set({ httpsProxy: v })} help="Reached with CONNECT: the proxy opens a tunnel and TLS runs to the target inside it." />
          <TextField label="Bypass (NO_PROXY)" value={draft.noProxy} placeholder="internal.example, .corp, 10.0.0.0/8, host:8080, *" onChange={(v) => set({ noProxy: v })} help="Targets that go direct, comma-separated: a host, a .domain (and its subdomains), an address range, host:port, or * for all." />
          <TextField label="Proxy user" value={draft.username} onChange={(v) => set({ username: v })} help="Basic proxy authentication (Proxy-Authorization); leave empty if the proxy asks for none." />
          <TextField label="Proxy password" type="password" value={draft.password} onChange={(v) => set({ password: v })} help="Kept in memory only: never stored, logged or put in history." />
        </div>
      ) : null}
      {draft.mode !== 'none' ? (
        <label className="small">
          <input type="checkbox" checked={draft.proxyLoopback} onChange={(e) => set({ proxyLoopback: e.target.checked })} /> Send localhost and loopback addresses through the proxy too (they go direct otherwise)
        </label>
      ) : null}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={save}>
          Save proxy settings
        </button>
      </div>
    </dialog>
  );
}
