/**
 * A subscription's own controls, shown when the operation to run is a subscription: where
 * it goes (graphql-ws over WebSocket, through the relay), Subscribe and Stop, and what
 * arrived — each result, error and the end — as a live log.
 */
import { useStore } from 'zustand';
import { emptyGraphQlBody } from '../../../core/protocols/graphql/body';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { graphQlSubscriptions, startSubscription, stopSubscription, subscriptionUrlOf } from './subscription';

export function GraphQlSubscription() {
  const store = useWorkbenchApi();
  const tabId = useWorkbench((s) => s.activeTabId);
  const url = useWorkbench((s) => s.draft.url);
  const typed = useWorkbench((s) => s.draft.body.graphql?.subscriptionUrl ?? '');
  const updateDraft = useWorkbench((s) => s.updateDraft);
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
            onChange={(e) => updateDraft((d) => ({ ...d, body: { ...d.body, graphql: { ...emptyGraphQlBody(), ...d.body.graphql, subscriptionUrl: e.target.value } } }))}
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
