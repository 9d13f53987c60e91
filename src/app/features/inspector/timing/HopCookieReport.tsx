import type { CookieReportView } from './cookieReport';

/**
 * One hop's cookies: a single line, and each Set-Cookie's outcome (with why a rejected one
 * was kept out) behind a disclosure. Rejections are marked so they stand out of the line.
 */
export function HopCookieReport({ view, label }: { view: CookieReportView; label: string }) {
  const rejected = view.outcomes.some((o) => o.result === 'rejected');
  if (view.outcomes.length === 0) {
    return (
      <span className="hop-cookies muted small" role="note" aria-label={`${label}: cookies`}>
        {view.line}
      </span>
    );
  }
  return (
    <details className="hop-cookies small" aria-label={`${label}: cookies`}>
      <summary className={rejected ? 'fact-warning' : 'muted'}>{view.line}</summary>
      <ul className="hop-cookie-outcomes">
        {view.outcomes.map((o, i) => (
          <li key={`${o.name}-${i}`} className={o.result === 'rejected' ? 'fact-warning' : undefined}>
            <code>{o.name}</code> {o.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
