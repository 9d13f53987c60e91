/** The environments editor, loaded when first opened (its own chunk, see `base/lazy/lazyPart.tsx`); the composer's picker, the workspace panel and the palette open it. */
import { lazyPart } from '../../base/lazy/lazyPart';

/** The environments editor, loaded when first opened. */
export const EnvironmentDialog = lazyPart({
  name: 'The environments editor',
  load: () => import('./EnvironmentDialog'),
  pick: (m) => m.EnvironmentDialog,
  loadWhen: (p: { open: boolean }) => p.open,
});
