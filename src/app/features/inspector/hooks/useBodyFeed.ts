/**
 * Streams the active tab's exchange body into the format worker. Switching to another tab's
 * response starts that body; a complete body shown before is taken back from the worker as
 * it was left (formatClient parks the last few), so a 50 MB body is not re-read each time. The store calls its
 * listeners once per received chunk; this batches them to one post per animation frame
 * (or 100 ms when the page is hidden and frames stop), so a 100 MB body costs a few dozen
 * small messages per second and never a React render per chunk.
 */
import { useEffect } from 'react';
import { headerValue } from '../../../../core';
import { activeExchange } from '../exchangeSlice';
import { useWorkbenchApi } from '../../../base/state/StoreProvider';
import { formatClient } from '../formatClient';

export function useBodyFeed(): void {
  const store = useWorkbenchApi();
  useEffect(() => {
    const client = formatClient();
    let fedChunks: Uint8Array[] | undefined;
    let fed = 0;
    let ended = false;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const flush = () => {
      if (frame) cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
      frame = 0;
      timer = undefined;
      const exchange = activeExchange(store.getState());
      if (!exchange.head) return;
      if (exchange.chunks !== fedChunks) {
        // A complete body shown before comes back from the worker as it was left: nothing is sent again.
        const resumed = client.begin(headerValue(exchange.head.headers, 'Content-Type'), exchange.chunks);
        fedChunks = exchange.chunks;
        fed = resumed ? exchange.chunks.length : 0;
        ended = resumed;
      }
      if (exchange.chunks.length > fed) {
        client.push(exchange.chunks.slice(fed));
        fed = exchange.chunks.length;
      }
      if (!ended && (exchange.phase === 'done' || exchange.phase === 'failed')) {
        client.end();
        ended = true;
      }
    };

    const schedule = () => {
      if (frame || timer) return;
      frame = requestAnimationFrame(flush);
      timer = setTimeout(flush, 100);
    };

    flush();
    const unsubscribe = store.subscribe((state, previous) => {
      if (activeExchange(state) !== activeExchange(previous)) schedule();
    });
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [store]);
}
