import { useMemo, useState } from 'react';
import type { WireRequest } from '../../../core';
import type { StoredCookie } from '../../../core/cookies/storedCookie';
import { PaneBoundary } from '../../base/components/PaneBoundary';
import { CookieForm } from './CookieForm';
import { CookieItem } from './CookieItem';
import { CookiePreview } from './CookiePreview';
import { clearCookies, deleteCookie } from './jarChanges';
import { useCookieJar } from './useCookieJar';
import './cookies.css';

function byDomain(cookies: readonly StoredCookie[]): [string, StoredCookie[]][] {
  const groups = new Map<string, StoredCookie[]>();
  for (const c of cookies) groups.set(c.domain, [...(groups.get(c.domain) ?? []), c]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * The Cookies panel: the workspace jar by domain (view, add, edit, delete, clear a domain or
 * everything, with Undo), each cookie's attributes explained, and "What will be sent" for
 * the active request (`wire`: the request as the composer builds it, handed in by the shell;
 * undefined while it does not build). Values are masked until Show values is on.
 */
export function CookiesPanel({ wire }: { wire: WireRequest | undefined }) {
  const { state, store } = useCookieJar();
  const [showValues, setShowValues] = useState(false);
  const [editing, setEditing] = useState<StoredCookie | 'new' | null>(null);
  const [undo, setUndo] = useState<{ what: string; jar: typeof state.jar } | null>(null);
  const groups = useMemo(() => byDomain(state.jar.cookies), [state.jar]);
  const requestHost = wire ? new URL(wire.url).hostname.replace(/^\[|\]$/g, '') : '';
  const remember = (what: string) => setUndo({ what, jar: store.getState().jar });
  return (
    <div className="cookies-panel">
      <PaneBoundary name="What will be sent (cookies)">
        <CookiePreview showValues={showValues} wire={wire} />
      </PaneBoundary>
      <section aria-labelledby="cookie-jar-title" className="cookie-jar">
        <div className="cookie-jar-toolbar" role="toolbar" aria-label="Cookie jar actions">
          <h3 id="cookie-jar-title">Cookie jar</h3>
          <label className="inline-check small">
            <input type="checkbox" checked={showValues} onChange={(e) => setShowValues(e.target.checked)} />
            Show values
          </label>
          <button type="button" className="small-button" onClick={() => setEditing('new')}>
            Add cookie
          </button>
          <button
            type="button"
            className="small-button danger-outline"
            disabled={state.jar.cookies.length === 0}
            onClick={() => {
              remember('Cleared the jar');
              clearCookies(store);
            }}
          >
            Clear all
          </button>
        </div>
        {undo ? (
          <p className="cookie-undo small" role="status">
            {undo.what}.{' '}
            <button
              type="button"
              className="small-button"
              onClick={() => {
                store.setState({ jar: undo.jar });
                setUndo(null);
              }}
            >
              Undo
            </button>
          </p>
        ) : null}
        {editing ? <CookieForm key={editing === 'new' ? 'new' : `${editing.domain}${editing.path}${editing.key}`} editing={editing === 'new' ? undefined : editing} defaultDomain={requestHost} onDone={() => setEditing(null)} /> : null}
        {groups.length === 0 ? <p className="muted small">The jar is empty. Cookies a response sets are kept here (Send and store cookies, in a request's Options), or add one.</p> : null}
        {groups.map(([domain, cookies]) => (
          <section key={domain} className="cookie-domain" aria-label={`Cookies for ${domain}`}>
            <div className="cookie-domain-head">
              <h4>{domain}</h4>
              <button
                type="button"
                className="small-button"
                aria-label={`Clear cookies for ${domain}`}
                onClick={() => {
                  remember(`Cleared ${domain}`);
                  clearCookies(store, domain);
                }}
              >
                Clear
              </button>
            </div>
            <ul className="cookie-list">
              {cookies.map((c) => (
                <CookieItem
                  key={`${c.path}${c.key}`}
                  cookie={c}
                  showValues={showValues}
                  onEdit={() => setEditing(c)}
                  onDelete={() => {
                    remember(`Deleted ${c.key}`);
                    deleteCookie(store, c);
                  }}
                />
              ))}
            </ul>
          </section>
        ))}
      </section>
    </div>
  );
}
