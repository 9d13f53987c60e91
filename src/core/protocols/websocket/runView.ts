/**
 * A WebSocket run step as core/run's `ExchangeView`, so the captures and assertions of HTTP
 * steps work unchanged: status 101 (or the refusal's status), the handshake's response headers,
 * and as body the JSON array of the messages received (each JSON value parsed, other text as
 * a string, binary as `{ "binary": base64 }`); a refused upgrade's body is its own.
 */
import type { ExchangeView, ExchangeViewRequest } from '../../run/exchangeView';
import { fail, ok, type Result } from '../../types';
import { encodeMessage, type OutgoingMessage } from './messageFormat';
import type { SavedWebSocketMessage } from './settings';
import { receivedForRun, type WebSocketTranscript } from './transcript';

export function webSocketExchangeView(t: WebSocketTranscript, request: ExchangeViewRequest, durationMs?: number): ExchangeView | undefined {
  if (t.refusal) {
    return { request, status: t.refusal.status, reason: t.refusal.statusText, httpVersion: '1.1', headers: t.refusal.headers, bodyText: t.refusal.body, ...(durationMs !== undefined ? { durationMs } : {}) };
  }
  if (!t.handshake) return undefined;
  const bodyText = JSON.stringify(receivedForRun(t.messages));
  return {
    request,
    status: t.handshake.status,
    reason: t.handshake.statusText,
    httpVersion: '1.1',
    headers: [...t.handshake.responseHeaders.filter((h) => !/^content-type$/i.test(h.name)), { name: 'Content-Type', value: 'application/json' }],
    bodyText,
    sizeBytes: new TextEncoder().encode(bodyText).length,
    ...(durationMs !== undefined ? { durationMs } : {}),
  };
}

/** The saved messages with variables already substituted (`resolve`), ready to send in order, or the first bad one named. */
export function runMessages(messages: readonly SavedWebSocketMessage[], resolve: (text: string) => string): Result<OutgoingMessage[]> {
  const out: OutgoingMessage[] = [];
  for (const [i, m] of messages.entries()) {
    const encoded = encodeMessage(m.format, resolve(m.body));
    if (!encoded.ok) return fail({ ...encoded.error, message: `Saved message ${i + 1} ("${m.name}"): ${encoded.error.message}` });
    out.push(encoded.value);
  }
  return ok(out);
}

/** One line saying how the connection went, for reports. */
export function webSocketOutcomeLine(t: WebSocketTranscript): string {
  if (t.refusal) return `upgrade refused: ${t.refusal.status} ${t.refusal.statusText}`;
  if (!t.handshake) return t.failure?.message ?? 'no connection';
  const received = t.messages.filter((m) => m.direction === 'received' && (m.opcode === 'text' || m.opcode === 'binary')).length;
  const close = t.closure ? `, closed ${t.closure.code}${t.closure.reason ? ` (${t.closure.reason})` : ''}` : '';
  return `101, ${received} message${received === 1 ? '' : 's'} received${close}`;
}
