/** `?`: every keyboard shortcut, from the same list the handler uses. */
import { useEffect, useRef } from 'react';
import { useWorkbench } from '../base/state/StoreProvider';
import { SHORTCUTS } from './shortcuts';

export function ShortcutsDialog() {
  const open = useWorkbench((s) => s.shortcutsOpen);
  const setUi = useWorkbench((s) => s.setUi);
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      closeButton.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <dialog ref={dialog} className="shortcuts-dialog" aria-labelledby="shortcuts-title" onClose={() => open && setUi({ shortcutsOpen: false })}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="shortcuts-table">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.id}>
              <td>
                <kbd>{mac ? s.keys.replaceAll('Ctrl', '⌘').replaceAll('Alt', '⌥') : s.keys}</kbd>
              </td>
              <td>{s.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">Arrow keys move within tab strips, lists and trees; Delete closes a focused request tab.</p>
      <div className="dialog-actions">
        <button type="button" ref={closeButton} onClick={() => setUi({ shortcutsOpen: false })}>
          Close
        </button>
      </div>
    </dialog>
  );
}
