import { describeStoredCookie } from '../../../core/cookies';
import type { StoredCookie } from '../../../core/cookies/storedCookie';
import { maskedValue } from './useCookieJar';

function flagsOf(cookie: StoredCookie): string {
  return [cookie.hostOnly ? 'host-only' : 'domain', cookie.secure ? 'Secure' : '', cookie.httpOnly ? 'HttpOnly' : '', cookie.sameSite ? `SameSite=${cookie.sameSite[0]!.toUpperCase()}${cookie.sameSite.slice(1)}` : '']
    .filter(Boolean)
    .join(' · ');
}

/** One cookie of the jar: its name, value (masked unless shown), where it goes, and each attribute explained on request. */
export function CookieItem({ cookie, showValues, onEdit, onDelete }: { cookie: StoredCookie; showValues: boolean; onEdit(): void; onDelete(): void }) {
  const label = `${cookie.key} (${cookie.domain}${cookie.path})`;
  return (
    <li className="cookie-item" aria-label={`Cookie ${label}`}>
      <div className="cookie-item-head">
        <span className="cookie-name">{cookie.key}</span>
        <span className="cookie-path muted small">{cookie.path}</span>
        <span className="row-actions">
          <button type="button" className="small-button" onClick={onEdit} aria-label={`Edit cookie ${label}`}>
            Edit
          </button>
          <button type="button" className="small-button danger-outline" onClick={onDelete} aria-label={`Delete cookie ${label}`}>
            Delete
          </button>
        </span>
      </div>
      <div className="cookie-value small" data-testid="cookie-value">
        {maskedValue(cookie.value, showValues)}
      </div>
      <div className="muted small">
        {flagsOf(cookie)} · {cookie.expires ? `expires ${new Date(cookie.expires).toLocaleString()}` : 'session'}
      </div>
      <details className="cookie-attributes">
        <summary className="small">What these attributes do</summary>
        <dl>
          {describeStoredCookie(cookie).map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>
                {line.value} <span className="muted">({line.reference})</span>
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </li>
  );
}
