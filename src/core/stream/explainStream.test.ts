import { describe, expect, it } from 'vitest';
import { explainResponse } from '../http/explain';
import type { HeaderField, WireRequest, WireResponse } from '../types';
import { explainStreamedResponse } from './explainStream';
import { streamKindOf } from './streamKind';

const request: WireRequest = { method: 'GET', url: 'http://127.0.0.1/sandbox/stream/sse', headers: [] };
const fields = (...pairs: [string, string][]): HeaderField[] => pairs.map(([name, value]) => ({ name, value }));
const response = (headers: HeaderField[], httpVersion = '1.1'): WireResponse => ({ status: 200, reason: 'OK', httpVersion, headers });
const ids = (req: WireRequest, res: WireResponse) => explainStreamedResponse(req, res).map((f) => f.id);

describe('streamKindOf', () => {
  it('reads event streams, the JSON line types and text without a length', () => {
    expect(streamKindOf(fields(['Content-Type', 'text/event-stream; charset=utf-8']))).toBe('event-stream');
    expect(streamKindOf(fields(['content-type', 'application/x-ndjson']))).toBe('ndjson');
    expect(streamKindOf(fields(['Content-Type', 'application/jsonl']))).toBe('ndjson');
    expect(streamKindOf(fields(['Content-Type', 'application/json-seq']))).toBe('json-seq');
    expect(streamKindOf(fields(['Content-Type', 'text/plain'], ['Transfer-Encoding', 'chunked']))).toBe('text');
    expect(streamKindOf(fields(['Content-Type', 'text/plain'], ['Content-Length', '5']))).toBeUndefined();
    expect(streamKindOf(fields(['Content-Type', 'application/json']))).toBeUndefined();
    expect(streamKindOf([])).toBeUndefined();
  });
});

describe('explainStreamedResponse', () => {
  it('says what an event stream is and how this one ends, with nothing to warn of when it is sent well', () => {
    const chunked = response(fields(['Content-Type', 'text/event-stream'], ['Cache-Control', 'no-store'], ['Transfer-Encoding', 'chunked']));
    const [finding, ...rest] = explainStreamedResponse(request, chunked);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ id: 'event-stream', severity: 'info' });
    expect(finding!.message).toMatch(/chunked/);
    expect(finding!.message).toMatch(/Last-Event-ID/);
    expect(finding!.verdict).toBeUndefined();
    const closing = explainStreamedResponse(request, response(fields(['Content-Type', 'text/event-stream'], ['Cache-Control', 'no-store'])));
    expect(closing[0]!.message).toMatch(/closes the connection/);
    expect(explainStreamedResponse(request, response(fields(['Content-Type', 'text/event-stream'], ['Cache-Control', 'no-store']), '2.0'))[0]!.message).toMatch(/END_STREAM/);
  });

  it('warns of a Content-Length and of a missing no-store, and notes a resume', () => {
    const sent = response(fields(['Content-Type', 'text/event-stream'], ['Content-Length', '20'], ['Cache-Control', 'no-cache']));
    expect(ids({ ...request, headers: fields(['Last-Event-ID', '4']) }, sent)).toEqual(['event-stream', 'event-stream-content-length', 'event-stream-no-store', 'event-stream-resume']);
  });

  it('describes JSON line streams and leaves other bodies alone', () => {
    expect(ids(request, response(fields(['Content-Type', 'application/x-ndjson'])))).toEqual(['line-stream']);
    expect(ids(request, response(fields(['Content-Type', 'text/plain'])))).toEqual([]);
    expect(ids(request, response(fields(['Content-Type', 'application/json'])))).toEqual([]);
  });

  it('is part of explainResponse for a successful answer only', () => {
    const headers = fields(['Content-Type', 'text/event-stream'], ['Cache-Control', 'no-store']);
    expect(explainResponse(request, response(headers)).map((f) => f.id)).toEqual(['status', 'event-stream']);
    expect(explainResponse(request, { ...response(headers), status: 404 }).map((f) => f.id)).not.toContain('event-stream');
  });
});
