/**
 * Where the runner dialog lives in the page: nothing (and no runner code) until the sidebar
 * or the palette opens the runner; from then on the dialog stays mounted, so a run goes on
 * and its settings stay while the dialog is closed.
 */
import { useSyncExternalStore } from 'react';
import { lazyPart } from '../../base/lazy/lazyPart';
import { runnerStore } from './runnerStore';

const RunnerDialog = lazyPart({
  name: 'The collection runner',
  load: () => import('./RunnerDialog'),
  pick: (m) => m.RunnerDialog,
  loadWhen: (props: { open: boolean; cancelSend(): void }) => props.open,
});

/** Mount once in the shell; `cancelSend` is useSend's cancel. */
export function RunnerHost({ cancelSend }: { cancelSend(): void }) {
  const open = useSyncExternalStore(runnerStore.subscribe, () => runnerStore.getState().target !== null);
  return <RunnerDialog open={open} cancelSend={cancelSend} />;
}
