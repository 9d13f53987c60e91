import { draftRowId, encodeForm, explainFormEncoding, type FormRow } from '../../../core';
import { useWorkbench } from '../../store/StoreProvider';

/** The x-www-form-urlencoded body: rows, and beside them exactly what goes on the wire and why. */
export function FormBodyEditor() {
  const rows = useWorkbench((s) => s.draft.body.form);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const setRows = (recipe: (rows: FormRow[]) => FormRow[]) => updateDraft((d) => ({ ...d, body: { ...d.body, form: recipe(d.body.form) } }));
  const patch = (id: string, change: Partial<FormRow>) => setRows((all) => all.map((r) => (r.id === id ? { ...r, ...change } : r)));
  const sent = rows.filter((r) => r.enabled && !(r.name === '' && r.value === ''));
  const notes = [...new Set(sent.flatMap((r) => [...explainFormEncoding(r.name).notes, ...explainFormEncoding(r.value).notes]))];
  return (
    <div className="body-editor">
      <div className="section-title">
        <span className="muted small">Fields are encoded as name=value pairs joined by &amp;.</span>
        <button type="button" onClick={() => setRows((all) => [...all, { id: draftRowId(), enabled: true, name: '', value: '' }])}>
          Add form field
        </button>
      </div>
      {rows.length > 0 ? (
        <table className="kv-table">
          <thead>
            <tr>
              <th scope="col">On</th>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">Encoded</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.id}>
                <td>
                  <input type="checkbox" checked={row.enabled} aria-label={`Send form field ${i + 1}`} onChange={(e) => patch(row.id, { enabled: e.target.checked })} />
                </td>
                <td>
                  <input value={row.name} aria-label={`Form field ${i + 1} name`} spellCheck={false} onChange={(e) => patch(row.id, { name: e.target.value })} />
                </td>
                <td>
                  <input value={row.value} aria-label={`Form field ${i + 1} value`} spellCheck={false} onChange={(e) => patch(row.id, { value: e.target.value })} />
                </td>
                <td>
                  <code className="encoded-cell">{explainFormEncoding(row.value).encoded}</code>
                </td>
                <td>
                  <button type="button" className="icon-button" aria-label={`Remove form field ${i + 1}`} onClick={() => setRows((all) => all.filter((r) => r.id !== row.id))}>
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted small">No fields yet.</p>
      )}
      <div className="encoded-preview" role="group" aria-label="Encoded form body">
        <p className="muted small">Goes on the wire as:</p>
        <pre data-testid="form-encoded">{sent.length ? encodeForm(sent) : '(empty)'}</pre>
        {notes.length ? (
          <ul className="encoding-notes">
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
