/**
 * This response against the previous response to the same request: status, headers
 * field by field, and the body as a line diff (formatted first, so a reordered JSON
 * layout does not hide the real change) or, for large bodies, where the bytes first differ.
 */
import { useEffect, useState } from 'react';
import { diffHeaderFields, headerValue, statusInfo, type DiffHunk } from '../../../../core';
import type { Exchange } from '../exchangeSlice';
import { formatClient } from '../formatClient';
import { formatCount, formatSize } from '../../../base/components/units';
import { decodeForDiff, firstDifference, LINE_DIFF_LIMIT } from './bodyComparison';

const SHOWN_DIFF_LINES = 2000;

type BodyDiff =
  | { state: 'working' }
  | { state: 'lines'; hunks: DiffHunk[]; identical: boolean }
  | { state: 'bytes'; firstDifference: number }
  | { state: 'failed'; message: string };

function useBodyDiff(before: Exchange, after: Exchange): BodyDiff {
  const [diff, setDiff] = useState<BodyDiff>({ state: 'working' });
  useEffect(() => {
    const abort = new AbortController();
    setDiff({ state: 'working' });
    const small = before.received <= LINE_DIFF_LIMIT && after.received <= LINE_DIFF_LIMIT;
    const run = async (): Promise<BodyDiff> => {
      if (!small) return { state: 'bytes', firstDifference: await firstDifference(before.chunks, after.chunks, abort.signal) };
      const a = decodeForDiff(before.chunks, before.head && headerValue(before.head.headers, 'Content-Type'));
      const b = decodeForDiff(after.chunks, after.head && headerValue(after.head.headers, 'Content-Type'));
      const result = await formatClient().request({ type: 'diff', before: a.text, after: b.text, kind: a.kind === b.kind ? b.kind : 'text' });
      return { state: 'lines', ...result };
    };
    run().then(
      (d) => !abort.signal.aborted && setDiff(d),
      (e: Error) => !abort.signal.aborted && setDiff({ state: 'failed', message: e.message }),
    );
    return () => abort.abort();
  }, [before, after]);
  return diff;
}

function HunkView({ hunks }: { hunks: DiffHunk[] }) {
  let shown = 0;
  const total = hunks.reduce((n, h) => n + h.lines.length, 0);
  return (
    <div className="diff" role="table" aria-label="Body differences">
      {hunks.map((hunk, h) => {
        if (shown >= SHOWN_DIFF_LINES) return null;
        const lines = hunk.lines.slice(0, SHOWN_DIFF_LINES - shown);
        shown += lines.length;
        return (
          <div key={h} role="rowgroup" className="diff-hunk">
            <div role="row" className="diff-hunk-header">
              <span role="cell">
                @@ −{hunk.oldStart} +{hunk.newStart} @@
              </span>
            </div>
            {lines.map((line, i) => (
              <div key={i} role="row" className={`diff-line diff-${line.kind}`}>
                <span role="cell" className="diff-no">
                  {line.oldLine ?? ''}
                </span>
                <span role="cell" className="diff-no">
                  {line.newLine ?? ''}
                </span>
                <span role="cell" className="diff-text">
                  <span className="diff-sign" aria-label={line.kind === 'insert' ? 'added' : line.kind === 'delete' ? 'removed' : 'same'}>
                    {line.kind === 'insert' ? '+' : line.kind === 'delete' ? '−' : ' '}
                  </span>
                  {line.text}
                </span>
              </div>
            ))}
          </div>
        );
      })}
      {total > SHOWN_DIFF_LINES ? <p className="muted">{formatCount(total - SHOWN_DIFF_LINES)} more diff lines not shown.</p> : null}
    </div>
  );
}

export function ComparePanel({ current, previous }: { current: Exchange; previous: Exchange | undefined }) {
  const [showSame, setShowSame] = useState(false);
  if (!previous || !previous.head) {
    return <p className="muted">Send the same request again to compare its response with this one: status, headers and body.</p>;
  }
  if (current.phase !== 'done' || !current.head) return <p className="muted">The comparison appears when this response is complete.</p>;
  return <CompareReady current={current} previous={previous} showSame={showSame} setShowSame={setShowSame} />;
}

function CompareReady({ current, previous, showSame, setShowSame }: { current: Exchange; previous: Exchange; showSame: boolean; setShowSame(v: boolean): void }) {
  const headerChanges = diffHeaderFields(previous.head!.headers, current.head!.headers);
  const visible = showSame ? headerChanges : headerChanges.filter((c) => c.change !== 'same');
  const body = useBodyDiff(previous, current);
  const when = previous.sentAt ? new Date(previous.sentAt).toLocaleTimeString() : 'earlier';
  return (
    <div className="compare-panel" data-testid="compare">
      <p className="muted">
        Comparing with the response to the same request sent at {when}.
      </p>
      <section aria-labelledby="compare-status-title">
        <h3 id="compare-status-title">Status</h3>
        <p>
          {previous.head!.status} {statusInfo(previous.head!.status).reason} → <strong>{current.head!.status} {statusInfo(current.head!.status).reason}</strong>
          {previous.head!.status === current.head!.status ? ' (unchanged)' : ''}
        </p>
      </section>
      <section aria-labelledby="compare-headers-title">
        <h3 id="compare-headers-title">Headers</h3>
        <label className="inline-check">
          <input type="checkbox" checked={showSame} onChange={(e) => setShowSame(e.target.checked)} /> Show unchanged headers
        </label>
        {visible.length === 0 ? (
          <p className="muted">No header changed.</p>
        ) : (
          <table className="compare-headers" aria-label="Header changes">
            <thead>
              <tr>
                <th scope="col">Header</th>
                <th scope="col">Change</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((c) => (
                <tr key={c.name} className={`change-${c.change}`}>
                  <th scope="row">
                    {c.name}
                    {c.volatile ? <span className="muted" title="Expected to change on every response"> (volatile)</span> : null}
                  </th>
                  <td>{c.change}</td>
                  <td>{c.before.join('\n')}</td>
                  <td>{c.after.join('\n')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="compare-body-title">
        <h3 id="compare-body-title">
          Body <span className="muted">({formatSize(previous.received)} → {formatSize(current.received)})</span>
        </h3>
        {body.state === 'working' ? <p className="muted">Comparing…</p> : null}
        {body.state === 'failed' ? <p className="muted">{body.message}</p> : null}
        {body.state === 'bytes' ? (
          <p>
            {body.firstDifference < 0
              ? 'The bodies are byte for byte identical.'
              : `The bodies differ from byte ${formatCount(body.firstDifference)}. Bodies over ${formatSize(LINE_DIFF_LIMIT)} are compared by bytes, not lines.`}
          </p>
        ) : null}
        {body.state === 'lines' ? body.identical ? <p>The bodies are identical (compared after formatting).</p> : <HunkView hunks={body.hunks} /> : null}
      </section>
    </div>
  );
}
