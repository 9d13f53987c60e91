import { describe, expect, it } from 'vitest';
import { findItem, normaliseDraft, type Collection, type SavedRequest } from '../../../core';
import { composerPersistOptions, composerSnapshot } from '../../shell/store/composerPersistence';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { newAssertion, newCapture } from './checksModel';
import { activeChecks } from './checksSlice';
import { afterSend, scriptErrorText, scriptRequestOf } from './sendChecks';
import { applyVariableWrites } from './variableWrites';

let n = 0;
const storeWith = (collection?: Collection) => {
  const store = createWorkbenchStore({ initialUrl: 'http://h/', persistName: `checks-test-${++n}` });
  if (collection) store.setState({ collections: [collection] });
  return store;
};

const login = (): SavedRequest => ({
  kind: 'request',
  id: 'req-login',
  name: 'Login',
  requestType: 'http',
  draft: normaliseDraft({ name: 'Login', method: 'POST', url: 'http://api.test/login' }),
  captures: [newCapture({ id: 'cap-1', variable: 'token', from: { kind: 'jsonpath', path: '$.access_token' } })],
  assertions: [{ id: 'asr-1', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected: '200' }],
});
const collection = (): Collection => ({ id: 'col-1', name: 'API', variables: [], items: [login()] });

const summary = {
  timings: { dns: 0, connect: 0, tls: 0, send: 0, firstByte: 0, download: 0, total: 12, reusedConnection: false },
  sizes: { requestHeaders: 0, requestBody: 0, responseHeaders: 0, responseBodyWire: 0, responseBodyDecoded: 0 },
  sent: { method: 'POST', url: 'http://api.test/login', headText: '', headers: [], bodyBytes: 0 },
  hops: [],
  insecureTls: false,
};

describe('checks of a tab', () => {
  it('opens with the saved request, marks the tab edited when changed, and saves back into the request', () => {
    const store = storeWith(collection());
    store.getState().openSavedRequest('col-1', 'req-login');
    expect(activeChecks(store.getState()).captures.map((c) => c.variable)).toEqual(['token']);
    expect(store.getState().tabs.find((t) => t.id === store.getState().activeTabId)!.dirty).toBe(false);
    store.getState().updateChecks((c) => ({ ...c, assertions: [...c.assertions, newAssertion('conforms')] }));
    expect(store.getState().tabs.find((t) => t.id === store.getState().activeTabId)!.dirty).toBe(true);
    store.getState().saveCurrentRequest();
    const saved = findItem(store.getState().collections[0]!.items, 'req-login')!.item as SavedRequest;
    expect(saved.assertions?.map((a) => a.kind)).toEqual(['compare', 'conforms']);
    // Emptied lists leave the stored request.
    store.getState().updateChecks((c) => ({ ...c, captures: [] }));
    store.getState().saveCurrentRequest();
    expect('captures' in (findItem(store.getState().collections[0]!.items, 'req-login')!.item as SavedRequest)).toBe(false);
  });

  it('goes with a duplicated tab, and leaves a tab another request is loaded into', () => {
    const store = storeWith(collection());
    store.getState().openSavedRequest('col-1', 'req-login');
    store.getState().duplicateTab(store.getState().activeTabId);
    expect(activeChecks(store.getState()).captures.map((c) => c.variable)).toEqual(['token']);
    store.getState().loadDraft({ url: 'http://other.test/' });
    expect(activeChecks(store.getState()).captures).toEqual([]);
  });

  it('survives a reload of the open tabs', () => {
    const store = storeWith(collection());
    store.getState().openSavedRequest('col-1', 'req-login');
    const snapshot = JSON.parse(JSON.stringify(composerSnapshot(store.getState())));
    const fresh = storeWith();
    const merged = composerPersistOptions().merge!(snapshot, fresh.getState());
    expect(merged.checksTabs[snapshot.activeTabId]?.captures[0]?.variable).toBe('token');
  });

  it('after a response: captures into the run variables (laid over the environment), assertions evaluated', async () => {
    const store = storeWith(collection());
    store.getState().openSavedRequest('col-1', 'req-login');
    const tabId = store.getState().activeTabId;
    const checks = activeChecks(store.getState());
    store.getState().beginExchange({ method: 'POST', url: 'http://api.test/login', headers: [] }, { tabId });
    store.getState().receiveHead({ status: 201, reason: 'Created', httpVersion: '1.1', headers: [{ name: 'Content-Type', value: 'application/json' }] });
    store.getState().receiveBody(new TextEncoder().encode('{"access_token":"abc123"}'));
    store.getState().completeExchange(summary);
    await afterSend(store, tabId, checks);
    const outcome = store.getState().checkResults[tabId]!;
    expect(outcome.running).toBe(false);
    expect(outcome.captures).toMatchObject([{ variable: 'token', value: 'abc123', source: '$.access_token', secret: false }]);
    expect(outcome.assertions).toMatchObject([{ label: 'status == 200', passed: false, actual: '201' }]);
    expect(store.getState().runValues).toEqual({ token: 'abc123' });
    expect(activeEnvironmentValues(store.getState()).token).toBe('abc123');
  });

  it('writes to the environment and the collection when they exist, and to the run variables with a note when not', () => {
    const store = storeWith(collection());
    const notes = applyVariableWrites(store, 'nowhere', [
      { scope: 'environment', name: 'a', value: '1' },
      { scope: 'collection', name: 'b', value: '2' },
    ]);
    expect(notes).toEqual(['no environment is active: kept in the run variables', 'the request is not saved in a collection: kept in the run variables']);
    expect(store.getState().runValues).toEqual({ a: '1', b: '2' });
    store.getState().addEnvironment('dev');
    store.getState().openSavedRequest('col-1', 'req-login');
    const tabId = store.getState().activeTabId;
    expect(applyVariableWrites(store, tabId, [
      { scope: 'environment', name: 'token', value: 'x', secret: true },
      { scope: 'collection', name: 'id', value: '7' },
    ])).toEqual([undefined, undefined]);
    expect(store.getState().environments[0]!.variables).toMatchObject([{ name: 'token', value: 'x', secret: true, enabled: true }]);
    expect(store.getState().collections[0]!.variables).toEqual([{ name: 'id', value: '7' }]);
  });

  it('reads a script error with its place, and a wire request as a script sees it', () => {
    expect(scriptErrorText({ kind: 'syntax', message: 'unexpected token', line: 2, column: 13 }, 'pre-request')).toBe('Pre-request script syntax error at line 2, column 13: unexpected token');
    expect(scriptErrorText({ kind: 'timeout', message: 'stopped' }, 'post-response')).toBe('Post-response script stopped by the time limit: stopped');
    expect(scriptRequestOf({ method: 'POST', url: 'http://h/', headers: [{ name: 'A', value: '1' }], body: ['{"a":', new TextEncoder().encode('1}')] })).toEqual({
      method: 'POST',
      url: 'http://h/',
      headers: [{ name: 'A', value: '1' }],
      body: '{"a":1}',
    });
  });
});
