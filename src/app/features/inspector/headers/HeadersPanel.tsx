/** The response headers beside the request as sent (side by side when the pane is wide enough). */
import { requestAsSent, type RelayHead, type RelaySummary, type SigningStep, type WireRequest } from '../../../../core';
import { SigningSteps } from '../../../base/components/SigningSteps';
import { ResponseHeaders } from './ResponseHeaders';
import { SentRequest } from './SentRequest';

export interface HeadersPanelProps {
  head: RelayHead;
  summary: RelaySummary | undefined;
  request: WireRequest | undefined;
  /** How a signing scheme signed the request (AWS SigV4), when one did. */
  signing?: readonly SigningStep[];
}

export function HeadersPanel({ head, summary, request, signing }: HeadersPanelProps) {
  return (
    <div className="headers-panel">
      <section aria-labelledby="response-headers-title">
        <h3 id="response-headers-title">
          Response headers <span className="muted">({head.headers.length}, in wire order)</span>
        </h3>
        {/* Read against the final request as the relay wrote it (its URL after redirects, the jar's Cookie). */}
        <ResponseHeaders headers={head.headers} {...(head.pseudoHeaders ? { pseudoHeaders: head.pseudoHeaders } : {})} request={request ? requestAsSent(request, summary?.sent) : undefined} status={head.status} />
      </section>
      <section aria-labelledby="sent-request-title">
        <h3 id="sent-request-title">Request as sent</h3>
        <SentRequest summary={summary} request={request} />
        {signing ? <SigningSteps steps={signing} idPrefix="sent-request" /> : null}
      </section>
    </div>
  );
}
