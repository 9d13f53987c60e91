/**
 * What a request sent as its body, described for an explanation: how many bytes, of which
 * media type, including which files — and the text itself when it is small and in memory,
 * so a 400 can be traced to its syntax error. File contents are never read here.
 */
import type { FileRef, WireRequest } from '../types';
import { headerValue } from '../types';

/** A request body summarised for explanations. */
export interface RequestBodyDescription {
  /** Total size in bytes: UTF-8 text, raw bytes and file sizes together. */
  bytes: number;
  /** The Content-Type header as sent, if any. */
  contentType?: string;
  /** The media type of Content-Type without parameters, lower-cased (`application/json`). */
  mediaType?: string;
  /** Files streamed as part of the body. */
  files: FileRef[];
  /** The body as text when it has no files and is at most {@link BODY_TEXT_LIMIT} bytes. */
  text?: string;
  /** One plain phrase, e.g. `you sent 123 bytes of application/xml`. */
  phrase: string;
}

/** Bodies above this size are not decoded for explanations; it keeps a huge upload cheap. */
export const BODY_TEXT_LIMIT = 1024 * 1024;

/** The media type of a Content-Type value, lower-cased and without parameters. */
export function mediaTypeEssence(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a media type is JSON: `application/json` or any `+json` structured suffix. */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(mediaType);
}

/** Whether a media type is XML: `application/xml`, `text/xml` or any `+xml` suffix. */
export function isXmlMediaType(mediaType: string): boolean {
  return (
    mediaType === 'application/xml' ||
    mediaType === 'text/xml' ||
    /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+xml$/.test(mediaType)
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Summarises the body of `request`; see {@link RequestBodyDescription}. */
export function describeRequestBody(request: WireRequest): RequestBodyDescription {
  const encoder = new TextEncoder();
  const chunks = request.body ?? [];
  const files: FileRef[] = [];
  let bytes = 0;
  for (const chunk of chunks) {
    if (typeof chunk === 'string') bytes += encoder.encode(chunk).length;
    else if (chunk instanceof Uint8Array) bytes += chunk.length;
    else {
      files.push(chunk);
      bytes += chunk.size;
    }
  }
  const contentType = headerValue(request.headers, 'content-type');
  const mediaType = contentType === undefined ? undefined : mediaTypeEssence(contentType) || undefined;

  let text: string | undefined;
  if (files.length === 0 && chunks.length > 0 && bytes <= BODY_TEXT_LIMIT) {
    // Decoded as one buffer so a character split across two chunks stays whole.
    const all = new Uint8Array(bytes);
    let at = 0;
    for (const chunk of chunks) {
      const part = typeof chunk === 'string' ? encoder.encode(chunk) : (chunk as Uint8Array);
      all.set(part, at);
      at += part.length;
    }
    text = new TextDecoder('utf-8').decode(all);
  }

  let phrase: string;
  if (chunks.length === 0) {
    phrase = 'you sent no body';
  } else {
    phrase = `you sent ${plural(bytes, 'byte')} ${mediaType ? `of ${mediaType}` : 'with no Content-Type'}`;
    if (files.length > 0) {
      phrase += `, including ${files.map((f) => `file "${f.name}" (${plural(f.size, 'byte')})`).join(', ')}`;
    }
  }
  const description: RequestBodyDescription = { bytes, files, phrase };
  if (contentType !== undefined) description.contentType = contentType;
  if (mediaType !== undefined) description.mediaType = mediaType;
  if (text !== undefined) description.text = text;
  return description;
}
