import { describe, expect, it } from 'vitest';
import { buildWireRequest } from '../request';
import { parseWsdl, type WsdlModel } from '../soap';
import type { Folder, SavedRequest } from '../workspace';
import { wsdlToCollection } from './wsdlCollection';

const URL = 'http://calc.example.test/calculator?wsdl';

const WSDL = `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions name="Calculator" targetNamespace="urn:calc"
    xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:http="http://schemas.xmlsoap.org/wsdl/http/"
    xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:calc">
  <wsdl:types>
    <xs:schema targetNamespace="urn:calc" elementFormDefault="qualified">
      <xs:element name="Add"><xs:complexType><xs:sequence>
        <xs:element name="a" type="xs:int"/><xs:element name="b" type="xs:int"/>
      </xs:sequence></xs:complexType></xs:element>
      <xs:element name="AddResponse"><xs:complexType><xs:sequence><xs:element name="sum" type="xs:int"/></xs:sequence></xs:complexType></xs:element>
    </xs:schema>
  </wsdl:types>
  <wsdl:message name="AddIn"><wsdl:part name="parameters" element="tns:Add"/></wsdl:message>
  <wsdl:message name="AddOut"><wsdl:part name="parameters" element="tns:AddResponse"/></wsdl:message>
  <wsdl:portType name="CalcPort">
    <wsdl:operation name="Add"><wsdl:documentation>Adds two integers.</wsdl:documentation><wsdl:input message="tns:AddIn"/><wsdl:output message="tns:AddOut"/></wsdl:operation>
  </wsdl:portType>
  <wsdl:binding name="Calc11" type="tns:CalcPort">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="document"/>
    <wsdl:operation name="Add"><soap:operation soapAction="urn:calc/Add"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:binding name="Calc12" type="tns:CalcPort">
    <soap12:binding transport="http://schemas.xmlsoap.org/soap/http" style="document"/>
    <wsdl:operation name="Add"><soap12:operation soapAction="urn:calc/Add"/><wsdl:input><soap12:body use="literal"/></wsdl:input><wsdl:output><soap12:body use="literal"/></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:binding name="CalcHttp" type="tns:CalcPort">
    <http:binding verb="GET"/>
    <wsdl:operation name="Add"><http:operation location="/Add"/><wsdl:input><http:urlEncoded/></wsdl:input><wsdl:output/></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="Calculator">
    <wsdl:documentation>Integer arithmetic.</wsdl:documentation>
    <wsdl:port name="CalcSoap" binding="tns:Calc11"><soap:address location="http://calc.example.test/calculator"/></wsdl:port>
    <wsdl:port name="CalcSoap12" binding="tns:Calc12"><soap12:address location="http://calc.example.test/calculator"/></wsdl:port>
    <wsdl:port name="CalcHttpGet" binding="tns:CalcHttp"><http:address location="http://calc.example.test/calculator"/></wsdl:port>
  </wsdl:service>
</wsdl:definitions>`;

async function model(): Promise<WsdlModel> {
  const parsed = await parseWsdl(URL, async (url) => {
    if (url !== URL) throw new Error(`404 ${url}`);
    return WSDL;
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('wsdlToCollection', () => {
  it('makes a folder per SOAP port with one SOAP request per operation', async () => {
    const result = wsdlToCollection(await model(), URL);
    const folders = result.collection.items as Folder[];
    expect(result.collection.name).toBe('Calculator');
    expect(result.collection.description).toBe('Integer arithmetic.');
    expect(folders.map((f) => f.name)).toEqual(['Calculator / CalcSoap (SOAP 1.1)', 'Calculator / CalcSoap12 (SOAP 1.2)']);
    const add = folders[0]!.items[0] as SavedRequest;
    expect(add).toMatchObject({ name: 'Add', requestType: 'soap', description: 'Adds two integers.', soap: { wsdlUrl: URL, service: 'Calculator', port: 'CalcSoap', operation: 'Add' } });
    expect(result.skipped).toEqual([{ item: 'Calculator / CalcHttpGet', reason: 'it is an HTTP GET binding, not SOAP; its operations are plain HTTP requests' }]);
  });

  it('writes the envelope as an XML body POSTed with the headers of its SOAP version', async () => {
    const folders = wsdlToCollection(await model(), URL).collection.items as Folder[];
    const soap11 = (folders[0]!.items[0] as SavedRequest).draft;
    const built = buildWireRequest(soap11, {});
    if (!built.ok) throw new Error(built.error.message);
    expect(built.value.wire.method).toBe('POST');
    expect(built.value.wire.url).toBe('http://calc.example.test/calculator');
    expect(built.value.wire.headers).toEqual([{ name: 'Content-Type', value: 'text/xml; charset=utf-8' }, { name: 'SOAPAction', value: '"urn:calc/Add"' }]);
    expect(soap11.body.kind).toBe('xml');
    expect(soap11.body.texts.xml).toContain('<soapenv:Envelope');
    expect(soap11.body.texts.xml).toMatch(/<\w+:a>/);
    const soap12 = (folders[1]!.items[0] as SavedRequest).draft;
    expect(soap12.headers.map((h) => h.value)).toEqual(['application/soap+xml; charset=utf-8; action="urn:calc/Add"']);
  });

  it('puts the operations of a single SOAP port at the top level', async () => {
    const full = await model();
    const single: WsdlModel = { ...full, services: full.services.map((s) => ({ ...s, ports: s.ports.filter((p) => p.name === 'CalcSoap') })) };
    const result = wsdlToCollection(single, URL);
    expect(result.collection.items.map((i) => `${i.kind}:${i.name}`)).toEqual(['request:Add']);
    expect(result.skipped).toEqual([]);
  });

  it('refuses something that is not a model', () => {
    expect(() => wsdlToCollection({} as WsdlModel, URL)).toThrow(TypeError);
  });
});
