/**
 * The workspace jar's part of the composer's "What will be sent": the cookies a send to a
 * URL takes from the jar, worked out by the same core rule the relay's cookie stage uses
 * for the first hop (`cookiesFor` in a top-level, same-site context: domain, path, Secure,
 * expiry, SameSite) and merged into the request the way the relay merges them
 * (`withJarCookies`: typed pairs first and winning by name, one Cookie header). The rules
 * load only when the jar holds something, so an empty jar costs the first screen nothing.
 */
import { useEffect, useState } from 'react';
import type { WireRequest } from '../../../core';
import { withJarCookies } from '../../../core/cookies/cookieHeader';
import type { CookieJarState } from '../../../core/cookies/storedCookie';
import { useWorkbench } from '../../base/state/StoreProvider';
import { useCookieJar } from './useCookieJar';

/** What a jar cookie's value reads as in the preview: the same whatever its length. */
export const MASKED_COOKIE_VALUE = '••••••••';

/** The jar's cookies for one send, by name only, and what the merge did with them. */
export interface JarCookiesForSend {
  /** False when the request opts out of "Send and store cookies". */
  on: boolean;
  /** Names of the jar cookies the request carries. */
  sent: string[];
  /** Names of jar cookies not sent because a typed Cookie header names them too. */
  overridden: string[];
  /** Still working the jar out (its rules are loading). */
  pending: boolean;
}

type Found = { jar: CookieJarState; url: string; typed: string; pairs: { name: string; value: string }[]; overridden: string[] };

/**
 * `wire` as the relay will send it with the jar's cookies merged in (their values masked),
 * and which jar cookies those are. With the opt-out on, or nothing in the jar for this
 * URL, the wire is returned unchanged.
 */
export function useJarCookiePreview(wire: WireRequest | undefined): { wire: WireRequest | undefined; jar: JarCookiesForSend } {
  const on = useWorkbench((s) => s.draft.options.cookies !== false);
  const { state } = useCookieJar();
  const jar = state.jar;
  const url = wire?.url ?? '';
  const typed = wire ? wire.headers.filter((h) => /^cookie$/i.test(h.name)).map((h) => h.value).join('\n') : '';
  const wanted = on && wire !== undefined && jar.cookies.length > 0;
  const [found, setFound] = useState<Found>();

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void import('../../../core/cookies/explainCookie').then(({ previewCookies }) => {
      if (!current) return;
      const preview = previewCookies(jar, url, typed ? typed.split('\n') : []);
      setFound({ jar, url, typed, pairs: preview.fromJar, overridden: preview.overridden });
    });
    return () => {
      current = false;
    };
  }, [wanted, jar, url, typed]);

  if (!wanted) return { wire, jar: { on, sent: [], overridden: [], pending: false } };
  if (!found || found.jar !== jar || found.url !== url || found.typed !== typed) return { wire, jar: { on, sent: [], overridden: [], pending: true } };
  const masked = found.pairs.map((p) => ({ name: p.name, value: MASKED_COOKIE_VALUE }));
  return {
    wire: masked.length > 0 && wire ? { ...wire, headers: withJarCookies(wire.headers, masked) } : wire,
    jar: { on, sent: found.pairs.map((p) => p.name), overridden: found.overridden, pending: false },
  };
}
