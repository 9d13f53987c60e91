import { memo } from 'react';
import type { WebSocketMessage } from '../../../core/protocols/websocket/transcript';
import { clockTime, formatBytes, previewOf } from './messageText';

/** One row; memoised, so a batch of new messages renders only the rows that are new in view. */
export const MessageRow = memo(function MessageRow({ message: m, index, selected, onSelect }: { message: WebSocketMessage; index: number; selected: boolean; onSelect(index: number): void }) {
  const sent = m.direction === 'sent';
  return (
    <button type="button" className={`stream-row ws-row ${sent ? 'ws-sent' : 'ws-received'}`} aria-pressed={selected} onClick={() => onSelect(index)} data-testid="ws-row">
      <span className="ws-dir" aria-label={sent ? 'sent' : 'received'}>
        {sent ? '↑' : '↓'}
      </span>
      <span className="stream-at">{clockTime(m.at)}</span>
      <span className="ws-op">{m.opcode}</span>
      <span className="ws-size">{formatBytes(m.size)}</span>
      <span className="stream-data">{previewOf(m)}</span>
    </button>
  );
});
