import { useState } from 'react';
import { useWorkbench } from '../../base/state/StoreProvider';
import type { SoapSecurityMode, SoapSecuritySettings, SoapTabState } from './soapSlice';

const MODES: { mode: SoapSecurityMode; label: string }[] = [
  { mode: 'none', label: 'None' },
  { mode: 'PasswordText', label: 'UsernameToken, PasswordText' },
  { mode: 'PasswordDigest', label: 'UsernameToken, PasswordDigest' },
];

/**
 * WS-Security for the tab: a UsernameToken (password in clear or as a digest) with an
 * optional Timestamp, made at send time with a fresh Nonce and Created — or, with
 * regeneration off, the header sent last, sent again to try a replay.
 */
export function WsSecurityForm({ soap, tabId }: { soap: SoapTabState; tabId: string }) {
  const updateSoapTab = useWorkbench((s) => s.updateSoapTab);
  const last = useWorkbench((s) => s.soapSentHeaders[tabId]);
  const [shown, setShown] = useState(false);
  const security = soap.security;
  const set = (patch: Partial<SoapSecuritySettings>) => updateSoapTab((s) => ({ ...s, security: { ...s.security, ...patch } }));
  const on = security.mode !== 'none';
  return (
    <fieldset className="soap-security">
      <legend>WS-Security</legend>
      <div className="soap-field">
        <label htmlFor="soap-wss-mode">Security header</label>
        <select id="soap-wss-mode" value={security.mode} onChange={(e) => set({ mode: e.target.value as SoapSecurityMode })}>
          {MODES.map((m) => (
            <option key={m.mode} value={m.mode}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      {on ? (
        <>
          <div className="soap-security-grid">
            <div className="soap-field">
              <label htmlFor="soap-wss-username">User name</label>
              <input id="soap-wss-username" value={security.username} autoComplete="off" spellCheck={false} onChange={(e) => set({ username: e.target.value })} aria-describedby="soap-wss-username-note" />
              {security.username.trim() === '' ? (
                <span id="soap-wss-username-note" className="field-note">
                  Required: the request is not sent without it.
                </span>
              ) : null}
            </div>
            <div className="soap-field">
              <label htmlFor="soap-wss-password">Password</label>
              <span className="secret-input">
                <input id="soap-wss-password" type={shown ? 'text' : 'password'} value={security.password} autoComplete="off" spellCheck={false} onChange={(e) => set({ password: e.target.value })} />
                <button type="button" className="small-button" aria-label={`${shown ? 'Hide' : 'Show'} password`} aria-pressed={shown} onClick={() => setShown(!shown)}>
                  {shown ? 'Hide' : 'Show'}
                </button>
              </span>
            </div>
          </div>
          <div className="soap-security-options">
            <label className="soap-inline">
              <input type="checkbox" checked={security.timestamp} onChange={(e) => set({ timestamp: e.target.checked })} />
              Add a Timestamp
            </label>
            {security.timestamp ? (
              <label className="soap-inline">
                expiring after
                <input
                  type="number"
                  min={1}
                  className="soap-ttl"
                  aria-label="Timestamp lifetime in seconds"
                  value={security.ttlSeconds}
                  onChange={(e) => {
                    const ttl = Number(e.target.value);
                    if (Number.isFinite(ttl) && ttl > 0) set({ ttlSeconds: ttl });
                  }}
                />
                s
              </label>
            ) : null}
            <label className="soap-inline">
              <input type="checkbox" checked={security.regenerate} onChange={(e) => set({ regenerate: e.target.checked })} />
              New Nonce and Created at every send
            </label>
          </div>
          <p className="field-help" data-testid="wss-explanation">
            {security.regenerate
              ? 'The header is made when you send: 16 random bytes of Nonce and the current time in Created, so no two messages are alike. The password is never stored.'
              : last
                ? 'Replay: the header sent last goes again unchanged, same Nonce and Created. A server that remembers nonces must refuse it.'
                : 'Nothing was sent yet, so the first send makes a header; later sends repeat it unchanged.'}
          </p>
          {last ? (
            <p className="soap-last-header small" data-testid="wss-last-header">
              Last sent: Nonce <code>{last.nonce}</code>, Created <code>{last.created}</code>
            </p>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
