/**
 * The schema explorer: the root types first, every type by name (from the worker's compact
 * index, shown at once), a search over type and field names and descriptions, and one type's
 * detail — both asked of the schema worker, which holds the schema; clicking a field inserts
 * it into the query at the cursor. Long lists show their first 200 entries (search narrows them).
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ExplorerHit, ExplorerIndex, ExplorerType } from '../../../core/protocols/graphql/schemaModel';
import { ExplorerTypeDetail } from './ExplorerTypeDetail';
import { graphQlTools } from './graphQlStore';
import type { SchemaHandle } from './schemaWorkerClient';

const SHOWN = 200;

/** `ask`'s answer for `key`, kept until a newer key's answer arrives. */
function useAsked<T>(key: string | undefined, ask: () => Promise<T | undefined>): { key: string; value: T } | undefined {
  const [answer, setAnswer] = useState<{ key: string; value: T }>();
  useEffect(() => {
    if (key === undefined) return;
    let current = true;
    void ask().then((value) => {
      if (current && value !== undefined) setAnswer({ key, value });
    });
    return () => {
      current = false;
    };
    // `ask` is rebuilt each render; the key says when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answer;
}

export function SchemaExplorer({ index, schema }: { index: ExplorerIndex; schema: SchemaHandle }) {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState<string | undefined>(index.roots.query);
  const insertText = useStore(graphQlTools, (s) => s.insertText);
  const deferred = useDeferredValue(term).trim();
  const searched = useAsked<ExplorerHit[]>(deferred === '' ? undefined : deferred, () => schema.ask({ kind: 'search', term: deferred, limit: SHOWN }));
  const detail = useAsked<ExplorerType | undefined>(open, () => schema.ask({ kind: 'type', name: open ?? '' }));
  const hits = deferred === '' ? undefined : searched && searched.key === deferred ? searched.value : undefined;
  const type = detail && detail.key === open ? detail.value : undefined;
  const roots = new Set([index.roots.query, index.roots.mutation, index.roots.subscription]);
  const list = hits ?? index.names.slice(0, SHOWN).map((name) => ({ type: name, field: undefined as string | undefined }));
  return (
    <section className="graphql-explorer" aria-label="Schema explorer" data-testid="graphql-explorer">
      <div className="graphql-explorer-list">
        <label className="small">
          Search the schema
          <input type="search" value={term} onChange={(e) => setTerm(e.target.value)} placeholder="type or field name" />
        </label>
        <ul aria-label={hits ? 'Search results' : 'Types'} aria-busy={deferred !== '' && !hits}>
          {list.map((hit) => (
            <li key={`${hit.type}.${hit.field ?? ''}`}>
              <button type="button" className={`link-button${open === hit.type && !hit.field ? ' graphql-open' : ''}`} onClick={() => setOpen(hit.type)}>
                {hit.field ? `${hit.type}.${hit.field}` : hit.type}
              </button>
              {!hit.field && roots.has(hit.type) ? <span className="muted small"> root</span> : null}
            </li>
          ))}
        </ul>
        {!hits && deferred === '' && index.names.length > SHOWN ? <p className="muted small">The first {SHOWN} of {index.names.length} types; search to find the others.</p> : null}
        {hits && hits.length === 0 ? <p className="muted small">Nothing in the schema matches “{deferred}”.</p> : null}
      </div>
      <div className="graphql-explorer-detail">{type ? <ExplorerTypeDetail type={type} onOpenType={setOpen} onInsert={insertText} /> : <p className="muted small">{open && detail?.key !== open ? 'Loading the type…' : 'Choose a type.'}</p>}</div>
    </section>
  );
}
