/** The query's and variables' problems, each with its line and column; a query location is a button that moves the cursor there. */
import { useStore } from 'zustand';
import type { GraphQlProblem } from '../../../core/protocols/graphql/check';
import { graphQlTools } from './graphQlStore';

export function GraphQlProblems({ id, problems }: { id: string; problems: GraphQlProblem[] }) {
  const jumpTo = useStore(graphQlTools, (s) => s.jumpTo);
  if (problems.length === 0) return <p id={id} className="visually-hidden" aria-live="polite" />;
  return (
    <ul id={id} className="graphql-problems" aria-live="polite" aria-label="GraphQL problems" data-testid="graphql-problems">
      {problems.map((p, i) => (
        <li key={i} className="field-error">
          {p.where === 'query' && p.line !== undefined ? (
            <button type="button" className="link-button" onClick={() => jumpTo(p.line!, p.column ?? 1)}>
              Query line {p.line}, column {p.column}
            </button>
          ) : p.line !== undefined ? (
            <span>Variables line {p.line}, column {p.column}</span>
          ) : (
            <span>{p.where === 'query' ? 'Query' : 'Variables'}</span>
          )}
          : {p.message}
        </li>
      ))}
    </ul>
  );
}
