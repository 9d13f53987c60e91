/**
 * The header block of an HTTP/2 request and response (RFC 9113 §8.2–8.3): the composed header
 * list becomes pseudo-header fields plus lower-case fields, with the connection-specific ones
 * dropped and each drop said in a note; a response's raw list is split back into its pseudo-header
 * fields and the rest, in the order they arrived.
 */
import type http2 from 'node:http2';
import type { HeaderField } from '../core';

/** Fields that belong to one HTTP/1.1 connection and must not be sent over HTTP/2 (RFC 9113 §8.2.2). */
const CONNECTION_SPECIFIC = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** An HTTP/2 request's header block, ready for `session.request`, and what was changed to make it. */
export interface Http2RequestHead {
  pseudo: HeaderField[];
  /** The regular fields sent, lower-cased, grouped by name in first-seen order. */
  fields: HeaderField[];
  /** One sentence per field dropped or rewritten, saying why. */
  notes: string[];
  block: http2.OutgoingHttpHeaders;
  /** The header block as text, as the inspector shows a request head. */
  text: string;
}

/**
 * Builds the request's header block. `typed` is what the person composed (a note is written
 * only for what they typed: Host and Transfer-Encoding added by the relay's framing are
 * rewritten silently); `complete` is that list with the framing headers added.
 */
export function http2RequestHead(method: string, url: URL, typed: HeaderField[], complete: HeaderField[]): Http2RequestHead {
  const typedNames = new Set(typed.map((h) => h.name.toLowerCase()));
  const notes: string[] = [];
  let authority = url.host;
  const grouped = new Map<string, string[]>();
  for (const { name, value } of complete) {
    const lower = name.toLowerCase();
    if (lower === 'host') {
      authority = value;
      if (typedNames.has('host')) notes.push(`Host: ${value} was sent as :authority, which replaces Host in HTTP/2 (RFC 9113 §8.3.1).`);
      continue;
    }
    if (CONNECTION_SPECIFIC.has(lower)) {
      if (typedNames.has(lower)) notes.push(`${name}: ${value} was not sent: HTTP/2 forbids connection-specific fields (RFC 9113 §8.2.2); the connection and its framing are HTTP/2's own.`);
      continue;
    }
    if (lower === 'te' && value.trim().toLowerCase() !== 'trailers') {
      notes.push(`TE: ${value} was not sent: over HTTP/2, TE may only carry "trailers" (RFC 9113 §8.2.2).`);
      continue;
    }
    const values = grouped.get(lower);
    if (values) values.push(value);
    else grouped.set(lower, [value]);
  }
  const path = (url.pathname || '/') + (url.search || (url.href.slice(0, url.href.length - url.hash.length).endsWith('?') ? '?' : ''));
  const pseudo: HeaderField[] = [
    { name: ':method', value: method },
    { name: ':scheme', value: url.protocol.slice(0, -1) },
    { name: ':authority', value: authority },
    { name: ':path', value: path },
  ];
  const block: http2.OutgoingHttpHeaders = {};
  const fields: HeaderField[] = [];
  for (const p of pseudo) block[p.name] = p.value;
  for (const [name, values] of grouped) {
    block[name] = values.length === 1 ? values[0] : values;
    for (const value of values) fields.push({ name, value });
  }
  const text = [...pseudo, ...fields].map((h) => `${h.name}: ${h.value}`).join('\r\n') + '\r\n\r\n';
  return { pseudo, fields, notes, block, text };
}

/** A response's raw header list split into pseudo-header fields and the rest, each in arrival order. */
export function splitResponseHeaders(raw: string[]): { pseudo: HeaderField[]; rawHeaders: string[] } {
  const pseudo: HeaderField[] = [];
  const rawHeaders: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.startsWith(':')) pseudo.push({ name: raw[i]!, value: raw[i + 1]! });
    else rawHeaders.push(raw[i]!, raw[i + 1]!);
  }
  return { pseudo, rawHeaders };
}
