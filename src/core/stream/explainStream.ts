/**
 * What a streamed response is, for the status card's findings: an event stream or a
 * line-delimited JSON stream, how its end is marked on the wire (no Content-Length: the
 * end of a chunked body, or the connection closing), and the server-side advice that goes
 * with it (`Cache-Control: no-store`, `Last-Event-ID` on reconnect). States no verdict:
 * the status summary and the Cache-Control explanation already say whether it worked and
 * whether it may be stored, and these findings only add to them.
 */
import type { Finding } from '../http/finding';
import { parseCacheControl } from '../inspect/cacheControl';
import { headerValue, type WireRequest, type WireResponse } from '../types';
import { contentTypeEssence, streamKindOf } from './streamKind';

const SSE_REFERENCE = 'HTML Living Standard §9.2 Server-sent events';

/** How the end of this body is marked, in one sentence. */
function framing(response: WireResponse): string {
  const length = headerValue(response.headers, 'Content-Length');
  if (length !== undefined) return `This one declares Content-Length: ${length.trim()}, so it ends after that many bytes.`;
  if (/^2/.test(response.httpVersion ?? '')) return 'Over HTTP/2 its end is the last DATA frame of the stream (END_STREAM); there is no Content-Length.';
  if (/\bchunked\b/i.test(headerValue(response.headers, 'Transfer-Encoding') ?? '')) {
    return 'It has no Content-Length: it is sent chunked (Transfer-Encoding: chunked), and ends with the zero-length last chunk.';
  }
  return 'It has no Content-Length and is not chunked: it ends when the server closes the connection.';
}

/** Findings for an event stream or a line-delimited JSON stream; none for other responses. */
export function explainStreamedResponse(request: WireRequest, response: WireResponse): Finding[] {
  const kind = streamKindOf(response.headers);
  if (kind === 'event-stream') return explainEventStream(request, response);
  if (kind === 'ndjson' || kind === 'json-seq') {
    const essence = contentTypeEssence(response.headers);
    return [
      {
        id: 'line-stream',
        severity: 'info',
        title: kind === 'json-seq' ? 'A JSON text sequence' : 'One JSON value per line',
        message: `${essence} carries ${kind === 'json-seq' ? 'JSON texts, each starting with the RS character (U+001E) and ending with a line feed' : 'one JSON value per line'}, so each record can be read as soon as its line arrives and a bad line spoils only itself. ${framing(response)}`,
        reference: kind === 'json-seq' ? 'RFC 7464' : 'NDJSON / JSON Lines',
      },
    ];
  }
  return [];
}

function explainEventStream(request: WireRequest, response: WireResponse): Finding[] {
  const findings: Finding[] = [
    {
      id: 'event-stream',
      severity: 'info',
      title: 'A stream of server-sent events',
      message: `text/event-stream is a response the server keeps open and writes events into as they happen (what a browser's EventSource reads). ${framing(response)} Each event is a block of "field: value" lines ended by a blank line: data lines are joined with line feeds, event names the type (message when absent), id sets the id a reconnecting client sends back in Last-Event-ID so the server can resume after it, and retry sets how long the client waits before reconnecting. Lines starting with ":" are comments, often keep-alives. A block the stream ends before its blank line is never dispatched.`,
      reference: SSE_REFERENCE,
    },
  ];
  const length = headerValue(response.headers, 'Content-Length');
  if (length !== undefined) {
    findings.push({
      id: 'event-stream-content-length',
      severity: 'warning',
      title: 'An event stream with a Content-Length',
      message: `An event stream is open-ended, yet this one declares Content-Length: ${length.trim()}. Clients stop reading after that many bytes, and proxies may hold the response until all of it has come. Event streams are sent without a length.`,
      reference: SSE_REFERENCE,
    });
  }
  const cacheControl = headerValue(response.headers, 'Cache-Control');
  const noStore = cacheControl !== undefined && parseCacheControl(cacheControl).some((d) => d.name === 'no-store');
  if (!noStore) {
    findings.push({
      id: 'event-stream-no-store',
      severity: 'warning',
      title: 'Send event streams with Cache-Control: no-store',
      message: `This stream ${cacheControl === undefined ? 'has no Cache-Control' : `says Cache-Control: ${cacheControl}`}. Without no-store a cache between you and the server may keep the stream, or buffer it, and a reconnecting client could be answered with old events.`,
      reference: 'RFC 9111 §5.2.2.5',
    });
  }
  const resumeFrom = headerValue(request.headers, 'Last-Event-ID');
  if (resumeFrom !== undefined) {
    findings.push({
      id: 'event-stream-resume',
      severity: 'info',
      title: `Resuming after event ${resumeFrom}`,
      message: `Your request sent Last-Event-ID: ${resumeFrom}, as a reconnecting EventSource does. A server that keeps its events sends only those after that id; one that ignores the header starts over.`,
      reference: SSE_REFERENCE,
    });
  }
  return findings;
}
