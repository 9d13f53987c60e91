import { beforeAll, describe, expect, it } from 'vitest';
import { requestFingerprint } from '../../../core';
import { composerView } from '../composer/composerModel';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { loadLint } from '../composer/lintLoader';

// The convention checks load after the first screen in the app (lintLoader.ts); these tests start with them here.
beforeAll(() => loadLint());

function storeWith(method: string, url = 'http://h/orders') {
  const store = createWorkbenchStore({ initialUrl: url, persistName: `test-${Math.random()}` });
  const sent: string[] = [];
  store.getState().registerSendPerformer((origin) => {
    sent.push(origin);
    const s = store.getState();
    const view = composerView(s.draft, activeEnvironmentValues(s), s.sendRecords[s.activeTabId]);
    if (view.build.ok) s.recordSend(s.activeTabId, requestFingerprint(view.build.value.wire));
  });
  store.getState().setMethod(method);
  store.getState().updateDraft((d) => ({ ...d, body: { ...d.body, kind: 'json', texts: { ...d.body.texts, json: '{"qty":1}' } } }));
  return { store, sent };
}

describe('requestSend: the send gate', () => {
  it('sends a first POST at once, and asks before repeating the same POST', () => {
    const { store, sent } = storeWith('POST');
    expect(store.getState().requestSend()).toBe('sent');
    expect(store.getState().requestSend()).toBe('needs-confirmation');
    expect(store.getState().pendingSend?.reasons.map((r) => r.kind)).toEqual(['repeat']);
    expect(sent).toEqual(['tab']);
    store.getState().confirmPendingSend();
    expect(sent).toEqual(['tab', 'tab']);
    expect(store.getState().pendingSend).toBeNull();
  });

  it('re-sends PUT freely, and treats a changed POST as a new request', () => {
    const put = storeWith('PUT');
    expect(put.store.getState().requestSend()).toBe('sent');
    expect(put.store.getState().requestSend()).toBe('sent');
    const post = storeWith('POST');
    post.store.getState().requestSend();
    post.store.getState().updateDraft((d) => ({ ...d, body: { ...d.body, texts: { ...d.body.texts, json: '{"qty":2}' } } }));
    expect(post.store.getState().requestSend()).toBe('sent');
  });

  it('asks for any POST sent again from history, but not for GET', () => {
    const post = storeWith('POST');
    expect(post.store.getState().requestSend({ origin: 'history' })).toBe('needs-confirmation');
    const get = storeWith('GET');
    get.store.getState().updateDraft((d) => ({ ...d, body: { ...d.body, kind: 'none' } }));
    expect(get.store.getState().requestSend({ origin: 'history' })).toBe('sent');
  });

  it('needs lint errors acknowledged once, then sends without asking', () => {
    const { store } = storeWith('GET', 'http://h/x?api_key=k');
    store.getState().updateDraft((d) => ({ ...d, body: { ...d.body, kind: 'none' } }));
    expect(store.getState().requestSend()).toBe('needs-confirmation');
    expect(store.getState().pendingSend?.reasons[0]).toMatchObject({ kind: 'lint' });
    store.getState().confirmPendingSend();
    expect(store.getState().requestSend()).toBe('sent');
  });

  it('refuses a draft that does not build, opening the section to fix', () => {
    const { store, sent } = storeWith('GET');
    store.getState().updateDraft((d) => ({ ...d, auth: { scheme: 'basic', values: { username: 'a:b' } } }));
    expect(store.getState().requestSend()).toBe('invalid');
    expect(store.getState().sendProblem?.kind).toBe('basic-username-colon');
    expect(store.getState().composerTab).toBe('auth');
    expect(sent).toEqual([]);
  });

  it('is busy while a send is in flight', () => {
    const { store } = storeWith('GET');
    store.getState().setSendInFlight(true);
    expect(store.getState().requestSend()).toBe('busy');
  });
});

