import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseDraft, type Collection, type SavedRequest } from '../../../core';
import { composerView } from '../composer/composerModel';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { createWorkbenchStore } from '../../shell/store/workbenchStore';
import { draftWithSoapSample, soapExpectationOf } from './soapDraft';
import { restoredSoapTabs, soapLintContext, soapOriginOfTab, soapTabOf, storableSoapTabs } from './soapSlice';
import { loadLint } from '../composer/lintLoader';

// The convention checks load after the first screen in the app (lintLoader.ts); these tests start with them here.
beforeAll(() => loadLint());

const ENDPOINT = 'http://127.0.0.1:4780/sandbox/soap/orders';
const sample = {
  envelope: '<?xml version="1.0" encoding="utf-8"?>\n<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t"><s:Body><t:GetOrderRequest/></s:Body></s:Envelope>\n',
  contentType: 'text/xml; charset=utf-8',
  soapAction: 'urn:orders/GetOrder',
  headers: [
    { name: 'Content-Type', value: 'text/xml; charset=utf-8' },
    { name: 'SOAPAction', value: '"urn:orders/GetOrder"' },
  ],
  endpoint: ENDPOINT,
  soapVersion: '1.1' as const,
};

function freshStore() {
  return createWorkbenchStore({ initialUrl: 'http://h/', persistName: `soap-test-${Math.random()}` });
}

/** A store whose active tab is a SOAP GetOrder call, as picking the operation leaves it. */
function soapStore() {
  const store = freshStore();
  const s = store.getState();
  s.setRequestType('soap');
  s.updateDraft((d) => draftWithSoapSample(d, sample, { operation: 'GetOrder' }));
  s.updateSoapTab((soap) => ({ ...soap, wsdlUrl: `${ENDPOINT}?WSDL`, service: 'OrdersService', port: 'OrdersSoap11Port', operation: 'GetOrder', expected: soapExpectationOf(sample) }));
  return store;
}

describe('the SOAP request type', () => {
  it('makes the active tab SOAP and opens its SOAP section; back to HTTP keeps the draft', () => {
    const store = freshStore();
    expect(soapTabOf(store.getState(), store.getState().activeTabId)).toBeUndefined();
    store.getState().setRequestType('soap');
    expect(store.getState().composerTab).toBe('soap');
    expect(soapTabOf(store.getState(), store.getState().activeTabId)).toMatchObject({ wsdlUrl: '', security: { mode: 'none', regenerate: true } });
    store.getState().updateDraft((d) => ({ ...d, method: 'POST' }));
    store.getState().setRequestType('http');
    expect(soapTabOf(store.getState(), store.getState().activeTabId)).toBeUndefined();
    expect(store.getState().composerTab).toBe('body');
    expect(store.getState().draft.method).toBe('POST');
  });

  it('is per tab', () => {
    const store = soapStore();
    store.getState().newTab();
    expect(soapTabOf(store.getState(), store.getState().activeTabId)).toBeUndefined();
    store.getState().activateTab(store.getState().tabs[0]!.id);
    expect(soapTabOf(store.getState(), store.getState().activeTabId)?.operation).toBe('GetOrder');
  });
});

describe('soapLintContext: the composer lints SOAP tabs against the WSDL', () => {
  it('flags a SOAPAction that differs from the operation’s, only on the SOAP tab', () => {
    const store = soapStore();
    const lint = () => {
      const s = store.getState();
      return composerView(s.draft, activeEnvironmentValues(s), s.sendRecords[s.activeTabId], soapLintContext(s)).findings.filter((f) => f.id === 'soap-action');
    };
    expect(lint()).toEqual([]);
    store.getState().updateDraft((d) => ({ ...d, headers: d.headers.map((h) => (h.name === 'SOAPAction' ? { ...h, value: '"urn:orders/ListOrders"' } : h)) }));
    expect(lint()).toHaveLength(1);
    expect(lint()[0]!.severity).toBe('error');
    expect(lint()[0]!.message).toContain('urn:orders/GetOrder');
    // Sending it needs the error acknowledged first.
    store.getState().registerSendPerformer(() => {});
    expect(store.getState().requestSend()).toBe('needs-confirmation');
    expect(store.getState().pendingSend?.reasons.some((r) => r.kind === 'lint' && r.message.includes('urn:orders/GetOrder'))).toBe(true);
  });

  it('flags an endpoint that is not the port’s address', () => {
    const store = soapStore();
    store.getState().updateDraft((d) => ({ ...d, url: 'http://127.0.0.1:4780/sandbox/soap/order' }));
    const s = store.getState();
    const findings = composerView(s.draft, activeEnvironmentValues(s), undefined, soapLintContext(s)).findings;
    expect(findings.some((f) => f.id === 'soap-endpoint')).toBe(true);
  });
});

