import { describe, expect, it } from 'vitest';
import { emptyDraft, normaliseDraft, type SoapSample } from '../../../core';
import { draftWithSoapSample, headerRowsWithSoap, soapExpectationOf } from './soapDraft';

const sample11: SoapSample = {
  envelope: '<?xml version="1.0" encoding="utf-8"?>\n<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body/></soapenv:Envelope>\n',
  contentType: 'text/xml; charset=utf-8',
  soapAction: 'urn:orders/GetOrder',
  headers: [
    { name: 'Content-Type', value: 'text/xml; charset=utf-8' },
    { name: 'SOAPAction', value: '"urn:orders/GetOrder"' },
  ],
  endpoint: 'http://127.0.0.1:4780/sandbox/soap/orders',
  soapVersion: '1.1',
};

const sample12: SoapSample = {
  ...sample11,
  contentType: 'application/soap+xml; charset=utf-8; action="urn:orders/GetOrder"',
  headers: [{ name: 'Content-Type', value: 'application/soap+xml; charset=utf-8; action="urn:orders/GetOrder"' }],
  soapVersion: '1.2',
};

describe('draftWithSoapSample', () => {
  it('makes a POST to the port address with the envelope as the XML body and the 1.1 headers', () => {
    const draft = draftWithSoapSample(emptyDraft('https://elsewhere.example/x?q=1'), sample11, { operation: 'GetOrder' });
    expect(draft.method).toBe('POST');
    expect(draft.url).toBe(sample11.endpoint);
    expect(draft.query).toEqual([]);
    expect(draft.name).toBe('GetOrder');
    expect(draft.body.kind).toBe('xml');
    expect(draft.body.texts.xml).toBe(sample11.envelope);
    expect(draft.headers.map((h) => [h.name, h.value, h.enabled])).toEqual([
      ['Content-Type', 'text/xml; charset=utf-8', true],
      ['SOAPAction', '"urn:orders/GetOrder"', true],
    ]);
  });

  it('replaces SOAP headers in place, keeps the others, and drops SOAPAction for SOAP 1.2', () => {
    const before = normaliseDraft({
      name: 'My call',
      url: 'http://x.example/',
      headers: [
        { name: 'soapaction', value: '"old"' },
        { name: 'X-Trace', value: '1' },
        { name: 'content-type', value: 'text/plain', enabled: false },
      ],
    });
    const draft = draftWithSoapSample(before, sample12, { operation: 'GetOrder', previous: 'ListOrders' });
    expect(draft.name).toBe('My call');
    expect(draft.headers.map((h) => [h.name, h.value, h.enabled])).toEqual([
      ['X-Trace', '1', true],
      ['Content-Type', sample12.contentType, true],
    ]);
  });

  it('renames a draft that carried the previous operation name', () => {
    const draft = draftWithSoapSample(normaliseDraft({ name: 'ListOrders', url: 'http://x.example/' }), sample11, { operation: 'GetOrder', previous: 'ListOrders' });
    expect(draft.name).toBe('GetOrder');
  });

  it('keeps the other body kinds’ texts, so switching back to JSON finds what was typed', () => {
    const before = normaliseDraft({ url: 'http://x.example/', body: { kind: 'json', texts: { json: '{"a":1}' } } });
    expect(draftWithSoapSample(before, sample11, { operation: 'GetOrder' }).body.texts.json).toBe('{"a":1}');
  });
});

describe('headerRowsWithSoap', () => {
  it('keeps one row per header name, the first one, enabled', () => {
    const rows = normaliseDraft({ url: 'http://x/', headers: [{ name: 'SOAPAction', value: 'a', enabled: false }, { name: 'SOAPAction', value: 'b' }] }).headers;
    expect(headerRowsWithSoap(rows, [{ name: 'SOAPAction', value: '"c"' }]).map((h) => [h.value, h.enabled])).toEqual([['"c"', true]]);
  });
});

describe('soapExpectationOf', () => {
  it('is the version, action and endpoint the WSDL declares', () => {
    expect(soapExpectationOf(sample12)).toEqual({ version: '1.2', action: 'urn:orders/GetOrder', endpoint: sample11.endpoint });
  });
});
