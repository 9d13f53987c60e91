/**
 * HTTP/1.1 message framing (RFC 9112 §6, RFC 9110 §8.6): the headers HTTP itself requires
 * on top of the composed ones — Host, and Content-Length or Transfer-Encoding. The relay
 * adds them when it writes the request and the composer shows them before sending, so the
 * rule lives here once.
 */
import type { HeaderField } from '../types';

/**
 * Methods sent with no framing header when they have no body. Any other method without a
 * body gets `Content-Length: 0`: RFC 9110 §8.6 asks for it where content has a meaning
 * (POST, PUT, PATCH), and Node's client would otherwise frame an extension method's empty
 * body as chunked.
 */
export const METHODS_WITHOUT_FRAMING: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

/** What framing depends on. */
export interface FramingRequest {
  method: string;
  /** The URL's host with its port when not the default (`new URL(url).host`). */
  host: string;
  headers: readonly HeaderField[];
  /** Whether any body is sent (an empty body counts as none). */
  hasBody: boolean;
  /** The body length when known; null for a stream of unknown length. */
  bodyLength: number | null;
}

function hasHeader(headers: readonly HeaderField[], name: string): boolean {
  const lower = name.toLowerCase();
  return headers.some((h) => h.name.toLowerCase() === lower);
}

/**
 * The header list as written: `Host` first unless composed, the composed headers in order
 * (duplicates kept), then the framing header unless one was composed — `Content-Length`
 * for a known length, `Transfer-Encoding: chunked` for a stream of unknown length, and
 * `Content-Length: 0` for a bodiless method whose content has meaning. Composed headers
 * are never replaced.
 */
export function framingHeaders(request: FramingRequest): HeaderField[] {
  const out: HeaderField[] = [];
  if (!hasHeader(request.headers, 'host')) out.push({ name: 'Host', value: request.host });
  out.push(...request.headers);
  const framed = hasHeader(request.headers, 'content-length') || hasHeader(request.headers, 'transfer-encoding');
  if (!framed) {
    const length = request.hasBody ? request.bodyLength : 0;
    if (request.hasBody && length === null) out.push({ name: 'Transfer-Encoding', value: 'chunked' });
    else if (length && length > 0) out.push({ name: 'Content-Length', value: String(length) });
    else if (!METHODS_WITHOUT_FRAMING.has(request.method)) out.push({ name: 'Content-Length', value: '0' });
  }
  return out;
}

/**
 * The `Connection` header the relay's HTTP client appends last: it keeps connections in a
 * pool, so Node writes `Connection: keep-alive` unless one was composed. Shown in the
 * preview so it matches the bytes on the wire.
 */
export function relayConnectionHeader(headers: readonly HeaderField[]): HeaderField | undefined {
  return hasHeader(headers, 'connection') ? undefined : { name: 'Connection', value: 'keep-alive' };
}
