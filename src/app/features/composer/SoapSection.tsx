import { useMemo } from 'react';
import { SoapPanel } from '../soap/lazyParts';
import { useComposerView } from './useComposerView';

/** The composer's SOAP section: the SOAP panel (loaded on first use), handed the composer's findings for its checks against the WSDL. */
export function SoapSection() {
  const view = useComposerView();
  const lint = useMemo(() => ({ built: view.build.ok, findings: view.findings }), [view.build.ok, view.findings]);
  return <SoapPanel view={lint} />;
}
