/**
 * The jar rests with the workspace in the browser's storage (IndexedDB, meta record
 * `cookieJar`), never in the workspace folder: cookies are often live sessions, and the
 * folder is meant to be shared through git. Read once at load (damaged cookies dropped),
 * written after each change.
 */
import type { StoreApi } from 'zustand/vanilla';
import { isStoredCookie, type CookieJarState } from '../../core/cookies/storedCookie';
import type { CookieJarStoreState } from './cookieJarStore';

/** The meta record holding the jar. */
export const COOKIE_JAR_META_KEY = 'cookieJar';

/** The stored jar read leniently: a missing or damaged record is an empty jar, a damaged cookie is dropped. */
export function readStoredJar(value: unknown): CookieJarState {
  const cookies = (value as { cookies?: unknown } | null)?.cookies;
  return { cookies: Array.isArray(cookies) ? cookies.filter(isStoredCookie) : [] };
}

/**
 * Loads the stored jar into `jar` (keeping cookies that arrived before the load finished)
 * and writes every later change with `put`; returns the unsubscribe.
 */
export function keepCookieJar(jar: StoreApi<CookieJarStoreState>, stored: unknown, put: (value: CookieJarState) => Promise<void>): () => void {
  const before = jar.getState().jar.cookies;
  const loaded = readStoredJar(stored);
  const merged = { cookies: [...loaded.cookies.filter((c) => !before.some((b) => b.key === c.key && b.domain === c.domain && b.path === c.path)), ...before] };
  jar.setState({ jar: merged, loaded: true });
  if (before.length > 0) void put(merged).catch(() => undefined);
  return jar.subscribe((state, previous) => {
    if (state.jar !== previous.jar) void put(state.jar).catch(() => undefined);
  });
}
