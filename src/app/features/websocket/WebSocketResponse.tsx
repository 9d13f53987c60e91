/**
 * A WebSocket tab's response side: where the connection stands, the 101 handshake (headers
 * both ways, Sec-WebSocket-Accept checked, subprotocol and extensions), a refused upgrade or a
 * failure said plainly, the close explained, and the live message list.
 */
import { ConnectionCards } from './ConnectionCards';
import { HandshakeDetails } from './HandshakeDetails';
import { MessageList } from './MessageList';
import { useWsTab } from './useWsTab';
import './websocket.css';

const PHASE_WORDS = { idle: 'Not connected', connecting: 'Connecting…', open: 'Open', closing: 'Closing…', closed: 'Closed' } as const;

export function WebSocketResponse() {
  const { tab } = useWsTab();
  return (
    <section className="pane ws-response" aria-label="WebSocket connection">
      <div className="ws-status-line">
        <span className={`ws-phase ws-phase-${tab.phase}`} data-testid="ws-phase" role="status">
          {PHASE_WORDS[tab.phase]}
        </span>
        {tab.handshake ? (
          <span className="muted">
            101 {tab.handshake.statusText}
            {tab.handshake.protocol ? ` · subprotocol ${tab.handshake.protocol}` : ''}
            {tab.handshake.extensions ? ` · ${tab.handshake.extensions.split(';')[0]}` : ''}
          </span>
        ) : null}
      </div>
      {tab.phase === 'idle' ? <p className="muted ws-empty">Type a ws:// or wss:// address and press Connect. Try the sandbox: ws://{location.host}/sandbox/ws/echo with the subprotocol json.</p> : null}
      <ConnectionCards tab={tab} />
      {tab.handshake ? <HandshakeDetails handshake={tab.handshake} /> : null}
      {tab.handshake || tab.messages.length ? <MessageList tab={tab} /> : null}
    </section>
  );
}
