/**
 * The page's cookie jar for the workspace: the jar as data (`CookieJarState`) in a small
 * zustand store beside the workbench store, one per workbench store (each test gets its
 * own). It holds no tough-cookie code, so the first screen does not load it: the send path
 * reads the state as it is, and the code that changes it (`jarChanges.ts`) loads with the
 * first exchange or the Cookies panel.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { CookieJarState } from '../../../core/cookies/storedCookie';

export interface CookieJarStoreState {
  jar: CookieJarState;
  /** True once the stored jar was read (nothing is written before, so an empty start cannot overwrite it). */
  loaded: boolean;
}

const jars = new WeakMap<StoreApi<WorkbenchState>, StoreApi<CookieJarStoreState>>();

/** The cookie jar of the workspace `store` belongs to. */
export function cookieJarOf(store: StoreApi<WorkbenchState>): StoreApi<CookieJarStoreState> {
  let jar = jars.get(store);
  if (!jar) {
    jar = createStore<CookieJarStoreState>(() => ({ jar: { cookies: [] }, loaded: false }));
    jars.set(store, jar);
  }
  return jar;
}
