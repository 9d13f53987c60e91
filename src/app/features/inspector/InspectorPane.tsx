/**
 * The inspector: every response explained, none too big to read. Each request tab owns
 * its response; this pane shows the active tab's (`InspectorResponse`, loaded with the
 * first response so the first screen carries none of it), or what to do next when the
 * tab has sent nothing yet.
 */
import { useEffect } from 'react';
import { useWorkbench } from '../../base/state/StoreProvider';
import { activeExchange } from './exchangeSlice';
import { afterFirstScreen } from '../../base/lazy/afterFirstScreen';
import { InspectorResponse } from './lazyParts';
import { useBodyFeed } from './hooks/useBodyFeed';
import { useRestoredResponse } from './hooks/useRestoredResponse';
import { ResponseEmptyState } from './ResponseEmptyState';
import { useStreamArrivals } from './stream/useStreamArrivals';
import { protocolPart } from '../../base/protocols/protocolParts';
import { PaneBoundary } from '../../base/components/PaneBoundary';

export function InspectorPane() {
  useBodyFeed();
  useRestoredResponse();
  useStreamArrivals();
  // Once the first screen is up, the response view's code is fetched while the person composes.
  useEffect(() => afterFirstScreen(() => InspectorResponse.preload()), []);
  const tabKey = useWorkbench((s) => s.activeTabId);
  const idle = useWorkbench((s) => activeExchange(s).phase === 'idle');
  const live = protocolPart(useWorkbench((s) => s.draft.protocol));
  if (live) {
    // A live protocol's tab (WebSocket, gRPC, MCP) shows its own view of the connection, keyed by tab too.
    const Live = live.Response;
    return (
      <PaneBoundary name={`The ${live.label} view`}>
        <Live key={tabKey} />
      </PaneBoundary>
    );
  }
  if (idle) return <ResponseEmptyState />;
  // Keyed by tab: nothing read in one tab's response leaks into another's.
  return <InspectorResponse key={tabKey} />;
}
