/** The format worker's latest progress for the current body, as React state. */
import { useSyncExternalStore } from 'react';
import { formatClient, type FormatSnapshot } from '../formatClient';

export function useFormatSnapshot(): FormatSnapshot {
  const client = formatClient();
  return useSyncExternalStore(client.subscribe, client.getSnapshot);
}
