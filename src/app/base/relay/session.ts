/**
 * The page's half of its session (see `src/server/session.ts`). The server's launch redirect
 * puts the page key in this page's address fragment, which browsers never send to a server;
 * `adoptLaunchKey` takes it from there before anything else runs, keeps it in this origin's
 * localStorage (every tab of this origin shares it; no other port or site can read it) and
 * clears the address. Every `/api` call sends it in `X-Wirebench-Token`, and the browser adds
 * the other half, an HttpOnly cookie. A Web Worker has no localStorage: the page passes it in.
 */

/**
 * The fragment parameter of the launch redirect; the server's `PAGE_KEY_FRAGMENT` (a test
 * holds the two equal).
 */
export const PAGE_KEY_FRAGMENT = 'wirebench-session';

/** Where the page keeps its key. */
export const PAGE_KEY_STORAGE = 'wirebench.pageKey';

/** The storage the key lives in, or undefined where there is none (workers, some private modes). */
function keyStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Takes the page key out of the address fragment, when the launch redirect put one there:
 * stored, and the fragment removed from the address bar and the history entry. Returns
 * whether a key was adopted.
 */
export function adoptLaunchKey(place: Pick<Location, 'hash' | 'pathname' | 'search'> = location, history: Pick<History, 'replaceState' | 'state'> = window.history): boolean {
  if (!place.hash.startsWith('#')) return false;
  const key = new URLSearchParams(place.hash.slice(1)).get(PAGE_KEY_FRAGMENT);
  if (key === null) return false;
  // Whatever happens next, the key does not stay in the address.
  history.replaceState(history.state, '', place.pathname + place.search);
  if (!/^[\w-]{16,128}$/.test(key)) return false;
  try {
    keyStorage()?.setItem(PAGE_KEY_STORAGE, key);
  } catch {
    return false;
  }
  return true;
}

/** The page key to send in `X-Wirebench-Token`, or '' without a session. */
export function relayToken(): string {
  try {
    return keyStorage()?.getItem(PAGE_KEY_STORAGE) ?? '';
  } catch {
    return '';
  }
}
