import { describe, expect, it } from 'vitest';
import { createWorkbenchStore } from './workbenchStore';

const request = (url = 'http://h/a', method = 'GET') => ({ method, url, headers: [] });
const head = { status: 200, reason: 'OK', httpVersion: '1.1', headers: [] };
const summary = {
  timings: { dns: 0, connect: 0, tls: 0, send: 0, firstByte: 0, download: 0, total: 0, reusedConnection: false },
  sizes: { requestHeaders: 0, requestBody: 0, responseHeaders: 0, responseBodyWire: 0, responseBodyDecoded: 0 },
  sent: { method: 'GET', url: 'http://h/a', headText: '', headers: [], bodyBytes: 0 },
  hops: [],
  insecureTls: false,
};

let stores = 0;
function store() {
  stores += 1;
  return createWorkbenchStore({ persistName: `exchange-slice-test-${stores}` });
}

describe('exchange slice', () => {
  it('keeps every chunk at once, counts them by completion, and notifies far less than once per chunk', () => {
    const s = store();
    let notifications = 0;
    s.subscribe(() => notifications++);
    s.getState().beginExchange(request());
    s.getState().receiveHead(head);
    for (let i = 0; i < 1000; i++) s.getState().receiveBody(new Uint8Array(10));
    expect(s.getState().exchange.chunks).toHaveLength(1000);
    expect(notifications).toBe(2);
    s.getState().completeExchange(summary);
    expect(s.getState().exchange.received).toBe(10_000);
    expect(s.getState().exchange.phase).toBe('done');
  });

  it('gives each exchange its own chunk list', () => {
    const s = store();
    s.getState().beginExchange(request());
    s.getState().receiveBody(Uint8Array.of(1));
    const first = s.getState().exchange.chunks;
    s.getState().beginExchange(request());
    expect(s.getState().exchange.chunks).not.toBe(first);
    expect(s.getState().exchange.chunks).toHaveLength(0);
  });

  it('keeps the finished exchange of the same request for Compare, and drops it for another request', () => {
    const s = store();
    s.getState().beginExchange(request(), { draftId: 'd1' });
    s.getState().receiveHead(head);
    s.getState().completeExchange(summary);
    const finished = s.getState().exchange;
    s.getState().beginExchange(request(), { draftId: 'd1' });
    expect(s.getState().previousExchange).toBe(finished);
    s.getState().beginExchange(request('http://h/other'), { draftId: 'd1' });
    expect(s.getState().previousExchange).toBeUndefined();
  });

  it('does not compare answers from different drafts', () => {
    const s = store();
    s.getState().beginExchange(request(), { draftId: 'd1' });
    s.getState().completeExchange(summary);
    s.getState().beginExchange(request(), { draftId: 'd2' });
    expect(s.getState().previousExchange).toBeUndefined();
  });
});
