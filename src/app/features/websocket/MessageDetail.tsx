/** One message in full: JSON pretty-printed, other text as sent, binary as hex (and base64). */
import { base64Of, bytesFromBase64, hexOf } from '../../../core/protocols/websocket/messageFormat';
import type { WebSocketMessage } from '../../../core/protocols/websocket/transcript';
import { clockTime, formatBytes } from './messageText';

function pretty(text: string): { text: string; json: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
  } catch {
    return { text, json: false };
  }
}

export function MessageDetail({ message: m }: { message: WebSocketMessage }) {
  const bytes = m.opcode === 'binary' && m.data !== undefined ? bytesFromBase64(m.data) : undefined;
  const shown = m.text !== undefined ? pretty(m.text) : undefined;
  return (
    <div className="stream-detail" data-testid="ws-detail">
      <p className="stream-detail-facts">
        {m.direction === 'sent' ? 'Sent' : 'Received'} {m.opcode} at {clockTime(m.at)}, {formatBytes(m.size)}
        {shown?.json ? ', JSON' : ''}
        {m.code !== undefined ? `, code ${m.code}` : ''}
      </p>
      {shown ? <pre className="stream-detail-text">{shown.text}</pre> : null}
      {bytes?.ok ? (
        <>
          <pre className="stream-detail-text">{hexOf(bytes.value)}</pre>
          <p className="muted">base64: {base64Of(bytes.value).slice(0, 4096)}</p>
        </>
      ) : null}
    </div>
  );
}
