/**
 * The request exactly as the relay wrote it to the socket (request line and header block)
 * and how many body bytes followed — which may differ from what was composed: the relay
 * adds Host and Content-Length, and a redirect changes the target.
 */
import type { RelaySummary, WireRequest } from '../../../core';
import { formatSize } from '../units';

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
      <p className="muted">
        {sent.bodyBytes > 0 ? `Followed by ${formatSize(sent.bodyBytes)} of body.` : 'No body.'}
        {summary.hops.length ? ` This is the last of ${summary.hops.length + 1} requests; the redirect chain is under Timing.` : ''}
      </p>
    </div>
  );
}
