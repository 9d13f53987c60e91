/** The response headers beside the request as sent (side by side when the pane is wide enough). */
import type { RelayHead, RelaySummary, WireRequest } from '../../../core';
import { ResponseHeaders } from './ResponseHeaders';
import { SentRequest } from './SentRequest';

export interface HeadersPanelProps {
  head: RelayHead;
  summary: RelaySummary | undefined;
  request: WireRequest | undefined;
}

export function HeadersPanel({ head, summary, request }: HeadersPanelProps) {
  return (
    <div className="headers-panel">
      <section aria-labelledby="response-headers-title">
        <h3 id="response-headers-title">
          Response headers <span className="muted">({head.headers.length}, in wire order)</span>
        </h3>
        <ResponseHeaders headers={head.headers} request={request} status={head.status} />
      </section>
      <section aria-labelledby="sent-request-title">
        <h3 id="sent-request-title">Request as sent</h3>
        <SentRequest summary={summary} request={request} />
      </section>
    </div>
  );
}
