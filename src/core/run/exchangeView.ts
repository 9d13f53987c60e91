/**
 * The one view of an exchange that captures and assertions read. The page builds it from a
 * stored history entry and its body Blob; the CLI from the relay's in-process result. Both
 * end up with the same fields, so a capture or an assertion gives the same answer in the
 * UI and in CI.
 */
import { detectBodyCharset } from '../inspect/charset';
import { headerValue, type HeaderField, type WireRequest, type WireResponse } from '../types';
import type { HistoryEntry } from '../workspace/model';

/** Why an exchange view has no body text. */
export type BodyAbsence =
  /** The response had no body (a 204, a HEAD, a zero-length body). */
  | 'empty'
  /** The body is not text (an image, a zip…): regex, JSONPath and XPath cannot read it. */
  | 'binary'
  /** The body was larger than the runner keeps in memory. */
  | 'too-large'
  /** The body was not kept (history without a stored body). */
  | 'not-kept';

/** The request as it was sent, as far as captures, assertions and the explanation read it. */
export interface ExchangeViewRequest {
  method: string;
  url: string;
  headers: HeaderField[];
  /** The request body as text, when it was text; the explanation reads it (e.g. a JSON body sent with the wrong type). */
  bodyText?: string;
}

/** What came back and how long it took, decoded, in wire order. */
export interface ExchangeView {
  request: ExchangeViewRequest;
  status: number;
  /** The reason phrase as received (empty over HTTP/2). */
  reason: string;
  httpVersion?: string;
  /** Response headers in wire order, repeats kept. */
  headers: HeaderField[];
  /** The decoded body text; absent when `bodyAbsence` says why. An empty body is `''` with `bodyAbsence: 'empty'`. */
  bodyText?: string;
  bodyAbsence?: BodyAbsence;
  /** Total time of the exchange in milliseconds, when measured. */
  durationMs?: number;
  /** Decoded body size in bytes, when known. */
  sizeBytes?: number;
}

/** The parts a caller has at hand; see {@link exchangeView}. */
export interface ExchangeViewParts {
  request: ExchangeViewRequest;
  response: WireResponse;
  /** The body: text already decoded, bytes to decode by the response's charset, or why there is none. */
  body?: { text: string } | { bytes: Uint8Array } | { absent: BodyAbsence };
  durationMs?: number;
  /** Decoded size in bytes; computed from the body when not given. */
  sizeBytes?: number;
}

const utf8 = new TextEncoder();

/** Bytes that never occur in text of the single-byte and UTF-8 charsets (NUL and the C0 controls other than tab, LF, FF, CR, ESC). */
function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 1024);
  for (let i = 0; i < end; i++) {
    const b = bytes[i]!;
    if (b < 9 || (b > 13 && b < 27) || (b > 27 && b < 32)) return true;
  }
  return false;
}

/**
 * Decodes body bytes by the response's declared or detected charset (BOM, Content-Type,
 * XML declaration), the way the inspector does; undefined for bytes that are not text.
 * UTF-16 bodies contain NUL bytes, so binary sniffing happens only when no BOM says UTF-16.
 */
export function decodeBodyText(bytes: Uint8Array, contentType: string | undefined): string | undefined {
  if (!(bytes instanceof Uint8Array)) throw new TypeError('decodeBodyText expects a Uint8Array');
  const charset = detectBodyCharset(bytes.subarray(0, 1024), contentType, /xml/i.test(contentType ?? '') ? 'xml' : 'other');
  if (!charset.encoding.startsWith('utf-16') && looksBinary(bytes)) return undefined;
  try {
    return new TextDecoder(charset.encoding).decode(bytes.subarray(charset.bomLength));
  } catch {
    return undefined;
  }
}

/**
 * Builds the view from a request, a response and a body. Throws a TypeError for a
 * response without a numeric status or a headers array (a programmer error).
 */
export function exchangeView(parts: ExchangeViewParts): ExchangeView {
  const { request, response } = parts;
  if (!response || typeof response.status !== 'number' || !Array.isArray(response.headers)) {
    throw new TypeError('exchangeView expects a response with a numeric status and a headers array');
  }
  if (!request || typeof request.method !== 'string' || !Array.isArray(request.headers)) {
    throw new TypeError('exchangeView expects a request with a method and a headers array');
  }
  const view: ExchangeView = {
    request: { method: request.method, url: request.url, headers: [...request.headers], ...(request.bodyText !== undefined ? { bodyText: request.bodyText } : {}) },
    status: response.status,
    reason: response.reason ?? '',
    headers: [...response.headers],
  };
  if (response.httpVersion !== undefined) view.httpVersion = response.httpVersion;
  const body = parts.body ?? (response.bodyText !== undefined ? { text: response.bodyText } : { absent: 'not-kept' as const });
  let size = parts.sizeBytes;
  if ('text' in body) {
    view.bodyText = body.text;
    size ??= utf8.encode(body.text).length;
  } else if ('bytes' in body) {
    size ??= body.bytes.length;
    const text = decodeBodyText(body.bytes, headerValue(response.headers, 'Content-Type'));
    if (text === undefined) view.bodyAbsence = 'binary';
    else view.bodyText = text;
  } else {
    view.bodyAbsence = body.absent;
    if (body.absent === 'empty') size ??= 0;
  }
  if (view.bodyText === '') view.bodyAbsence = 'empty';
  if (view.bodyAbsence === 'empty') view.bodyText = '';
  if (size !== undefined) view.sizeBytes = size;
  if (parts.durationMs !== undefined) view.durationMs = parts.durationMs;
  return view;
}

/**
 * The view of a stored history entry, with its body read back from the body store (text,
 * bytes, or undefined when none was kept). An entry without a status (the request failed)
 * has no response to read: undefined.
 */
export function exchangeViewOfHistory(entry: HistoryEntry, body?: { text: string } | { bytes: Uint8Array }): ExchangeView | undefined {
  if (entry.status === undefined) return undefined;
  const response: WireResponse = { status: entry.status, reason: entry.reason ?? '', headers: entry.responseHeaders ?? [] };
  if (entry.httpVersion !== undefined) response.httpVersion = entry.httpVersion;
  const decoded = entry.sizes?.responseBodyDecoded;
  return exchangeView({
    request: { method: entry.wire.method, url: entry.wire.url, headers: entry.wire.headers, ...(entry.wire.bodyText !== undefined ? { bodyText: entry.wire.bodyText } : {}) },
    response,
    body: body ?? (decoded === 0 ? { absent: 'empty' } : { absent: 'not-kept' }),
    ...(entry.durationMs !== undefined ? { durationMs: entry.durationMs } : {}),
    ...(decoded !== undefined ? { sizeBytes: decoded } : {}),
  });
}

/** The request half as the explanation reads it. */
export function wireRequestOfView(view: ExchangeView): WireRequest {
  const request: WireRequest = { method: view.request.method, url: view.request.url, headers: view.request.headers };
  if (view.request.bodyText !== undefined && view.request.bodyText !== '') request.body = [view.request.bodyText];
  return request;
}

/** The response half as the explanation reads it. */
export function wireResponseOfView(view: ExchangeView): WireResponse {
  const response: WireResponse = { status: view.status, reason: view.reason, headers: view.headers };
  if (view.httpVersion !== undefined) response.httpVersion = view.httpVersion;
  if (view.bodyText !== undefined) response.bodyText = view.bodyText;
  return response;
}
