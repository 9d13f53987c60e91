/**
 * The workbench's keyboard shortcuts, one list for the handler and the "Keyboard
 * shortcuts" dialog. Ctrl stands for Cmd on macOS. Browsers keep Ctrl+T and Ctrl+W for
 * themselves in an ordinary window, so Alt+T and Alt+W do the same everywhere.
 */

export type ShortcutId = 'send' | 'cancel' | 'new-tab' | 'close-tab' | 'save' | 'palette' | 'sidebar' | 'shortcuts';

export interface Shortcut {
  id: ShortcutId;
  keys: string;
  does: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'send', keys: 'Ctrl+Enter', does: 'Send the request' },
  { id: 'cancel', keys: 'Esc', does: 'Cancel the request being sent' },
  { id: 'new-tab', keys: 'Ctrl+T or Alt+T', does: 'New tab' },
  { id: 'close-tab', keys: 'Ctrl+W or Alt+W', does: 'Close the tab' },
  { id: 'save', keys: 'Ctrl+S', does: 'Save the request' },
  { id: 'palette', keys: 'Ctrl+K', does: 'Command palette: every action, saved request and lesson' },
  { id: 'sidebar', keys: 'Ctrl+B', does: 'Show or hide the sidebar' },
  { id: 'shortcuts', keys: '?', does: 'This list of shortcuts' },
];

/** Where keys belong to the person's typing, not to shortcuts without a modifier. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('.cm-editor')) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

/** Which shortcut a key event is, if any. `typing`: the event comes from a text field. */
export function shortcutOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, typing: boolean): ShortcutId | undefined {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (mod && !event.altKey) {
    if (key === 'Enter') return 'send';
    if (key === 't' && !event.shiftKey) return 'new-tab';
    if (key === 'w' && !event.shiftKey) return 'close-tab';
    if (key === 's' && !event.shiftKey) return 'save';
    if (key === 'k') return 'palette';
    if (key === 'b' && !event.shiftKey) return 'sidebar';
    return undefined;
  }
  if (event.altKey && !mod && !event.shiftKey) {
    // event.key under Alt is a composed character on macOS; the physical letter is what counts.
    if (key === 't' || key === '†') return 'new-tab';
    if (key === 'w' || key === '∑') return 'close-tab';
    return undefined;
  }
  if (key === 'Escape' && !mod && !event.altKey) return 'cancel';
  if (key === '?' && !mod && !event.altKey && !typing) return 'shortcuts';
  return undefined;
}
