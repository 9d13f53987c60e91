/**
 * Where the live protocols' finished sessions (WebSocket, gRPC, MCP, GraphQL subscriptions)
 * reach history, without the workspace importing them: each protocol's history module
 * registers its `on…History` here when its code loads, and the workspace session listens to
 * every source registered, now or later. Their entries take the same path and the same
 * masking as an HTTP exchange's.
 */
import type { ExchangeRecord } from './workspaceRecords';

/** A finished session's entry and its body (the transcript), as a protocol hands it over. */
export type HistoryListener = (record: ExchangeRecord, body: Blob | undefined) => void;
/** A protocol's `on…History`: adds a listener, returns its remover. */
export type HistorySource = (listener: HistoryListener) => () => void;

const sources = new Set<HistorySource>();
const sinks = new Map<HistoryListener, Map<HistorySource, () => void>>();

/** Adds a protocol's history source; listeners already there hear it from now on. */
export function registerHistorySource(source: HistorySource): void {
  if (sources.has(source)) return;
  sources.add(source);
  for (const [listener, stops] of sinks) stops.set(source, source(listener));
}

/** Calls `listener` with every protocol session's entry as it ends; returns the remover. */
export function onProtocolHistory(listener: HistoryListener): () => void {
  const stops = new Map<HistorySource, () => void>();
  for (const source of sources) stops.set(source, source(listener));
  sinks.set(listener, stops);
  return () => {
    for (const stop of stops.values()) stop();
    sinks.delete(listener);
  };
}
