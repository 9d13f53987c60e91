/**
 * The gRPC response of a tab: the status (code, name, message) with what it means and what
 * to check, the response headers, each message as pretty JSON with its time, the trailers,
 * and how long the call took. Values that are secrets are masked.
 */
import { useMemo } from 'react';
import { deadlineExceededNote } from '../../../core/protocols/grpc/deadline';
import { grpcStatusInfo } from '../../../core/protocols/grpc/statusCodes';
import type { HeaderField } from '../../../core';
import { maskSecretText } from '../../../core/workspace/secretLedger';
import { useWorkbench } from '../../base/state/StoreProvider';
import { transcriptFromHistory } from './grpcHistory';
import { useGrpcTab } from './grpcStore';

function Fields({ title, fields }: { title: string; fields: HeaderField[] | undefined }) {
  return (
    <section className="grpc-fields" aria-label={title}>
      <h3>{title}</h3>
      {fields && fields.length ? (
        <table>
          <tbody>
            {fields.map((f, i) => (
              <tr key={`${f.name}-${i}`}>
                <th scope="row">{f.name}</th>
                <td>{maskSecretText(f.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="hint">None.</p>
      )}
    </section>
  );
}

export function GrpcResponse() {
  const tabId = useWorkbench((s) => s.activeTabId);
  const tab = useGrpcTab(tabId);
  // A tab reopened from history (or after a reload) shows the call its history entry kept.
  const restored = useWorkbench((s) => (tab.transcript ? undefined : s.responses[tabId]?.exchange));
  const fromHistory = useMemo(() => (!tab.transcript && restored?.fromHistory ? transcriptFromHistory(restored.chunks) : undefined), [tab.transcript, restored]);
  const t = tab.transcript ?? fromHistory;
  if (!t) {
    return (
      <section className="pane inspector grpc-response" aria-label="gRPC response">
        <p className="hint">Load the services, choose a method and Invoke: the status, metadata, trailers and each response message appear here.</p>
      </section>
    );
  }
  const info = t.status ? grpcStatusInfo(t.status.code) : undefined;
  return (
    <section className="pane inspector grpc-response" aria-label="gRPC response">
      {fromHistory ? <p className="hint">From history: the call as it was kept, secrets masked. Invoke to call again.</p> : null}
      <div className="grpc-status" role="status" aria-label="gRPC status">
        {t.error ? (
          <p className="field-error">Not called: {maskSecretText(t.error.message)}</p>
        ) : info && t.status ? (
          <>
            <p className={`grpc-status-line ${t.status.code === 0 ? 'grpc-ok' : 'grpc-failed'}`}>
              <strong>{t.status.code} {info.name}</strong>
              {t.status.details && t.status.details !== info.name ? <span> — {maskSecretText(t.status.details)}</span> : null}
              <span className="hint"> · {Math.round(t.status.at)} ms · {t.received.length} message{t.received.length === 1 ? '' : 's'} received</span>
            </p>
            <p className="grpc-meaning">{info.meaning}</p>
            <p className="hint">Check: {info.check} (A gateway usually maps it to HTTP {info.httpStatus}.)</p>
            {t.status.code === 4 ? <p className="hint">{deadlineExceededNote(tab.deadlineMs ?? 0)}</p> : null}
          </>
        ) : (
          <p>Call in progress… {t.received.length} message{t.received.length === 1 ? '' : 's'} received{t.halfClosed ? ', stream ended by you' : ''}.</p>
        )}
      </div>
      <Fields title="Response headers" fields={t.headers} />
      <section className="grpc-messages" aria-label="Response messages">
        <h3>Messages</h3>
        {t.received.length === 0 ? <p className="hint">No response message.</p> : null}
        <ol>
          {t.received.map((r, i) => (
            <li key={i}>
              <span className="hint">#{i + 1} at {Math.round(r.at)} ms</span>
              <pre className="grpc-json-view">{maskSecretText(JSON.stringify(r.message, null, 2))}</pre>
            </li>
          ))}
        </ol>
      </section>
      <Fields title="Trailers" fields={t.status?.trailers} />
      {t.sent.length ? <p className="hint">{t.sent.length} message{t.sent.length === 1 ? '' : 's'} sent.</p> : null}
    </section>
  );
}
