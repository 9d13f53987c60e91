/**
 * The GraphQL body: the query (completed and checked against the endpoint's schema), the
 * variables as JSON (checked against the operation's variable types), the operation name,
 * how it is sent (POST, or GET for a query), where the schema comes from, and the explorer.
 * Problems are listed with their line and column; a query location moves the cursor there.
 */
import './graphql.css';
import { useDeferredValue, useMemo } from 'react';
import { useStore } from 'zustand';
import { emptyGraphQlBody, type GraphQlBody as GraphQlBodyValue } from '../../../core/protocols/graphql/body';
import { graphQlOperations } from '../../../core/protocols/graphql/operations';
import { graphQlTransportOf } from '../../../core/request/graphQlWire';
import { CodeField } from '../../base/editors/lazyCodeField';
import { useWorkbench } from '../../base/state/StoreProvider';
import { GraphQlProblems } from './GraphQlProblems';
import { GraphQlSubscription } from './GraphQlSubscription';
import { GraphQlQueryEditor } from './GraphQlQueryEditor';
import { graphQlTools } from './graphQlStore';
import { SchemaBar } from './SchemaBar';
import { SchemaExplorer } from './SchemaExplorer';
import { useGraphQlProblems } from './useGraphQlProblems';
import { useGraphQlSchema } from './useGraphQlSchema';

export function GraphQlBody() {
  const body = useWorkbench((s) => s.draft.body.graphql) ?? emptyGraphQlBody();
  const method = useWorkbench((s) => s.draft.method);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const { entry, schema } = useGraphQlSchema();
  const explorerOpen = useStore(graphQlTools, (s) => s.explorerOpen);
  const set = (patch: Partial<GraphQlBodyValue>) => updateDraft((d) => ({ ...d, body: { ...d.body, graphql: { ...emptyGraphQlBody(), ...d.body.graphql, ...patch } } }));
  const transport = graphQlTransportOf(body, method);
  const setTransport = (next: 'POST' | 'GET') => updateDraft((d) => ({ ...d, method: next, body: { ...d.body, graphql: { ...emptyGraphQlBody(), ...d.body.graphql, method: next } } }));
  const checked = useDeferredValue(body);
  const problems = useGraphQlProblems(checked.query, checked.variables, checked.operationName, schema);
  const allOperations = useMemo(() => graphQlOperations(body.query), [body.query]);
  const operations = allOperations.filter((o) => o.name !== undefined);
  const chosen = body.operationName.trim() ? allOperations.find((o) => o.name === body.operationName.trim()) : allOperations.length === 1 ? allOperations[0] : undefined;
  return (
    <div className="body-editor graphql-body" data-testid="graphql-body">
      <SchemaBar />
      <div className="graphql-row">
        <label className="small">
          Operation name
          <input list="graphql-operations" value={body.operationName} placeholder={operations.length > 1 ? 'which operation to run' : 'optional'} onChange={(e) => set({ operationName: e.target.value })} />
          <datalist id="graphql-operations">
            {operations.map((o) => (
              <option key={`${o.type}-${o.name}`} value={o.name} />
            ))}
          </datalist>
        </label>
        <label className="small">
          Send as
          <select value={transport} onChange={(e) => setTransport(e.target.value as 'POST' | 'GET')}>
            <option value="POST">POST (JSON body)</option>
            <option value="GET">GET (query string, queries only)</option>
          </select>
        </label>
      </div>
      <span className="small graphql-part-label" aria-hidden="true">
        Query
      </span>
      <GraphQlQueryEditor value={body.query} onChange={(query) => set({ query })} schema={schema} describedBy="graphql-problems" />
      <span className="small graphql-part-label" aria-hidden="true">
        Variables (JSON)
      </span>
      <CodeField label="GraphQL variables" language="json" value={body.variables} onChange={(variables) => set({ variables })} minHeight="4rem" />
      <GraphQlProblems id="graphql-problems" problems={problems} />
      {chosen?.type === 'subscription' ? <GraphQlSubscription /> : null}
      {explorerOpen && entry?.status === 'ready' && entry.index && entry.handle ? <SchemaExplorer index={entry.index} schema={entry.handle} /> : null}
    </div>
  );
}
