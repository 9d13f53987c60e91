/**
 * A subscription's own controls, shown when the operation to run is a subscription: where
 * it goes (graphql-ws over WebSocket, through the relay), Subscribe and Stop, and what
 * arrived — each result, error and the end — as a live log.
 */
import { useStore } from 'zustand';
import { emptyGraphQlBody, type GraphQlBody } from '../../../core/protocols/graphql/body';
import { DEFAULT_SUBSCRIPTION_COLLECT_MS } from '../../../core/protocols/graphql/subscriptionRun';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { graphQlSubscriptions, startSubscription, stopSubscription, subscriptionUrlOf } from './subscription';

export function GraphQlSubscription() {
  const store = useWorkbenchApi();
  const tabId = useWorkbench((s) => s.activeTabId);
  const url = useWorkbench((s) => s.draft.url);
  const typed = useWorkbench((s) => s.draft.body.graphql?.subscriptionUrl ?? '');
  const collectMs = useWorkbench((s) => s.draft.body.graphql?.collectMs);
  const collectCount = useWorkbench((s) => s.draft.body.graphql?.collectCount);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const setBody = (patch: Partial<GraphQlBody>) => updateDraft((d) => ({ ...d, body: { ...d.body, graphql: { ...emptyGraphQlBody(), ...d.body.graphql, ...patch } } }));
  const state = useStore(graphQlSubscriptions, (s) => s.tabs[tabId]);
  const running = state?.phase === 'connecting' || state?.phase === 'subscribed';
  return (
    <section className="graphql-subscription" aria-label="Subscription" data-testid="graphql-subscription">
      <div className="graphql-row">
        <label className="small graphql-grow">
          Subscriptions URL (graphql-ws over WebSocket)
          <input
            value={typed}
            placeholder={subscriptionUrlOf(url, undefined)}
            onChange={(e) => setBody({ subscriptionUrl: e.target.value })}
          />
        </label>
        {running ? (
          <button type="button" className="small-button" onClick={() => stopSubscription(tabId)}>
            Stop
          </button>
        ) : (
          <button type="button" className="small-button" onClick={() => void startSubscription(store, tabId)} data-testid="graphql-subscribe">
            Subscribe
          </button>
        )}
        <span role="status" className={state?.phase === 'failed' ? 'field-error' : 'muted small'}>
          {!state ? 'A subscription runs over WebSocket, not with Send.' : state.phase === 'connecting' ? 'Connecting…' : state.phase === 'subscribed' ? `Subscribed: ${state.events.filter((e) => e.kind === 'next').length} results` : state.phase === 'done' ? 'Ended.' : state.message}
        </span>
      </div>
      <div className="graphql-row">
        <label className="small">
          Run steps: collect for (ms)
          <input type="number" min={0} max={600000} step={100} value={collectMs ?? DEFAULT_SUBSCRIPTION_COLLECT_MS} onChange={(e) => setBody({ collectMs: Math.min(Math.max(Number(e.target.value) || 0, 0), 600_000) || undefined })} />
        </label>
        <label className="small">
          Run steps: stop after (results)
          <input type="number" min={0} step={1} value={collectCount ?? ''} placeholder="no limit" onChange={(e) => setBody({ collectCount: Number(e.target.value) > 0 ? Math.floor(Number(e.target.value)) : undefined })} />
        </label>
        <p className="muted small graphql-grow">In the runner and <code>wirebench run</code>, a subscription collects results until the server completes it, the count, or the time; the checks read status 101 and as body the JSON array of the results.</p>
      </div>
      {state && state.events.length > 0 ? (
        <ol className="graphql-subscription-log" role="log" aria-label="Subscription results" data-testid="graphql-subscription-log">
          {state.events.map((event, i) => (
            <li key={i} className={`graphql-event-${event.kind}`}>
              <span className="muted small">{new Date(event.at).toLocaleTimeString()}</span> <code>{event.text}</code>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
