/**
 * The status of a response, dense until asked: one row (code, reason, class, time, size,
 * protocol, redirects, an "insecure" marker when TLS was not verified) and one sentence
 * under it, beside the "Explain" toggle. "Explain" opens the rest — the whole explanation with its reference, Next,
 * and the `explainResponse` findings with their actions — and the choice is remembered.
 * The sentence and the explanation come from `explainResponse`'s summary, which follows a
 * SOAP fault code when the body carries one, so the card never contradicts the fault card.
 * One story (issue 27.4): the explanation reads the request as the relay sent it (a Digest
 * answer, the jar's cookies), knows the composer's auth scheme (no "Set up" for the one it
 * has), and the hops are counted by core's `describeHops` (a challenge round is no redirect).
 */
import { useId, useMemo } from 'react';
import { describeHops, explainResponse, leadSentence, requestAsSent, statusInfo, type RelayHead, type RelaySummary, type WireRequest } from '../../../../core';
import { activeExchange } from '../exchangeSlice';
import { useWorkbench } from '../../../base/state/StoreProvider';
import type { WorkbenchState } from '../../../shell/store/workbenchState';
import { useFrameThrottled } from '../hooks/useFrameThrottled';
import { formatMs, formatSize } from '../../../base/components/units';
import { FindingList, Reference } from './FindingList';
import { useExplainOpen } from './useExplainOpen';

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
  /** The body as text when small, for explanations that read it (problem details, SOAP faults, 204 with a body). */
  bodyText: string | undefined;
  streaming: boolean;
}

const receivedOf = (s: WorkbenchState) => activeExchange(s).received;
const startedAtOf = (s: WorkbenchState) => activeExchange(s).startedAt;
// The active tab's request as composed now: what a one-click fix would change.
const composedAuthOf = (s: WorkbenchState) => s.draft.auth.scheme;
const cookieJarOf = (s: WorkbenchState) => s.draft.options.cookies !== false;

export function StatusCard({ request, head, summary, bodyText, streaming }: StatusCardProps) {
  const info = statusInfo(head.status);
  const received = useFrameThrottled(receivedOf);
  // Which send these figures are of (two sends can take the same time and size).
  const startedAt = useWorkbench(startedAtOf);
  const [open, setOpen] = useExplainOpen();
  const detailsId = useId();
  const composedAuth = useWorkbench(composedAuthOf);
  const cookieJar = useWorkbench(cookieJarOf);
  const sent = summary?.sent;
  const explained = useMemo(() => {
    if (!request) return [];
    const response = { status: head.status, reason: head.reason, httpVersion: head.httpVersion, headers: head.headers, ...(bodyText !== undefined ? { bodyText } : {}) };
    return explainResponse(requestAsSent(request, sent), response, { composedAuth, cookieJar });
  }, [request, sent, head, bodyText, composedAuth, cookieJar]);
  const lead = explained[0];
  const findings = explained.slice(1);
  const explanation = lead?.message ?? info.explanation;
  const next = lead ? lead.next : info.nextStep;
  const reference = lead?.reference ?? info.reference;
  // HTTP/2 and later carry no reason phrase (RFC 9113 §8.3.2): none is shown rather than one made up.
  const noReasonPhrase = /^[23]/.test(head.httpVersion);
  const reason = head.reason || (noReasonPhrase ? '' : info.reason);
  const problems = findings.filter((f) => f.severity === 'error' || f.severity === 'warning').length;
  // One story: a 2xx whose body says it failed (GraphQL errors, a SOAP fault) is not shown as a plain success.
  const failedInBody = info.class === 'success' && lead?.verdict?.outcome === 'failed';
  const hops = summary ? describeHops(summary.hops) : undefined;
  return (
    <section className={`status-card status-card-${failedInBody ? 'client-error' : info.class}`} aria-label="Status">
      <div className="status-line">
        <p className={`status status-${info.class}`} data-testid="status">
          <span className="status-code">{head.status}</span>{' '}
          {reason ? <span className="status-reason">{reason}</span> : <span className="visually-hidden">(no reason phrase in HTTP/{head.httpVersion})</span>}
          <span className="status-class">{failedInBody ? `${CLASS_WORDS[info.class]} status, ${lead?.severity === 'warning' ? 'partly failed' : 'failed'} in the body` : CLASS_WORDS[info.class]}</span>
        </p>
        {summary ? (
          <p className="metrics" data-testid="metrics" data-started-at={startedAt}>
            <span title="Total time">{formatMs(summary.timings.total)}</span>
            <span title="Body size on the wire">{formatSize(summary.sizes.responseBodyWire)}</span>
            <span title="Protocol">HTTP/{head.httpVersion}</span>
            {hops?.redirectMarker ? <span title="Redirects followed">{hops.redirectMarker}</span> : null}
            {hops?.challengeMarker ? (
              <span title="The relay answered the server's Digest challenge; the Timing tab lists each request" data-testid="digest-marker">
                {hops.challengeMarker}
              </span>
            ) : null}
            {summary.insecureTls ? (
              <span className="insecure-marker" title="TLS certificate verification was turned off for this request" data-testid="insecure-marker">
                insecure
              </span>
            ) : null}
          </p>
        ) : streaming ? (
          <p className="metrics" aria-live="off">
            {formatSize(received)} received…
          </p>
        ) : null}
      </div>
      <div className="status-sentence-line">
        <p className="status-sentence" data-testid="status-sentence">
          {leadSentence(explanation)}
        </p>
        <button type="button" className="explain-toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          Explain
          {!open && findings.length ? (
            <>
              <span className="explain-count" aria-hidden="true">
                {' '}
                ({findings.length}
                {problems ? <span className="explain-problems">!</span> : null})
              </span>
              <span className="visually-hidden">
                , {findings.length} more finding{findings.length === 1 ? '' : 's'}
                {problems ? `, ${problems} to look at` : ''}
              </span>
            </>
          ) : null}
        </button>
      </div>
      {summary?.auth ? (
        <p className={`status-auth-note${summary.auth.outcome === 'rejected' ? ' fact-warning' : ''}`} data-testid="auth-note">
          {summary.auth.message}
        </p>
      ) : null}
      <div id={detailsId} className="status-details" hidden={!open}>
        {open ? (
          <>
            <p className="status-explanation" data-testid="status-explanation">
              {explanation}{' '}
              {reference === info.reference ? (
                <a className="reference" href={info.referenceUrl} target="_blank" rel="noreferrer noopener">
                  {info.reference}
                </a>
              ) : (
                <Reference reference={reference} />
              )}
            </p>
            {noReasonPhrase && !head.reason ? (
              <p className="muted status-note" data-testid="no-reason-note">
                HTTP/{head.httpVersion} sends the status code alone, with no reason phrase (RFC 9113 §8.3.2){info.registered ? `; “${info.reason}” is the code's registered name` : ''}.
              </p>
            ) : null}
            {head.reason && head.reason !== info.reason && info.registered ? (
              <p className="muted status-note">The server wrote the reason phrase “{head.reason}”; the registered one is “{info.reason}”. Clients must not rely on the phrase.</p>
            ) : null}
            {next ? (
              <p className="status-next">
                <strong>Next:</strong> {next}
              </p>
            ) : null}
            {findings.length ? <FindingList findings={findings} /> : null}
          </>
        ) : null}
      </div>
    </section>
  );
}
