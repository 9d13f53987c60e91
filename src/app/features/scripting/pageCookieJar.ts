/**
 * `pm.cookies` and `pm.cookies.jar()` in the page (issue 28), as `wirebench run` gives them:
 * over the workspace's cookie jar (../cookies/cookieJarStore.ts), so a cookie a script sets is
 * sent by the next request that matches it and shows in the Cookies panel, and one it unsets
 * is gone there too. The jar's code (core/cookies) loads with the first script that has one.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { CookieJarStoreState } from '../cookies/cookieJarStore';
import { jarState, openJar } from '../../../core/cookies';
import { jarCookiesFor, scriptCookieJar } from '../../../scripting/cookieJarBridge';
import type { ScriptCookie, ScriptCookieJar } from '../../../scripting/types';

/** The workspace jar as scripts see it; each change is written back to the store at once. */
export function pageScriptCookieJar(store: StoreApi<CookieJarStoreState>): ScriptCookieJar {
  const change = async (work: (jar: ScriptCookieJar) => Promise<void>) => {
    const jar = openJar(store.getState().jar);
    await work(scriptCookieJar(jar));
    store.setState({ jar: jarState(jar) });
  };
  return {
    getAll: async (url) => jarCookiesFor(openJar(store.getState().jar), url),
    set: (url, cookie) => change((jar) => jar.set(url, cookie)),
    unset: (url, name) => change((jar) => jar.unset(url, name)),
    clear: (url) => change((jar) => jar.clear(url)),
  };
}

/** The jar's cookies for `url` (`pm.cookies`), as a send of it would carry them. */
export function pageScriptCookies(store: StoreApi<CookieJarStoreState>, url: string): ScriptCookie[] {
  return jarCookiesFor(openJar(store.getState().jar), url);
}
