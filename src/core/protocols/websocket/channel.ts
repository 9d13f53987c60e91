/**
 * The page ↔ relay channel for WebSocket (`/api/ws`): JSON text messages both ways. The page
 * offers the subprotocols `wirebench.ws.v1` and `key.<page key>` (a browser WebSocket cannot
 * send the page key header); the relay checks the key as it checks `X-Wirebench-Token`.
 */
import type { RelayRequestMeta } from '../../relay/protocol';
import type { WebSocketFailure, WebSocketHandshake, WebSocketMessage, WebSocketRefusal, WebSocketClosure } from './transcript';

export const CHANNEL_PROTOCOL = 'wirebench.ws.v1';
/** The prefix of the subprotocol carrying the page key (or a tool's whole token). */
export const CHANNEL_KEY_PREFIX = 'key.';
export const CHANNEL_PATH = '/api/ws';

/** The upstream to open: the request description the HTTP relay takes, plus what only a WebSocket has. */
export interface WebSocketOpenMeta extends Pick<RelayRequestMeta, 'url' | 'headers' | 'timeoutMs' | 'insecureTls' | 'trustedFingerprints' | 'clientCertificates' | 'caBundles' | 'cookies' | 'proxy'> {
  subprotocols?: string[];
  deflate?: boolean;
  /** Largest message accepted, bytes (default 64 MiB): a larger one closes with 1009. */
  maxMessageBytes?: number;
}

/** Page → relay. */
export type ChannelRequest =
  | { type: 'open'; meta: WebSocketOpenMeta }
  | { type: 'send'; opcode: 'text'; text: string }
  | { type: 'send'; opcode: 'binary'; data: string }
  | { type: 'ping'; text?: string }
  | { type: 'close'; code?: number; reason?: string };

/** Relay → page. */
export type ChannelEvent =
  | { type: 'handshake'; handshake: WebSocketHandshake }
  | { type: 'refused'; refusal: WebSocketRefusal }
  | { type: 'failed'; failure: WebSocketFailure }
  | { type: 'messages'; messages: WebSocketMessage[] }
  | { type: 'closed'; closure: WebSocketClosure; failure?: WebSocketFailure }
  /** A request the relay could not carry out (a close code that cannot be sent…); the socket stays open. */
  | { type: 'problem'; message: string };
