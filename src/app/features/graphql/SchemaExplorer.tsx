/**
 * The schema explorer: the root types first, every type by name, a search over type and
 * field names and descriptions, and one type's detail; clicking a field inserts it into the
 * query at the cursor. Long lists show their first 200 entries (search narrows them).
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { searchExplorer, type ExplorerModel } from '../../../core/protocols/graphql/schemaModel';
import { ExplorerTypeDetail } from './ExplorerTypeDetail';
import { graphQlTools } from './graphQlStore';

const SHOWN = 200;

export function SchemaExplorer({ model }: { model: ExplorerModel }) {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState<string | undefined>(model.roots.query);
  const insertText = useStore(graphQlTools, (s) => s.insertText);
  const deferred = useDeferredValue(term);
  const hits = useMemo(() => (deferred.trim() === '' ? undefined : searchExplorer(model, deferred, SHOWN)), [model, deferred]);
  const byName = useMemo(() => new Map(model.types.map((t) => [t.name, t])), [model]);
  const type = open ? byName.get(open) : undefined;
  const list = hits ?? model.types.slice(0, SHOWN).map((t) => ({ type: t.name, field: undefined as string | undefined }));
  return (
    <section className="graphql-explorer" aria-label="Schema explorer" data-testid="graphql-explorer">
      <div className="graphql-explorer-list">
        <label className="small">
          Search the schema
          <input type="search" value={term} onChange={(e) => setTerm(e.target.value)} placeholder="type or field name" />
        </label>
        <ul aria-label={hits ? 'Search results' : 'Types'}>
          {list.map((hit) => (
            <li key={`${hit.type}.${hit.field ?? ''}`}>
              <button type="button" className={`link-button${open === hit.type && !hit.field ? ' graphql-open' : ''}`} onClick={() => setOpen(hit.type)}>
                {hit.field ? `${hit.type}.${hit.field}` : hit.type}
              </button>
              {!hit.field && (hit.type === model.roots.query || hit.type === model.roots.mutation || hit.type === model.roots.subscription) ? <span className="muted small"> root</span> : null}
            </li>
          ))}
        </ul>
        {!hits && model.types.length > SHOWN ? <p className="muted small">The first {SHOWN} of {model.types.length} types; search to find the others.</p> : null}
        {hits && hits.length === 0 ? <p className="muted small">Nothing in the schema matches “{deferred}”.</p> : null}
      </div>
      <div className="graphql-explorer-detail">{type ? <ExplorerTypeDetail type={type} onOpenType={setOpen} onInsert={insertText} /> : <p className="muted small">Choose a type.</p>}</div>
    </section>
  );
}
