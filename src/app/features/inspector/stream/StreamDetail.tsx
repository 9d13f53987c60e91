/** The selected record in full: an event's fields and data (JSON pretty-printed), or a line with where it stops being JSON. */
import type { FeedRecord } from './streamFeed';
import { formatArrival, prettyJson } from './streamText';

export function StreamDetail({ record }: { record: FeedRecord }) {
  // The record's text as read (JSON pretty-printed); a bad line is shown above with its caret instead.
  const shown =
    record.kind === 'event'
      ? (prettyJson(record.data) ?? record.data)
      : record.kind === 'line'
        ? record.fault
          ? undefined
          : (prettyJson(record.text) ?? record.text)
        : record.kind === 'retry'
          ? undefined
          : record.text;
  return (
    <section className="stream-detail" aria-label="Selected record" data-testid="stream-detail">
      <p className="stream-detail-facts">
        {record.kind === 'event' ? (
          <>
            Event <strong>{record.type}</strong>, id {record.id ? <code>{record.id}</code> : 'none'}, {record.dataLines} data line{record.dataLines === 1 ? '' : 's'},
          </>
        ) : record.kind === 'line' ? (
          <>Line {record.line},</>
        ) : (
          <>{record.kind === 'comment' ? 'A comment' : record.kind === 'retry' ? 'A retry field' : 'An ignored line'} at line {record.line},</>
        )}{' '}
        arrived {formatArrival(record.at)}.
      </p>
      {record.kind === 'line' && record.fault ? (
        <>
          <p className="stream-fault" role="note">
            Line {record.line}, column {record.fault.column}: {record.fault.message}. The lines around it are read as usual.
          </p>
          <pre className="stream-detail-text">
            {record.text}
            {'\n'}
            {' '.repeat(Math.max(0, record.fault.column - 1))}^
          </pre>
        </>
      ) : null}
      {record.kind === 'ignored' ? <p className="stream-fault">{record.reason}</p> : null}
      {record.kind === 'retry' ? <p>From now on a reconnecting EventSource waits {record.ms} ms before it tries again.</p> : null}
      {shown !== undefined ? <pre className="stream-detail-text">{shown}</pre> : null}
    </section>
  );
}
