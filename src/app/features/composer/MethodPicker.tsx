import { isValidMethodToken, methodSemantics, STANDARD_METHODS } from '../../../core';
import { methodClass } from '../../base/components/MethodBadge';
import { useWorkbench } from '../../base/state/StoreProvider';

/** The method field, coloured by method: a standard method from the list or any custom token typed in. */
export function MethodInput() {
  const method = useWorkbench((s) => s.draft.method);
  const setMethod = useWorkbench((s) => s.setMethod);
  const valid = method.trim() !== '' && isValidMethodToken(method.trim());
  return (
    <>
      <label className="visually-hidden" htmlFor="method">
        Method
      </label>
      <input
        id="method"
        className={`method-input ${methodClass(method)}`}
        list="method-list"
        value={method}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={!valid}
        aria-describedby="method-note"
        title="A standard method from the list, or type a custom one (e.g. PURGE)"
        onChange={(e) => setMethod(e.target.value)}
      />
      <datalist id="method-list">
        {STANDARD_METHODS.map((m) => (
          <option key={m} value={m}>
            {methodSemantics(m).summary}
          </option>
        ))}
      </datalist>
    </>
  );
}

/** Safe and idempotent badges with the method's one-line explanation (RFC 9110 §9.2). */
export function MethodNote() {
  const method = useWorkbench((s) => s.draft.method);
  const override = useWorkbench((s) => s.draft.options.methodOverride);
  const semantics = methodSemantics(method || 'GET');
  const warning = semantics.notes.find((n) => /case-sensitive|not a valid method token|No method given/.test(n));
  return (
    <p className="method-note" id="method-note" aria-live="polite">
      <span className={`badge ${semantics.safe ? 'badge-ok' : 'badge-warn'}`}>{semantics.safe ? 'safe' : 'unsafe'}</span>
      <span className={`badge ${semantics.idempotent ? 'badge-ok' : 'badge-warn'}`}>{semantics.idempotent ? 'idempotent' : 'not idempotent'}</span>
      <span>{semantics.summary}.</span>
      {warning ? <span className="field-error">{warning}</span> : null}
      {override && semantics.method !== 'POST' ? <span className="muted">Sent as POST with X-HTTP-Method-Override: {semantics.method}.</span> : null}
    </p>
  );
}
