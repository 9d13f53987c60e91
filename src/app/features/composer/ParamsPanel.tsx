import { useState } from 'react';
import {
  draftRowId,
  draftWithPathParamRenamed,
  draftWithQueryRows,
  isPathParamName,
  queryRowWithListStyle,
  type QueryListStyle,
  type QueryRow,
} from '../../../core';
import { NameValueTable } from '../../base/components/NameValueTable';
import { useWorkbench } from '../../base/state/StoreProvider';
import { HelpPopover } from '../../base/components/HelpPopover';

const STYLE_LABELS: { value: QueryListStyle | 'none'; label: string }[] = [
  { value: 'none', label: 'Single value' },
  { value: 'comma', label: 'Comma list' },
  { value: 'repeat', label: 'Repeated' },
];

function PathParamName({ name }: { name: string }) {
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const [text, setText] = useState(name);
  const valid = isPathParamName(text);
  const commit = () => {
    if (valid && text !== name) updateDraft((d) => draftWithPathParamRenamed(d, name, text));
    else setText(name);
  };
  return (
    <input
      value={text}
      aria-label={`Path parameter ${name} name`}
      aria-invalid={!valid}
      title={valid ? 'Renaming changes {name} in the URL' : 'A path parameter name cannot be empty or contain braces, "/", "?", "#" or spaces'}
      spellCheck={false}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), commit())}
    />
  );
}

function PathParamsTable() {
  const pathParams = useWorkbench((s) => s.draft.pathParams);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  if (pathParams.length === 0) return null;
  return (
    <section aria-labelledby="path-params-title" className="subsection">
      <div className="heading-with-help">
        <h3 id="path-params-title">Path parameters</h3>
        <HelpPopover topic="path parameters">Each value is encoded as one path segment: "/" becomes %2F, space %20, and "+" stays a literal plus (spec §4.3).</HelpPopover>
      </div>
      <table className="kv-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {pathParams.map((p) => (
            <tr key={p.name}>
              <td>
                <PathParamName key={p.name} name={p.name} />
              </td>
              <td>
                <input
                  value={p.value}
                  aria-label={`Path parameter ${p.name} value`}
                  aria-invalid={p.value === ''}
                  placeholder="required"
                  spellCheck={false}
                  onChange={(e) =>
                    updateDraft((d) => ({ ...d, pathParams: d.pathParams.map((row) => (row.name === p.name ? { ...row, value: e.target.value } : row)) }))
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ListItems({ row, index, onChange }: { row: QueryRow; index: number; onChange(items: string[]): void }) {
  const items = row.list!.items;
  return (
    <div className="list-items">
      {items.map((item, i) => (
        <span key={i} className="list-item">
          <input value={item} aria-label={`Query parameter ${index} item ${i + 1}`} spellCheck={false} onChange={(e) => onChange(items.map((v, k) => (k === i ? e.target.value : v)))} />
          <button type="button" className="icon-button" aria-label={`Remove item ${i + 1} of query parameter ${index}`} onClick={() => onChange(items.filter((_, k) => k !== i))}>
            ×
          </button>
        </span>
      ))}
      <button type="button" className="small-button" aria-label={`Add item to query parameter ${index}`} onClick={() => onChange([...items, ''])}>
        + item
      </button>
    </div>
  );
}

function QueryTable() {
  const query = useWorkbench((s) => s.draft.query);
  const url = useWorkbench((s) => s.draft.url);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const setRows = (recipe: (rows: QueryRow[]) => QueryRow[]) => updateDraft((d) => draftWithQueryRows(d, recipe(d.query)));
  const patch = (id: string, change: (row: QueryRow) => QueryRow) => setRows((rows) => rows.map((r) => (r.id === id ? change(r) : r)));
  const queryText = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  return (
    <section aria-labelledby="query-title" className="subsection">
      <div className="section-title">
        <h3 id="query-title">Query parameters</h3>
        <button type="button" onClick={() => setRows((rows) => [...rows, { id: draftRowId(), enabled: true, name: '', value: '' }])}>
          Add query parameter
        </button>
      </div>
      <NameValueTable
        rows={query}
        noun="query parameter"
        enableVerb="Send"
        onEdit={(row, _, edit) => patch(row.id, (r) => ({ ...r, ...edit }))}
        onRemove={(row) => setRows((rows) => rows.filter((r) => r.id !== row.id))}
        renderValue={(row, i, input) =>
          row.list ? <ListItems row={row} index={i + 1} onChange={(items) => patch(row.id, (r) => ({ ...r, value: items.join(','), list: { ...r.list!, items } }))} /> : input
        }
        extraColumn={{
          header: 'Style',
          cell: (row, i) => (
            <select
              aria-label={`Query parameter ${i + 1} style`}
              value={row.list?.style ?? 'none'}
              onChange={(e) => patch(row.id, (r) => queryRowWithListStyle(r, e.target.value as QueryListStyle | 'none'))}
            >
              {STYLE_LABELS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          ),
        }}
        empty={<p className="muted small">No query. Type it in the URL or add rows here; both stay in sync.</p>}
      />
      {queryText ? (
        <p className="resulting-query">
          <span className="muted">Resulting query: </span>
          <code data-testid="resulting-query">{queryText}</code>
        </p>
      ) : null}
      <p className="muted small">
        Lists
        <HelpPopover topic="lists in the query">A list goes either as one comma-separated value (?id=1,2,3) or as the parameter repeated (?id=1&id=2&id=3), as the API expects (spec §4.4).</HelpPopover>
      </p>
    </section>
  );
}

/** Path parameters and query, in sync with the URL both ways. */
export function ParamsPanel() {
  return (
    <>
      <PathParamsTable />
      <QueryTable />
    </>
  );
}
