import { useLayoutEffect, useRef, useState } from 'react';
import { intendedMethod, methodSemantics, type StateChange, type WireRequest } from '../../../../core';
import { runIdempotencyCheck, type IdempotencyOutcome, type IdempotencyStep } from './runIdempotencyCheck';

function ChangeList({ changes }: { changes: StateChange[] }) {
  return (
    <table className="header-list state-changes">
      <thead>
        <tr>
          <th scope="col">Where</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {changes.slice(0, 20).map((c, i) => (
          <tr key={i}>
            <th scope="row">{c.path}</th>
            <td>{c.kind === 'added' ? `added ${c.after}` : c.kind === 'removed' ? `removed ${c.before}` : `${c.before} → ${c.after}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface IdempotencyDialogProps {
  open: boolean;
  /** The request to check, as the composer builds it. */
  wire: WireRequest | undefined;
  onClose(): void;
}

/**
 * The "Check idempotency" dialog (loaded when first opened): sends the request N times,
 * reading a resource with GET before and after each, and reports whether the resulting state
 * stayed the same — judged by state, not by response (spec §4.2).
 */
export function IdempotencyDialog({ open, wire, onClose }: IdempotencyDialogProps) {
  const [stateUrl, setStateUrl] = useState('');
  const [times, setTimes] = useState(2);
  const [ignore, setIgnore] = useState('');
  const [steps, setSteps] = useState<IdempotencyStep[]>([]);
  const [outcome, setOutcome] = useState<IdempotencyOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  // A layout effect: the form's values are in place in the same task the dialog opens, before a keystroke can land in a field that is about to be refilled.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) {
      // Each opening starts from the request's own URL, with nothing left of a previous check.
      setStateUrl(wire?.url ?? '');
      setSteps([]);
      setOutcome(null);
      element.showModal();
    }
    if (!open && element?.open) element.close();
    // The URL is taken when the dialog opens, not while it is open.
  }, [open]);

  const run = async () => {
    if (!wire) return;
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setOutcome(null);
    setSteps([]);
    const result = await runIdempotencyCheck({
      request: wire,
      stateUrl: stateUrl.trim(),
      times,
      ignoreMembers: ignore.split(',').map((s) => s.trim()).filter(Boolean),
      signal: controller.signal,
      onStep: setSteps,
    });
    setOutcome(result);
    setRunning(false);
  };
  const method = wire ? intendedMethod(wire) : '';
  const promise = method ? methodSemantics(method).idempotent : false;

  return (
    <dialog ref={dialog} className="idempotency-dialog" aria-labelledby="idempotency-title" onClose={() => (abort.current?.abort(), onClose())}>
      <h2 id="idempotency-title">Check idempotency</h2>
      <p className="small">
        Sends <code>{wire?.method} {wire?.url}</code> {times} times and reads the resource below with GET before and after each. The request is idempotent here when the state after every send equals the state after the first — judged by state, not by response (spec §4.2). JSON is compared with object members unordered and arrays in order.
      </p>
      {method ? (
        <p className="muted small">
          {method} {promise ? 'promises to be idempotent' : 'makes no such promise'} (RFC 9110 §9.2.2). This check sends it {times} times{promise ? '' : ', which may repeat its effect'}.
        </p>
      ) : null}
      <div className="check-fields">
        <label>
          Resource to read (GET)
          <input value={stateUrl} spellCheck={false} onChange={(e) => setStateUrl(e.target.value)} />
        </label>
        <label>
          Sends
          <input type="number" min={2} max={10} value={times} onChange={(e) => setTimes(Math.max(2, Math.min(10, Math.round(Number(e.target.value)) || 2)))} />
        </label>
        <label>
          Ignore members (comma-separated)
          <input value={ignore} placeholder="e.g. updatedAt, etag" spellCheck={false} onChange={(e) => setIgnore(e.target.value)} />
        </label>
      </div>
      {steps.length > 0 ? (
        <ol className="check-steps" aria-label="Check steps">
          {steps.map((s, i) => (
            <li key={i}>
              {s.label}: {s.status}
            </li>
          ))}
        </ol>
      ) : null}
      {outcome ? (
        outcome.ok ? (
          <div className={`verdict ${outcome.verdict.idempotent ? 'verdict-ok' : 'verdict-not'}`} data-testid="idempotency-verdict" data-idempotent={String(outcome.verdict.idempotent)} role="status">
            <p>
              <strong>{outcome.verdict.idempotent ? 'Idempotent' : 'Not idempotent'}</strong> — {outcome.verdict.summary}
            </p>
            {outcome.verdict.firstDifference ? (
              <>
                <p className="small">State after send {outcome.verdict.firstDifference.send} compared with the state after send 1:</p>
                <ChangeList changes={outcome.verdict.firstDifference.changes} />
              </>
            ) : null}
            {outcome.verdict.effect.length > 0 ? (
              <details>
                <summary className="small">What the first send changed ({outcome.verdict.effect.length})</summary>
                <ChangeList changes={outcome.verdict.effect} />
              </details>
            ) : null}
          </div>
        ) : (
          <p className="field-error" role="alert">
            {outcome.message}
          </p>
        )
      ) : null}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
        <button type="button" className="primary" disabled={running || !wire || stateUrl.trim() === ''} onClick={run}>
          {running ? 'Checking…' : `Run check (${times} sends)`}
        </button>
      </div>
    </dialog>
  );
}
