import { methodSemantics, STANDARD_METHODS } from '../../core';
import { useWorkbench } from '../store/StoreProvider';
import { CodeEditor } from './CodeEditor';
import { HeadersTable } from './HeadersTable';

export interface RequestPaneProps {
  onSend(): void;
  onCancel(): void;
  sending: boolean;
}

/** The composer: method, URL, headers and a raw body. */
export function RequestPane({ onSend, onCancel, sending }: RequestPaneProps) {
  const method = useWorkbench((s) => s.draft.method);
  const url = useWorkbench((s) => s.draft.url);
  const body = useWorkbench((s) => s.draft.body);
  const setMethod = useWorkbench((s) => s.setMethod);
  const setUrl = useWorkbench((s) => s.setUrl);
  const setBody = useWorkbench((s) => s.setBody);
  const semantics = methodSemantics(method || 'GET');
  return (
    <form
      className="pane request-pane"
      aria-label="Request"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <div className="request-line">
        <label className="visually-hidden" htmlFor="method">
          Method
        </label>
        <input
          id="method"
          className="method-input"
          list="method-list"
          value={method}
          spellCheck={false}
          onChange={(e) => setMethod(e.target.value)}
        />
        <datalist id="method-list">
          {STANDARD_METHODS.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <label className="visually-hidden" htmlFor="url">
          URL
        </label>
        <input
          id="url"
          className="url-input"
          value={url}
          placeholder="https://api.example.com/resource"
          spellCheck={false}
          onChange={(e) => setUrl(e.target.value)}
        />
        {sending ? (
          <button type="button" className="danger" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <button type="submit" className="primary" aria-keyshortcuts="Control+Enter Meta+Enter">
            Send
          </button>
        )}
      </div>
      <p className="method-note" aria-live="polite">
        <span className={`badge ${semantics.safe ? 'badge-ok' : 'badge-warn'}`}>{semantics.safe ? 'safe' : 'unsafe'}</span>
        <span className={`badge ${semantics.idempotent ? 'badge-ok' : 'badge-warn'}`}>
          {semantics.idempotent ? 'idempotent' : 'not idempotent'}
        </span>
        {semantics.summary}
      </p>
      <HeadersTable />
      <section className="section" aria-labelledby="body-title">
        <div className="section-title">
          <h2 id="body-title">Body</h2>
        </div>
        <CodeEditor label="Request body" value={body} onChange={setBody} />
      </section>
    </form>
  );
}
