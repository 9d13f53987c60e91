/** The GraphQL body editor, loaded on first use with the `graphql` library and cm6-graphql (src/app/features/graphql/). */
import { lazyPart } from '../../../base/lazy/lazyPart';

export const GraphQlBodyEditor = lazyPart({
  name: 'The GraphQL editor',
  load: () => import('../../graphql/GraphQlBody'),
  pick: (m) => m.GraphQlBody,
  fallback: () => <div className="code-editor" aria-busy="true" style={{ minHeight: 'calc(14rem + 2px)' }} />,
});
