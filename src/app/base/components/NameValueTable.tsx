import type { ReactNode } from 'react';

/**
 * What every row of a name/value table has; `enabled` absent counts as on. A row is keyed
 * by its `id`, or by its position when it has none (collection variables).
 */
export interface NameValueRow {
  id?: string;
  name: string;
  value: string;
  enabled?: boolean;
}

/** One edit a person makes to a row's own fields. */
export type NameValueEdit = { enabled: boolean } | { name: string } | { value: string };

/** A column the caller adds between Value and the remove button. */
export interface NameValueColumn<Row> {
  header: string;
  cell(row: Row, index: number): ReactNode;
}

/** What the caller decides: the rows, their wording, where edits go, and what varies by table. */
export interface NameValueTableProps<Row extends NameValueRow> {
  rows: readonly Row[];
  /** What one row is, in lower case: "query parameter" gives "Query parameter 1 name" and "Remove query parameter 1". */
  noun: string;
  /** The verb of the On checkbox's label: "Send" gives "Send query parameter 1". */
  enableVerb: string;
  /** Indices given to the callbacks count from 0; labels count from 1. */
  onEdit(row: Row, index: number, edit: NameValueEdit): void;
  onRemove(row: Row, index: number): void;
  extraColumn?: NameValueColumn<Row>;
  /** Replaces the value cell's content; `input` is the plain value input, to keep where it fits. */
  renderValue?(row: Row, index: number, input: ReactNode): ReactNode;
  /** A problem with a row's name, shown under it; tables without it never mark names invalid. */
  nameProblem?(row: Row, index: number): string | undefined;
  /** For tables that hold secrets: masks a secret row's value, and keeps the browser from offering saved values. */
  isSecret?(row: Row): boolean;
  /** Shown instead of the table when there are no rows; without it an empty table keeps its headers. */
  empty?: ReactNode;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The editable table of name/value rows (query parameters, form fields, variables), so the
 * markup, the per-row accessible labels and the keyboard order are the same everywhere:
 * On, Name, Value, the caller's extra column, Remove.
 */
export function NameValueTable<Row extends NameValueRow>({
  rows,
  noun,
  enableVerb,
  onEdit,
  onRemove,
  extraColumn,
  renderValue,
  nameProblem,
  isSecret,
  empty,
}: NameValueTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const Noun = capitalised(noun);
  return (
    <table className="kv-table">
      <thead>
        <tr>
          <th scope="col">On</th>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
          {extraColumn ? <th scope="col">{extraColumn.header}</th> : null}
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => {
          const n = i + 1;
          const problem = nameProblem?.(row, i);
          const valueInput = (
            <input
              value={row.value}
              type={isSecret ? (isSecret(row) ? 'password' : 'text') : undefined}
              aria-label={`${Noun} ${n} value`}
              spellCheck={false}
              autoComplete={isSecret ? 'off' : undefined}
              onChange={(e) => onEdit(row, i, { value: e.target.value })}
            />
          );
          return (
            <tr key={row.id ?? i}>
              <td>
                <input type="checkbox" checked={row.enabled !== false} aria-label={`${enableVerb} ${noun} ${n}`} onChange={(e) => onEdit(row, i, { enabled: e.target.checked })} />
              </td>
              <td>
                <input
                  value={row.name}
                  aria-label={`${Noun} ${n} name`}
                  aria-invalid={nameProblem ? problem !== undefined : undefined}
                  spellCheck={false}
                  onChange={(e) => onEdit(row, i, { name: e.target.value })}
                />
                {problem ? <span className="field-error">{problem}</span> : null}
              </td>
              <td>{renderValue ? renderValue(row, i, valueInput) : valueInput}</td>
              {extraColumn ? <td>{extraColumn.cell(row, i)}</td> : null}
              <td>
                <button type="button" className="icon-button" aria-label={`Remove ${noun} ${n}`} onClick={() => onRemove(row, i)}>
                  ×
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
