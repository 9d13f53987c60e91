/**
 * Ctrl/Cmd+S saves the active request (Ctrl/Cmd+Enter sending and Esc cancelling are the
 * workbench's, in App). Works from any field, editors included.
 */
import { useEffect } from 'react';
import { useWorkbenchApi } from '../store/StoreProvider';

export function useComposerShortcuts(): void {
  const store = useWorkbenchApi();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        store.getState().saveCurrentRequest();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
