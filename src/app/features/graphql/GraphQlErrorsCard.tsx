/**
 * A GraphQL response's errors as a card beside the status (which tells the same story,
 * core's `graphQlStatusSummary`): partial data, all data null, or a request the server did
 * not run; each error's message, its path into the data, and its locations in the query as
 * buttons that put the editor's cursor there.
 */
import './graphql.css';
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { WireRequest } from '../../../core';
import { graphQlResponseOfExchange } from '../../../core/protocols/graphql/explainStatus';
import { formatGraphQlPath, type GraphQlOutcome } from '../../../core/protocols/graphql/response';
import { useWorkbench } from '../../base/state/StoreProvider';
import type { RelayHead } from '../../../core';
import { graphQlTools } from './graphQlStore';

const TITLES: Record<Exclude<GraphQlOutcome, 'complete'>, string> = {
  partial: 'Partial data: some fields failed',
  'data-null': 'No data: a failing field nulled it all',
  'request-error': 'Not run: the server refused the request',
};

export function GraphQlErrorsCard({ request, head, bodyText }: { request: WireRequest; head: RelayHead; bodyText: string }) {
  const response = useMemo(() => graphQlResponseOfExchange(request, { status: head.status, reason: head.reason, httpVersion: head.httpVersion, headers: head.headers, bodyText }), [request, head, bodyText]);
  const jumpTo = useStore(graphQlTools, (s) => s.jumpTo);
  const setComposerTab = useWorkbench((s) => s.setComposerTab);
  const editable = useWorkbench((s) => s.draft.body.kind === 'graphql');
  if (!response || response.outcome === 'complete' || response.errors.length === 0) return null;
  const go = (line: number, column: number) => {
    setComposerTab('body');
    jumpTo(line, column);
  };
  return (
    <section className={`graphql-errors graphql-errors-${response.outcome}`} aria-labelledby="graphql-errors-title" data-testid="graphql-errors">
      <h2 id="graphql-errors-title">
        GraphQL: {TITLES[response.outcome]} ({response.errors.length} {response.errors.length === 1 ? 'error' : 'errors'})
      </h2>
      <ol>
        {response.errors.map((error, i) => (
          <li key={i}>
            <span className="graphql-error-message">{error.message}</span>
            {error.code ? <code className="small"> {error.code}</code> : null}
            {error.path ? (
              <span className="small">
                {' '}
                at <code>{formatGraphQlPath(error.path)}</code>
                {response.outcome === 'partial' ? ' (null in the data)' : ''}
              </span>
            ) : null}
            {error.locations.map((l, j) =>
              editable ? (
                <button key={j} type="button" className="link-button small graphql-location" onClick={() => go(l.line, l.column)}>
                  line {l.line}, column {l.column}
                </button>
              ) : (
                <span key={j} className="small"> line {l.line}, column {l.column}</span>
              ),
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
