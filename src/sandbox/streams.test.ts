/**
 * The sandbox's streams over loopback, read with core's stream parsers, and one stream
 * relayed and cancelled: the relay passes events on before the stream ends, and a cancel
 * closes the sandbox's side of the connection. No test waits on a timer: `interval=0`
 * streams as fast as the socket takes it, and the cancelled stream's next event is far off.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineStreamParser, parseEventStream, type StreamEvent } from '../core';
import { callRelay } from '../relay/relayClient';
import { streamEvents } from './streams';
import { startSandboxHarness, type SandboxHarness } from '../testing/sandboxHarness';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());

const eventsOf = (text: string) => parseEventStream(text).records.filter((r): r is StreamEvent => r.kind === 'event');

describe('/sandbox/stream/sse', () => {
  it('sends count events with ids, three types, two-line data, a retry and comments, as an open-ended event stream', async () => {
    const answer = await sb.call('/sandbox/stream/sse?count=8&interval=0');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    const { records, partial } = parseEventStream(answer.text);
    expect(partial).toBeUndefined();
    const events = eventsOf(answer.text);
    expect(events.map((e) => `${e.id}:${e.type}`)).toEqual(['1:message', '2:tick', '3:notice', '4:message', '5:tick', '6:notice', '7:message', '8:tick']);
    expect(events[2]!.data).toBe('Notice 3, line one\nline two of the same event');
    expect(JSON.parse(events[1]!.data)).toMatchObject({ n: 2 });
    expect(records.filter((r) => r.kind === 'retry')).toMatchObject([{ ms: 3000 }]);
    expect(records.filter((r) => r.kind === 'comment').map((r) => (r.kind === 'comment' ? r.text : ''))).toEqual(['8 events from the Wirebench sandbox', 'keep-alive', 'keep-alive']);
    expect(records.some((r) => r.kind === 'ignored')).toBe(false);
  });

  it('writes the same events with CR LF or CR line ends', async () => {
    const lf = eventsOf((await sb.call('/sandbox/stream/sse?count=4&interval=0')).text).map((e) => [e.id, e.type, e.data]);
    for (const eol of ['crlf', 'cr']) {
      const text = (await sb.call(`/sandbox/stream/sse?count=4&interval=0&eol=${eol}`)).text;
      expect(text).toContain(eol === 'crlf' ? '\r\n' : '\r');
      expect(eventsOf(text).map((e) => [e.id, e.type, e.data.replace(/"at":"[^"]+"/, '')])).toEqual(lf.map(([id, type, data]) => [id, type, data!.replace(/"at":"[^"]+"/, '')]));
    }
  });

  it('resumes after Last-Event-ID', async () => {
    const answer = await sb.call('/sandbox/stream/sse?count=5&interval=0', { headers: { 'Last-Event-ID': '3' } });
    expect(eventsOf(answer.text).map((e) => e.id)).toEqual(['4', '5']);
    expect(answer.text).toContain('resuming after 3');
  });

  it('refuses counts, intervals and line ends out of range with a problem', async () => {
    for (const query of ['count=0', 'count=10001', 'interval=99999', 'interval=-1', 'eol=lfcr']) {
      const answer = await sb.call(`/sandbox/stream/sse?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.headers['content-type']).toBe('application/problem+json');
    }
  });
});

describe('/sandbox/stream/sse-broken', () => {
  it('ends in the middle of its fourth event, which an EventSource never dispatches', async () => {
    const answer = await sb.call('/sandbox/stream/sse-broken?interval=0');
    expect(answer.status).toBe(200);
    const { records, partial } = parseEventStream(answer.text);
    expect(records.filter((r) => r.kind === 'event').map((e) => (e.kind === 'event' ? e.id : ''))).toEqual(['1', '2', '3']);
    expect(partial).toMatchObject({ id: '4', type: 'tick', data: '{"n":4,', unfinishedLine: 'data: "cut":' });
  });
});

describe('/sandbox/stream/ndjson and /sandbox/stream/text', () => {
  it('sends one JSON value per line, the bad line where asked', async () => {
    const answer = await sb.call('/sandbox/stream/ndjson?count=5&interval=0&bad=3');
    expect(answer.headers['content-type']).toBe('application/x-ndjson');
    const parser = new LineStreamParser('ndjson');
    const lines = [...parser.push(answer.text), ...parser.end()];
    expect(lines.map((l) => [l.line, l.fault ? `bad at ${l.fault.column}` : 'ok'])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'bad at 39'],
      [4, 'ok'],
      [5, 'ok'],
    ]);
  });

  it('speaks JSON Lines and JSON text sequences too', async () => {
    expect((await sb.call('/sandbox/stream/ndjson?count=2&interval=0&format=jsonl')).headers['content-type']).toBe('application/jsonl');
    const seq = await sb.call('/sandbox/stream/ndjson?count=2&interval=0&format=json-seq');
    expect(seq.headers['content-type']).toBe('application/json-seq');
    const parser = new LineStreamParser('json-seq');
    expect(parser.push(seq.text).filter((l) => !l.fault)).toHaveLength(2);
    expect((await sb.call('/sandbox/stream/ndjson?format=csv')).status).toBe(400);
  });

  it('sends plain text lines chunked, without a length', async () => {
    const answer = await sb.call('/sandbox/stream/text?count=3&interval=0');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.text).toBe('line 1 of 3\nline 2 of 3\nline 3 of 3\n');
  });
});

describe('a stream through the relay', () => {
  it('passes the first events on while the stream is open, and a cancel closes the sandbox\u2019s connection', async () => {
    const before = (await sb.call('/sandbox/stream/connections')).json as { open: number; closedEarly: number };
    const controller = new AbortController();
    const closed = once(streamEvents, 'closed');
    let text = '';
    let eventsSeen = 0;
    const relayed = callRelay(
      { method: 'GET', url: `${sb.origin}/sandbox/stream/sse?count=3&interval=10000`, headers: [] },
      {
        base: sb.origin,
        token: 'sandbox-test-token',
        collect: true,
        onBody: () => {
          // The head and the stream's opening arrive at once; the next event is 10 s away.
          eventsSeen += 1;
          if (eventsSeen === 1) controller.abort();
        },
        signal: controller.signal,
      },
    );
    const [{ early }] = (await closed) as [{ early: boolean }];
    expect(early).toBe(true);
    const result = await relayed;
    expect(result.head?.status).toBe(200);
    expect(result.summary).toBeUndefined();
    text = result.body?.toString('utf8') ?? '';
    expect(text === '' || text.startsWith(': 3 events')).toBe(true);
    const after = (await sb.call('/sandbox/stream/connections')).json as { open: number; closedEarly: number };
    expect(after.open).toBe(before.open);
    expect(after.closedEarly).toBe(before.closedEarly + 1);
  });

  it('relays a whole event stream frame by frame, byte for byte', async () => {
    const direct = (await sb.call('/sandbox/stream/sse?count=6&interval=0')).text;
    const result = await callRelay({ method: 'GET', url: `${sb.origin}/sandbox/stream/sse?count=6&interval=0`, headers: [] }, { base: sb.origin, token: 'sandbox-test-token', collect: true });
    expect(result.summary).toBeDefined();
    const relayed = result.body!.toString('utf8');
    expect(eventsOf(relayed).map((e) => e.id)).toEqual(eventsOf(direct).map((e) => e.id));
  });
});
