/**
 * What the stream list shows: every record, the events of one type, the other lines of an
 * event stream (comments, retry, ignored lines), or a JSON line stream's bad lines.
 */
import type { StreamFeed, FeedRecord } from './streamFeed';

/** `all`, `type:<name>`, `other` (event streams) or `bad` (JSON lines). */
export type StreamFilter = 'all' | 'other' | 'bad' | `type:${string}`;

/** One choice of the filter, labelled with its count. */
export interface StreamFilterOption {
  value: StreamFilter;
  label: string;
}

export function streamFilterOptions(feed: StreamFeed): StreamFilterOption[] {
  if (feed.kind !== 'event-stream') {
    const options: StreamFilterOption[] = [{ value: 'all', label: `All lines (${feed.records.length})` }];
    if (feed.kind !== 'text') options.push({ value: 'bad', label: `Lines that are not JSON (${feed.badLines})` });
    return options;
  }
  let events = 0;
  for (const n of feed.types.values()) events += n;
  const options: StreamFilterOption[] = [{ value: 'all', label: `Everything (${feed.records.length})` }];
  for (const [type, n] of [...feed.types].sort(([a], [b]) => a.localeCompare(b))) options.push({ value: `type:${type}`, label: `${type} events (${n})` });
  options.push({ value: 'other', label: `Comments, retry and ignored lines (${feed.records.length - events})` });
  return options;
}

function matches(record: FeedRecord, filter: StreamFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'bad') return record.kind === 'line' && record.fault !== undefined;
  if (filter === 'other') return record.kind !== 'event' && record.kind !== 'line';
  return record.kind === 'event' && `type:${record.type}` === filter;
}

/** Indexes into `feed.records` of the records `filter` shows (undefined: all of them, no copy). */
export function filteredIndexes(feed: StreamFeed, filter: StreamFilter): number[] | undefined {
  if (filter === 'all') return undefined;
  const out: number[] = [];
  feed.records.forEach((record, i) => {
    if (matches(record, filter)) out.push(i);
  });
  return out;
}
