/** The SOAP section of the composer, loaded on first use (its own chunk, see `base/lazy/lazyPart.tsx`). */
import { lazyPart } from '../../base/lazy/lazyPart';
import { PartLoading } from '../../base/lazy/PartLoading';

/** Composer: the SOAP section (WSDL, operations, envelope, WS-Security). */
export const SoapPanel = lazyPart({
  name: 'The SOAP panel',
  load: () => import('./SoapPanel'),
  pick: (m) => m.SoapPanel,
  fallback: () => <PartLoading what="the SOAP panel" minHeight="10rem" />,
});
