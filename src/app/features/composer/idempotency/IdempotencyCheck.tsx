import { useState } from 'react';
import { lazyPart } from '../../../base/lazy/lazyPart';
import { useComposerView } from '../useComposerView';

const IdempotencyDialog = lazyPart({
  name: 'The idempotency check',
  load: () => import('./IdempotencyDialog'),
  pick: (m) => m.IdempotencyDialog,
  loadWhen: (p: { open: boolean }) => p.open,
});

/**
 * "Check idempotency": the composer's button; the check itself (IdempotencyDialog.tsx) loads
 * when first opened. It sends the request N times, reading a resource with GET before and
 * after each, and reports whether the resulting state stayed the same (spec §4.2).
 */
export function IdempotencyCheck() {
  const view = useComposerView();
  const wire = view.build.ok ? view.build.value.wire : undefined;
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="small-button" onClick={() => setOpen(true)} disabled={!wire} title={wire ? 'Send it N times and compare the resulting state' : 'The request cannot be built yet'}>
        Check idempotency
      </button>
      <IdempotencyDialog open={open} wire={wire} onClose={() => setOpen(false)} />
    </>
  );
}
