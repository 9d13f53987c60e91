import { describe, expect, it } from 'vitest';
import { activeExchange, activePrevious, activeView, forEachChangedExchange } from './exchangeSlice';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';

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
    expect(activeExchange(s.getState()).chunks).toHaveLength(1000);
    expect(notifications).toBe(2);
    s.getState().completeExchange(summary);
    expect(activeExchange(s.getState()).received).toBe(10_000);
    expect(activeExchange(s.getState()).phase).toBe('done');
  });

  it('gives each exchange its own chunk list', () => {
    const s = store();
    s.getState().beginExchange(request());
    s.getState().receiveBody(Uint8Array.of(1));
    const first = activeExchange(s.getState()).chunks;
    s.getState().beginExchange(request());
    expect(activeExchange(s.getState()).chunks).not.toBe(first);
    expect(activeExchange(s.getState()).chunks).toHaveLength(0);
  });

  it('keeps the finished exchange of the same request for Compare, and drops it for another request', () => {
    const s = store();
    s.getState().beginExchange(request(), { draftId: 'd1' });
    s.getState().receiveHead(head);
    s.getState().completeExchange(summary);
    const finished = activeExchange(s.getState());
    s.getState().beginExchange(request(), { draftId: 'd1' });
    expect(activePrevious(s.getState())).toBe(finished);
    s.getState().beginExchange(request('http://h/other'), { draftId: 'd1' });
    expect(activePrevious(s.getState())).toBeUndefined();
  });

  it('does not compare answers from different drafts', () => {
    const s = store();
    s.getState().beginExchange(request(), { draftId: 'd1' });
    s.getState().completeExchange(summary);
    s.getState().beginExchange(request(), { draftId: 'd2' });
    expect(activePrevious(s.getState())).toBeUndefined();
  });

  it('keeps a response per tab: a new tab shows none, switching back shows the first tab\'s with its view', () => {
    const s = store();
    const first = s.getState().activeTabId;
    s.getState().beginExchange(request(), { draftId: 'd1' });
    s.getState().receiveHead(head);
    s.getState().completeExchange(summary);
    s.getState().setInspectorView({ tab: 'headers', filter: '$.a' });
    s.getState().newTab();
    expect(activeExchange(s.getState()).phase).toBe('idle');
    expect(activeView(s.getState()).tab).toBe('body');
    s.getState().activateTab(first);
    expect(activeExchange(s.getState()).head?.status).toBe(200);
    expect(activeView(s.getState())).toMatchObject({ tab: 'headers', filter: '$.a' });
  });

  it('streams into the tab that sent, even when another tab is shown meanwhile', () => {
    const s = store();
    const sender = s.getState().activeTabId;
    s.getState().beginExchange(request());
    s.getState().newTab();
    s.getState().receiveHead(head);
    s.getState().receiveBody(Uint8Array.of(1, 2, 3));
    s.getState().completeExchange(summary);
    expect(activeExchange(s.getState()).phase).toBe('idle');
    expect(s.getState().responses[sender]?.exchange).toMatchObject({ phase: 'done', received: 3 });
  });

  it('"Not sent" replaces the response of its own tab only', () => {
    const s = store();
    const a = s.getState().activeTabId;
    s.getState().beginExchange(request());
    s.getState().failExchange({ kind: 'refused', message: 'Connection refused' });
    s.getState().newTab();
    const b = s.getState().activeTabId;
    s.getState().beginExchange(request('http://h/b'));
    s.getState().failExchange({ kind: 'refused', message: 'Connection refused' });
    s.getState().markNotSent(b, 'The URL has no host.');
    expect(s.getState().responses[b]?.exchange).toMatchObject({ notSent: true, error: { message: 'The URL has no host.' } });
    expect(s.getState().responses[a]?.exchange.error?.kind).toBe('refused');
  });

  it('closing a tab drops its response; loading another request into a tab drops the old answer', () => {
    const s = store();
    const a = s.getState().activeTabId;
    s.getState().beginExchange(request());
    s.getState().completeExchange(summary);
    s.getState().newTab();
    s.getState().closeTab(a);
    expect(s.getState().responses[a]).toBeUndefined();
    s.getState().beginExchange(request());
    s.getState().completeExchange(summary);
    s.getState().loadDraft({ method: 'GET', url: 'http://h/other' });
    expect(activeExchange(s.getState()).phase).toBe('idle');
  });

  it('restores a history exchange only into an open tab without a response', () => {
    const s = store();
    const a = s.getState().activeTabId;
    const restored = { phase: 'done' as const, hops: [], chunks: [], received: 0, fromHistory: true, head };
    s.getState().restoreExchange('no-such-tab', restored);
    expect(s.getState().responses['no-such-tab']).toBeUndefined();
    s.getState().restoreExchange(a, restored);
    expect(activeExchange(s.getState()).fromHistory).toBe(true);
    s.getState().beginExchange(request());
    s.getState().restoreExchange(a, restored);
    expect(activeExchange(s.getState()).phase).toBe('sending');
  });

  it('reports each tab\'s exchange changes to watchers, not the switch between tabs', () => {
    const s = store();
    const seen: string[] = [];
    s.subscribe((state, previous) => forEachChangedExchange(state, previous, (e, before) => seen.push(`${before.phase}->${e.phase}`)));
    s.getState().beginExchange(request());
    s.getState().completeExchange(summary);
    s.getState().newTab();
    s.getState().activateTab(s.getState().tabs[0]!.id);
    expect(seen).toEqual(['idle->sending', 'sending->done']);
  });

  it('closing the other tabs keeps only that tab\'s response; a duplicate has its own draft and none', () => {
    const s = store();
    const a = s.getState().activeTabId;
    s.getState().beginExchange(request());
    s.getState().completeExchange(summary);
    s.getState().duplicateTab(a);
    const copy = s.getState().activeTabId;
    expect(copy).not.toBe(a);
    expect(s.getState().tabs.map((t) => t.id)).toEqual([a, copy]);
    expect(s.getState().draft.id).not.toBe(s.getState().tabs[0]!.draft.id);
    expect(activeExchange(s.getState()).phase).toBe('idle');
    s.getState().newTab();
    s.getState().beginExchange(request('http://h/b'));
    s.getState().completeExchange(summary);
    s.getState().closeOtherTabs(a);
    expect(s.getState().tabs.map((t) => t.id)).toEqual([a]);
    expect(Object.keys(s.getState().responses)).toEqual([a]);
  });
});
