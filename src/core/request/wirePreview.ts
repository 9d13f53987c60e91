/**
 * "What will be sent": the HTTP/1.1 request text as the relay will write it — request line
 * with the origin-form target, Host, the composed headers in order, the framing header and
 * the connection header the relay's client adds, a blank line, then the body (exact for
 * small bodies; files as markers, never read).
 */
import { multipartPreview } from '../encoding';
import type { WireRequest } from '../types';
import { framingHeaders, relayConnectionHeader } from './framing';

/** Options of `wirePreview`. */
export interface WirePreviewOptions {
  /** Characters of body shown before the preview is cut (default 16,384). */
  bodyLimit?: number;
}

function bodyLength(wire: WireRequest): number {
  let total = 0;
  for (const chunk of wire.body ?? []) {
    if (typeof chunk === 'string') total += new TextEncoder().encode(chunk).length;
    else if (chunk instanceof Uint8Array) total += chunk.length;
    else total += chunk.size;
  }
  return total;
}

/**
 * The request as text, lines ending in CRLF as on the wire. The target is the URL's path
 * and query as a WHATWG parser normalises them, which is what the relay sends. Throws a
 * TypeError for a URL that does not parse: wire requests come from `buildWireRequest`,
 * which refuses those.
 */
export function wirePreview(wire: WireRequest, options: WirePreviewOptions = {}): string {
  let url: URL;
  try {
    url = new URL(wire.url);
  } catch {
    throw new TypeError(`wirePreview needs an absolute URL, got "${wire.url}"`);
  }
  const length = bodyLength(wire);
  const headers = framingHeaders({ method: wire.method, host: url.host, headers: wire.headers, hasBody: length > 0, bodyLength: length });
  const connection = relayConnectionHeader(headers);
  if (connection) headers.push(connection);
  const head = [`${wire.method} ${url.pathname || '/'}${url.search} HTTP/1.1`, ...headers.map((h) => `${h.name}: ${h.value}`)].join('\r\n');
  const body = length > 0 ? multipartPreview({ chunks: wire.body ?? [] }, options.bodyLimit ?? 16_384) : '';
  return `${head}\r\n\r\n${body}`;
}
