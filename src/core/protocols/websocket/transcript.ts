/**
 * One WebSocket connection's transcript: the handshake, then every message, control frame and
 * the close, each with its direction, time and size. The page keeps it live and history keeps
 * it (secrets masked); the run step turns the received messages into the step's body.
 */
import type { HeaderField } from '../../types';
import type { AcceptCheck } from './accept';

export type WebSocketOpcode = 'text' | 'binary' | 'ping' | 'pong' | 'close';

/** One entry of the list. Binary payloads travel as base64 (`data`); text as `text`. */
export interface WebSocketMessage {
  /** Increasing within a connection. */
  seq: number;
  direction: 'sent' | 'received';
  opcode: WebSocketOpcode;
  /** ms since the epoch, stamped by the relay when it saw the frame. */
  at: number;
  /** Payload size in bytes. */
  size: number;
  text?: string;
  /** Base64 of a binary payload. */
  data?: string;
  /** For close frames. */
  code?: number;
  reason?: string;
}

/** The handshake as it happened. */
export interface WebSocketHandshake {
  url: string;
  requestHeaders: HeaderField[];
  status: number;
  statusText: string;
  responseHeaders: HeaderField[];
  /** The subprotocol the server chose ('' when none). */
  protocol: string;
  /** `Sec-WebSocket-Extensions` the server agreed to ('' when none). */
  extensions: string;
  accept?: AcceptCheck;
  /** ms since the epoch when the 101 arrived. */
  at: number;
}

/** An upgrade the server answered without 101. */
export interface WebSocketRefusal {
  status: number;
  statusText: string;
  headers: HeaderField[];
  body: string;
  /** Plain words: what a refused upgrade means. */
  explanation: string;
}

/** A failure of the connection, typed (as the relay's errors). */
export interface WebSocketFailure {
  kind: string;
  message: string;
  /** e.g. WB_WS_BAD_ACCEPT, WB_WS_INVALID_UTF8, WB_WS_TOO_BIG. */
  code?: string;
}

/** How the connection ended. */
export interface WebSocketClosure {
  code: number;
  reason: string;
  /** Who closed: the person (client), the server, or the network. */
  by: 'client' | 'server' | 'network';
  at: number;
}

export interface WebSocketTranscript {
  handshake?: WebSocketHandshake;
  refusal?: WebSocketRefusal;
  failure?: WebSocketFailure;
  messages: WebSocketMessage[];
  closure?: WebSocketClosure;
}

/** The words for a refused upgrade of status `status`. */
export function explainRefusal(status: number): string {
  const base = `The server answered ${status} instead of 101 Switching Protocols, so no WebSocket was opened.`;
  if (status === 401 || status === 403) return `${base} It refused the handshake itself: check the credentials, the Origin, or the cookies it expects.`;
  if (status === 404) return `${base} There is no WebSocket endpoint at this path.`;
  if (status === 400) return `${base} It did not accept the handshake request (a missing or wrong header, or an unsupported subprotocol or version).`;
  if (status === 426) return `${base} 426 Upgrade Required names the version or protocol it expects in its headers.`;
  if (status >= 300 && status < 400) return `${base} WebSocket handshakes do not follow redirects; connect to the Location instead.`;
  if (status === 200) return `${base} A 200 means an ordinary HTTP endpoint answered, one that does not speak WebSocket.`;
  return `${base} The status, headers and body below are what it said.`;
}

/** The received messages as the run step's body: JSON values parsed when the text is JSON, else the text or base64. */
export function receivedForRun(messages: readonly WebSocketMessage[]): unknown[] {
  return messages
    .filter((m) => m.direction === 'received' && (m.opcode === 'text' || m.opcode === 'binary'))
    .map((m) => {
      if (m.opcode === 'binary') return { binary: m.data ?? '' };
      try {
        return JSON.parse(m.text ?? '') as unknown;
      } catch {
        return m.text ?? '';
      }
    });
}
