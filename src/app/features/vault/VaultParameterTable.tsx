import { useId } from 'react';
import type { CoreError, VaultExtraField } from '../../../core';

/**
 * A small name/value table of extra request parameters, each row's problem (a reserved or
 * repeated name) shown under it. `field` is the list's field name in the entry's problems
 * (`extraFields`, `oauth.authorizationParameters`).
 */
export function VaultParameterTable({
  label,
  list,
  onChange,
  problems,
  field,
  example,
}: {
  label: string;
  list: readonly VaultExtraField[];
  onChange(next: VaultExtraField[]): void;
  problems: readonly CoreError[];
  field: string;
  example: string;
}) {
  const baseId = useId();
  const set = (index: number, patch: Partial<VaultExtraField>) => onChange(list.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="vault-field vault-wide vault-params">
      <span className="vault-field-label" id={`${baseId}-label`}>
        {label}
      </span>
      {list.length > 0 && (
        <table aria-labelledby={`${baseId}-label`} className="vault-param-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((row, i) => {
              const problem = problems.find((p) => p.field === `${field}[${i}]`);
              const problemId = `${baseId}-${i}-problem`;
              return (
                <tr key={i}>
                  <td>
                    <input
                      aria-label={`Name ${i + 1}`}
                      className="vault-mono"
                      value={row.name}
                      onChange={(e) => set(i, { name: e.target.value })}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={problem ? problemId : undefined}
                      autoComplete="off"
                      spellCheck={false}
                    />
                    {problem && (
                      <p id={problemId} className="vault-problem vault-small">
                        {problem.message}
                      </p>
                    )}
                  </td>
                  <td>
                    <input aria-label={`Value ${i + 1}`} className="vault-mono" value={row.value} onChange={(e) => set(i, { value: e.target.value })} autoComplete="off" spellCheck={false} />
                  </td>
                  <td>
                    <button type="button" aria-label={`Remove ${row.name || `parameter ${i + 1}`}`} onClick={() => onChange(list.filter((_, j) => j !== i))}>
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <span className="vault-input-row">
        <button type="button" onClick={() => onChange([...list, { name: '', value: '' }])}>
          Add {label.toLowerCase().replace(/s$/, '')}
        </button>
        <span className="muted vault-small vault-param-hint">{example}</span>
      </span>
    </div>
  );
}