describe('askAfterTokenRefresh: a POST refused for an expired vault token', () => {
  function storeRecordingAttempts() {
    const { store } = storeWith('POST');
    const attempts: { origin: string; afterRefresh: boolean }[] = [];
    store.getState().registerSendPerformer((origin, attempt) => attempts.push({ origin, afterRefresh: attempt?.afterRefresh === true }));
    return { store, attempts };
  }
  const message = 'The vault refreshed the token, but this POST was not sent again by itself.';

  it('asks with the refresh explained, and on consent sends once more marked as the retry', () => {
    const { store, attempts } = storeRecordingAttempts();
    const tabId = store.getState().activeTabId;
    store.getState().askAfterTokenRefresh({ origin: 'tab', tabId, message });
    expect(store.getState().pendingSend).toEqual({ origin: 'tab', tabId, reasons: [{ kind: 'refreshed', message }], afterRefresh: true });
    expect(attempts).toEqual([]);
    store.getState().confirmPendingSend();
    expect(attempts).toEqual([{ origin: 'tab', afterRefresh: true }]);
    expect(store.getState().pendingSend).toBeNull();
  });

  it('sends nothing when the person declines', () => {
    const { store, attempts } = storeRecordingAttempts();
    store.getState().askAfterTokenRefresh({ origin: 'history', tabId: store.getState().activeTabId, message });
    store.getState().dismissPendingSend();
    expect(store.getState().pendingSend).toBeNull();
    expect(attempts).toEqual([]);
  });

  it('keeps ordinary sends unmarked, so only the consented retry skips a second refresh', () => {
    const { store, attempts } = storeRecordingAttempts();
    expect(store.getState().requestSend()).toBe('sent');
    store.getState().requestSend();
    store.getState().confirmPendingSend();
    expect(attempts).toEqual([
      { origin: 'tab', afterRefresh: false },
      { origin: 'tab', afterRefresh: false },
    ]);
  });
});

describe('tabs and the contracts other panes use', () => {
  it('loadDraft replaces the active draft or opens a new tab; focusAuth opens the auth section', () => {
    const store = createWorkbenchStore({ initialUrl: 'http://h/', persistName: `test-${Math.random()}` });
    store.getState().loadDraft({ method: 'DELETE', url: 'http://h/a' });
    expect(store.getState().tabs).toHaveLength(1);
    expect(store.getState().draft).toMatchObject({ method: 'DELETE', url: 'http://h/a' });
    store.getState().loadDraft({ method: 'PUT', url: 'http://h/b' }, { newTab: true });
    expect(store.getState().tabs).toHaveLength(2);
    expect(store.getState().draft.method).toBe('PUT');
    store.getState().focusAuth('bearer');
    expect(store.getState().composerTab).toBe('auth');
    expect(store.getState().draft.auth.scheme).toBe('bearer');
    store.getState().setComposerTab('body');
    expect(store.getState().composerTab).toBe('body');
    store.getState().closeTab(store.getState().activeTabId);
    expect(store.getState().draft.method).toBe('DELETE');
  });

  it('marks a tab edited and saved', () => {
    const store = createWorkbenchStore({ initialUrl: 'http://h/', persistName: `test-${Math.random()}` });
    store.getState().setMethod('POST');
    expect(store.getState().tabs[0]!.dirty).toBe(true);
    // The first save asks where (workspace slice); once placed in a collection the tab is saved.
    store.getState().saveCurrentRequest();
    expect(store.getState().pendingSave).toEqual({ tabId: store.getState().activeTabId });
    store.getState().saveTabTo(store.getState().activeTabId, { collectionId: null, newCollectionName: 'Mine', folderId: null, name: 'Create' });
    expect(store.getState().tabs[0]!.dirty).toBe(false);
    store.getState().setMethod('PUT');
    store.getState().saveCurrentRequest();
    expect(store.getState().tabs[0]!.dirty).toBe(false);
    expect(store.getState().collections[0]!.items[0]).toMatchObject({ name: 'Create', draft: { method: 'PUT' } });
  });

  it('moves header rows', () => {
    const store = createWorkbenchStore({ persistName: `test-${Math.random()}` });
    for (const name of ['A', 'B', 'C']) store.getState().addHeader({ name });
    const c = store.getState().draft.headers[2]!.id;
    store.getState().moveHeader(c, 0);
    expect(store.getState().draft.headers.map((h) => h.name)).toEqual(['C', 'A', 'B']);
  });
});
