/**
 * HTTP versions (issue 17): the same request over HTTP/1.1 and HTTP/2, and what HTTP/2's
 * header block carries instead of a request line, a Host header and a reason phrase.
 */
import type { Lesson } from './lesson';

export const PROTOCOL_LESSONS: readonly Lesson[] = [
  {
    id: 'http2-pseudo-headers',
    group: 'Utilities',
    title: 'HTTP/2 and its pseudo-headers',
    convention: 'RFC 9113 §8.3 (pseudo-header fields), RFC 7301 (ALPN)',
    teaches:
      'HTTP/2 has no request line and no status line: :method, :scheme, :authority and :path carry what HTTP/1.1 wrote in the request line and Host, and :status is the status code alone, with no reason phrase. Over https the client offers h2 in the TLS handshake (ALPN) and the server picks; connection-specific headers such as Connection and Keep-Alive are not allowed.',
    lookAt:
      'Here, over the http:// sandbox, the answer says HTTP/1.1 and names the HTTPS sandbox URL of the same endpoint. Send it there (HTTP version: Automatic): the status row says HTTP/2 with no reason phrase, Headers lists :status first, and Request as sent explains each pseudo-header; the answer lists the pseudo-headers the server saw.',
    request: { method: 'GET', url: '/sandbox/http2/info', headers: [{ name: 'Accept', value: 'application/json' }] },
    expectedStatus: 200,
  },
];
