import { describe, expect, it } from 'vitest';
import { checkSoapEnvelope } from './soapEnvelopeCheck';

const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

const envelope = (ns: string, inner: string) => `<?xml version="1.0" encoding="utf-8"?>\n<s:Envelope xmlns:s="${ns}" xmlns:t="urn:t">${inner}</s:Envelope>`;

describe('checkSoapEnvelope', () => {
  it('reads the version and the operation element of a SOAP 1.1 request', () => {
    expect(checkSoapEnvelope(envelope(SOAP11, '<s:Header/><s:Body><t:GetOrderRequest/></s:Body>'))).toEqual({
      ok: true,
      value: { soapVersion: '1.1', hasHeader: true, bodyElements: [{ ns: 'urn:t', local: 'GetOrderRequest' }] },
    });
  });

  it('tells SOAP 1.2 by namespace, whatever the prefix', () => {
    const result = checkSoapEnvelope(`<soap:Envelope xmlns:soap="${SOAP12}"><soap:Body/></soap:Envelope>`);
    expect(result).toEqual({ ok: true, value: { soapVersion: '1.2', hasHeader: false, bodyElements: [] } });
  });

  it('gives line and column of malformed XML', () => {
    const result = checkSoapEnvelope(`<s:Envelope xmlns:s="${SOAP11}">\n  <s:Body>\n    <t:x xmlns:t="urn:t"></t:y>\n  </s:Body>\n</s:Envelope>`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('xml-malformed');
    expect(result.error.position?.line).toBe(3);
    expect(result.error.message).toMatch(/line 3/);
  });

  it('fails on an undeclared prefix, pointing at it', () => {
    const result = checkSoapEnvelope(`<s:Envelope xmlns:s="${SOAP11}">\n<s:Body><m:Get/></s:Body></s:Envelope>`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('xml-namespace');
    expect(result.error.position).toMatchObject({ line: 2, column: 9 });
  });

  it('refuses a root that is not a SOAP Envelope, saying what it is', () => {
    const result = checkSoapEnvelope('<Envelope><Body/></Envelope>');
    expect(result).toMatchObject({ ok: false, error: { kind: 'not-soap-envelope', position: { line: 1, column: 1 } } });
    if (!result.ok) expect(result.error.message).toContain('in no namespace');
  });

  it('requires exactly one Body, after the optional Header', () => {
    expect(checkSoapEnvelope(envelope(SOAP11, '<s:Header/>'))).toMatchObject({ ok: false, error: { kind: 'soap-structure', message: expect.stringContaining('no Body') } });
    expect(checkSoapEnvelope(envelope(SOAP11, '<s:Body/><s:Body/>'))).toMatchObject({ ok: false, error: { message: expect.stringContaining('second Body') } });
    expect(checkSoapEnvelope(envelope(SOAP11, '<s:Body/><s:Header/>'))).toMatchObject({ ok: false, error: { message: expect.stringContaining('before the Body') } });
    expect(checkSoapEnvelope(envelope(SOAP11, '<t:x/><s:Body/>'))).toMatchObject({ ok: false, error: { message: expect.stringContaining('stands before the Body') } });
  });

  it('lets SOAP 1.1 carry elements after the Body, but not SOAP 1.2', () => {
    expect(checkSoapEnvelope(envelope(SOAP11, '<s:Body/><t:trailer/>')).ok).toBe(true);
    const strict = checkSoapEnvelope(envelope(SOAP12, '<s:Body/><t:trailer/>'));
    expect(strict).toMatchObject({ ok: false, error: { kind: 'soap-structure', message: expect.stringContaining('SOAP 1.2') } });
  });
});
