/** The workspace jar for components: its state, and the store to change it with. */
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import { useWorkbenchApi } from '../../base/state/StoreProvider';
import { cookieJarOf, type CookieJarStoreState } from './cookieJarStore';

export function useCookieJar(): { state: CookieJarStoreState; store: StoreApi<CookieJarStoreState> } {
  const store = cookieJarOf(useWorkbenchApi());
  return { state: useStore(store), store };
}

/** A cookie value as the editor shows it by default: its length, not its characters. */
export function maskedValue(value: string, shown: boolean): string {
  if (shown) return value === '' ? '(empty)' : value;
  return value === '' ? '(empty)' : `•••••• (${value.length} characters)`;
}
