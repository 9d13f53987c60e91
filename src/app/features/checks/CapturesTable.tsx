import type { Capture, ExchangeSubject, VariableScope } from '../../../core/run/types';
import { useWorkbench } from '../../base/state/StoreProvider';
import { newCapture, SUBJECT_KINDS, subjectExpression, subjectOf } from './checksModel';

/** Subjects a capture can read (time and size are for assertions). */
const CAPTURE_SUBJECTS = SUBJECT_KINDS.filter((s) => s.kind !== 'duration' && s.kind !== 'size');

const SCOPES: { scope: VariableScope; label: string }[] = [
  { scope: 'run', label: 'Run' },
  { scope: 'environment', label: 'Environment' },
  { scope: 'collection', label: 'Collection' },
];

/** Placeholder of the expression field by subject. */
export function expressionPlaceholder(kind: ExchangeSubject['kind']): string {
  switch (kind) {
    case 'header':
      return 'Header name';
    case 'cookie':
      return 'Cookie name';
    case 'jsonpath':
      return '$.access_token';
    case 'xpath':
      return '//token';
    case 'regex':
      return 'token=(\\w+)';
    default:
      return '';
  }
}

/** The captures of the active tab: variable ← where from, one row each. */
export function CapturesTable({ captures }: { captures: Capture[] }) {
  const updateChecks = useWorkbench((s) => s.updateChecks);
  const edit = (id: string, patch: Partial<Capture>) =>
    updateChecks((c) => ({ ...c, captures: c.captures.map((row) => (row.id === id ? { ...row, ...patch } : row)) }));
  // Keyboard: focus moves to the new row's first field, and back to "Add capture" when a row goes.
  const remove = (id: string) => {
    updateChecks((c) => ({ ...c, captures: c.captures.filter((row) => row.id !== id) }));
    document.getElementById('add-capture')?.focus();
  };
  const add = () => {
    const capture = newCapture();
    updateChecks((c) => ({ ...c, captures: [...c.captures, capture] }));
    requestAnimationFrame(() => document.getElementById(`capture-${capture.id}-variable`)?.focus());
  };
  return (
    <section aria-labelledby="captures-title" className="subsection checks-subsection">
      <div className="section-title">
        <h3 id="captures-title">Captures</h3>
        <button type="button" id="add-capture" onClick={add}>
          Add capture
        </button>
      </div>
      {captures.length === 0 ? (
        <p className="muted checks-empty">Take a value from each response into a variable, e.g. token ← $.access_token, and use it as {'{{token}}'}.</p>
      ) : (
        <table className="kv-table checks-table">
          <thead>
            <tr>
              <th scope="col">On</th>
              <th scope="col">Variable</th>
              <th scope="col">Scope</th>
              <th scope="col">From</th>
              <th scope="col">Expression</th>
              <th scope="col">Secret</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {captures.map((capture, i) => {
              const n = i + 1;
              const expression = subjectExpression(capture.from);
              return (
                <tr key={capture.id}>
                  <td>
                    <input type="checkbox" checked={capture.enabled !== false} aria-label={`Use capture ${n}`} onChange={(e) => edit(capture.id, { enabled: e.target.checked })} />
                  </td>
                  <td>
                    <input id={`capture-${capture.id}-variable`} value={capture.variable} aria-label={`Capture ${n} variable`} placeholder="token" spellCheck={false} onChange={(e) => edit(capture.id, { variable: e.target.value })} />
                  </td>
                  <td>
                    <select value={capture.scope} aria-label={`Capture ${n} scope`} onChange={(e) => edit(capture.id, { scope: e.target.value as VariableScope })}>
                      {SCOPES.map((s) => (
                        <option key={s.scope} value={s.scope}>
                          {s.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select
                      value={capture.from.kind}
                      aria-label={`Capture ${n} from`}
                      onChange={(e) => edit(capture.id, { from: subjectOf(e.target.value as ExchangeSubject['kind'], expression ?? '') })}
                    >
                      {CAPTURE_SUBJECTS.map((s) => (
                        <option key={s.kind} value={s.kind}>
                          {s.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    {expression === undefined ? (
                      <span className="muted">—</span>
                    ) : (
                      <input
                        className="mono"
                        value={expression}
                        aria-label={`Capture ${n} expression`}
                        placeholder={expressionPlaceholder(capture.from.kind)}
                        spellCheck={false}
                        onChange={(e) => edit(capture.id, { from: subjectOf(capture.from.kind, e.target.value) })}
                      />
                    )}
                  </td>
                  <td>
                    <input type="checkbox" checked={capture.secret === true} aria-label={`Capture ${n} is secret`} onChange={(e) => edit(capture.id, { secret: e.target.checked })} />
                  </td>
                  <td>
                    <button type="button" className="icon-button" aria-label={`Remove capture ${n}`} onClick={() => remove(capture.id)}>
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
