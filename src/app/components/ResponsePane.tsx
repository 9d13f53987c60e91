import { useMemo } from 'react';
import { explainRelayError, statusInfo } from '../../core';
import { useWorkbench } from '../store/StoreProvider';

/** Text shown inline; bigger bodies show their start (the inspector issue adds lazy views). */
const SHOWN_BYTES = 2 * 1024 * 1024;

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

function bodyText(chunks: Uint8Array[]): { text: string; truncated: boolean } {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let used = 0;
  for (const chunk of chunks) {
    const take = Math.min(chunk.length, SHOWN_BYTES - used);
    text += decoder.decode(chunk.subarray(0, take), { stream: true });
    used += take;
    if (used >= SHOWN_BYTES) return { text: text + decoder.decode(), truncated: true };
  }
  return { text: text + decoder.decode(), truncated: false };
}

/** The response: status, time, headers, body — or the failure explained. */
export function ResponsePane() {
  const exchange = useWorkbench((s) => s.exchange);
  const { head, summary, error, phase, received } = exchange;
  const body = useMemo(() => bodyText(exchange.chunks), [exchange.chunks, received]);

  if (phase === 'idle') {
    return (
      <section className="pane response-pane" aria-label="Response">
        <p className="muted empty-state">Send a request to see its response here. Ctrl+Enter sends, Esc cancels.</p>
      </section>
    );
  }
  const info = head ? statusInfo(head.status) : null;
  const explained = error ? explainRelayError(error.kind) : null;
  return (
    <section className="pane response-pane" aria-label="Response" aria-busy={phase === 'sending'}>
      <div className="status-line">
        {head ? (
          <p className={`status status-${info?.class ?? 'unknown'}`} data-testid="status">
            <span className="status-code">{head.status}</span> <span className="status-reason">{head.reason}</span>
          </p>
        ) : phase === 'sending' ? (
          <p className="status muted" role="status">
            Sending…
          </p>
        ) : null}
        {summary ? (
          <p className="metrics" data-testid="metrics">
            <span title="Total time">{summary.timings.total.toFixed(0)} ms</span>
            <span title="Body size on the wire">{formatBytes(summary.sizes.responseBodyWire)}</span>
            <span>HTTP/{head?.httpVersion}</span>
          </p>
        ) : phase === 'sending' && received > 0 ? (
          <p className="metrics">{formatBytes(received)} received…</p>
        ) : null}
      </div>
      {info && head ? <p className="status-explanation">{info.explanation}</p> : null}
      {error && explained ? (
        <div className="error-card" role="alert" data-testid="relay-error" data-kind={error.kind}>
          <h2>
            {explained.title} <code>{error.kind}</code>
          </h2>
          <p>{error.message}</p>
          <p>{explained.explanation}</p>
          <p>
            <strong>What to try:</strong> {explained.nextStep}
          </p>
          {error.detail ? <p className="muted">{error.detail}</p> : null}
        </div>
      ) : null}
      {head ? (
        <details className="section" open>
          <summary>
            <h2>Headers ({head.headers.length})</h2>
          </summary>
          <table className="header-list" aria-label="Response headers">
            <tbody>
              {head.headers.map((h, i) => (
                <tr key={i}>
                  <th scope="row">{h.name}</th>
                  <td>{h.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
      {head ? (
        <section className="section" aria-labelledby="response-body-title">
          <h2 id="response-body-title">Body</h2>
          {body.truncated ? <p className="muted">Showing the first {formatBytes(SHOWN_BYTES)}.</p> : null}
          <pre className="response-body" data-testid="response-body" tabIndex={0} aria-label="Response body">
            {body.text}
          </pre>
        </section>
      ) : null}
    </section>
  );
}
