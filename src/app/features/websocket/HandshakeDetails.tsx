import { memo } from 'react';
/** The 101: request and response headers, the Sec-WebSocket-Accept check, subprotocol and extensions. */
import type { HeaderField } from '../../../core';
import type { WebSocketHandshake } from '../../../core/protocols/websocket/transcript';

function Headers({ title, headers }: { title: string; headers: HeaderField[] }) {
  return (
    <div>
      <h4>{title}</h4>
      <dl className="ws-headers">
        {headers.map((h, i) => (
          <div key={i}>
            <dt>{h.name}</dt>
            <dd>{h.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Memoised: the handshake does not change while messages arrive. */
export const HandshakeDetails = memo(function HandshakeDetails({ handshake }: { handshake: WebSocketHandshake }) {
  const accept = handshake.accept;
  return (
    <details className="ws-handshake" data-testid="ws-handshake">
      <summary>
        Handshake: {handshake.status} {handshake.statusText}
        {accept ? (accept.ok ? ' · Sec-WebSocket-Accept checked ✓' : ' · Sec-WebSocket-Accept wrong ✗') : ''}
      </summary>
      {accept ? <p className={accept.ok ? 'muted' : 'field-error'}>{accept.explanation}</p> : null}
      <p className="muted">
        Subprotocol: {handshake.protocol || 'none chosen'} · Extensions: {handshake.extensions || 'none'}
        {handshake.extensions.includes('permessage-deflate') ? ' (messages are compressed on the wire, RFC 7692)' : ''}
      </p>
      <div className="ws-handshake-grid">
        <Headers title="Request headers" headers={handshake.requestHeaders} />
        <Headers title="Response headers" headers={handshake.responseHeaders} />
      </div>
    </details>
  );
});
