/** One row of the stream list: arrival time, then an event's id, type and data on one line, or a line with its number. */
import type { FeedRecord } from './streamFeed';
import { formatArrival } from './streamText';

function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, ' \u23ce ');
}

export interface StreamRowProps {
  record: FeedRecord;
  selected: boolean;
  onSelect(): void;
}

export function StreamRow({ record, selected, onSelect }: StreamRowProps) {
  let cells;
  let tone = '';
  switch (record.kind) {
    case 'event':
      cells = (
        <>
          <span className="stream-id" title="Last event id">{record.id || '\u2013'}</span>
          <span className="stream-type">{record.type}</span>
          <span className="stream-data">{oneLine(record.data)}</span>
        </>
      );
      break;
    case 'comment':
      tone = 'stream-row-quiet';
      cells = (
        <>
          <span className="stream-id" />
          <span className="stream-type">comment</span>
          <span className="stream-data">: {record.text}</span>
        </>
      );
      break;
    case 'retry':
      tone = 'stream-row-quiet';
      cells = (
        <>
          <span className="stream-id" />
          <span className="stream-type">retry</span>
          <span className="stream-data">{record.ms} ms before a reconnection</span>
        </>
      );
      break;
    case 'ignored':
      tone = 'stream-row-warn';
      cells = (
        <>
          <span className="stream-id" />
          <span className="stream-type">ignored</span>
          <span className="stream-data">{record.text}</span>
        </>
      );
      break;
    case 'line':
      tone = record.fault ? 'stream-row-bad' : '';
      cells = (
        <>
          <span className="stream-id" title="Line">{record.line}</span>
          {record.fault ? <span className="stream-type">not JSON, col {record.fault.column}</span> : null}
          <span className="stream-data">{record.text}</span>
        </>
      );
      break;
  }
  return (
    <button type="button" className={`stream-row ${tone}`} aria-pressed={selected} onClick={onSelect}>
      <span className="stream-at">{formatArrival(record.at)}</span>
      {cells}
    </button>
  );
}
