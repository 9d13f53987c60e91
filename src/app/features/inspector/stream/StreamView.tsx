/**
 * A streamed body as a live list: server-sent events (id, type, data, retry, comments)
 * or the lines of an NDJSON / JSON Lines / JSON text sequence / plain text stream, each
 * with its arrival time. Rows are virtualised and the list re-renders at most once a frame,
 * so thousands of events cost what the visible rows cost. A filter narrows by event type
 * (or to bad JSON lines); a selected row shows in full below; when an event stream stopped
 * inside an event, that event is shown apart as incomplete. Raw keeps the text as sent.
 */
import { useMemo, useState } from 'react';
import { activeExchange } from '../exchangeSlice';
import { useWorkbench } from '../../../base/state/StoreProvider';
import { formatCount } from '../../../base/components/units';
import { VirtualRows } from '../../../base/components/VirtualRows';
import { PartialEventCard } from './PartialEventCard';
import { ReconnectBar } from './ReconnectBar';
import { StreamDetail } from './StreamDetail';
import { filteredIndexes, streamFilterOptions, type StreamFilter } from './streamFilter';
import { StreamRow } from './StreamRow';
import { useStreamFeed } from './useStreamFeed';
import './streamView.css';

export function StreamView() {
  const { feed, version } = useStreamFeed();
  const errorKind = useWorkbench((s) => activeExchange(s).error?.kind);
  const [filter, setFilter] = useState<StreamFilter>('all');
  const [selected, setSelected] = useState<number | undefined>();
  const [follow, setFollow] = useState(true);
  const indexes = useMemo(() => (feed ? filteredIndexes(feed, filter) : undefined), [feed, filter, version]);
  const options = useMemo(() => (feed ? streamFilterOptions(feed) : []), [feed, version]);
  if (!feed) return null;
  const count = indexes ? indexes.length : feed.records.length;
  const recordAt = (row: number) => (indexes ? indexes[row]! : row);
  const events = feed.kind === 'event-stream';
  const noun = events ? 'record' : 'line';
  const selectedRecord = selected === undefined ? undefined : feed.records[selected];
  const lastId = events ? lastEventId(feed.records) : '';
  return (
    <div className="stream-view" data-testid="stream-view">
      <div className="stream-toolbar">
        <label>
          Show{' '}
          <select value={filter} onChange={(e) => setFilter(e.target.value as StreamFilter)} aria-label={events ? 'Show events of type' : 'Show lines'}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <span className="muted" data-testid="stream-count">
          {formatCount(count)} {noun}
          {count === 1 ? '' : 's'}
          {indexes ? ` of ${formatCount(feed.records.length)}` : ''}
          {feed.ended ? '' : ', still arriving…'}
        </span>
        <label className="stream-follow">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow new {events ? 'events' : 'lines'}
        </label>
        <span className="visually-hidden" role="status">
          {feed.ended ? `Stream ${errorKind === 'aborted' ? 'cancelled' : 'ended'}: ${formatCount(feed.records.length)} ${noun}s.` : ''}
        </span>
      </div>
      {/* Above the list, where it is seen first: it is why this stream's last event is missing. */}
      {feed.partial ? <PartialEventCard partial={feed.partial} lastId={lastId} stop={errorKind === 'aborted' ? 'cancelled' : errorKind ? 'failed' : 'ended'} /> : null}
      {/* Column names over the rows, for the eye; each row reads in the same order. */}
      <div className="stream-row stream-columns" aria-hidden="true">
        <span className="stream-at">arrived</span>
        <span className="stream-id">{events ? 'id' : 'line'}</span>
        {events ? <span className="stream-type">event</span> : null}
        <span className="stream-data">{events ? 'data' : 'text'}</span>
      </div>
      <VirtualRows
        count={count}
        version={version}
        label={events ? 'Events' : 'Lines'}
        testId="stream-list"
        className="stream-list"
        {...(follow && !feed.ended && count ? { scrollTo: { row: count - 1, nonce: count } } : {})}
        renderRow={(row) => {
          const index = recordAt(row);
          const record = feed.records[index];
          return record ? <StreamRow record={record} selected={index === selected} onSelect={() => setSelected(index === selected ? undefined : index)} /> : null;
        }}
      />
      {events && feed.ended ? <ReconnectBar lastId={lastId} retryMs={lastRetry(feed.records)} /> : null}
      {selectedRecord ? <StreamDetail record={selectedRecord} /> : null}
    </div>
  );
}

/** The id of the last dispatched event: the Last-Event-ID a reconnecting client sends. */
function lastEventId(records: readonly { kind: string; id?: string }[]): string {
  for (let i = records.length - 1; i >= 0; i--) if (records[i]!.kind === 'event') return records[i]!.id ?? '';
  return '';
}

/** The reconnection time the stream set last (`retry`), if it set one. */
function lastRetry(records: readonly { kind: string; ms?: number }[]): number | undefined {
  for (let i = records.length - 1; i >= 0; i--) if (records[i]!.kind === 'retry') return records[i]!.ms;
  return undefined;
}
