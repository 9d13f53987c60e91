/**
 * The workbench's keyboard shortcuts (see `shortcuts.ts`), from anywhere on the page,
 * editors included. While a modal dialog is open only its own keys count.
 */
import { useEffect } from 'react';
import { useWorkbenchApi } from '../base/state/StoreProvider';
import type { ShellActions } from './paletteCommands';
import { isTypingTarget, shortcutOf } from './shortcuts';

export function useGlobalShortcuts(shell: ShellActions): void {
  const store = useWorkbenchApi();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const id = shortcutOf(event, isTypingTarget(event.target));
      if (!id) return;
      const s = store.getState();
      const modal = document.querySelector('dialog[open]');
      if (modal) {
        // Ctrl+K toggles the palette shut; everything else belongs to the dialog.
        if (id === 'palette' && s.paletteOpen) {
          event.preventDefault();
          s.setUi({ paletteOpen: false });
        }
        return;
      }
      switch (id) {
        case 'send':
          event.preventDefault();
          shell.send();
          return;
        case 'cancel':
          if (!shell.sending) return;
          event.preventDefault();
          shell.cancel();
          return;
        case 'new-tab':
          event.preventDefault();
          s.newTab();
          return;
        case 'close-tab':
          event.preventDefault();
          s.closeTab(s.activeTabId);
          return;
        case 'save':
          event.preventDefault();
          s.saveCurrentRequest();
          return;
        case 'palette':
          event.preventDefault();
          s.setUi({ paletteOpen: true });
          return;
        case 'sidebar':
          event.preventDefault();
          s.toggleSidebar();
          return;
        case 'shortcuts':
          event.preventDefault();
          s.setUi({ shortcutsOpen: true });
          return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, shell]);
}
