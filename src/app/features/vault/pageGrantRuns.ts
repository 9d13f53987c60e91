/**
 * The page's grant runs: the page's vault, the sign-in page in a popup (a new tab when
 * popups are blocked), the callback over BroadcastChannel and `postMessage`, real timers.
 */
import { browserCallbackSources } from './oauthCallbackWaiter';
import { createGrantRuns, type GrantRuns } from './vaultGrantRuns';
import { pageVault } from './vaultInstance';

/** Opens the sign-in page; the popup keeps its opener so the callback page can answer it. */
function openSignIn(url: string): 'popup' | 'tab' | 'blocked' {
  const width = 520;
  const height = 680;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  if (window.open(url, 'wirebench-sign-in', `popup,width=${width},height=${height},left=${left},top=${top}`)) return 'popup';
  return window.open(url, '_blank') ? 'tab' : 'blocked';
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

let runs: GrantRuns | undefined;

/** The page's one set of grant runs, made on first use. */
export function pageGrantRuns(): GrantRuns {
  runs ??= createGrantRuns({ session: pageVault(), origin: location.origin, openWindow: openSignIn, callbackSources: browserCallbackSources(), sleep });
  return runs;
}
