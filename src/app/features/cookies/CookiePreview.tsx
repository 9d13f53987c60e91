import { useMemo } from 'react';
import type { WireRequest } from '../../../core';
import { previewCookies } from '../../../core/cookies';
import { useWorkbench } from '../../base/state/StoreProvider';
import { useCookieJar } from './useCookieJar';
import { MASKED_COOKIE_VALUE } from './useJarCookiePreview';

/**
 * "What will be sent": the Cookie header the active request carries — the typed Cookie
 * header merged with the jar's cookies for its URL (typed first and winning by name) — and
 * the jar's cookies for that host which stay behind, with why. Values masked unless shown.
 */
export function CookiePreview({ showValues, wire }: { showValues: boolean; wire: WireRequest | undefined }) {
  const cookiesOn = useWorkbench((s) => s.draft.options.cookies !== false);
  const { state } = useCookieJar();
  const preview = useMemo(() => {
    if (!wire) return undefined;
    const typed = wire.headers.filter((h) => /^cookie$/i.test(h.name)).map((h) => h.value);
    return previewCookies(cookiesOn ? state.jar : { cookies: [] }, wire.url, typed);
  }, [wire, cookiesOn, state.jar]);
  const header = preview ? [...preview.typed, ...preview.fromJar].map((p) => `${p.name}=${showValues ? p.value : MASKED_COOKIE_VALUE}`).join('; ') : '';
  return (
    <section className="cookie-preview" aria-labelledby="cookie-preview-title">
      <h3 id="cookie-preview-title">What will be sent</h3>
      {!wire ? (
        <p className="muted small">The request cannot be built yet, so no Cookie header can be worked out.</p>
      ) : (
        <>
          <p className="muted small cookie-preview-url">To {wire.url}</p>
          {!cookiesOn ? <p className="small">Send and store cookies is off for this request: only a typed Cookie header goes, and nothing is stored.</p> : null}
          <pre className="wire-text cookie-preview-header" data-testid="cookie-preview" tabIndex={0} aria-label="Cookie header that will be sent">
            {header ? `Cookie: ${header}` : '(no Cookie header)'}
          </pre>
          <ul className="cookie-preview-notes small">
            {preview!.typed.length ? <li>Typed in Headers: {preview!.typed.map((p) => p.name).join(', ')}</li> : null}
            {preview!.fromJar.length ? <li>From the jar: {preview!.fromJar.map((p) => p.name).join(', ')}</li> : null}
            {preview!.overridden.length ? <li>Not sent from the jar, the typed value wins: {preview!.overridden.join(', ')}</li> : null}
            {preview!.leftOut.map((c) => (
              <li key={`${c.domain}${c.path}${c.name}`}>
                Stays behind: {c.name} ({c.reason})
              </li>
            ))}
          </ul>
          {!showValues && header ? <p className="muted small">Values are hidden ({MASKED_COOKIE_VALUE}), as in the composer's What will be sent; turn on Show values to see them.</p> : null}
          <p className="muted small">A redirect hop may get other cookies: the relay works them out per hop, and a cross-site chain drops SameSite=Strict ones.</p>
        </>
      )}
    </section>
  );
}
