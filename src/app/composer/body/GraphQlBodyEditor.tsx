/** The GraphQL body editor, loaded on first use with the `graphql` library and cm6-graphql (src/app/graphql/). */
import { lazyPart } from '../../lazy/lazyPart';

export const GraphQlBodyEditor = lazyPart({
  name: 'The GraphQL editor',
  load: () => import('../../graphql/GraphQlBody'),
  pick: (m) => m.GraphQlBody,
  fallback: () => <div className="code-editor" aria-busy="true" style={{ minHeight: 'calc(14rem + 2px)' }} />,
});
