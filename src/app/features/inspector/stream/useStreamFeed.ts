/**
 * The active tab's streamed body as a `StreamFeed`, read as chunks arrive. Each store
 * change reads the new chunks at once (so arrival times are those of the store's
 * publication, within its 50 ms batching), and the component re-renders at most once per
 * animation frame with the feed's version, never per event.
 */
import { useEffect, useState } from 'react';
import { streamKindOf, type RelayHead, type StreamKind } from '../../../../core';
import { activeExchange, type Exchange } from '../exchangeSlice';
import { useWorkbench, useWorkbenchApi } from '../../../base/state/StoreProvider';
import { streamFeedFor, type StreamFeed } from './streamFeed';

const kinds = new WeakMap<RelayHead, StreamKind | null>();

/** How the exchange's body is read as a stream, if it is one (read once per head: this runs on every store change). */
export function streamKindOfExchange(exchange: Pick<Exchange, 'head'>): StreamKind | undefined {
  const head = exchange.head;
  if (!head) return undefined;
  let kind = kinds.get(head);
  if (kind === undefined) kinds.set(head, (kind = streamKindOf(head.headers) ?? null));
  return kind ?? undefined;
}

/** Reads `exchange`'s new chunks into its feed; returns the feed (undefined when the body is not a stream). */
export function advanceStreamFeed(exchange: Exchange): StreamFeed | undefined {
  const kind = streamKindOfExchange(exchange);
  if (!kind) return undefined;
  const feed = streamFeedFor(exchange.chunks, kind);
  const at = exchange.fromHistory || exchange.startedAt === undefined ? undefined : Date.now() - exchange.startedAt;
  feed.update(exchange.chunks, at, exchange.phase !== 'sending');
  return feed;
}

/** The active tab's stream feed and its version (a re-render per frame at most). */
export function useStreamFeed(): { feed: StreamFeed | undefined; version: number } {
  const store = useWorkbenchApi();
  const chunks = useWorkbench((s) => activeExchange(s).chunks);
  const [version, setVersion] = useState(0);
  const [feed, setFeed] = useState<StreamFeed | undefined>(() => advanceStreamFeed(activeExchange(store.getState())));
  useEffect(() => {
    let frame = 0;
    const read = () => {
      const next = advanceStreamFeed(activeExchange(store.getState()));
      if (!frame) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          setFeed(next);
          setVersion(next?.version ?? 0);
        });
      }
    };
    read();
    const unsubscribe = store.subscribe(read);
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [store, chunks]);
  return { feed, version };
}
