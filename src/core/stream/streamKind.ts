/**
 * Which responses are streams read as a list while they arrive: server-sent events, the
 * line-delimited JSON types, and plain text sent without a length (chunked or until the
 * connection closes). Read from the response head alone, so the list can start at once.
 */
import { contentTypeParams } from '../encoding/mediaType';
import { headerValue, type HeaderField } from '../types';
import type { LineStreamFormat } from './jsonLines';

/** How a streamed body is read: as events, or line by line in one of the line formats. */
export type StreamKind = 'event-stream' | LineStreamFormat;

const LINE_TYPES: Record<string, LineStreamFormat> = {
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
  'application/jsonl': 'ndjson',
  'application/x-jsonlines': 'ndjson',
  'application/jsonlines': 'ndjson',
  'application/json-seq': 'json-seq',
};

/** The essence of the response's Content-Type, lower-cased ('' when absent). */
export function contentTypeEssence(headers: readonly HeaderField[]): string {
  const value = headerValue(headers, 'Content-Type');
  return value === undefined ? '' : contentTypeParams(value).type;
}

/**
 * How the body of a response with these headers is read as a stream, or undefined when
 * it is an ordinary document. `text/plain` counts only when it has no Content-Length:
 * a text with a length is a document, not a stream of lines.
 */
export function streamKindOf(headers: readonly HeaderField[]): StreamKind | undefined {
  if (!Array.isArray(headers)) throw new TypeError('streamKindOf expects a header list');
  const essence = contentTypeEssence(headers);
  if (essence === 'text/event-stream') return 'event-stream';
  const line = LINE_TYPES[essence];
  if (line) return line;
  if (essence === 'text/plain' && headerValue(headers, 'Content-Length') === undefined) return 'text';
  return undefined;
}

/**
 * Whether a body of this Content-Type is a live stream whose first bytes must be shown as
 * they arrive (server-sent events, the JSON line types, all UTF-8): its reader decides what
 * it is from the type at the first chunk instead of waiting for a sniffing prefix, which
 * at one small event a second held the first events back for many seconds.
 */
export function isLiveStreamType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const essence = contentTypeParams(contentType).type;
  return essence === 'text/event-stream' || Object.hasOwn(LINE_TYPES, essence);
}
