import { useWorkbench } from '../store/StoreProvider';

/** The request headers as an editable table: add, disable, remove; duplicates allowed. */
export function HeadersTable() {
  const headers = useWorkbench((s) => s.draft.headers);
  const addHeader = useWorkbench((s) => s.addHeader);
  const updateHeader = useWorkbench((s) => s.updateHeader);
  const removeHeader = useWorkbench((s) => s.removeHeader);
  return (
    <section className="section" aria-labelledby="headers-title">
      <div className="section-title">
        <h2 id="headers-title">Headers</h2>
        <button type="button" onClick={() => addHeader()}>
          Add header
        </button>
      </div>
      {headers.length === 0 ? (
        <p className="muted">No headers. The relay adds only what HTTP requires (Host, Content-Length).</p>
      ) : (
        <table className="kv-table">
          <thead>
            <tr>
              <th scope="col">On</th>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {headers.map((h, i) => (
              <tr key={h.id}>
                <td>
                  <input
                    type="checkbox"
                    checked={h.enabled}
                    aria-label={`Send header ${i + 1}`}
                    onChange={(e) => updateHeader(h.id, { enabled: e.target.checked })}
                  />
                </td>
                <td>
                  <input
                    value={h.name}
                    aria-label={`Header ${i + 1} name`}
                    spellCheck={false}
                    onChange={(e) => updateHeader(h.id, { name: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    value={h.value}
                    aria-label={`Header ${i + 1} value`}
                    spellCheck={false}
                    onChange={(e) => updateHeader(h.id, { value: e.target.value })}
                  />
                </td>
                <td>
                  <button type="button" aria-label={`Remove header ${i + 1}`} onClick={() => removeHeader(h.id)}>
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
