/**
 * History entries written as a HAR 1.2 log that browsers' network tabs, HAR viewers and
 * other tools open: request as sent, response head, timings when the relay measured them.
 * Response bodies live in Blobs the app holds, so the app reads the ones it wants to
 * include and passes them in; the rest are left out (size stated, no text).
 */
import { draftBodyOutput } from '../request';
import type { WireRequest } from '../types';
import { headerValue } from '../types';
import { maskResponseBody, maskResponseHeaders, SecretRedaction, type HistoryEntry } from '../workspace';
import { harHttpVersion, toHarRequest, type HarNameValue, type HarRequest } from './har';

/** A response body the app read from its Blob, for `exportHar`. */
export interface HarResponseBody {
  text: string;
  /** `base64` when `text` is the base64 of binary content. */
  encoding?: 'base64';
}

/** Options of `exportHar`. */
export interface HarExportOptions {
  /** Keep secrets instead of replacing them with `{{variables}}` (history is already redacted when stored). */
  includeSecrets?: boolean;
  /** Response bodies by `responseBodyRef`. */
  responseBodies?: Readonly<Record<string, HarResponseBody>>;
  /**
   * Write text response bodies as given. By default they pass through `maskResponseBody`
   * (history stores them masked unless the person chose verbatim bodies; this also covers
   * entries stored before a rule existed). Implied by `includeSecrets`.
   */
  verbatimBodies?: boolean;
  /** The Wirebench version written as the log's creator. */
  creatorVersion?: string;
}

/** HAR 1.2 timings; -1 for phases that did not happen or were not measured. */
export interface HarTimings {
  blocked: number;
  dns: number;
  connect: number;
  ssl: number;
  send: number;
  wait: number;
  receive: number;
}

/** One HAR entry as written by `exportHar`. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; text?: string; encoding?: string; comment?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
    comment?: string;
  };
  cache: Record<string, never>;
  timings: HarTimings;
  comment?: string;
}

/** The request of an entry: the wire as sent, with the body rebuilt from the draft when none was kept. */
function requestOf(entry: HistoryEntry): WireRequest {
  const wire: WireRequest = { method: entry.wire.method, url: entry.wire.url, headers: entry.wire.headers };
  if (entry.wire.bodyText !== undefined) {
    if (entry.wire.bodyText !== '') wire.body = [entry.wire.bodyText];
  } else {
    const body = draftBodyOutput(entry.draft.body, (text) => text);
    if (body.ok && body.value.chunks.length > 0) wire.body = body.value.chunks;
  }
  return wire;
}

/** HAR timings from the relay's: HAR's connect includes TLS; a reused connection has no dns/connect. */
export function harTimingsOf(entry: Pick<HistoryEntry, 'timings' | 'durationMs'>): HarTimings {
  const t = entry.timings;
  if (!t) return { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: Math.max(0, entry.durationMs ?? 0), receive: 0 };
  const fresh = !t.reusedConnection;
  return {
    blocked: -1,
    dns: fresh ? t.dns : -1,
    connect: fresh ? t.connect + t.tls : -1,
    ssl: fresh && t.tls > 0 ? t.tls : -1,
    send: t.send,
    wait: t.firstByte,
    receive: t.download,
  };
}

/** One history entry as a HAR entry. */
export function harEntryOf(entry: HistoryEntry, options: HarExportOptions = {}, redaction = new SecretRedaction()): HarEntry {
  const request = toHarRequest(requestOf(entry), { includeSecrets: options.includeSecrets ?? false, redaction, ...(entry.httpVersion ? { httpVersion: entry.httpVersion } : {}) });
  // History masks response headers when it stores them; masking again here covers entries
  // stored before a rule existed (a Location's `code`), and is a no-op on masked ones.
  const responseHeaders = options.includeSecrets ? (entry.responseHeaders ?? []) : maskResponseHeaders(entry.responseHeaders ?? []).headers;
  const body = entry.responseBodyRef ? options.responseBodies?.[entry.responseBodyRef] : undefined;
  const content: HarEntry['response']['content'] = {
    size: entry.sizes?.responseBodyDecoded ?? -1,
    mimeType: headerValue(responseHeaders, 'content-type') ?? 'x-unknown',
  };
  if (body) {
    const verbatim = options.includeSecrets === true || options.verbatimBodies === true || body.encoding === 'base64';
    content.text = verbatim ? body.text : maskResponseBody(body.text, content.mimeType === 'x-unknown' ? '' : content.mimeType).text;
    if (body.encoding) content.encoding = body.encoding;
  }
  const timings = harTimingsOf(entry);
  const out: HarEntry = {
    startedDateTime: entry.at,
    time: entry.durationMs ?? entry.timings?.total ?? timings.send + timings.wait + timings.receive,
    request,
    response: {
      status: entry.status ?? 0,
      statusText: entry.reason ?? '',
      httpVersion: harHttpVersion(entry.httpVersion),
      cookies: [],
      headers: responseHeaders.map((h) => ({ name: h.name, value: h.value })),
      content,
      redirectURL: headerValue(responseHeaders, 'location') ?? '',
      headersSize: entry.sizes?.responseHeaders ?? -1,
      bodySize: entry.sizes?.responseBodyWire ?? -1,
    },
    cache: {},
    timings,
  };
  if (entry.error) out.response.comment = `No response: ${entry.error.kind}: ${entry.error.message}`;
  return out;
}

/**
 * History entries as a HAR 1.2 document (pretty-printed JSON), oldest first as HAR
 * viewers expect. An entry without a response (a network error) gets status 0 and the
 * error in the response comment, as browsers write failed requests.
 */
export function exportHar(entries: readonly HistoryEntry[], options: HarExportOptions = {}): string {
  const redaction = new SecretRedaction();
  const sorted = [...entries].sort((a, b) => a.at.localeCompare(b.at));
  const log = {
    log: {
      version: '1.2',
      creator: { name: 'Wirebench', version: options.creatorVersion ?? '1' },
      pages: [],
      entries: sorted.map((entry) => harEntryOf(entry, options, redaction)),
    },
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
