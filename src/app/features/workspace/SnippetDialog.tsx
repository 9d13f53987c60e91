import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { WireRequest } from '../../../core';
import { codeSnippet, SNIPPET_TARGETS } from './snippets';
import { copyText, downloadText } from './textTransfer';

export interface SnippetDialogProps {
  /** The request as it would be sent now, or null when the dialog is closed. */
  wire: WireRequest | null;
  /** Why the request cannot be built, when it cannot. */
  problem?: string;
  /** Set when the Authorization header comes from the vault at send time. */
  vaultPending?: boolean;
  onClose(): void;
}

/** Code that sends the request, in a language of the person's choice (httpsnippet-lite). */
export function SnippetDialog({ wire, problem, vaultPending, onClose }: SnippetDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [targetId, setTargetId] = useState('curl');
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [code, setCode] = useState('');
  const [status, setStatus] = useState('');
  const open = wire !== null || problem !== undefined;

  // A layout effect: the form's values are in place in the same task the dialog opens, before a keystroke can land in a field that is about to be refilled.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setStatus('');
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    if (!wire) return;
    let current = true;
    void codeSnippet(wire, targetId, { includeSecrets }).then((result) => {
      if (current) setCode(result.ok ? result.value : result.error.message);
    });
    return () => {
      current = false;
    };
  }, [wire, targetId, includeSecrets]);

  const target = SNIPPET_TARGETS.find((t) => t.id === targetId)!;
  return (
    <dialog ref={dialog} className="workspace-dialog snippet-dialog" aria-labelledby="snippet-dialog-title" onClose={onClose}>
      <h2 id="snippet-dialog-title">Code for this request</h2>
      {problem ? (
        <p role="alert" className="field-error">
          The request cannot be built yet: {problem}
        </p>
      ) : (
        <>
          <div className="snippet-options">
            <label className="workspace-field">
              Language
              <select value={targetId} onChange={(e) => setTargetId(e.target.value)}>
                {SNIPPET_TARGETS.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="workspace-check">
              <input type="checkbox" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} /> Include secrets
            </label>
          </div>
          {vaultPending ? <p className="muted small">The vault adds the Authorization header at send time; it is not in this code.</p> : null}
          <pre className="snippet-code" aria-label={`${target.label} code`} tabIndex={0} data-testid="snippet-code">
            {code}
          </pre>
        </>
      )}
      <p className="muted small" role="status">
        {status}
      </p>
      <div className="dialog-actions">
        {problem ? null : (
          <>
            <button type="button" onClick={async () => setStatus((await copyText(code)) ? 'Copied to the clipboard.' : 'The browser refused the clipboard; select the code and copy it.')}>
              Copy
            </button>
            <button type="button" onClick={() => downloadText(`request.${target.extension}`, code, 'text/plain')}>
              Download
            </button>
          </>
        )}
        <button type="button" className="primary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
