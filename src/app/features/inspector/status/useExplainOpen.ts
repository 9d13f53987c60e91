/**
 * Whether the inspector's explanations are expanded ("Explain"), remembered across
 * reloads in localStorage. One value for the whole page: the status card and the SOAP
 * fault card open and close together, and every tab keeps the person's choice.
 */
import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'wirebench.inspector.explain';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === 'open';
  } catch {
    return false;
  }
}

let current = read();

/** Whether the explanations are expanded now. */
export const isExplainOpen = (): boolean => current;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens or closes every explanation (the command palette's "Expand explanations"). */
export function setExplainOpen(open: boolean): void {
  current = open;
  try {
    localStorage.setItem(KEY, open ? 'open' : 'closed');
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** `[open, setOpen]`: the remembered Explain choice; collapsed until the person opens it. */
export function useExplainOpen(): [boolean, (open: boolean) => void] {
  const open = useSyncExternalStore(subscribe, () => current, () => false);
  const setOpen = useCallback((next: boolean) => setExplainOpen(next), []);
  return [open, setOpen];
}
