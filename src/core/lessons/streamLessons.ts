/**
 * Streamed responses (issue 17): server-sent events read as a list while they arrive, a
 * stream that stops in the middle of an event, and one JSON value per line.
 */
import type { Lesson } from './lesson';

export const STREAM_LESSONS: readonly Lesson[] = [
  {
    id: 'sse-stream',
    group: 'Utilities',
    title: 'Server-sent events, live',
    convention: 'HTML Living Standard §9.2 (text/event-stream)',
    teaches:
      'An event stream has no Content-Length: the server keeps the response open and writes events as they happen, each a block of field lines ended by a blank line. data lines join with line feeds, event names the type, id is what a reconnecting client sends back as Last-Event-ID, retry sets the reconnection wait.',
    lookAt: 'The Events view fills while the stream is open: ids, types, the two-line notices, the retry and the keep-alive comments, and each arrival time. Filter by type; Raw shows the text as sent.',
    request: { method: 'GET', url: '/sandbox/stream/sse?count=6&interval=200', headers: [{ name: 'Accept', value: 'text/event-stream' }] },
    expectedStatus: 200,
  },
  {
    id: 'sse-resume',
    group: 'Utilities',
    title: 'Resuming a stream with Last-Event-ID',
    convention: 'HTML Living Standard §9.2.4',
    teaches: 'A reconnecting EventSource sends the id of the last event it saw in Last-Event-ID; a server that keeps its events resumes after it instead of starting over.',
    lookAt: 'The stream starts at id 4: events 1 to 3 are not sent again.',
    request: { method: 'GET', url: '/sandbox/stream/sse?count=6&interval=100', headers: [{ name: 'Accept', value: 'text/event-stream' }, { name: 'Last-Event-ID', value: '3' }] },
    expectedStatus: 200,
  },
  {
    id: 'sse-broken',
    group: 'Utilities',
    title: 'A stream that stops mid-event',
    convention: 'HTML Living Standard §9.2.6',
    teaches: 'An event is dispatched only at the blank line that ends it. When the stream ends inside a block, an EventSource drops that block without a word.',
    lookAt: 'Three events, then event 4 shown as incomplete: its id, type and the data that came, never dispatched.',
    request: { method: 'GET', url: '/sandbox/stream/sse-broken?interval=200', headers: [{ name: 'Accept', value: 'text/event-stream' }] },
    expectedStatus: 200,
  },
  {
    id: 'ndjson-stream',
    group: 'Utilities',
    title: 'One JSON value per line',
    convention: 'NDJSON / JSON Lines',
    teaches: 'application/x-ndjson sends one JSON value per line, so each record can be used as soon as its line arrives, and a bad line spoils only itself.',
    lookAt: 'Line 4 is marked bad with its column; the lines after it are read as usual. Select a line to see it pretty-printed.',
    request: { method: 'GET', url: '/sandbox/stream/ndjson?count=8&interval=150&bad=4', headers: [{ name: 'Accept', value: 'application/x-ndjson' }] },
    expectedStatus: 200,
  },
];
