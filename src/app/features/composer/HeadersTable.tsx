import { HelpPopover } from '../../base/components/HelpPopover';
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { isAuthToken, type ComputedHeaderSource } from '../../../core';
import { useWorkbench } from '../../base/state/StoreProvider';
import { COMMON_HEADER_VALUES, COMMON_REQUEST_HEADERS } from './headerSuggestions';
import { useComposerView } from './useComposerView';
import { LostSecretNote } from '../../base/secrets/LostSecretNote';
import { isOnlyReference, useLostSecrets } from './useLostSecrets';

const SOURCE_LABELS: Record<ComputedHeaderSource, string> = {
  host: 'added by the relay (from the URL)',
  auth: 'from the Auth tab',
  body: 'from the body',
  length: 'added by the relay (framing)',
  override: 'method override (Options)',
};

function nameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '' || isAuthToken(trimmed)) return undefined;
  const bad = [...trimmed].find((ch) => !isAuthToken(ch));
  return `"${bad === ' ' ? 'space' : bad}" cannot be in a header name: a name is a token of letters, digits and !#$%&'*+-.^_\`|~ (RFC 9110 §5.1).`;
}

function valueListId(name: string): string | undefined {
  const key = name.trim().toLowerCase();
  return COMMON_HEADER_VALUES[key] ? `header-values-${key.replace(/[^a-z0-9-]/g, '')}` : undefined;
}

/**
 * The request headers: add, disable, reorder (drag, or Alt+↑/↓ in a row), remove;
 * duplicates allowed; names validated and completed. Headers computed from the URL, auth,
 * body and options follow read-only, so everything that will go is in one table.
 */
export function HeadersTable() {
  const headers = useWorkbench((s) => s.draft.headers);
  const addHeader = useWorkbench((s) => s.addHeader);
  const updateHeader = useWorkbench((s) => s.updateHeader);
  const removeHeader = useWorkbench((s) => s.removeHeader);
  const moveHeader = useWorkbench((s) => s.moveHeader);
  // A header whose kept secret is lost asks for it under its value (issue 27 item 3).
  const { lost, locked } = useLostSecrets();
  const lostRows = new Set(locked ? [] : lost.flatMap((l) => (l.place.section === 'headers' ? [l.place.rowId] : [])));
  const view = useComposerView();
  const [dragged, setDragged] = useState<string | null>(null);
  const computed = view.build.ok ? view.build.value.computedHeaders : [];
  const pendingVault = view.build.ok && view.build.value.vaultPending;
  const counts = new Map<string, number>();
  for (const h of headers) if (h.enabled && h.name.trim()) counts.set(h.name.trim().toLowerCase(), (counts.get(h.name.trim().toLowerCase()) ?? 0) + 1);

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, id: string, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    moveHeader(id, index + (event.key === 'ArrowUp' ? -1 : 1));
  };
  const onDrop = (event: DragEvent<HTMLTableRowElement>, index: number) => {
    event.preventDefault();
    if (dragged) moveHeader(dragged, index);
    setDragged(null);
  };

  return (
    <section aria-labelledby="headers-title" className="subsection">
      <div className="section-title">
        <h3 id="headers-title">Headers</h3>
        <button type="button" onClick={() => addHeader()}>
          Add header
        </button>
      </div>
      <datalist id="header-names">
        {COMMON_REQUEST_HEADERS.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      {Object.entries(COMMON_HEADER_VALUES).map(([name, values]) => (
        <datalist key={name} id={valueListId(name)}>
          {values.map((v) => (
            <option key={v} value={v} />
          ))}
        </datalist>
      ))}
      <table className="kv-table headers-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Order</span>
            </th>
            <th scope="col">On</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {headers.map((h, i) => {
            const problem = nameProblem(h.name);
            const duplicate = h.enabled && (counts.get(h.name.trim().toLowerCase()) ?? 0) > 1;
            return (
              <tr
                key={h.id}
                className={dragged === h.id ? 'row-dragged' : undefined}
                onKeyDown={(e) => onRowKeyDown(e, h.id, i)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => onDrop(e, i)}
              >
                <td>
                  <span
                    className="drag-handle"
                    draggable
                    aria-hidden="true"
                    title="Drag to reorder (or Alt+↑/↓)"
                    onDragStart={(e) => {
                      e.dataTransfer.effectAllowed = 'move';
                      setDragged(h.id);
                    }}
                    onDragEnd={() => setDragged(null)}
                  >
                    ⋮⋮
                  </span>
                </td>
                <td>
                  <input type="checkbox" checked={h.enabled} aria-label={`Send header ${i + 1}`} onChange={(e) => updateHeader(h.id, { enabled: e.target.checked })} />
                </td>
                <td>
                  <input
                    value={h.name}
                    list="header-names"
                    aria-label={`Header ${i + 1} name`}
                    aria-invalid={problem !== undefined}
                    aria-describedby={problem ? `header-${h.id}-problem` : undefined}
                    spellCheck={false}
                    onChange={(e) => updateHeader(h.id, { name: e.target.value })}
                  />
                  {problem ? (
                    <span className="field-error" id={`header-${h.id}-problem`}>
                      {problem}
                    </span>
                  ) : duplicate ? (
                    <span className="field-note">Sent more than once, in this order.</span>
                  ) : null}
                </td>
                <td>
                  <input
                    value={lostRows.has(h.id) && isOnlyReference(h.value) ? '' : h.value}
                    list={valueListId(h.name)}
                    aria-label={`Header ${i + 1} value`}
                    aria-invalid={lostRows.has(h.id) || undefined}
                    aria-describedby={lostRows.has(h.id) ? `header-${h.id}-lost` : undefined}
                    spellCheck={false}
                    onChange={(e) => updateHeader(h.id, { value: e.target.value })}
                  />
                  {lostRows.has(h.id) ? <LostSecretNote id={`header-${h.id}-lost`} locked={locked} /> : null}
                </td>
                <td className="row-actions">
                  <button type="button" className="icon-button" aria-label={`Move header ${i + 1} up`} disabled={i === 0} onClick={() => moveHeader(h.id, i - 1)}>
                    ↑
                  </button>
                  <button type="button" className="icon-button" aria-label={`Move header ${i + 1} down`} disabled={i === headers.length - 1} onClick={() => moveHeader(h.id, i + 1)}>
                    ↓
                  </button>
                  <button type="button" className="icon-button" aria-label={`Remove header ${i + 1}`} onClick={() => removeHeader(h.id)}>
                    ×
                  </button>
                </td>
              </tr>
            );
          })}
          {computed.map((h, i) => (
            <tr key={`computed-${i}`} className="computed-row">
              <td />
              <td>
                <span className="visually-hidden">computed</span>
              </td>
              <td>
                <code>{h.name}</code>
              </td>
              <td>
                <code className="computed-value">{h.value}</code>
              </td>
              <td className="computed-source">{SOURCE_LABELS[h.source]}</td>
            </tr>
          ))}
          {pendingVault ? (
            <tr className="computed-row">
              <td />
              <td />
              <td>
                <code>Authorization</code>
              </td>
              <td className="muted">resolved from the vault when sent</td>
              <td className="computed-source">from the Auth tab</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {headers.length === 0 ? (
        <p className="muted small">
          No headers typed.{' '}
          <HelpPopover topic="computed headers">Computed ones are listed above, read-only; a typed Content-Type replaces the body's.</HelpPopover>
        </p>
      ) : null}
    </section>
  );
}
