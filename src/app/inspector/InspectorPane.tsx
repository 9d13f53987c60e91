/**
 * The inspector: every response explained, none too big to read. The status card ties
 * the status to the request; tabs hold the body (streamed into a worker and shown while
 * it arrives), the headers beside the request as sent, timing and sizes, and a comparison
 * with the previous response to the same request.
 */
import { useState } from 'react';
import { useWorkbench } from '../store/StoreProvider';
import { BodyPanel } from './body/BodyPanel';
import { ComparePanel } from './compare/ComparePanel';
import { HeadersPanel } from './headers/HeadersPanel';
import { useBodyFeed } from './hooks/useBodyFeed';
import { useFormatSnapshot } from './hooks/useFormatSnapshot';
import { RelayErrorCard } from './status/RelayErrorCard';
import { SoapFaultCard } from './status/SoapFaultCard';
import { StatusCard } from './status/StatusCard';
import { panelId, TabList, tabId, type TabItem } from './TabList';
import { TimingPanel } from './timing/TimingPanel';

type InspectorTab = 'body' | 'headers' | 'timing' | 'compare';

export function InspectorPane() {
  useBodyFeed();
  // Only fields that change a few times per exchange are selected; the byte count is read per frame below.
  const phase = useWorkbench((s) => s.exchange.phase);
  const request = useWorkbench((s) => s.exchange.request);
  const head = useWorkbench((s) => s.exchange.head);
  const summary = useWorkbench((s) => s.exchange.summary);
  const error = useWorkbench((s) => s.exchange.error);
  const hops = useWorkbench((s) => s.exchange.hops);
  const chunks = useWorkbench((s) => s.exchange.chunks);
  const previous = useWorkbench((s) => s.previousExchange);
  const snapshot = useFormatSnapshot();
  const [tab, setTab] = useState<InspectorTab>('body');
  const conclusion = snapshot.owner === chunks ? snapshot.conclusion : undefined;

  if (phase === 'idle') {
    return (
      <section className="pane inspector" aria-label="Response">
        <p className="muted empty-state">Send a request to see its response here, explained. Ctrl+Enter sends, Esc cancels.</p>
      </section>
    );
  }
  const items: TabItem<InspectorTab>[] = [
    { id: 'body', label: 'Body', hiddenPrefix: 'Response ' },
    { id: 'headers', label: 'Headers', hiddenPrefix: 'Response ', ...(head ? { badge: String(head.headers.length) } : {}) },
    { id: 'timing', label: 'Timing' },
    { id: 'compare', label: 'Compare', ...(previous ? { badge: '•' } : {}) },
  ];
  const fault = conclusion?.soap?.fault;
  return (
    <section className="pane inspector" aria-label="Response" aria-busy={phase === 'sending'}>
      {head ? (
        <StatusCard request={request} head={head} summary={summary} bodyText={conclusion?.smallText} streaming={phase === 'sending'} />
      ) : phase === 'sending' ? (
        <p className="status muted" role="status">
          Sending…
        </p>
      ) : null}
      {error ? <RelayErrorCard error={error} url={request?.url} /> : null}
      {fault ? <SoapFaultCard fault={fault} /> : null}
      {head ? (
        <div className="inspector-tabs">
          <TabList<InspectorTab> idPrefix="inspector" label="Response details" items={items} active={tab} onChange={setTab} />
          <div role="tabpanel" id={panelId('inspector', tab)} aria-labelledby={tabId('inspector', tab)} className="inspector-panel">
            {tab === 'body' ? <BodyPanelFor /> : null}
            {tab === 'headers' ? <HeadersPanel head={head} summary={summary} request={request} /> : null}
            {tab === 'timing' ? <TimingPanel head={head} summary={summary} hops={hops} /> : null}
            {tab === 'compare' ? <CompareFor /> : null}
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
  const chunks = useWorkbench((s) => s.exchange.chunks);
  const phase = useWorkbench((s) => s.exchange.phase);
  const request = useWorkbench((s) => s.exchange.request);
  const head = useWorkbench((s) => s.exchange.head);
  return <BodyPanel chunks={chunks} phase={phase} request={request} head={head} />;
}

/** Compare reads the exchange only once it is done, when it no longer changes. */
function CompareFor() {
  const done = useWorkbench((s) => (s.exchange.phase === 'done' ? s.exchange : undefined));
  const phase = useWorkbench((s) => s.exchange.phase);
  const previous = useWorkbench((s) => s.previousExchange);
  if (!done) return <p className="muted">{phase === 'failed' ? 'A failed exchange cannot be compared.' : 'The comparison appears when this response is complete.'}</p>;
  return <ComparePanel current={done} previous={previous} />;
}
