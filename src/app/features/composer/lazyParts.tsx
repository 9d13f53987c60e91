/** The composer's sections that load on first use (each its own chunk, see `base/lazy/lazyPart.tsx`); the gRPC and MCP composers show the Auth section too. */
import { lazyPart } from '../../base/lazy/lazyPart';
import { PartLoading } from '../../base/lazy/PartLoading';

/** Composer: the Auth section (schemes, the vault's entries). */
export const AuthPanel = lazyPart({
  name: 'The Auth section',
  load: () => import('./AuthPanel'),
  pick: (m) => m.AuthPanel,
  fallback: () => <PartLoading what="the auth section" minHeight="8rem" />,
});

/** Composer: the Body section (JSON, XML, text, form, multipart, file). */
export const BodyPanel = lazyPart({
  name: 'The Body section',
  load: () => import('./body/BodyPanel'),
  pick: (m) => m.BodyPanel,
  fallback: () => <PartLoading what="the body section" minHeight="8rem" />,
});

/** A tab's context menu, loaded when first opened. */
export const TabContextMenu = lazyPart({
  name: 'The tab menu',
  load: () => import('./TabContextMenu'),
  pick: (m) => m.TabContextMenu,
});
