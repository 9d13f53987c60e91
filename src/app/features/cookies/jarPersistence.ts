/**
 * The jar rests with the workspace in the browser's storage (IndexedDB, meta record
 * `cookieJar`), never in the workspace folder: cookies are often live sessions, and the
 * folder is meant to be shared through git. Cookie values are secrets, so the record holds
 * `{{secret:cookie/…}}` references and the values go to the page's secret keeper: sealed
 * in the vault when it is set up with a passphrase and open, in this tab's memory otherwise
 * (issue 13's rule for every secret). Read once at load (damaged cookies dropped), written
 * after each change; cookies whose value is locked in the vault come back when it opens.
 */
import type { StoreApi } from 'zustand/vanilla';
import { restoreKeptSecrets } from '../../../core';
import { isStoredCookie, type CookieJarState, type StoredCookie } from '../../../core/cookies/storedCookie';
import { keepSecrets, onKeptSecretsArrived, withKeptSecrets } from '../../base/secrets/secretKeeper';
import type { CookieJarStoreState } from './cookieJarStore';

/** The meta record holding the jar. */
export const COOKIE_JAR_META_KEY = 'cookieJar';

const REFERENCE_PREFIX = '{{secret:cookie/';

/** The kept-secret name of a cookie's value: domain, path and name, each URI-encoded (no `/`, braces or line breaks). */
function secretName(cookie: StoredCookie): string {
  return `secret:cookie/${encodeURIComponent(cookie.domain)}/${encodeURIComponent(cookie.path)}/${encodeURIComponent(cookie.key)}`;
}

const sameCookie = (a: StoredCookie, b: StoredCookie) => a.key === b.key && a.domain === b.domain && a.path === b.path;
const isLocked = (cookie: StoredCookie) => cookie.value.startsWith(REFERENCE_PREFIX);

/** The stored jar read leniently: a missing or damaged record is an empty jar, a damaged cookie is dropped. */
export function readStoredJar(value: unknown): CookieJarState {
  const cookies = (value as { cookies?: unknown } | null)?.cookies;
  return { cookies: Array.isArray(cookies) ? cookies.filter(isStoredCookie) : [] };
}

/** The jar as stored: each value replaced by its reference, the values handed to the secret keeper. */
export function storableJar(jar: CookieJarState): CookieJarState {
  const values: Record<string, string> = {};
  const cookies = jar.cookies.map((cookie) => {
    const name = secretName(cookie);
    values[name] = cookie.value;
    return { ...cookie, value: `{{${name}}}` };
  });
  keepSecrets(values);
  return { cookies };
}

/**
 * Loads the stored jar into `jar` (keeping cookies that arrived before the load finished)
 * and writes every later change with `put`; returns the unsubscribe. Cookies whose value
 * the keeper does not have yet (the vault is locked) wait aside, are stored again as they
 * were, and join the jar when the vault opens.
 */
export function keepCookieJar(jar: StoreApi<CookieJarStoreState>, stored: unknown, put: (value: CookieJarState) => Promise<void>): () => void {
  const before = jar.getState().jar.cookies;
  const read = readStoredJar(withKeptSecrets(stored));
  let waiting = read.cookies.filter(isLocked);
  const loaded = read.cookies.filter((c) => !isLocked(c) && !before.some((b) => sameCookie(b, c)));
  const merged = { cookies: [...loaded, ...before] };
  const write = (state: CookieJarState) => {
    const pending = waiting.filter((w) => !state.cookies.some((c) => sameCookie(c, w)));
    void put({ cookies: [...storableJar(state).cookies, ...pending] }).catch(() => undefined);
  };
  jar.setState({ jar: merged, loaded: true });
  // A jar stored before its values were kept aside is written again at once, without them.
  if (before.length > 0 || read.cookies.some((c) => !isLocked(c) && !c.value.startsWith('{{secret:'))) write(merged);
  const stopJar = jar.subscribe((state, previous) => {
    if (state.jar !== previous.jar) write(state.jar);
  });
  const stopKeeper = onKeptSecretsArrived((values) => {
    const opened = readStoredJar(restoreKeptSecrets({ cookies: waiting }, values)).cookies.filter((c) => !isLocked(c));
    if (opened.length === 0) return;
    waiting = waiting.filter((w) => !opened.some((o) => sameCookie(o, w)));
    const current = jar.getState().jar.cookies;
    jar.setState({ jar: { cookies: [...opened.filter((o) => !current.some((c) => sameCookie(c, o))), ...current] } });
  });
  return () => {
    stopJar();
    stopKeeper();
  };
}
