import type { RequestDraft } from '../../../core/request/draft';
import { emptyWebSocketSettings } from '../../../core/protocols/websocket/settings';

/** A draft switched to WebSocket: its settings, and the sandbox echo when the address is empty or plain HTTP's default. */
export function initWebSocketDraft(draft: RequestDraft): RequestDraft {
  const url = draft.url.trim() === '' ? `ws://${typeof location === 'undefined' ? '127.0.0.1' : location.host}/sandbox/ws/echo` : draft.url.replace(/^http(s?):\/\//i, 'ws$1://');
  return { ...draft, url, websocket: draft.websocket ?? emptyWebSocketSettings() };
}
