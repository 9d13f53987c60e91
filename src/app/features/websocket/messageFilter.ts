import type { WebSocketMessage } from '../../../core/protocols/websocket/transcript';

export type MessageFilter = 'all' | 'sent' | 'received' | 'data' | 'control';

export function matchesFilter(m: WebSocketMessage, filter: MessageFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'sent':
    case 'received':
      return m.direction === filter;
    case 'data':
      return m.opcode === 'text' || m.opcode === 'binary';
    case 'control':
      return m.opcode === 'ping' || m.opcode === 'pong' || m.opcode === 'close';
  }
}
