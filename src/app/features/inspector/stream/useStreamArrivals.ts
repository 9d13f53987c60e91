/**
 * Reads a streamed body into its feed on every store change, whichever inspector tab is
 * shown, so each event's arrival time is taken when it arrives and not when the Events
 * view is next opened. Costs nothing for a body that is not a stream (one WeakMap lookup).
 */
import { useEffect } from 'react';
import { activeExchange } from '../exchangeSlice';
import { useWorkbenchApi } from '../../../base/state/StoreProvider';
import { advanceStreamFeed } from './useStreamFeed';

export function useStreamArrivals(): void {
  const store = useWorkbenchApi();
  useEffect(() => {
    advanceStreamFeed(activeExchange(store.getState()));
    return store.subscribe((state) => void advanceStreamFeed(activeExchange(state)));
  }, [store]);
}
