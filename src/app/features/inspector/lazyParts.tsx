/** The response view, loaded with the first response or when idle (its own chunk, see `base/lazy/lazyPart.tsx`). */
import { lazyPart } from '../../base/lazy/lazyPart';

/** The response of the active tab: status, body views, headers, timing, compare (loaded with the first response, or when idle). */
export const InspectorResponse = lazyPart({
  name: 'The response view',
  load: () => import('./InspectorResponse'),
  pick: (m) => m.InspectorResponse,
  fallback: () => (
    <section className="pane inspector" aria-label="Response" aria-busy="true">
      <p className="status muted">Loading the response view…</p>
    </section>
  ),
});
