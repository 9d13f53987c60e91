import { HelpPopover } from '../../../base/components/HelpPopover';
import { draftRowId, encodeForm, explainFormEncoding, type FormRow } from '../../../../core';
import { NameValueTable } from '../../../base/components/NameValueTable';
import { useWorkbench } from '../../../base/state/StoreProvider';

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
        <HelpPopover topic="form encoding">Fields are encoded as name=value pairs joined by &amp; (application/x-www-form-urlencoded): a space becomes +, and &amp;, = and + are percent-encoded.</HelpPopover>
        <button type="button" onClick={() => setRows((all) => [...all, { id: draftRowId(), enabled: true, name: '', value: '' }])}>
          Add form field
        </button>
      </div>
      <NameValueTable
        rows={rows}
        noun="form field"
        enableVerb="Send"
        onEdit={(row, _, edit) => patch(row.id, edit)}
        onRemove={(row) => setRows((all) => all.filter((r) => r.id !== row.id))}
        extraColumn={{ header: 'Encoded', cell: (row) => <code className="encoded-cell">{explainFormEncoding(row.value).encoded}</code> }}
        empty={<p className="muted small">No fields yet.</p>}
      />
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
