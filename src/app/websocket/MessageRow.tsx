import type { WebSocketMessage } from '../../core/protocols/websocket/transcript';
import { clockTime, formatBytes, previewOf } from './messageText';

export function MessageRow({ message: m, selected, onSelect }: { message: WebSocketMessage; selected: boolean; onSelect(): void }) {
  const sent = m.direction === 'sent';
  return (
    <button type="button" className={`stream-row ws-row ${sent ? 'ws-sent' : 'ws-received'}`} aria-pressed={selected} onClick={onSelect} data-testid="ws-row">
      <span className="ws-dir" aria-label={sent ? 'sent' : 'received'}>
        {sent ? '↑' : '↓'}
      </span>
      <span className="stream-at">{clockTime(m.at)}</span>
      <span className="ws-op">{m.opcode}</span>
      <span className="ws-size">{formatBytes(m.size)}</span>
      <span className="stream-data">{previewOf(m)}</span>
    </button>
  );
}
