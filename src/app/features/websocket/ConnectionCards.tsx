/** The refusal (status, headers, body), the failure and the close, each in plain words. */
import { explainCloseCode } from '../../../core/protocols/websocket/closeCodes';
import type { WsTabState } from './wsStore';

export function ConnectionCards({ tab }: { tab: WsTabState }) {
  const { refusal, failure, closure, problem } = tab;
  const close = closure ? explainCloseCode(closure.code) : undefined;
  return (
    <>
      {problem ? (
        <p className="ws-card ws-card-warn" role="alert">
          {problem}
        </p>
      ) : null}
      {refusal ? (
        <div className="ws-card ws-card-error" data-testid="ws-refusal">
          <h3>
            Upgrade refused: {refusal.status} {refusal.statusText}
          </h3>
          <p>{refusal.explanation}</p>
          <dl className="ws-headers">
            {refusal.headers.map((h, i) => (
              <div key={i}>
                <dt>{h.name}</dt>
                <dd>{h.value}</dd>
              </div>
            ))}
          </dl>
          {refusal.body ? <pre className="ws-pre">{refusal.body}</pre> : null}
        </div>
      ) : null}
      {failure && !refusal ? (
        <div className="ws-card ws-card-error" data-testid="ws-failure" role="alert">
          <h3>{failure.kind === 'closed' ? 'Closed with a problem' : 'Connection failed'}</h3>
          <p>
            {failure.message}
            {failure.code ? <span className="muted"> ({failure.code})</span> : null}
          </p>
        </div>
      ) : null}
      {closure && close ? (
        <div className={`ws-card ${close.problem ? 'ws-card-warn' : ''}`} data-testid="ws-closure">
          <h3>
            Closed by {closure.by === 'client' ? 'you' : closure.by === 'server' ? 'the server' : 'the network'}: {closure.code} {close.name}
          </h3>
          <p>{close.meaning}</p>
          {closure.reason ? <p>Reason given: “{closure.reason}”</p> : null}
        </div>
      ) : null}
    </>
  );
}
