/**
 * A WebSocket request as saved on a draft (`RequestDraft.websocket`): the URL, headers and
 * auth are the draft's own (ws:// or wss://); this holds what only a WebSocket has.
 */

/** A message the person keeps to send again. */
export interface SavedWebSocketMessage {
  id: string;
  name: string;
  /** `text` (JSON included) or `binary` written as hex or base64. */
  format: 'text' | 'json' | 'hex' | 'base64';
  body: string;
}

export interface WebSocketSettings {
  /** `Sec-WebSocket-Protocol` offers, in order of preference. */
  subprotocols: string[];
  /** Offer permessage-deflate (RFC 7692). */
  deflate: boolean;
  messages: SavedWebSocketMessage[];
  /**
   * Run steps (the runner and `wirebench run`): how long to collect messages after the saved
   * ones are sent, ms, before closing (absent: 2000). The step's body is what arrived.
   */
  collectMs?: number;
  /** Run steps: stop collecting once this many messages arrived (absent: only the time limit). */
  collectCount?: number;
}

/** The run steps' default collection time, ms. */
export const DEFAULT_COLLECT_MS = 2000;

export function emptyWebSocketSettings(): WebSocketSettings {
  return { subprotocols: [], deflate: true, messages: [] };
}
