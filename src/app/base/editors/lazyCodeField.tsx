/** The code editor, loaded on first use (its own chunk, see `base/lazy/lazyPart.tsx`): request bodies, the SOAP envelope, GraphQL, scripts. */
import { lazyPart } from '../lazy/lazyPart';

/**
 * Request bodies and the SOAP envelope: CodeMirror with its full setup (gutters, folding,
 * search, autocompletion). The box keeps the editor's height while it loads.
 */
export const CodeField = lazyPart({
  name: 'The body editor',
  load: () => import('./CodeField'),
  pick: (m) => m.CodeField,
  // No label on the stand-in: the editor's label belongs to the editor alone.
  fallback: (props) => <div className="code-editor" aria-busy="true" style={{ minHeight: `calc(${props.minHeight ?? '8rem'} + 2px)` }} />,
});
