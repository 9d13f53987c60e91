import type { Assertion, AssertionOperator, ExchangeSubject } from '../../../core/run/types';
import { CodeField } from '../../base/editors/CodeField';
import { useWorkbench } from '../../base/state/StoreProvider';
import { expressionPlaceholder } from './CapturesTable';
import { newAssertion, OPERATORS, operatorTakesValue, SUBJECT_KINDS, subjectExpression, subjectOf } from './checksModel';

type Compare = Extract<Assertion, { kind: 'compare' }>;

/** The assertions of the active tab: compare rows, JSON Schema rows and "conforms to the conventions". */
export function AssertionsTable({ assertions }: { assertions: Assertion[] }) {
  const updateChecks = useWorkbench((s) => s.updateChecks);
  const edit = (id: string, patch: Partial<Assertion>) =>
    updateChecks((c) => ({ ...c, assertions: c.assertions.map((row) => (row.id === id ? ({ ...row, ...patch } as Assertion) : row)) }));
  // Keyboard: focus moves to the new row's switch, and back to "Add assertion" when a row goes.
  const remove = (id: string) => {
    updateChecks((c) => ({ ...c, assertions: c.assertions.filter((row) => row.id !== id) }));
    document.getElementById('add-assertion')?.focus();
  };
  const add = (kind: Assertion['kind']) => {
    const assertion = newAssertion(kind);
    updateChecks((c) => ({ ...c, assertions: [...c.assertions, assertion] }));
    requestAnimationFrame(() => document.getElementById(`assertion-${assertion.id}-on`)?.focus());
  };
  return (
    <section aria-labelledby="assertions-title" className="subsection checks-subsection">
      <div className="section-title">
        <h3 id="assertions-title">Assertions</h3>
        <div className="checks-add">
          <button type="button" id="add-assertion" onClick={() => add('compare')}>
            Add assertion
          </button>
          <button type="button" onClick={() => add('json-schema')}>
            Add JSON Schema
          </button>
          <button type="button" onClick={() => add('conforms')} disabled={assertions.some((a) => a.kind === 'conforms')}>
            Add conventions check
          </button>
        </div>
      </div>
      {assertions.length === 0 ? (
        <p className="muted checks-empty">Check each response: status == 200, a header, a JSONPath value, a JSON Schema, or that it conforms to the HTTP conventions.</p>
      ) : (
        <table className="kv-table checks-table">
          <thead>
            <tr>
              <th scope="col">On</th>
              <th scope="col">Subject</th>
              <th scope="col">Expression</th>
              <th scope="col">Operator</th>
              <th scope="col">Expected</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {assertions.map((assertion, i) => {
              const n = i + 1;
              return (
                <tr key={assertion.id}>
                  <td>
                    <input id={`assertion-${assertion.id}-on`} type="checkbox" checked={assertion.enabled !== false} aria-label={`Use assertion ${n}`} onChange={(e) => edit(assertion.id, { enabled: e.target.checked })} />
                  </td>
                  {assertion.kind === 'compare' ? (
                    <CompareCells assertion={assertion} n={n} edit={(patch) => edit(assertion.id, patch)} />
                  ) : assertion.kind === 'json-schema' ? (
                    <td colSpan={4}>
                      <span className="checks-row-label" id={`assertion-${assertion.id}-label`}>
                        Body matches this JSON Schema
                      </span>
                      <CodeField value={assertion.schema} language="json" label={`Assertion ${n} JSON Schema`} minHeight="4rem" onChange={(schema) => edit(assertion.id, { schema })} />
                    </td>
                  ) : (
                    <td colSpan={4}>
                      <span className="checks-row-label">Conforms to the conventions: no finding of level error in the explanation</span>{' '}
                      <label className="checks-inline">
                        <input type="checkbox" checked={assertion.strict === true} onChange={(e) => edit(assertion.id, { strict: e.target.checked })} /> no warnings either
                      </label>
                    </td>
                  )}
                  <td>
                    <button type="button" className="icon-button" aria-label={`Remove assertion ${n}`} onClick={() => remove(assertion.id)}>
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

function CompareCells({ assertion, n, edit }: { assertion: Compare; n: number; edit(patch: Partial<Compare>): void }) {
  const expression = subjectExpression(assertion.subject);
  const takesValue = operatorTakesValue(assertion.operator);
  return (
    <>
      <td>
        <select
          value={assertion.subject.kind}
          aria-label={`Assertion ${n} subject`}
          onChange={(e) => edit({ subject: subjectOf(e.target.value as ExchangeSubject['kind'], expression ?? '') })}
        >
          {SUBJECT_KINDS.map((s) => (
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
            aria-label={`Assertion ${n} expression`}
            placeholder={expressionPlaceholder(assertion.subject.kind)}
            spellCheck={false}
            onChange={(e) => edit({ subject: subjectOf(assertion.subject.kind, e.target.value) })}
          />
        )}
      </td>
      <td>
        <select value={assertion.operator} aria-label={`Assertion ${n} operator`} onChange={(e) => edit({ operator: e.target.value as AssertionOperator })}>
          {OPERATORS.map((op) => (
            <option key={op} value={op}>
              {op}
            </option>
          ))}
        </select>
      </td>
      <td>
        {takesValue ? (
          <input className="mono" value={assertion.expected ?? ''} aria-label={`Assertion ${n} expected`} spellCheck={false} onChange={(e) => edit({ expected: e.target.value })} />
        ) : (
          <span className="muted">—</span>
        )}
      </td>
    </>
  );
}
