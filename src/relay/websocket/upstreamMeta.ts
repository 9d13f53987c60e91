/**
 * The upstream description checked before anything is sent: the HTTP relay's own checks
 * (header names and values, numbers, proxy, cookies, TLS material), then what only a
 * WebSocket has (a ws:/wss: or http:/https: URL, subprotocol tokens, the message limit).
 */
import { isHttpToken } from '../../core';
import type { WebSocketOpenMeta } from '../../core/protocols/websocket/channel';
import { RelayFailure } from '../failures';
import { checkMeta } from '../relayRequest';

const MAX_MESSAGE_BOUNDS = { min: 1, max: 1024 * 1024 * 1024 };

/** The URL to connect to, as http: or https: (ws: and wss: mapped), or a `bad_request` failure. */
export function upstreamUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RelayFailure('bad_request', `${JSON.stringify(text)} is not an absolute URL: a WebSocket address looks like wss://host/path.`);
  }
  const scheme = { 'ws:': 'http:', 'wss:': 'https:', 'http:': 'http:', 'https:': 'https:' }[url.protocol];
  if (!scheme) throw new RelayFailure('bad_request', `A WebSocket URL starts with ws:// or wss://, not ${url.protocol}//.`);
  if (url.hash) url.hash = '';
  return new URL(scheme + url.href.slice(url.protocol.length));
}

/** Throws a typed `bad_request` naming the field when `meta` cannot be sent. */
export function checkUpstreamMeta(meta: WebSocketOpenMeta): void {
  if (!meta || typeof meta !== 'object') throw new RelayFailure('bad_request', 'The WebSocket description must be an object.');
  checkMeta({ ...meta, method: 'GET' });
  if (meta.subprotocols !== undefined) {
    if (!Array.isArray(meta.subprotocols)) throw new RelayFailure('bad_request', 'The field subprotocols must be a list of names.');
    const seen = new Set<string>();
    meta.subprotocols.forEach((p, i) => {
      if (typeof p !== 'string' || !isHttpToken(p)) throw new RelayFailure('bad_request', `Subprotocol ${i + 1} ${JSON.stringify(p)} is not a token (letters, digits and !#$%&'*+-.^_\`|~; no spaces or commas).`);
      if (seen.has(p)) throw new RelayFailure('bad_request', `Subprotocol "${p}" is offered twice.`);
      seen.add(p);
    });
  }
  if (meta.deflate !== undefined && typeof meta.deflate !== 'boolean') throw new RelayFailure('bad_request', 'The field deflate must be true or false.');
  const max: unknown = meta.maxMessageBytes;
  if (max !== undefined && (typeof max !== 'number' || !Number.isInteger(max) || max < MAX_MESSAGE_BOUNDS.min || max > MAX_MESSAGE_BOUNDS.max)) {
    throw new RelayFailure('bad_request', `The field maxMessageBytes must be a whole number from ${MAX_MESSAGE_BOUNDS.min} to ${MAX_MESSAGE_BOUNDS.max}.`);
  }
}
