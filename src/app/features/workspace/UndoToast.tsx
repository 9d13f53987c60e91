import { useEffect } from 'react';
import { useWorkbench } from '../../base/state/StoreProvider';

/** How long a deletion can be undone from the toast. */
const UNDO_MS = 15_000;

/** "Deleted … — Undo": the last deletion, undoable for a while. */
export function UndoToast() {
  const undo = useWorkbench((s) => s.undo);
  const undoLast = useWorkbench((s) => s.undoLast);
  const dismiss = useWorkbench((s) => s.dismissUndo);
  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(dismiss, UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo, dismiss]);
  if (!undo) return null;
  return (
    <div className="undo-toast" role="status">
      <span>{undo.message}</span>
      <button type="button" className="primary" onClick={undoLast}>
        Undo
      </button>
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={dismiss}>
        ×
      </button>
    </div>
  );
}
