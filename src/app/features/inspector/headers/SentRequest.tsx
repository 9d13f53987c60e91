/**
 * The request exactly as the relay wrote it to the socket (request line and header block)
 * and how many body bytes followed — which may differ from what was composed: the relay
 * adds Host and Content-Length, and a redirect changes the target. Over HTTP/2 the head is a
 * header block: its pseudo-header fields are explained, and what the relay dropped or rewrote
 * for HTTP/2 (connection-specific fields, Host as :authority) is listed.
 */
import { describeHops, explainPseudoHeader, type RelaySummary, type WireRequest } from '../../../../core';
import { formatSize } from '../../../base/components/units';
import { HeaderRow } from './HeaderRow';

export function SentRequest({ summary, request }: { summary: RelaySummary | undefined; request: WireRequest | undefined }) {
  if (!summary) {
    return (
      <p className="muted">
        {request ? `${request.method} ${request.url} — the exact bytes appear when the exchange completes.` : 'Nothing sent yet.'}
      </p>
    );
  }
  const { sent } = summary;
  return (
    <div className="sent-request">
      <pre className="sent-head" tabIndex={0} aria-label="Request head as sent" data-testid="sent-request">
        {sent.headText.replace(/\r\n/g, '\n').trimEnd()}
      </pre>
      {sent.pseudoHeaders?.length ? (
        // The head above already shows them as sent; what each one means is one click away.
        <details className="sent-pseudo">
          <summary className="muted small">What the {sent.pseudoHeaders.length} pseudo-headers mean</summary>
          <table className="header-list" aria-label="Pseudo-headers sent (HTTP/2)">
            <tbody>
              {sent.pseudoHeaders.map((field, i) => (
                <HeaderRow key={field.name} id={`sent-pseudo-${i}`} field={field} explanation={explainPseudoHeader(field)} repeat={1} />
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
      {sent.notes?.length ? (
        <ul className="sent-notes" aria-label="Changed for HTTP/2" data-testid="sent-notes">
          {sent.notes.map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
      ) : null}
      <p className="muted">
        {sent.bodyBytes > 0 ? `Followed by ${formatSize(sent.bodyBytes)} of body.` : 'No body.'}
        {summary.hops.length ? ` This is the last of ${summary.hops.length + 1} requests; ${describeHops(summary.hops).whereEarlier}.` : ''}
      </p>
    </div>
  );
}
