import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveLocation } from './wsdlLoader';
import { sampleEnvelope } from './envelopeSampler';
import { parseWsdl } from './wsdlParser';
import type { WsdlModel } from './wsdlModel';

function memoryFetch(documents: Record<string, string>, log: string[] = []) {
  return async (url: string): Promise<string> => {
    log.push(url);
    const text = documents[url];
    if (text === undefined) throw new Error(`404 ${url}`);
    return text;
  };
}

async function load(documents: Record<string, string>, entry: string, options?: { maxDepth?: number; maxDocuments?: number }): Promise<WsdlModel> {
  const result = await parseWsdl(entry, memoryFetch(documents), options);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

// Prefixes are deliberately misleading: "soap12" is bound to the SOAP 1.1 binding namespace
// and "soap" to SOAP 1.2. Only the URIs may decide.
const TRICKY = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:q="urn:orders" xmlns:xs="http://www.w3.org/2001/XMLSchema"
    xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/" targetNamespace="urn:orders" name="Orders">
  <types>
    <xs:schema targetNamespace="urn:orders/types" xmlns:ot="urn:orders/types">
      <xs:element name="Place" type="xs:string"/>
      <xs:element name="Placed" type="xs:string"/>
      <xs:element name="Auth" type="xs:string"/>
      <xs:element name="Oops" type="xs:string"/>
    </xs:schema>
  </types>
  <message name="PlaceIn">
    <part name="body" element="t:Place" xmlns:t="urn:orders/types"/>
    <part name="auth" element="t2:Auth" xmlns:t2="urn:orders/types"/>
  </message>
  <message name="PlaceOut"><part name="body" element="u:Placed" xmlns:u="urn:orders/types"/></message>
  <message name="Fault"><part name="f" element="u:Oops" xmlns:u="urn:orders/types"/></message>
  <message name="EchoIn"><part name="text" type="xs:string"/><part name="count" type="xs:int"/></message>
  <portType name="OrdersPT">
    <operation name="Place">
      <documentation>Places an order.</documentation>
      <input message="q:PlaceIn"/><output message="q:PlaceOut"/><fault name="Oops" message="q:Fault"/>
    </operation>
    <operation name="Echo"><input message="q:EchoIn"/></operation>
  </portType>
  <binding name="Orders11" type="q:OrdersPT">
    <soap12:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="Place">
      <soap12:operation soapAction="urn:orders#Place" style="document"/>
      <input><soap12:body use="literal" parts="body"/><soap12:header message="q:PlaceIn" part="auth" use="literal"/></input>
      <output><soap12:body use="literal"/></output>
      <fault name="Oops"><soap12:fault name="Oops" use="literal"/></fault>
    </operation>
    <operation name="Echo">
      <soap12:operation soapAction="urn:orders#Echo"/>
      <input><soap12:body use="encoded" namespace="urn:echo" encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"/></input>
    </operation>
  </binding>
  <binding name="Orders12" type="q:OrdersPT">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="Place">
      <soap:operation soapAction="urn:orders#Place12" soapActionRequired="true"/>
      <input><mime:multipartRelated><mime:part><soap:body use="literal" parts="body"/></mime:part></mime:multipartRelated></input>
      <output><soap:body use="literal"/></output>
    </operation>
  </binding>
  <service name="OrderService">
    <documentation>Orders, both SOAP versions.</documentation>
    <port name="P11" binding="q:Orders11"><soap12:address location="http://example.test/11"/></port>
    <port name="P12" binding="q:Orders12"><soap:address location="http://example.test/12"/></port>
  </service>
</definitions>`;

describe('parseWsdl — the model', () => {
  it('reads services, ports, operations, messages, headers and faults by namespace URI', async () => {
    const model = await load({ 'http://example.test/orders.wsdl': TRICKY }, 'http://example.test/orders.wsdl');
    expect(model.name).toBe('Orders');
    expect(model.targetNamespace).toBe('urn:orders');
    expect(model.warnings).toEqual([]);
    const [service] = model.services;
    expect(service?.name).toBe('OrderService');
    expect(service?.documentation).toBe('Orders, both SOAP versions.');
    const [p11, p12] = service?.ports ?? [];
    expect(p11).toMatchObject({ name: 'P11', protocol: 'soap', soapVersion: '1.1', address: 'http://example.test/11', binding: { ns: 'urn:orders', local: 'Orders11' } });
    expect(p12).toMatchObject({ name: 'P12', protocol: 'soap', soapVersion: '1.2', address: 'http://example.test/12' });

    const place = p11?.operations[0];
    expect(place).toMatchObject({ name: 'Place', soapAction: 'urn:orders#Place', style: 'document', use: 'literal', documentation: 'Places an order.' });
    expect(place?.input?.bodyParts).toEqual([{ name: 'body', element: { ns: 'urn:orders/types', local: 'Place' } }]);
    expect(place?.input?.headers).toEqual([
      { message: { ns: 'urn:orders', local: 'PlaceIn' }, part: { name: 'auth', element: { ns: 'urn:orders/types', local: 'Auth' } }, use: 'literal' },
    ]);
    expect(place?.output?.message?.parts).toEqual([{ name: 'body', element: { ns: 'urn:orders/types', local: 'Placed' } }]);
    expect(place?.faults).toEqual([{ name: 'Oops', use: 'literal', message: { name: { ns: 'urn:orders', local: 'Fault' }, parts: [{ name: 'f', element: { ns: 'urn:orders/types', local: 'Oops' } }] } }]);

    const echo = p11?.operations[1];
    // The binding-level style applies where the operation states none.
    expect(echo).toMatchObject({ name: 'Echo', style: 'rpc', use: 'encoded', rpcNamespace: 'urn:echo', output: null });
    expect(echo?.input?.bodyParts).toEqual([
      { name: 'text', type: { ns: 'http://www.w3.org/2001/XMLSchema', local: 'string' } },
      { name: 'count', type: { ns: 'http://www.w3.org/2001/XMLSchema', local: 'int' } },
    ]);
    expect(echo?.input?.encodingStyle).toBe('http://schemas.xmlsoap.org/soap/encoding/');

    const place12 = p12?.operations[0];
    expect(place12).toMatchObject({ soapAction: 'urn:orders#Place12', soapActionRequired: true, style: 'document' });
    expect(place12?.input?.bodyParts.map((part) => part.name)).toEqual(['body']);
    // Echo is in the portType but not in this binding, so this port does not offer it.
    expect(p12?.operations.map((op) => op.name)).toEqual(['Place']);
  });

  it('is plain data: a structured clone (as from a worker) samples the same envelopes', async () => {
    const model = await load({ 'http://example.test/orders.wsdl': TRICKY }, 'http://example.test/orders.wsdl');
    const copy = structuredClone(model);
    const target = { service: 'OrderService', port: 'P12', operation: 'Place' };
    const original = sampleEnvelope(model, target);
    expect(original.ok).toBe(true);
    expect(sampleEnvelope(copy, target)).toEqual(original);
  });

  it('indexes schema components by {namespace}local and keeps each schema document\'s defaults', async () => {
    const model = await load({ 'http://example.test/orders.wsdl': TRICKY }, 'http://example.test/orders.wsdl');
    expect([...model.schema.elements.keys()]).toEqual(['{urn:orders/types}Place', '{urn:orders/types}Placed', '{urn:orders/types}Auth', '{urn:orders/types}Oops']);
    expect(model.schema.documents).toEqual([
      { url: 'http://example.test/orders.wsdl#types[0]', targetNamespace: 'urn:orders/types', elementFormQualified: false, attributeFormQualified: false, chameleon: false },
    ]);
    expect(model.schema.prefixHints.get('urn:orders/types')).toBe('ot');
  });
});

const definitions = (body: string, tns = 'urn:x') =>
  `<w:definitions xmlns:w="http://schemas.xmlsoap.org/wsdl/" xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${tns}">${body}</w:definitions>`;

describe('parseWsdl — imports', () => {
  it('resolves relative locations against the importing document and reads each document once, cycles included', async () => {
    const log: string[] = [];
    const documents = {
      'http://h.test/a/main.wsdl': definitions('<w:import namespace="urn:x" location="../b/sub.wsdl"/>'),
      'http://h.test/b/sub.wsdl': definitions(
        '<w:import namespace="urn:x" location="http://h.test/a/main.wsdl"/><w:types><xs:schema targetNamespace="urn:s"><xs:include schemaLocation="inc/s.xsd"/></xs:schema></w:types>',
      ),
      'http://h.test/b/inc/s.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:s"><xs:include schemaLocation="../inc/s.xsd"/><xs:element name="E"/></xs:schema>',
    };
    const result = await parseWsdl('http://h.test/a/main.wsdl', memoryFetch(documents, log));
    expect(result.ok && result.value.documents).toEqual(['http://h.test/a/main.wsdl', 'http://h.test/b/sub.wsdl', 'http://h.test/b/inc/s.xsd']);
    expect(log).toEqual(['http://h.test/a/main.wsdl', 'http://h.test/b/sub.wsdl', 'http://h.test/b/inc/s.xsd']);
    expect(result.ok && [...result.value.schema.elements.keys()]).toEqual(['{urn:s}E']);
  });

  it('bounds import depth and document count, reporting what it did not read', async () => {
    const chain: Record<string, string> = {};
    for (let i = 0; i < 6; i++) chain[`http://h.test/${i}.wsdl`] = definitions(`<w:import namespace="urn:x" location="${i + 1}.wsdl"/>`);
    const deep = await load(chain, 'http://h.test/0.wsdl', { maxDepth: 2 });
    expect(deep.documents).toEqual(['http://h.test/0.wsdl', 'http://h.test/1.wsdl', 'http://h.test/2.wsdl']);
    expect(deep.warnings[0]).toEqual({ message: 'Not read: wsdl:import is nested deeper than 2 levels.', url: 'http://h.test/3.wsdl', importedFrom: 'http://h.test/2.wsdl' });
    const few = await load(chain, 'http://h.test/0.wsdl', { maxDocuments: 3 });
    expect(few.documents).toHaveLength(3);
    expect(few.warnings[0]?.message).toBe('Not read: the limit of 3 documents was reached.');
  });

  it('turns unreadable imports into warnings: failed fetch, malformed XML, a foreign document', async () => {
    const model = await load(
      {
        'http://h.test/m.wsdl': definitions(
          '<w:import location="gone.wsdl"/><w:import location="broken.wsdl"/><w:import location="page.html"/>',
        ),
        'http://h.test/broken.wsdl': '<w:definitions xmlns:w="http://schemas.xmlsoap.org/wsdl/">\n<oops></w:definitions>',
        'http://h.test/page.html': '<html><body/></html>',
      },
      'http://h.test/m.wsdl',
    );
    expect(model.warnings.map((warning) => [warning.url, warning.importedFrom, warning.message.replace(/:.*$/s, '')])).toEqual([
      ['http://h.test/gone.wsdl', 'http://h.test/m.wsdl', 'Could not fetch the imported document'],
      ['http://h.test/broken.wsdl', 'http://h.test/m.wsdl', 'Could not read the imported document'],
      ['http://h.test/page.html', 'http://h.test/m.wsdl', 'The imported document is neither a WSDL nor an XML Schema (its root is <html>).'],
      ['http://h.test/m.wsdl', undefined, 'The description defines no services, so there is nothing to call.'],
    ]);
    expect(model.warnings[1]?.message).toMatch(/line 2, column \d+/);
  });

  it('resolves locations like a browser, and as paths when the entry is not a URL', () => {
    expect(resolveLocation('x.xsd', 'http://h.test/svc?wsdl')).toBe('http://h.test/x.xsd');
    expect(resolveLocation('?xsd=2', 'http://h.test/svc?xsd=1')).toBe('http://h.test/svc?xsd=2');
    expect(resolveLocation('https://o.test/y.xsd', 'http://h.test/a/b.wsdl')).toBe('https://o.test/y.xsd');
    expect(resolveLocation('../t/y.xsd', 'specs/a/b.wsdl')).toBe('specs/t/y.xsd');
    expect(resolveLocation('./y.xsd', 'b.wsdl')).toBe('y.xsd');
  });
});

describe('parseWsdl — failures', () => {
  const run = (text: string) => parseWsdl('http://h.test/e.wsdl', memoryFetch({ 'http://h.test/e.wsdl': text }));

  it('fails malformed XML with line and column', async () => {
    const result = await run('<w:definitions xmlns:w="http://schemas.xmlsoap.org/wsdl/">\n  <w:types>\n</w:definitions>');
    expect(result).toMatchObject({ ok: false, error: { kind: 'xml-malformed', position: { line: 3, column: 1 } } });
  });

  it('recognises WSDL 2.0 and declines it clearly', async () => {
    const result = await run('<wsdl2:description xmlns:wsdl2="http://www.w3.org/ns/wsdl" targetNamespace="urn:x"/>');
    expect(result).toMatchObject({ ok: false, error: { kind: 'wsdl2-unsupported' } });
    expect(!result.ok && result.error.message).toContain('WSDL 2.0');
  });

  it('says what a non-WSDL document is', async () => {
    expect(await run('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>')).toMatchObject({ ok: false, error: { kind: 'not-wsdl', message: expect.stringContaining('XML Schema') } });
    expect(await run('<definitions/>')).toMatchObject({ ok: false, error: { kind: 'not-wsdl', message: expect.stringContaining('in no namespace') } });
  });

  it('fails when the entry cannot be fetched', async () => {
    const result = await parseWsdl('http://h.test/none.wsdl', memoryFetch({}));
    expect(result).toEqual({ ok: false, error: { kind: 'fetch-failed', message: 'Could not fetch http://h.test/none.wsdl: 404 http://h.test/none.wsdl' } });
    const odd = await parseWsdl('x', async () => 42 as unknown as string);
    expect(odd).toMatchObject({ ok: false, error: { kind: 'fetch-failed' } });
  });

  it('throws on programmer errors', async () => {
    await expect(parseWsdl(42 as unknown as string, memoryFetch({}))).rejects.toThrow(TypeError);
    await expect(parseWsdl('x', memoryFetch({}), { maxDepth: -1 })).rejects.toThrow(RangeError);
  });

  it('returns a Result for any text and any entry URL, never throwing', async () => {
    const xmlish = fc
      .array(fc.constantFrom('<', '>', '/', ':', '=', '"', ' ', 'a', 'w', 'x', 'xmlns', 'definitions', '&', '\n', '?', '!', '-'), { maxLength: 80 })
      .map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), xmlish), fc.string(), async (text, url) => {
        const result = await parseWsdl(url, async () => text);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(result.error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('returns a Result for WSDL-shaped documents with arbitrary imports and names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), fc.string(), async (location, name, prefix) => {
        const escape = (value: string) => value.replace(/[&<"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '"': '&quot;' })[c] as string);
        const text = definitions(
          `<w:import location="${escape(location)}"/><w:service name="${escape(name)}"><w:port name="p" binding="${escape(prefix)}:b"/></w:service>`,
        );
        const result = await parseWsdl('http://h.test/e.wsdl', async (url) => (url === 'http://h.test/e.wsdl' ? text : Promise.reject(new Error('offline'))));
        expect(result.ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
