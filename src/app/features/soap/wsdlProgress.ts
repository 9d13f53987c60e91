/**
 * The progress of WSDL loads, by URL, for components to read while the worker fetches
 * and parses (`useSyncExternalStore`). Progress is not server state worth caching; it is
 * only what the page shows until the load is done.
 */
import type { WsdlLoadProgress } from './wsdlWorkerProtocol';

const progressByUrl = new Map<string, WsdlLoadProgress>();
const listeners = new Set<() => void>();

/** Records the latest progress of the load of `url` (undefined: no load in progress). */
export function setWsdlProgress(url: string, progress: WsdlLoadProgress | undefined): void {
  if (progress) progressByUrl.set(url, progress);
  else progressByUrl.delete(url);
  for (const listener of listeners) listener();
}

/** The latest progress of the load of `url`. */
export function wsdlProgress(url: string): WsdlLoadProgress | undefined {
  return progressByUrl.get(url);
}

/** Subscribes to progress changes; returns the unsubscribe function. */
export function subscribeWsdlProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Progress in words: what has been fetched and parsed so far. */
export function describeWsdlProgress(progress: WsdlLoadProgress): string {
  const size = progress.bytes >= 1024 * 1024 ? `${(progress.bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(progress.bytes / 1024))} KB`;
  const documents = (n: number) => `${n} document${n === 1 ? '' : 's'}`;
  if (progress.phase === 'done') return `Parsed ${documents(progress.parsed)} (${size}).`;
  if (progress.phase === 'parsing') return `Fetched ${documents(progress.fetched)} (${size}); parsed ${progress.parsed}, parsing…`;
  return `Fetching ${progress.fetched} of ${documents(progress.requested)} (${size} so far); parsed ${progress.parsed}…`;
}
