/**
 * The page keeps bounded response bodies (issue 32 item 4): one body keeps its first
 * BODY_KEEP_BYTES and counts the rest, and all tabs together stay within PAGE_BODY_BUDGET,
 * the oldest send's body dropped first, each saying so. Chunks here share one buffer, so the
 * test itself holds a megabyte however many it "receives".
 */
import { describe, expect, it } from 'vitest';
import { BODY_KEEP_BYTES, notKeptSentence, PAGE_BODY_BUDGET } from './bodyBudget';
import { activeExchange } from './exchangeSlice';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';

const MB = 1024 * 1024;
const block = new Uint8Array(MB);
const request = (url: string) => ({ method: 'GET', url, headers: [] });
const head = { status: 200, reason: 'OK', httpVersion: '1.1', headers: [] };
const kept = (chunks: Uint8Array[]) => chunks.reduce((n, c) => n + c.length, 0);

let stores = 0;
const store = () => createWorkbenchStore({ persistName: `body-budget-test-${++stores}` });

describe('bounded bodies in the page', () => {
  it(`keeps the first ${BODY_KEEP_BYTES / MB} MB of a larger body, counts all of it, and says it was cut`, () => {
    const s = store();
    s.getState().beginExchange(request('http://h/big'));
    s.getState().receiveHead(head);
    for (let i = 0; i < 100; i++) s.getState().receiveBody(i === 70 ? new Uint8Array(MB + 5) : block);
    s.getState().failExchange({ kind: 'aborted', message: 'The request was cancelled.', partial: true });
    const exchange = activeExchange(s.getState());
    expect(kept(exchange.chunks)).toBe(BODY_KEEP_BYTES);
    expect(exchange.received).toBe(100 * MB + 5);
    expect(exchange.bodyNotKept).toEqual({ reason: 'size', keptBytes: BODY_KEEP_BYTES, totalBytes: 100 * MB + 5 });
    expect(notKeptSentence(exchange.bodyNotKept!)).toMatch(/^Only the first 64\.0 MiB of 100\.0 MiB of this body is kept in the page/);
  });

  it('keeps a body within the limit whole, with nothing said', () => {
    const s = store();
    s.getState().beginExchange(request('http://h/small'));
    s.getState().receiveHead(head);
    for (let i = 0; i < 3; i++) s.getState().receiveBody(block);
    s.getState().failExchange({ kind: 'aborted', message: 'x' });
    expect(activeExchange(s.getState()).bodyNotKept).toBeUndefined();
    expect(kept(activeExchange(s.getState()).chunks)).toBe(3 * MB);
  });

  it(`drops the oldest tabs' bodies so all tabs keep at most ${PAGE_BODY_BUDGET / MB} MB`, () => {
    const s = store();
    const tabs = ['t1', 't2', 't3', 't4', 't5', 't6'];
    for (const tabId of tabs) {
      s.getState().beginExchange(request(`http://h/${tabId}`), { tabId });
      s.getState().receiveHead(head);
      for (let i = 0; i < BODY_KEEP_BYTES / MB; i++) s.getState().receiveBody(block);
      s.getState().failExchange({ kind: 'aborted', message: 'x' });
    }
    const responses = s.getState().responses;
    const total = tabs.reduce((n, t) => n + kept(responses[t]!.exchange.chunks), 0);
    expect(total).toBeLessThanOrEqual(PAGE_BODY_BUDGET);
    // The newest keeps its body; the first sent lost it, and says why.
    expect(kept(responses.t6!.exchange.chunks)).toBe(BODY_KEEP_BYTES);
    expect(responses.t1!.exchange.chunks).toEqual([]);
    expect(responses.t1!.exchange.bodyNotKept).toMatchObject({ reason: 'budget', keptBytes: 0, totalBytes: BODY_KEEP_BYTES });
    expect(notKeptSentence(responses.t1!.exchange.bodyNotKept!)).toMatch(/no longer kept: the page keeps at most 256.0 MiB/);
  });
});
