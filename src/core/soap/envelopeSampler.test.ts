import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sampleEnvelope, type SampleOptions, type SoapSample } from './envelopeSampler';
import { parseWsdl } from './wsdlParser';
import type { WsdlModel } from './wsdlModel';

/** Serves documents from memory; anything else is "not found". */
function memoryFetch(documents: Record<string, string>) {
  return async (url: string): Promise<string> => {
    const text = documents[url];
    if (text === undefined) throw new Error(`404 ${url}`);
    return text;
  };
}

async function modelOf(documents: Record<string, string>, entry = 'http://example.test/service.wsdl'): Promise<WsdlModel> {
  const result = await parseWsdl(entry, memoryFetch(documents));
  if (!result.ok) throw new Error(`fixture did not load: ${result.error.message}`);
  return result.value;
}

function sampleOf(model: WsdlModel, operation = 'Op', options?: SampleOptions): SoapSample {
  const service = model.services[0];
  const port = service?.ports[0];
  if (!service || !port) throw new Error('fixture has no port');
  const result = sampleEnvelope(model, { service: service.name, port: port.name, operation }, options);
  if (!result.ok) throw new Error(`sample failed: ${result.error.message}`);
  return result.value;
}

interface FixtureOptions {
  /** Inline schema(s) placed in wsdl:types. */
  types?: string;
  /** Parts of the input message. */
  parts?: string;
  style?: 'document' | 'rpc';
  soap?: '1.1' | '1.2';
  action?: string | null;
  body?: string;
  extraMessages?: string;
  inputExtensions?: string;
}

/** A one-operation WSDL around the given types and message parts. */
function wsdl(options: FixtureOptions): string {
  const soapNs = options.soap === '1.2' ? 'http://schemas.xmlsoap.org/wsdl/soap12/' : 'http://schemas.xmlsoap.org/wsdl/soap/';
  const action = options.action === null ? '' : ` soapAction="${options.action ?? 'urn:t/Op'}"`;
  return `<?xml version="1.0"?>
<w:definitions xmlns:w="http://schemas.xmlsoap.org/wsdl/" xmlns:b="${soapNs}" xmlns:xs="http://www.w3.org/2001/XMLSchema"
    xmlns:t="urn:t" targetNamespace="urn:t" name="Fixture">
  <w:types>${options.types ?? ''}</w:types>
  <w:message name="OpIn">${options.parts ?? '<w:part name="parameters" element="t:Req"/>'}</w:message>
  <w:message name="OpOut"><w:part name="parameters" element="t:Req"/></w:message>
  ${options.extraMessages ?? ''}
  <w:portType name="PT">
    <w:operation name="Op"><w:input message="t:OpIn"/><w:output message="t:OpOut"/></w:operation>
  </w:portType>
  <w:binding name="B" type="t:PT">
    <b:binding style="${options.style ?? 'document'}" transport="http://schemas.xmlsoap.org/soap/http"/>
    <w:operation name="Op">
      <b:operation${action}/>
      <w:input>${options.inputExtensions ?? ''}${options.body ?? '<b:body use="literal"/>'}</w:input>
      <w:output><b:body use="literal"/></w:output>
    </w:operation>
  </w:binding>
  <w:service name="S"><w:port name="P" binding="t:B"><b:address location="http://example.test/endpoint"/></w:port></w:service>
</w:definitions>`;
}

function schema(body: string, attrs = 'elementFormDefault="qualified"'): string {
  return `<xs:schema targetNamespace="urn:t" ${attrs}>${body}</xs:schema>`;
}

const ENTRY = 'http://example.test/service.wsdl';

