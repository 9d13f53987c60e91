/** The read-only code view of a response body, loaded on first use (its own chunk, see `base/lazy/lazyPart.tsx`). */
import { lazyPart } from '../../../base/lazy/lazyPart';

/** The response body in an editor (bodies small enough for one), filling the body pane. */
export const ReadOnlyCode = lazyPart({
  name: 'The body view',
  load: () => import('./ReadOnlyCode'),
  pick: (m) => m.ReadOnlyCode,
  fallback: () => <div className="code-viewer" aria-busy="true" />,
});
