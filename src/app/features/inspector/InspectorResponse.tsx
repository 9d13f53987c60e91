/**
 * A tab's response, explained: the status card ties the status to the request; tabs hold the body
 * (streamed into a worker and shown while it arrives), the headers beside the request as
 * sent, timing and sizes, and a comparison with the previous response to the same request.
 * How the person was reading it (inspector tab, body view, filter, scroll) is kept per tab.
 */
import { useWorkbench } from '../../base/state/StoreProvider';
import { activeExchange, activePrevious, activeView, type InspectorTab } from './exchangeSlice';
import { BodyPanel } from './body/BodyPanel';
import { ComparePanel } from './compare/ComparePanel';
import { HeadersPanel } from './headers/HeadersPanel';
import { useFormatSnapshot } from './hooks/useFormatSnapshot';
import { ElapsedTime } from './status/ElapsedTime';
import { NotSentCard } from './status/NotSentCard';
import { RelayErrorCard } from './status/RelayErrorCard';
import { SoapFaultCard } from './status/SoapFaultCard';
import { GraphQlErrorsCard } from '../graphql/GraphQlErrorsCard';
import { StatusCard } from './status/StatusCard';
import { panelId, TabList, tabId, type TabItem } from './TabList';
import { TimingPanel } from './timing/TimingPanel';
import { ChecksResults } from '../checks/lazyChecks';
import { activeChecksBadge } from '../checks/checksSummary';
import { ScriptErrorLine } from '../checks/ScriptErrorLine';
import { VisualizerPanel } from './visualize/VisualizerPanel';

export function InspectorResponse() {
  // Only fields that change a few times per exchange are selected; the byte count is read per frame below.
  const phase = useWorkbench((s) => activeExchange(s).phase);
  const request = useWorkbench((s) => activeExchange(s).request);
  const head = useWorkbench((s) => activeExchange(s).head);
  const summary = useWorkbench((s) => activeExchange(s).summary);
  const error = useWorkbench((s) => activeExchange(s).error);
  const notSent = useWorkbench((s) => activeExchange(s).notSent === true);
  const fromHistory = useWorkbench((s) => activeExchange(s).fromHistory === true);
  const sentAt = useWorkbench((s) => activeExchange(s).sentAt);
  const startedAt = useWorkbench((s) => activeExchange(s).startedAt);
  const hops = useWorkbench((s) => activeExchange(s).hops);
  const signing = useWorkbench((s) => activeExchange(s).signing);
  const chunks = useWorkbench((s) => activeExchange(s).chunks);
  const previous = useWorkbench(activePrevious);
  const chosenTab = useWorkbench((s) => activeView(s).tab);
  // Issue 18: a Checks tab only when the last send had checks, with a pass count.
  const checksBadge = useWorkbench(activeChecksBadge);
  // Issue 28: a Visualize tab when a post-response script set a template (pm.visualizer.set).
  const visualizer = useWorkbench((s) => s.checkResults[s.activeTabId]?.visualizer);
  const tab: InspectorTab = (chosenTab === 'checks' && checksBadge === undefined) || (chosenTab === 'visualize' && !visualizer) ? 'body' : chosenTab;
  const setView = useWorkbench((s) => s.setInspectorView);
  const snapshot = useFormatSnapshot();
  const conclusion = snapshot.owner === chunks ? snapshot.conclusion : undefined;

  if (notSent && error) {
    return (
      <section className="pane inspector" aria-label="Response">
        <NotSentCard message={error.message} />
        {checksBadge !== undefined ? <ChecksResults /> : null}
      </section>
    );
  }
  const items: TabItem<InspectorTab>[] = [
    { id: 'body', label: 'Body', hiddenPrefix: 'Response ' },
    { id: 'headers', label: 'Headers', hiddenPrefix: 'Response ', ...(head ? { badge: String(head.headers.length) } : {}) },
    { id: 'timing', label: 'Timing' },
    { id: 'compare', label: 'Compare', ...(previous ? { badge: '•' } : {}) },
    ...(checksBadge !== undefined ? [{ id: 'checks' as const, label: 'Checks', ...(checksBadge ? { badge: checksBadge } : {}) }] : []),
    ...(visualizer ? [{ id: 'visualize' as const, label: 'Visualize' }] : []),
  ];
  const fault = conclusion?.soap?.fault;
  return (
    <section className="pane inspector" aria-label="Response" aria-busy={phase === 'sending'}>
      {fromHistory ? (
        <p className="muted from-history" data-testid="from-history">
          Last response of this tab, from history{sentAt ? ` (sent ${new Date(sentAt).toLocaleString()})` : ''}; secrets in it are masked as history keeps them.
        </p>
      ) : null}
      {head ? (
        <StatusCard request={request} head={head} summary={summary} bodyText={conclusion?.smallText} streaming={phase === 'sending'} />
      ) : phase === 'sending' ? (
        <p className="status muted">
          <span role="status">Sending…</span> <ElapsedTime since={startedAt} />
        </p>
      ) : null}
      {error ? <RelayErrorCard error={error} url={request?.url} /> : null}
      <ScriptErrorLine />
      {fault ? <SoapFaultCard fault={fault} /> : null}
      {request && head && conclusion?.smallText !== undefined ? <GraphQlErrorsCard request={request} head={head} bodyText={conclusion.smallText} /> : null}
      {head ? (
        <div className="inspector-tabs">
          <TabList<InspectorTab> idPrefix="inspector" label="Response details" items={items} active={tab} onChange={(next) => setView({ tab: next })} />
          <div role="tabpanel" id={panelId('inspector', tab)} aria-labelledby={tabId('inspector', tab)} className="inspector-panel">
            {tab === 'body' ? <BodyPanelFor /> : null}
            {tab === 'headers' ? <HeadersPanel head={head} summary={summary} request={request} signing={signing} /> : null}
            {tab === 'timing' ? <TimingPanel head={head} summary={summary} hops={hops} /> : null}
            {tab === 'compare' ? <CompareFor /> : null}
            {tab === 'checks' ? <ChecksResults /> : null}
            {tab === 'visualize' && visualizer ? <VisualizerPanel visualizer={visualizer} /> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The body panel selects only what changes a few times per exchange (the chunk list is
 * one array, filled in place), so nothing here re-renders per received chunk.
 */
function BodyPanelFor() {
  const chunks = useWorkbench((s) => activeExchange(s).chunks);
  const phase = useWorkbench((s) => activeExchange(s).phase);
  const request = useWorkbench((s) => activeExchange(s).request);
  const head = useWorkbench((s) => activeExchange(s).head);
  const notKept = useWorkbench((s) => activeExchange(s).bodyNotKept);
  return <BodyPanel chunks={chunks} phase={phase} request={request} head={head} notKept={notKept} />;
}

/** Compare reads the exchange only once it is done, when it no longer changes. */
function CompareFor() {
  const done = useWorkbench((s) => {
    const exchange = activeExchange(s);
    return exchange.phase === 'done' ? exchange : undefined;
  });
  const phase = useWorkbench((s) => activeExchange(s).phase);
  const previous = useWorkbench(activePrevious);
  if (!done) return <p className="muted">{phase === 'failed' ? 'A failed exchange cannot be compared.' : 'The comparison appears when this response is complete.'}</p>;
  return <ComparePanel current={done} previous={previous} />;
}
