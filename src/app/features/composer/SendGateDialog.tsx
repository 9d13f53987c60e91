import { useEffect, useRef } from 'react';
import { useWorkbench } from '../../base/state/StoreProvider';

const TITLES = {
  repeat: 'Repeat a request that is not idempotent',
  refreshed: 'Token refreshed, request not repeated',
  lint: 'Convention error',
  unresolved: 'Unresolved variable',
} as const;

/**
 * Asks before a send that needs consent: repeating a POST or PATCH already sent (or
 * refused for an expired vault token that has since been refreshed), lint
 * errors not yet acknowledged, unresolved variables. A modal `<dialog>`: focus moves in,
 * Escape or "Don't send" cancels, "Send anyway" confirms everything listed.
 */
export function SendGateDialog() {
  const pending = useWorkbench((s) => s.pendingSend);
  const confirm = useWorkbench((s) => s.confirmPendingSend);
  const dismiss = useWorkbench((s) => s.dismissPendingSend);
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (pending && !element.open) {
      element.showModal();
      cancelButton.current?.focus();
    } else if (!pending && element.open) element.close();
  }, [pending]);

  const repeat = pending?.reasons.some((r) => r.kind === 'repeat' || r.kind === 'refreshed');
  return (
    <dialog ref={dialog} className="send-gate" aria-labelledby="send-gate-title" onCancel={() => dismiss()} onClose={() => pending && dismiss()}>
      {pending ? (
        <>
          <h2 id="send-gate-title">{repeat ? 'Send this again?' : 'Confirm before sending'}</h2>
          <ul className="gate-reasons">
            {pending.reasons.map((reason, i) => (
              <li key={i} className={`gate-${reason.kind}`}>
                <strong>{TITLES[reason.kind]}:</strong> {reason.message}
              </li>
            ))}
          </ul>
          <div className="dialog-actions">
            <button type="button" ref={cancelButton} onClick={() => dismiss()}>
              Don’t send
            </button>
            <button type="button" className="primary" onClick={() => confirm()}>
              Send anyway
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
