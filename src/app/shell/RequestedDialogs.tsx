import { useStore } from 'zustand';
import { EnvironmentDialog } from '../features/environments/lazyParts';
import { ExportDialog } from '../features/workspace/lazyParts';
import { CertificatesDialog, ProxySettingsDialog } from './lazyParts';
import { closeRequestedDialog, requestedDialogStore } from '../base/components/requestedDialogs';

/**
 * The dialogs the command palette and the network indicator open (`requestDialog`): Proxy,
 * Certificates, Environments, Export. Each loads when first asked for, as from its button.
 */
export function RequestedDialogs() {
  const open = useStore(requestedDialogStore, (s) => s.open);
  return (
    <>
      <ProxySettingsDialog open={open?.kind === 'proxy'} onClose={closeRequestedDialog} />
      <CertificatesDialog open={open?.kind === 'certificates'} onClose={closeRequestedDialog} />
      {open?.kind === 'environments' ? <EnvironmentDialog open onClose={closeRequestedDialog} /> : null}
      <ExportDialog collectionId={open?.kind === 'export' ? open.collectionId : null} onClose={closeRequestedDialog} />
    </>
  );
}