describe('persistence', () => {
  it('stores SOAP tabs without the WS-Security password, and only for open tabs', () => {
    const store = soapStore();
    store.getState().updateSoapTab((soap) => ({ ...soap, security: { ...soap.security, mode: 'PasswordText', username: 'aladdin', password: 'open:sesame' } }));
    const tabId = store.getState().activeTabId;
    const stored = storableSoapTabs({ ...store.getState(), soapTabs: { ...store.getState().soapTabs, closed: null } });
    expect(Object.keys(stored)).toEqual([tabId]);
    expect(stored[tabId]?.security).toMatchObject({ mode: 'PasswordText', username: 'aladdin', password: '' });
    expect(JSON.stringify(stored)).not.toContain('open:sesame');
  });

  it('reads back only well-formed entries of tabs that exist, with safe defaults', () => {
    const restored = restoredSoapTabs(
      {
        a: { wsdlInput: 'x', wsdlUrl: 'x?WSDL', service: 'S', port: 'P', operation: 'O', expected: { version: '1.2', action: 'urn:a', endpoint: 'http://e/' }, security: { mode: 'PasswordDigest', username: 'u', password: 'leaked', ttlSeconds: -5 } },
        b: null,
        c: 'garbage',
        gone: { wsdlInput: 'y' },
      },
      ['a', 'b', 'c'],
    );
    expect(restored).toEqual({
      a: {
        wsdlInput: 'x',
        wsdlUrl: 'x?WSDL',
        service: 'S',
        port: 'P',
        operation: 'O',
        expected: { version: '1.2', action: 'urn:a', endpoint: 'http://e/' },
        security: { mode: 'PasswordDigest', username: 'u', password: '', timestamp: false, ttlSeconds: 300, regenerate: true },
      },
      b: null,
    });
  });
});

describe('tabs opened from saved SOAP requests', () => {
  it('are SOAP tabs with the saved origin, until the person says otherwise', () => {
    const store = freshStore();
    const request: SavedRequest = {
      kind: 'request',
      id: 'req-1',
      name: 'GetOrder',
      requestType: 'soap',
      draft: normaliseDraft({ name: 'GetOrder', method: 'POST', url: ENDPOINT }),
      soap: { wsdlUrl: `${ENDPOINT}?WSDL`, service: 'OrdersService', port: 'OrdersSoap11Port', operation: 'GetOrder' },
    };
    const collection: Collection = { id: 'col-1', name: 'Orders', variables: [], items: [request] };
    const collectionId = store.getState().addImportedCollection(collection);
    const savedId = store.getState().collections.find((c) => c.id === collectionId)!.items[0]!.id;
    store.getState().openSavedRequest(collectionId, savedId);
    const tabId = store.getState().activeTabId;
    const soap = soapTabOf(store.getState(), tabId);
    expect(soap).toMatchObject({ wsdlUrl: `${ENDPOINT}?WSDL`, service: 'OrdersService', port: 'OrdersSoap11Port', operation: 'GetOrder' });
    // The same object while nothing changes, so selectors do not re-render for nothing.
    expect(soapTabOf(store.getState(), tabId)).toBe(soap);
    expect(soapOriginOfTab(store.getState(), tabId)).toEqual(request.soap);
    store.getState().setRequestType('http');
    expect(soapTabOf(store.getState(), tabId)).toBeUndefined();
  });
});
