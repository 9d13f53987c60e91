import { describe, it, expect } from 'vitest';
import { utf8Encode } from '../encoding';
import type { WireRequest } from '../types';
import { lintRequest } from './lint';
import { applyLintFix } from './lintFix';
import type { LintContext, LintRule } from './lintFinding';
import { SOAP_FIXTURE, soap11Envelope, soap11Request } from './lintFixtures';
import { soapActionRule, soapBindingRule, soapEndpointRule, xmlCharsetRule, xmlDeclarationEncodingRule } from './soapRules';

const wsdl: LintContext = { soap: SOAP_FIXTURE };
const run = (rule: LintRule, request: WireRequest, context: LintContext = wsdl) => rule.check(request, context);
const headers = (...pairs: [string, string][]) => pairs.map(([name, value]) => ({ name, value }));
const soap12Envelope = soap11Envelope().replace('http://schemas.xmlsoap.org/soap/envelope/', 'http://www.w3.org/2003/05/soap-envelope');

describe('soap-action', () => {
  it('is an error when SOAPAction differs from the WSDL action: the operation is not executed', () => {
    const request = soap11Request({ headers: headers(['Content-Type', 'text/xml; charset=utf-8'], ['SOAPAction', '"urn:shop#GetPrices"']) });
    const [finding] = run(soapActionRule, request);
    expect(finding?.message).toBe('SOAPAction is "urn:shop#GetPrices" but the WSDL declares "urn:shop#GetPrice" for this operation. If the SOAPAction does not match, the operation is not executed.');
    expect(applyLintFix(request, finding!.fix!).headers[1]).toEqual({ name: 'SOAPAction', value: '"urn:shop#GetPrice"' });
  });

  it('notes an unquoted SOAPAction and offers the quoted form', () => {
    const request = soap11Request({ headers: headers(['Content-Type', 'text/xml; charset=utf-8'], ['SOAPAction', SOAP_FIXTURE.action]) });
    const [finding] = run(soapActionRule, request);
    expect(finding).toMatchObject({ severity: 'info', fix: { kind: 'set-header', value: '"urn:shop#GetPrice"' } });
  });

  it('recognises a SOAP 1.1 envelope without a WSDL and requires SOAPAction, with no fix to guess', () => {
    const [finding] = run(soapActionRule, soap11Request({ headers: headers(['Content-Type', 'text/xml; charset=utf-8']) }), {});
    expect(finding).toMatchObject({ severity: 'error' });
    expect(finding?.fix).toBeUndefined();
  });

  it('recognises a SOAP envelope by its namespace even when the XML is broken', () => {
    const broken = soap11Envelope().replace('</soap:Body>', '');
    expect(run(soapActionRule, soap11Request({ headers: headers(['Content-Type', 'text/xml; charset=utf-8']), body: [broken] }), {})).toHaveLength(1);
  });

  it('for SOAP 1.2 compares the action parameter of Content-Type and notes a needless SOAPAction', () => {
    const request: WireRequest = {
      method: 'POST',
      url: SOAP_FIXTURE.endpoint,
      headers: headers(['Content-Type', 'application/soap+xml; charset=utf-8; action="urn:other"'], ['SOAPAction', '"urn:other"']),
      body: [soap12Envelope],
    };
    const findings = run(soapActionRule, request, { soap: { ...SOAP_FIXTURE, version: '1.2' } });
    expect(findings.map((f) => f.severity)).toEqual(['error', 'info']);
    const fixed = applyLintFix(request, findings[0]!.fix!);
    expect(fixed.headers[0]?.value).toBe('application/soap+xml; charset=utf-8; action="urn:shop#GetPrice"');
  });
});

describe('soap-endpoint', () => {
  it('warns when posting to the WSDL URL instead of the endpoint', () => {
    const [finding] = run(soapEndpointRule, soap11Request({ url: 'https://shop.example.com/soap?wsdl' }));
    expect(finding?.message).toContain('asks for the WSDL document');
    expect(finding?.fix).toEqual({ label: 'Use the WSDL endpoint', kind: 'set-url', url: SOAP_FIXTURE.endpoint });
  });

  it('compares URLs as URLs, so case in the host and a default port do not matter', () => {
    expect(run(soapEndpointRule, soap11Request({ url: 'https://SHOP.example.com:443/soap' }))).toEqual([]);
  });
});

