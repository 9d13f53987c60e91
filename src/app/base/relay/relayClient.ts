/**
 * Sends a `WireRequest` through the local relay and streams the answer back as callbacks.
 * The body goes as a Blob so file parts are streamed by the browser from disk, never read
 * into JS memory; the answer arrives as frames (see `core/relay/protocol`).
 */
import {
  encodeRelayPrefix,
  FrameDecoder,
  FrameType,
  type BodyChunk,
  type RelayError,
  type RelayHead,
  type RelayHop,
  type RelayRequestMeta,
  type RelaySummary,
  type WireRequest,
} from '../../../core';
import { relayToken } from './session';

/** Files the person picked, by the id a `FileRef` carries. */
export const fileRegistry = new Map<string, Blob>();

export interface RelayCallbacks {
  onHead?(head: RelayHead): void;
  onBody?(chunk: Uint8Array): void;
  onHop?(hop: RelayHop): void;
}

export type RelayOutcome = { ok: true; summary: RelaySummary } | { ok: false; error: RelayError };

export interface RelaySendOptions extends Omit<RelayRequestMeta, 'method' | 'url' | 'headers'> {
  signal?: AbortSignal;
  /** The page's relay token; a Web Worker (which has no document to read it from) passes it in. */
  token?: string;
}

function bodyParts(chunks: BodyChunk[] | undefined): BlobPart[] {
  const parts: BlobPart[] = [];
  for (const chunk of chunks ?? []) {
    if (typeof chunk === 'string') parts.push(chunk);
    else if (chunk instanceof Uint8Array) parts.push(chunk as Uint8Array<ArrayBuffer>);
    else {
      const file = fileRegistry.get(chunk.id);
      if (!file) throw new RangeError(`The file "${chunk.name}" is no longer available; pick it again.`);
      parts.push(file);
    }
  }
  return parts;
}

function parseJson<T>(payload: Uint8Array): T {
  return JSON.parse(new TextDecoder().decode(payload)) as T;
}

/** Sends through the relay. Resolves with the summary or a typed error; never rejects. */
export async function sendThroughRelay(wire: WireRequest, options: RelaySendOptions, callbacks: RelayCallbacks = {}): Promise<RelayOutcome> {
  const { signal, token, ...rest } = options;
  const meta: RelayRequestMeta = { ...rest, method: wire.method, url: wire.url, headers: wire.headers };
  let body: Blob;
  try {
    body = new Blob([encodeRelayPrefix(meta) as Uint8Array<ArrayBuffer>, ...bodyParts(wire.body)]);
  } catch (err) {
    return { ok: false, error: { kind: 'bad_request', message: (err as Error).message } };
  }
  let response: Response;
  try {
    response = await fetch('/api/relay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'X-Wirebench-Token': token ?? relayToken() },
      body,
      signal,
    });
  } catch (err) {
    if (signal?.aborted) return { ok: false, error: { kind: 'aborted', message: 'The request was cancelled.' } };
    return {
      ok: false,
      error: {
        kind: 'refused',
        message: 'The Wirebench server on this machine did not answer. Is `npm start` still running?',
        detail: (err as Error).message,
      },
    };
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    return {
      ok: false,
      error: { kind: 'bad_request', message: `The local relay refused the call (${response.status}): ${text.trim()}` },
    };
  }
  const decoder = new FrameDecoder();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const frame of decoder.push(value)) {
        if (frame.type === FrameType.Body) callbacks.onBody?.(frame.payload);
        else if (frame.type === FrameType.Head) callbacks.onHead?.(parseJson<RelayHead>(frame.payload));
        else if (frame.type === FrameType.Hop) callbacks.onHop?.(parseJson<RelayHop>(frame.payload));
        else if (frame.type === FrameType.Summary) return { ok: true, summary: parseJson<RelaySummary>(frame.payload) };
        else if (frame.type === FrameType.Error) return { ok: false, error: parseJson<RelayError>(frame.payload) };
      }
    }
  } catch (err) {
    if (signal?.aborted) return { ok: false, error: { kind: 'aborted', message: 'The request was cancelled.', partial: true } };
    return { ok: false, error: { kind: 'reset', message: 'The connection to the local relay broke.', detail: (err as Error).message } };
  }
  if (signal?.aborted) return { ok: false, error: { kind: 'aborted', message: 'The request was cancelled.', partial: true } };
  return { ok: false, error: { kind: 'protocol', message: 'The relay stream ended without a summary.' } };
}
