/**
 * The status of a response explained for the request that caused it: code, reason and
 * class; the registry's explanation with a link to the defining RFC section; then the
 * `explainResponse` findings (challenges, Allow, Retry-After countdown, Content-Type,
 * redirects, server faults), each with its action.
 */
import { useMemo } from 'react';
import { explainResponse, statusInfo, type RelayHead, type RelaySummary, type WireRequest } from '../../../core';
import { useFrameThrottled } from '../hooks/useFrameThrottled';
import { formatMs, formatSize } from '../units';
import { FindingList, Reference } from './FindingList';

const CLASS_WORDS = {
  informational: 'informational',
  success: 'success',
  redirection: 'redirection',
  'client-error': 'client error',
  'server-error': 'server error',
  unknown: 'invalid status',
} as const;

export interface StatusCardProps {
  request: WireRequest | undefined;
  head: RelayHead;
  summary: RelaySummary | undefined;
  /** The body as text when small, for explanations that read it (problem details, 204 with a body). */
  bodyText: string | undefined;
  streaming: boolean;
}

const receivedOf = (s: { exchange: { received: number } }) => s.exchange.received;

export function StatusCard({ request, head, summary, bodyText, streaming }: StatusCardProps) {
  const info = statusInfo(head.status);
  const received = useFrameThrottled(receivedOf);
  const explained = useMemo(() => {
    if (!request) return [];
    const response = { status: head.status, reason: head.reason, httpVersion: head.httpVersion, headers: head.headers, ...(bodyText !== undefined ? { bodyText } : {}) };
    return explainResponse(request, response);
  }, [request, head, bodyText]);
  // The summary follows a SOAP fault code when there is one, so it is read from explainResponse, not the registry.
  const summaryFinding = explained[0];
  const findings = explained.slice(1);
  const explanation = summaryFinding?.message ?? info.explanation;
  const next = summaryFinding ? summaryFinding.next : info.nextStep;
  const reference = summaryFinding?.reference ?? info.reference;
  const reason = head.reason || info.reason;
  return (
    <section className={`status-card status-card-${info.class}`} aria-label="Status">
      <div className="status-line">
        <p className={`status status-${info.class}`} data-testid="status">
          <span className="status-code">{head.status}</span> <span className="status-reason">{reason}</span>
          <span className="status-class">{CLASS_WORDS[info.class]}</span>
        </p>
        {summary ? (
          <p className="metrics" data-testid="metrics">
            <span title="Total time">{formatMs(summary.timings.total)}</span>
            <span title="Body size on the wire">{formatSize(summary.sizes.responseBodyWire)}</span>
            <span title="Protocol">HTTP/{head.httpVersion}</span>
            {summary.hops.length ? <span title="Redirects followed">{summary.hops.length} redirect{summary.hops.length === 1 ? '' : 's'}</span> : null}
          </p>
        ) : streaming ? (
          <p className="metrics" aria-live="off">
            {formatSize(received)} received…
          </p>
        ) : null}
      </div>
      <p className="status-explanation" data-testid="status-explanation">
        {explanation} {reference === info.reference ? (
          <a className="reference" href={info.referenceUrl} target="_blank" rel="noreferrer noopener">
            {info.reference}
          </a>
        ) : (
          <Reference reference={reference} />
        )}
      </p>
      {head.reason && head.reason !== info.reason && info.registered ? (
        <p className="muted status-note">The server wrote the reason phrase “{head.reason}”; the registered one is “{info.reason}”. Clients must not rely on the phrase.</p>
      ) : null}
      {next ? (
        <p className="status-next">
          <strong>Next:</strong> {next}
        </p>
      ) : null}
      {findings.length ? <FindingList findings={findings} /> : null}
    </section>
  );
}