describe('soap-binding', () => {
  it('wants text/xml for SOAP 1.1, not the SOAP 1.2 media type', () => {
    const request = soap11Request({ headers: headers(['Content-Type', 'application/soap+xml; charset=utf-8'], ['SOAPAction', '"urn:shop#GetPrice"']) });
    const [finding] = run(soapBindingRule, request);
    expect(finding?.message).toBe('Content-Type is application/soap+xml, but SOAP 1.1 is sent as text/xml.');
    expect(run(soapBindingRule, applyLintFix(request, finding!.fix!))).toEqual([]);
  });

  it('reports an envelope of the other SOAP version than the WSDL binding', () => {
    const findings = run(soapBindingRule, soap11Request({ body: [soap12Envelope] }));
    expect(findings.map((f) => f.message)).toContain('The WSDL binding is SOAP 1.1, but the body is a SOAP 1.2 Envelope; the server will answer with a VersionMismatch fault.');
  });

  it('is silent for XML that is not SOAP', () => {
    const request: WireRequest = { method: 'PUT', url: 'https://x/', headers: headers(['Content-Type', 'application/xml']), body: ['<a/>'] };
    expect(run(soapBindingRule, request, {})).toEqual([]);
  });
});

describe('xml-charset-missing', () => {
  it('adds charset=utf-8 and keeps other parameters', () => {
    const request: WireRequest = { method: 'POST', url: 'https://x/', headers: headers(['Content-Type', 'text/xml; q=1']), body: ['<a/>'] };
    const [finding] = run(xmlCharsetRule, request, {});
    expect(finding?.fix).toMatchObject({ value: 'text/xml; q=1; charset=utf-8' });
  });

  it('takes the declared encoding for a body of raw bytes', () => {
    const bytes = utf8Encode('<?xml version="1.0" encoding="ISO-8859-1"?><a/>');
    const request: WireRequest = { method: 'POST', url: 'https://x/', headers: headers(['Content-Type', 'text/xml']), body: [bytes] };
    expect(run(xmlCharsetRule, request, {})[0]?.fix).toMatchObject({ value: 'text/xml; charset=ISO-8859-1' });
  });
});

describe('xml-declaration-encoding', () => {
  const xmlRequest = (contentType: string, ...body: WireRequest['body'] & unknown[]): WireRequest => ({ method: 'POST', url: 'https://x/', headers: headers(['Content-Type', contentType]), body });

  it('names the declaration position and both encodings', () => {
    const [finding] = run(xmlDeclarationEncodingRule, xmlRequest('application/xml; charset=utf-8', '<?xml version="1.0" encoding="windows-1252"?><a/>'), {});
    expect(finding?.message).toContain('encoding="windows-1252" (line 1, column 31) but Content-Type says charset=utf-8');
    expect(finding?.fix).toEqual({ label: 'Declare encoding="utf-8"', kind: 'set-xml-encoding', encoding: 'utf-8' });
  });

  it('fixes the charset when the declaration is the UTF-8 side and the body is text', () => {
    const [finding] = run(xmlDeclarationEncodingRule, xmlRequest('text/xml; charset=iso-8859-1', '<?xml version="1.0" encoding="UTF-8"?><a/>'), {});
    expect(finding?.fix).toMatchObject({ kind: 'set-header', value: 'text/xml; charset=utf-8' });
  });

  it('treats spellings of one encoding as equal', () => {
    expect(run(xmlDeclarationEncodingRule, xmlRequest('text/xml; charset="UTF8"', '<?xml version="1.0" encoding="utf-8"?><a/>'), {})).toEqual([]);
  });

  it('asks a SOAP envelope for a declaration when it has none', () => {
    const request = soap11Request({ body: [soap11Envelope('')] });
    const [finding] = run(xmlDeclarationEncodingRule, request);
    expect(finding).toMatchObject({ severity: 'info', fix: { kind: 'set-xml-encoding', encoding: 'utf-8' } });
    expect(lintRequest(applyLintFix(request, finding!.fix!), wsdl)).toEqual([]);
  });
});
