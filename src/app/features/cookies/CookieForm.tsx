import { useId, useState, type FormEvent } from 'react';
import type { StoredCookie } from '../../../core/cookies/storedCookie';
import { saveCookie, type CookiePlace } from './jarChanges';
import { useCookieJar } from './useCookieJar';

/** `datetime-local` text for an ISO date, in local time; empty for a session cookie. */
function localInput(iso?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Adds a cookie or edits one. What is saved goes through the jar's own rules, as if the
 * domain had set it over HTTPS, so a cookie the jar would refuse (a __Host- cookie with a
 * Path, a public-suffix Domain) is refused here too, with the reason.
 */
export function CookieForm({ editing, defaultDomain, onDone }: { editing?: StoredCookie; defaultDomain: string; onDone(): void }) {
  const { store } = useCookieJar();
  const id = useId();
  const [draft, setDraft] = useState<StoredCookie>(editing ?? { key: '', value: '', domain: defaultDomain, path: '/', hostOnly: true });
  const [problem, setProblem] = useState<string>();
  const set = (patch: Partial<StoredCookie>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.key.trim() || !draft.domain.trim()) return setProblem('A cookie needs a name and a domain.');
    const replacing: CookiePlace | undefined = editing ? { key: editing.key, domain: editing.domain, path: editing.path } : undefined;
    const outcome = saveCookie(store, { ...draft, key: draft.key.trim(), domain: draft.domain.trim().toLowerCase(), path: draft.path.trim() || '/' }, replacing);
    if (outcome.result === 'rejected') return setProblem(outcome.reason ?? 'The jar refused it.');
    onDone();
  };
  const field = (name: string) => `${id}-${name}`;
  return (
    <form className="cookie-form" onSubmit={submit} aria-label={editing ? `Edit cookie ${editing.key}` : 'Add a cookie'}>
      <div className="cookie-form-grid">
        <label htmlFor={field('name')}>Name</label>
        <input id={field('name')} value={draft.key} onChange={(e) => set({ key: e.target.value })} autoFocus spellCheck={false} />
        <label htmlFor={field('value')}>Value</label>
        <input id={field('value')} value={draft.value} onChange={(e) => set({ value: e.target.value })} spellCheck={false} autoComplete="off" />
        <label htmlFor={field('domain')}>Domain</label>
        <input id={field('domain')} value={draft.domain} onChange={(e) => set({ domain: e.target.value })} spellCheck={false} />
        <label htmlFor={field('path')}>Path</label>
        <input id={field('path')} value={draft.path} onChange={(e) => set({ path: e.target.value })} spellCheck={false} />
        <label htmlFor={field('expires')}>Expires</label>
        <input
          id={field('expires')}
          type="datetime-local"
          value={localInput(draft.expires)}
          onChange={(e) => set({ expires: e.target.value ? new Date(e.target.value).toISOString() : undefined })}
          aria-describedby={field('expires-help')}
        />
        <span />
        <p id={field('expires-help')} className="field-help cookie-form-hint">
          Empty: a session cookie.
        </p>
        <label htmlFor={field('samesite')}>SameSite</label>
        <select id={field('samesite')} value={draft.sameSite ?? ''} onChange={(e) => set({ sameSite: e.target.value || undefined })}>
          <option value="">Not set</option>
          <option value="strict">Strict</option>
          <option value="lax">Lax</option>
          <option value="none">None</option>
        </select>
      </div>
      <div className="cookie-form-flags">
        <label className="inline-check">
          <input type="checkbox" checked={draft.hostOnly === true} onChange={(e) => set({ hostOnly: e.target.checked })} />
          Host-only
        </label>
        <label className="inline-check">
          <input type="checkbox" checked={draft.secure === true} onChange={(e) => set({ secure: e.target.checked })} />
          Secure
        </label>
        <label className="inline-check">
          <input type="checkbox" checked={draft.httpOnly === true} onChange={(e) => set({ httpOnly: e.target.checked })} />
          HttpOnly
        </label>
      </div>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="cookie-form-actions">
        <button type="submit">{editing ? 'Save cookie' : 'Add cookie'}</button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