describe('sampleEnvelope — exact envelopes', () => {
  it('document/literal with elementFormDefault="qualified": every local element is in the target namespace', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(`
          <xs:element name="Req">
            <xs:complexType><xs:sequence>
              <xs:element name="id" type="xs:int"/>
              <xs:element name="when" type="xs:dateTime" minOccurs="0"/>
              <xs:element name="tag" type="xs:string" maxOccurs="unbounded"/>
              <xs:element name="flag" type="xs:boolean" nillable="true"/>
            </xs:sequence></xs:complexType>
          </xs:element>`),
      }),
    });
    const sample = sampleOf(model);
    expect(sample.envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <t:Req>
      <t:id>0</t:id>
      <!-- optional -->
      <t:when>2026-01-01T00:00:00Z</t:when>
      <!-- 1 or more -->
      <t:tag>?</t:tag>
      <!-- nillable -->
      <t:flag>true</t:flag>
    </t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
    expect(sample.contentType).toBe('text/xml; charset=utf-8');
    expect(sample.headers).toEqual([
      { name: 'Content-Type', value: 'text/xml; charset=utf-8' },
      { name: 'SOAPAction', value: '"urn:t/Op"' },
    ]);
    expect(sample.endpoint).toBe('http://example.test/endpoint');
    expect(sample.soapVersion).toBe('1.1');
    expect(sample.soapAction).toBe('urn:t/Op');
  });

  it('document/literal with unqualified locals: they are written unprefixed and no default namespace is declared', async () => {
    // The schema's default namespace resolves its QNames; it must not leak into the sample.
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(
          `<xs:element name="Req" type="ReqType"/>
          <xs:complexType name="ReqType"><xs:sequence>
            <xs:element name="name" type="xs:string"/>
            <xs:element name="inner" type="Inner"/>
            <xs:element ref="Shared"/>
          </xs:sequence></xs:complexType>
          <xs:complexType name="Inner"><xs:sequence>
            <xs:element name="code" type="xs:short" form="qualified"/>
          </xs:sequence></xs:complexType>
          <xs:element name="Shared" type="xs:decimal"/>`,
          'xmlns="urn:t"',
        ),
      }),
    });
    expect(sampleOf(model).envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <t:Req>
      <name>?</name>
      <inner>
        <t:code>0</t:code>
      </inner>
      <t:Shared>0</t:Shared>
    </t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('rpc/literal wraps the parts in the operation element, in the soap:body namespace', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({
        style: 'rpc',
        body: '<b:body use="literal" namespace="urn:rpc"/>',
        parts: '<w:part name="a" type="xs:string"/><w:part name="b" type="t:Pair"/>',
        types: schema(`<xs:complexType name="Pair"><xs:sequence>
          <xs:element name="x" type="xs:int"/><xs:element name="y" type="xs:int"/>
        </xs:sequence></xs:complexType><xs:element name="Req" type="t:Pair"/>`),
      }),
    });
    expect(sampleOf(model).envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns1="urn:rpc" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <ns1:Op>
      <a>?</a>
      <b>
        <t:x>0</t:x>
        <t:y>0</t:y>
      </b>
    </ns1:Op>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('rpc/encoded marks the wrapper with encodingStyle and each part with xsi:type (corpus hello.wsdl)', async () => {
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL('hello.wsdl', corpusDir()), 'utf8');
    const model = await modelOf({ 'file:///hello.wsdl': text }, 'file:///hello.wsdl');
    expect(sampleEnvelope(model, { service: 'Hello_Service', port: 'Hello_Port', operation: 'sayHello' })).toEqual({
      ok: true,
      value: {
        envelope: `<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns1="urn:examples:helloservice" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <soapenv:Header/>
  <soapenv:Body>
    <ns1:sayHello soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">
      <firstName xsi:type="xsd:string">?</firstName>
    </ns1:sayHello>
  </soapenv:Body>
</soapenv:Envelope>
`,
        contentType: 'text/xml; charset=utf-8',
        soapAction: 'sayHello',
        headers: [
          { name: 'Content-Type', value: 'text/xml; charset=utf-8' },
          { name: 'SOAPAction', value: '"sayHello"' },
        ],
        endpoint: 'http://localhost:51515/SayHello/',
        soapVersion: '1.1',
      },
    });
  });

  it('follows an include/import chain: chameleon include, ?xsd=N locations, a cycle, and per-schema form defaults', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({ types: schema('<xs:include schemaLocation="parts.xsd"/>') }),
      'http://example.test/parts.xsd': `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:c="urn:common">
        <xs:import namespace="urn:common" schemaLocation="svc?xsd=1"/>
        <xs:import namespace="urn:gone" schemaLocation="missing.xsd"/>
        <xs:element name="Req"><xs:complexType><xs:sequence>
          <xs:element name="label" type="xs:string"/>
          <xs:element name="where" type="c:Address"/>
        </xs:sequence></xs:complexType></xs:element>
      </xs:schema>`,
      'http://example.test/svc?xsd=1': `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:c="urn:common"
          targetNamespace="urn:common" elementFormDefault="qualified">
        <xs:include schemaLocation="svc?xsd=2"/>
      </xs:schema>`,
      'http://example.test/svc?xsd=2': `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:c="urn:common"
          targetNamespace="urn:common" elementFormDefault="qualified">
        <xs:include schemaLocation="svc?xsd=1"/>
        <xs:complexType name="Address"><xs:sequence>
          <xs:element name="street" type="xs:string"/><xs:element name="city" type="xs:string"/>
        </xs:sequence></xs:complexType>
      </xs:schema>`,
    });
    expect(model.documents).toEqual([ENTRY, 'http://example.test/parts.xsd', 'http://example.test/svc?xsd=1', 'http://example.test/svc?xsd=2']);
    expect(model.warnings).toEqual([
      { message: 'Could not fetch the imported document: 404 http://example.test/missing.xsd', url: 'http://example.test/missing.xsd', importedFrom: 'http://example.test/parts.xsd' },
    ]);
    expect(sampleOf(model).envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t" xmlns:c="urn:common">
  <soapenv:Header/>
  <soapenv:Body>
    <t:Req>
      <label>?</label>
      <where>
        <c:street>?</c:street>
        <c:city>?</c:city>
      </where>
    </t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('a choice shows its first branch and names all branches in a comment', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(`<xs:element name="Req"><xs:complexType><xs:sequence>
          <xs:choice>
            <xs:element name="byId" type="xs:long"/>
            <xs:element name="byName" type="xs:string"/>
            <xs:sequence><xs:element name="lat" type="xs:double"/><xs:element name="lon" type="xs:double"/></xs:sequence>
          </xs:choice>
        </xs:sequence></xs:complexType></xs:element>`),
      }),
    });
    expect(sampleOf(model).envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <t:Req>
      <!-- choice of one: byId | byName | (lat, lon) -->
      <t:byId>0</t:byId>
    </t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('an enumeration shows its first value and lists the others in a comment', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(`<xs:simpleType name="Color"><xs:restriction base="xs:string">
            <xs:enumeration value="red"/><xs:enumeration value="green"/><xs:enumeration value="blue"/>
          </xs:restriction></xs:simpleType>
          <xs:element name="Req"><xs:complexType><xs:sequence>
            <xs:element name="color" type="t:Color"/>
          </xs:sequence></xs:complexType></xs:element>`),
      }),
    });
    expect(sampleOf(model).envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <t:Req>
      <!-- other values: green, blue -->
      <t:color>red</t:color>
    </t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('a recursive type is expanded once; the recursive element becomes a comment', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(`<xs:complexType name="Node"><xs:sequence>
            <xs:element name="name" type="xs:string"/>
            <xs:element name="child" type="t:Node" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
          <xs:element name="Req" type="t:Node"/>`),
      }),
    });
    expect(sampleOf(model).envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <t:Req>
      <t:name>?</t:name>
      <!-- child: recursive (t:Node is already being expanded), not expanded again; 0 or more -->
    </t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('attributes: required and optional written, prohibited left out, fixed used, form and groups honoured', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(`<xs:attributeGroup name="Audit"><xs:attribute name="by" type="xs:string" use="required"/></xs:attributeGroup>
          <xs:element name="Req"><xs:complexType>
            <xs:sequence><xs:element name="v" type="xs:int"/></xs:sequence>
            <xs:attribute name="version" type="xs:int" use="required"/>
            <xs:attribute name="lang" type="xs:language"/>
            <xs:attribute name="legacy" type="xs:string" use="prohibited"/>
            <xs:attribute name="kind" type="xs:string" fixed="full"/>
            <xs:attribute name="scope" form="qualified" type="xs:string" use="required"/>
            <xs:attributeGroup ref="t:Audit"/>
          </xs:complexType></xs:element>`),
      }),
    });
    expect(sampleOf(model).envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <!-- optional attributes: lang, kind -->
    <t:Req version="0" lang="en" kind="full" t:scope="?" by="?">
      <t:v>0</t:v>
    </t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('complexContent extension appends to the base; simpleContent extension adds attributes to a value', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(`<xs:complexType name="Base"><xs:sequence><xs:element name="id" type="xs:int"/></xs:sequence>
            <xs:attribute name="rev" type="xs:int" use="required"/></xs:complexType>
          <xs:complexType name="Derived"><xs:complexContent><xs:extension base="t:Base">
            <xs:sequence><xs:element name="extra" type="xs:string"/></xs:sequence>
          </xs:extension></xs:complexContent></xs:complexType>
          <xs:complexType name="Money"><xs:simpleContent><xs:extension base="xs:decimal">
            <xs:attribute name="currency" type="xs:string" use="required"/>
          </xs:extension></xs:simpleContent></xs:complexType>
          <xs:element name="Req"><xs:complexType><xs:sequence>
            <xs:element name="item" type="t:Derived"/>
            <xs:element name="price" type="t:Money"/>
          </xs:sequence></xs:complexType></xs:element>`),
      }),
    });
    expect(sampleOf(model).envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <t:Req>
      <t:item rev="0">
        <t:id>0</t:id>
        <t:extra>?</t:extra>
      </t:item>
      <t:price currency="?">0</t:price>
    </t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('SOAP 1.2 puts the action in the Content-Type and sends no SOAPAction header', async () => {
    const types = schema('<xs:element name="Req" type="xs:string"/>');
    const model = await modelOf({ [ENTRY]: wsdl({ soap: '1.2', types }) });
    const sample = sampleOf(model);
    expect(sample.envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://www.w3.org/2003/05/soap-envelope" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <t:Req>?</t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
    expect(sample.contentType).toBe('application/soap+xml; charset=utf-8; action="urn:t/Op"');
    expect(sample.headers).toEqual([{ name: 'Content-Type', value: 'application/soap+xml; charset=utf-8; action="urn:t/Op"' }]);
    expect(sample.soapVersion).toBe('1.2');

    const withoutAction = sampleOf(await modelOf({ [ENTRY]: wsdl({ soap: '1.2', types, action: null }) }));
    expect(withoutAction.contentType).toBe('application/soap+xml; charset=utf-8');
    expect(withoutAction.soapAction).toBe('');
  });

  it('SOAP 1.1 sends SOAPAction "" when the WSDL declares no action', async () => {
    const model = await modelOf({ [ENTRY]: wsdl({ action: null, types: schema('<xs:element name="Req" type="xs:string"/>') }) });
    expect(sampleOf(model).headers).toContainEqual({ name: 'SOAPAction', value: '""' });
  });

  it('soap:header parts are written in the Header and left out of the Body', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(`<xs:element name="Req" type="xs:string"/>
          <xs:element name="Auth"><xs:complexType><xs:sequence><xs:element name="token" type="xs:string"/></xs:sequence></xs:complexType></xs:element>`),
        parts: '<w:part name="parameters" element="t:Req"/><w:part name="auth" element="t:Auth"/>',
        inputExtensions: '<b:header message="t:OpIn" part="auth" use="literal"/>',
      }),
    });
    expect(sampleOf(model).envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header>
    <t:Auth>
      <t:token>?</t:token>
    </t:Auth>
  </soapenv:Header>
  <soapenv:Body>
    <t:Req>?</t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('element refs, group refs and wildcards', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(`<xs:group name="Paging"><xs:sequence>
            <xs:element name="page" type="xs:int"/><xs:element name="size" type="xs:int" minOccurs="0"/>
          </xs:sequence></xs:group>
          <xs:element name="Filter" type="xs:string"/>
          <xs:element name="Req"><xs:complexType><xs:sequence>
            <xs:element ref="t:Filter" maxOccurs="3"/>
            <xs:group ref="t:Paging"/>
            <xs:any namespace="##other" processContents="lax" minOccurs="0"/>
          </xs:sequence></xs:complexType></xs:element>`),
      }),
    });
    expect(sampleOf(model).envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <t:Req>
      <!-- 1 to 3 -->
      <t:Filter>?</t:Filter>
      <t:page>0</t:page>
      <!-- optional -->
      <t:size>0</t:size>
      <!-- any element (namespace ##other); optional -->
    </t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('corpus xsd_include.wsdl: an included schema file supplies the request types', async () => {
    const { readFile } = await import('node:fs/promises');
    const entry = new URL('xsdinclude/xsd_include.wsdl', corpusDir()).href;
    const result = await parseWsdl(entry, async (url) => readFile(new URL(url), 'utf8'));
    if (!result.ok) throw new Error(result.error.message);
    const sample = sampleEnvelope(result.value, { service: 'DummyService', port: 'DummyPortType', operation: 'Dummy' });
    expect(sample.ok && sample.value.envelope).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:dummy="http://www.dummy.com/Types">
  <soapenv:Header/>
  <soapenv:Body>
    <dummy:DummyRequest>
      <dummy:ID>?</dummy:ID>
      <dummy:Name>?</dummy:Name>
    </dummy:DummyRequest>
  </soapenv:Body>
</soapenv:Envelope>
`);
    expect(sample.ok && sample.value.headers).toContainEqual({ name: 'SOAPAction', value: '"tns#Dummy"' });
  });
});

describe('sampleEnvelope — bounds and options', () => {
  it('cuts nesting deeper than maxDepth with a comment', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(`<xs:element name="Req"><xs:complexType><xs:sequence>
          <xs:element name="a"><xs:complexType><xs:sequence>
            <xs:element name="b"><xs:complexType><xs:sequence><xs:element name="c" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
          </xs:sequence></xs:complexType></xs:element>
        </xs:sequence></xs:complexType></xs:element>`),
      }),
    });
    const envelope = sampleOf(model, 'Op', { maxDepth: 3 }).envelope;
    expect(envelope).toContain('<t:b>\n          <!-- c: omitted, nested deeper than 3 levels -->\n        </t:b>');
  });

  it('stops after maxElements and says so once', async () => {
    const many = Array.from({ length: 10 }, (_, i) => `<xs:element name="e${i}" type="xs:int"/>`).join('');
    const model = await modelOf({ [ENTRY]: wsdl({ types: schema(`<xs:element name="Req"><xs:complexType><xs:sequence>${many}</xs:sequence></xs:complexType></xs:element>`) }) });
    const envelope = sampleOf(model, 'Op', { maxElements: 4 }).envelope;
    expect(envelope.match(/<t:e\d>/g)).toEqual(['<t:e0>', '<t:e1>', '<t:e2>']);
    expect(envelope.match(/sample truncated/g)).toHaveLength(1);
  });

  it('comments: false writes no comments', async () => {
    const model = await modelOf({
      [ENTRY]: wsdl({ types: schema('<xs:element name="Req"><xs:complexType><xs:sequence><xs:element name="x" type="xs:int" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>') }),
    });
    expect(sampleOf(model, 'Op', { comments: false }).envelope).not.toContain('<!--');
  });

  it('samples the response with message: "output"', async () => {
    const model = await modelOf({ [ENTRY]: wsdl({ types: schema('<xs:element name="Req" type="xs:int"/>'), parts: '<w:part name="x" type="xs:string"/>' }) });
    expect(sampleOf(model, 'Op', { message: 'output' }).envelope).toContain('<t:Req>0</t:Req>');
    expect(sampleOf(model, 'Op').envelope).toContain('<x>?</x>');
  });
});

describe('sampleEnvelope — clear errors', () => {
  it('names what exists when the target does not', async () => {
    const model = await modelOf({ [ENTRY]: wsdl({ types: schema('<xs:element name="Req" type="xs:int"/>') }) });
    const service = sampleEnvelope(model, { service: 'Nope', port: 'P', operation: 'Op' });
    expect(service).toEqual({ ok: false, error: { kind: 'service-not-found', message: 'No service "Nope"; the description has "S".', field: 'service' } });
    const port = sampleEnvelope(model, { service: 'S', port: 'Q', operation: 'Op' });
    expect(!port.ok && port.error.kind).toBe('port-not-found');
    const operation = sampleEnvelope(model, { service: 'S', port: 'P', operation: 'Other' });
    expect(!operation.ok && operation.error.message).toBe('Port "P" has no operation "Other"; it has "Op".');
  });

  it('refuses HTTP-binding ports and operations without the requested message', async () => {
    const text = wsdl({ types: schema('<xs:element name="Req" type="xs:int"/>') })
      .replace('<w:output message="t:OpOut"/>', '')
      .replace('</w:service>', `</w:service><w:service name="H"><w:port name="HP" binding="t:HB"><h:address xmlns:h="http://schemas.xmlsoap.org/wsdl/http/" location="http://example.test/h"/></w:port></w:service>
        <w:binding name="HB" type="t:PT"><h:binding xmlns:h="http://schemas.xmlsoap.org/wsdl/http/" verb="GET"/><w:operation name="Op"/></w:binding>`);
    const model = await modelOf({ [ENTRY]: text });
    const http = sampleEnvelope(model, { service: 'H', port: 'HP', operation: 'Op' });
    expect(!http.ok && http.error.kind).toBe('not-soap-port');
    expect(model.services[1]?.ports[0]).toMatchObject({ protocol: 'http', httpVerb: 'GET', soapVersion: null });
    const output = sampleEnvelope(model, { service: 'S', port: 'P', operation: 'Op' }, { message: 'output' });
    expect(!output.ok && output.error.kind).toBe('no-message');
  });

  it('throws on programmer errors', async () => {
    const model = await modelOf({ [ENTRY]: wsdl({ types: schema('<xs:element name="Req" type="xs:int"/>') }) });
    expect(() => sampleEnvelope(model, { service: 'S', port: 'P', operation: 'Op' }, { maxDepth: 0 })).toThrow(RangeError);
    expect(() => sampleEnvelope({} as WsdlModel, { service: 'S', port: 'P', operation: 'Op' })).toThrow(TypeError);
  });
});

function corpusDir(): URL {
  const beside = new URL('../../../../shared/corpus/wsdl/node-soap/', import.meta.url);
  if (existsSync(beside)) return beside;
  const fromEnv = process.env.WIREBENCH_CORPUS;
  if (fromEnv) return pathToFileURL(fromEnv.endsWith('/') ? fromEnv : `${fromEnv}/`);
  throw new Error(`WSDL corpus not found at ${beside.pathname}; set WIREBENCH_CORPUS to its directory`);
}

describe('sampleEnvelope — hostile schemas', () => {
  it('survives thousands of chained derivations and groups without overflowing the stack', async () => {
    const count = 3000;
    const types = Array.from({ length: count }, (_, i) =>
      i === 0
        ? '<xs:complexType name="T0"><xs:sequence><xs:element name="leaf" type="xs:string"/></xs:sequence></xs:complexType>'
        : `<xs:complexType name="T${i}"><xs:complexContent><xs:extension base="t:T${i - 1}"/></xs:complexContent></xs:complexType>`,
    ).join('');
    const groups = Array.from({ length: count }, (_, i) =>
      i === 0 ? '<xs:group name="G0"><xs:sequence><xs:element name="g" type="xs:int"/></xs:sequence></xs:group>' : `<xs:group name="G${i}"><xs:sequence><xs:group ref="t:G${i - 1}"/></xs:sequence></xs:group>`,
    ).join('');
    const model = await modelOf({
      [ENTRY]: wsdl({
        types: schema(`${types}${groups}<xs:element name="Req"><xs:complexType><xs:sequence>
          <xs:element name="a" type="t:T${count - 1}"/><xs:group ref="t:G${count - 1}"/>
        </xs:sequence></xs:complexType></xs:element>`),
      }),
    });
    const envelope = sampleOf(model).envelope;
    expect(envelope).toContain('nest more than 200 deep');
  });
});

describe('sampleEnvelope — remembered type samples', () => {
  // A and B refer to each other; Holder uses B directly and through A. Whether B's sample
  // may be reused depends on what is being expanded around it.
  const types = schema(`<xs:complexType name="A"><xs:sequence><xs:element name="b" type="t:B" minOccurs="0"/><xs:element name="x" type="xs:int"/></xs:sequence></xs:complexType>
    <xs:complexType name="B"><xs:sequence><xs:element name="a" type="t:A" minOccurs="0"/><xs:element name="y" type="xs:string"/></xs:sequence></xs:complexType>
    <xs:complexType name="Holder"><xs:sequence><xs:element name="first" type="t:B"/><xs:element name="second" type="t:A"/><xs:element name="third" type="t:B"/></xs:sequence></xs:complexType>
    <xs:element name="Req" type="t:Holder"/><xs:element name="OnlyA" type="t:A"/><xs:element name="OnlyB" type="t:B"/>`);
  const text = wsdl({ types, parts: '<w:part name="p" element="t:Req"/>', extraMessages: '' })
    .replace('<w:operation name="Op"><w:input message="t:OpIn"/><w:output message="t:OpOut"/></w:operation>', `<w:operation name="Op"><w:input message="t:OpIn"/><w:output message="t:OpOut"/></w:operation>
      <w:operation name="A"><w:input message="t:AIn"/></w:operation><w:operation name="B"><w:input message="t:BIn"/></w:operation>`)
    .replace('<w:portType', '<w:message name="AIn"><w:part name="p" element="t:OnlyA"/></w:message><w:message name="BIn"><w:part name="p" element="t:OnlyB"/></w:message><w:portType')
    .replace('</w:binding>', '<w:operation name="A"><w:input><b:body use="literal"/></w:input></w:operation><w:operation name="B"><w:input><b:body use="literal"/></w:input></w:operation></w:binding>');

  it('gives every operation the same envelope in any order, and the same as a model that remembers nothing', async () => {
    const orders = [
      ['Op', 'A', 'B'],
      ['B', 'A', 'Op'],
      ['A', 'Op', 'B'],
    ];
    const fresh = await modelOf({ [ENTRY]: text });
    const expected = Object.fromEntries(['Op', 'A', 'B'].map((name) => [name, sampleOf(structuredClone(fresh), name).envelope]));
    for (const order of orders) {
      const model = await modelOf({ [ENTRY]: text });
      for (const name of order) expect(sampleOf(model, name).envelope, `${order.join(',')}: ${name}`).toBe(expected[name]);
    }
    expect(expected.Op).toBe(`<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <t:Req>
      <t:first>
        <!-- optional -->
        <t:a>
          <!-- b: recursive (t:B is already being expanded), not expanded again; optional -->
          <t:x>0</t:x>
        </t:a>
        <t:y>?</t:y>
      </t:first>
      <t:second>
        <!-- optional -->
        <t:b>
          <!-- a: recursive (t:A is already being expanded), not expanded again; optional -->
          <t:y>?</t:y>
        </t:b>
        <t:x>0</t:x>
      </t:second>
      <t:third>
        <!-- optional -->
        <t:a>
          <!-- b: recursive (t:B is already being expanded), not expanded again; optional -->
          <t:x>0</t:x>
        </t:a>
        <t:y>?</t:y>
      </t:third>
    </t:Req>
  </soapenv:Body>
</soapenv:Envelope>
`);
  });

  it('does not reuse a sample made under a depth cut, nor one too tall for where it is needed', async () => {
    const model = await modelOf({ [ENTRY]: text });
    const shallow = sampleOf(model, 'Op', { maxDepth: 3 }).envelope;
    const deep = sampleOf(model, 'Op').envelope;
    expect(shallow).toContain('omitted, nested deeper than 3 levels');
    expect(deep).not.toContain('omitted');
    expect(sampleOf(model, 'Op', { maxDepth: 3 }).envelope).toBe(shallow);
  });
});
