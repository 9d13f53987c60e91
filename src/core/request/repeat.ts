/**
 * Recognising a repeat (spec §4.2): a client must not repeat a request whose method is
 * not idempotent without the person's consent. A repeat is the same request again — same
 * method, target, headers and body — whether sent from a tab or from history.
 */
import { METHOD_OVERRIDE_HEADER, needsRepeatConsent } from '../http';
import type { BodyChunk, WireRequest } from '../types';
import { headerValue } from '../types';

/**
 * The method the server acts on: the override's value for a POST that carries
 * `X-HTTP-Method-Override` (the server treats it as that method), else the method sent.
 */
export function intendedMethod(wire: WireRequest): string {
  if (wire.method !== 'POST') return wire.method;
  return headerValue(wire.headers, METHOD_OVERRIDE_HEADER)?.trim() || wire.method;
}

function chunkKey(chunk: BodyChunk): string {
  if (typeof chunk === 'string') return `t:${chunk}`;
  if (chunk instanceof Uint8Array) {
    // FNV-1a: enough to tell two byte bodies apart without keeping them.
    let hash = 0x811c9dc5;
    for (const byte of chunk) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    return `b:${chunk.length}:${hash.toString(16)}`;
  }
  return `f:${chunk.id}:${chunk.size}`;
}

/**
 * A string that is equal for two wire requests exactly when they are the same request:
 * method, URL, headers in order, and body (files by identity and size). Holds header
 * values, so it is kept in memory only, never stored.
 */
export function requestFingerprint(wire: WireRequest): string {
  return JSON.stringify([wire.method, wire.url, wire.headers.map((h) => [h.name, h.value]), (wire.body ?? []).map(chunkKey)]);
}

/**
 * Whether sending `wire` now needs the person's consent: it repeats a request already
 * sent (`previous` is that request's fingerprint; `alreadySent` says so for a request
 * loaded from history) and the method the server acts on is not idempotent.
 */
export function repeatNeedsConsent(wire: WireRequest, previous: { fingerprint?: string; alreadySent?: boolean }): boolean {
  const repeating = previous.alreadySent === true || (previous.fingerprint !== undefined && previous.fingerprint === requestFingerprint(wire));
  return repeating && needsRepeatConsent(intendedMethod(wire));
}
