/**
 * The `ws` package's errors and the problem closes as typed failures, in plain words: a wrong
 * `Sec-WebSocket-Accept`, a text frame that is not UTF-8, a message over the limit, a handshake
 * that timed out, a server closing with 1009 or 1011.
 */
import { explainCloseCode } from '../../core/protocols/websocket/closeCodes';
import type { WebSocketClosure, WebSocketFailure } from '../../core/protocols/websocket/transcript';
import { classifyFailure } from '../failures';

/** A typed failure for whatever `ws` or the relay threw. */
export function failureOfError(err: unknown, timeoutMs?: number): WebSocketFailure {
  const e = err as Error & { code?: string };
  const message = e?.message ?? String(err);
  if (message === 'Invalid Sec-WebSocket-Accept header' || message === 'Missing Sec-WebSocket-Accept header') {
    return { kind: 'protocol', code: 'WB_WS_BAD_ACCEPT', message: 'The server answered 101 with a wrong Sec-WebSocket-Accept, so the connection was failed (RFC 6455 §4.1).' };
  }
  if (e?.code === 'WS_ERR_INVALID_UTF8') {
    return { kind: 'protocol', code: 'WB_WS_INVALID_UTF8', message: 'The server sent a text message that is not valid UTF-8; the relay closed the connection with 1007 (Invalid payload data), as RFC 6455 §8.1 requires.' };
  }
  if (e?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
    return { kind: 'too_large', code: 'WB_WS_TOO_BIG', message: 'The server sent a message larger than the limit for this connection; the relay closed it with 1009 (Message too big).' };
  }
  if (e?.code?.startsWith('WS_ERR_')) {
    return { kind: 'protocol', code: e.code.replace(/^WS_ERR_/, 'WB_WS_'), message: `The server broke the WebSocket framing (${message}); the relay closed the connection with 1002 (Protocol error).` };
  }
  if (message === 'Opening handshake has timed out') {
    return { kind: 'timeout', code: 'WB_WS_HANDSHAKE_TIMEOUT', message: `The server did not answer the WebSocket handshake${timeoutMs ? ` within ${timeoutMs} ms` : ''}.` };
  }
  if (/^Server sent (a subprotocol|no subprotocol|an invalid subprotocol)/.test(message)) {
    return { kind: 'protocol', code: 'WB_WS_SUBPROTOCOL', message: `${message}: the server's Sec-WebSocket-Protocol must be one of those offered (RFC 6455 §4.1).` };
  }
  if (/extension/i.test(message) && /Server|Sec-WebSocket-Extensions/.test(message)) {
    return { kind: 'protocol', code: 'WB_WS_EXTENSION', message: `${message}: the server agreed to an extension that was not offered (RFC 6455 §9.1).` };
  }
  const r = classifyFailure(err);
  return { kind: r.kind, message: r.message, ...(r.code ? { code: r.code } : {}) };
}

/** The failure a close says, when it says one (a server's 1009, 1011…, or a drop): null for a normal close. */
export function failureOfClose(closure: WebSocketClosure): WebSocketFailure | undefined {
  if (closure.by === 'client') return undefined;
  const e = explainCloseCode(closure.code);
  if (!e.problem) return undefined;
  const said = closure.reason ? ` with the reason "${closure.reason}"` : '';
  const who = closure.by === 'network' ? 'The connection dropped' : `The server closed the connection with ${closure.code} (${e.name})${said}`;
  return { kind: 'closed', code: `WB_WS_CLOSED_${closure.code}`, message: `${who}: ${e.meaning}` };
}
