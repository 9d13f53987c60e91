/**
 * The runner's hidden send context and the preview tab (issue 27 item 2), on a real store:
 * a background tab is sent from without joining the strip, and its state goes with it; the
 * results list's preview tab is reused by the next preview and pinned by Open or an edit.
 */
import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../../../core';
import { isBackgroundTab } from '../../base/state/tabs';
import { draftOfTab } from '../../base/state/tabs';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';

const fresh = () => createWorkbenchStore({ initialUrl: 'http://h/', persistName: `test-${Math.random()}` });

describe('background tabs (the runner sends without opening a tab)', () => {
  it('holds a draft the send path reads by id, outside the strip, and drops all its state', () => {
    const store = fresh();
    const shown = store.getState().activeTabId;
    const id = store.getState().addBackgroundTab({ ...emptyDraft('http://h/orders'), name: 'Orders' });
    expect(store.getState().tabs.map((t) => t.id)).toEqual([shown]);
    expect(store.getState().activeTabId).toBe(shown);
    expect(isBackgroundTab(store.getState(), id)).toBe(true);
    expect(draftOfTab(store.getState(), id)?.url).toBe('http://h/orders');
    expect(draftOfTab(store.getState(), shown)).toBe(store.getState().draft);

    store.getState().beginExchange({ method: 'GET', url: 'http://h/orders', headers: [], body: [] }, { tabId: id });
    store.getState().rememberTabHistory(id, 'his-1');
    store.getState().setCheckResults(id, { running: false, captures: [], assertions: [], tests: [], console: [], scriptErrors: [], notes: [] });
    store.setState((s) => ({ tabLinks: { ...s.tabLinks, [id]: { collectionId: 'c', requestId: 'r' } } }));
    expect(store.getState().responses[id]?.exchange.phase).toBe('sending');
    expect(store.getState().responses[shown]).toBeUndefined();
    expect(store.getState().backgroundTabs[0]?.lastHistoryId).toBe('his-1');

    // The next step's request replaces it, with nothing of the last one left.
    store.getState().setBackgroundDraft(id, emptyDraft('http://h/pay'));
    expect(store.getState().responses[id]).toBeUndefined();
    expect(store.getState().checkResults[id]).toBeUndefined();
    expect(store.getState().backgroundTabs[0]?.lastHistoryId).toBeUndefined();

    store.getState().dropBackgroundTab(id);
    expect(store.getState().backgroundTabs).toEqual([]);
    expect(store.getState().tabLinks[id]).toBeUndefined();
    expect(draftOfTab(store.getState(), id)).toBeUndefined();
  });

  it("resolves a background tab's variables from its own collection, not the tab shown", () => {
    const store = fresh();
    const collection = store.getState().addCollection('Shop');
    store.getState().setCollectionVariables(collection, [{ name: 'base', value: 'http://shop' }]);
    const id = store.getState().addBackgroundTab(emptyDraft('{{base}}/x'));
    store.setState((s) => ({ tabLinks: { ...s.tabLinks, [id]: { collectionId: collection, requestId: 'r' } } }));
    expect(activeEnvironmentValues(store.getState()).base).toBeUndefined();
    expect(activeEnvironmentValues({ ...store.getState(), activeTabId: id }).base).toBe('http://shop');
  });
});

describe('the preview tab', () => {
  it('is opened once and reused by the next preview, which replaces its request and response', () => {
    const store = fresh();
    const first = store.getState().openPreview({ ...emptyDraft('http://h/one'), name: 'One' }, 'his-1');
    expect(store.getState().tabs).toHaveLength(2);
    expect(store.getState().activeTabId).toBe(first);
    expect(store.getState().tabs[1]).toMatchObject({ preview: true, lastHistoryId: 'his-1' });
    store.getState().beginExchange({ method: 'GET', url: 'http://h/one', headers: [], body: [] });
    const second = store.getState().openPreview({ ...emptyDraft('http://h/two'), name: 'Two' }, 'his-2');
    expect(second).toBe(first);
    expect(store.getState().tabs).toHaveLength(2);
    expect(store.getState().draft.url).toBe('http://h/two');
    expect(store.getState().tabs[1]).toMatchObject({ preview: true, lastHistoryId: 'his-2' });
    // The first exchange is not shown as the second's answer.
    expect(store.getState().responses[first]).toBeUndefined();
  });

  it('is pinned by pinTab (Open, double-click) and by an edit; the next preview then opens a new tab', () => {
    const store = fresh();
    const a = store.getState().openPreview(emptyDraft('http://h/a'), 'his-a');
    store.getState().pinTab(a);
    expect(store.getState().tabs.find((t) => t.id === a)).toMatchObject({ lastHistoryId: 'his-a' });
    expect(store.getState().tabs.find((t) => t.id === a)?.preview).toBeUndefined();
    const b = store.getState().openPreview(emptyDraft('http://h/b'));
    expect(b).not.toBe(a);
    store.getState().setMethod('POST');
    expect(store.getState().tabs.find((t) => t.id === b)?.preview).toBeUndefined();
    const c = store.getState().openPreview(emptyDraft('http://h/c'));
    expect(new Set([a, b, c]).size).toBe(3);
    expect(store.getState().tabs).toHaveLength(4);
  });
});
