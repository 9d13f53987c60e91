import { describe, expect, it } from 'vitest';
import { parseWsdl } from '../../../core';
import { defaultSoapTarget, summariseWsdl, summaryPort } from './wsdlSummary';

const WSDL = `<?xml version="1.0" encoding="utf-8"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:s11="http://schemas.xmlsoap.org/wsdl/soap/"
  xmlns:s12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:h="http://schemas.xmlsoap.org/wsdl/http/"
  xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:shop" targetNamespace="urn:shop" name="Shop">
  <types><xs:schema targetNamespace="urn:shop" elementFormDefault="qualified">
    <xs:element name="Ping"><xs:complexType><xs:sequence><xs:element name="text" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
  </xs:schema></types>
  <message name="PingIn"><part name="p" element="tns:Ping"/></message>
  <portType name="ShopPT"><operation name="Ping"><documentation>Says hello.</documentation><input message="tns:PingIn"/></operation></portType>
  <binding name="B12" type="tns:ShopPT"><s12:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="Ping"><s12:operation soapAction="urn:shop#Ping"/><input><s12:body use="literal"/></input></operation></binding>
  <binding name="B11" type="tns:ShopPT"><s11:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="Ping"><s11:operation soapAction="urn:shop#Ping"/><input><s11:body use="literal"/></input></operation></binding>
  <binding name="BHttp" type="tns:ShopPT"><h:binding verb="GET"/><operation name="Ping"><h:operation location="/ping"/><input/></operation></binding>
  <service name="ShopService">
    <port name="Http" binding="tns:BHttp"><h:address location="https://shop.example/http"/></port>
    <port name="Soap12" binding="tns:B12"><s12:address location="https://shop.example/soap12"/></port>
    <port name="Soap11" binding="tns:B11"><s11:address location="https://shop.example/soap"/></port>
  </service>
</definitions>`;

async function model() {
  const parsed = await parseWsdl('https://shop.example/soap?WSDL', async () => WSDL);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('summariseWsdl', () => {
  it('keeps what the pickers show: ports with version and address, operations with action and documentation', async () => {
    const summary = summariseWsdl(await model());
    expect(summary.name).toBe('Shop');
    expect(summary.documents).toEqual(['https://shop.example/soap?WSDL']);
    expect(summary.operationCount).toBe(2);
    expect(summaryPort(summary, 'ShopService', 'Soap12')).toEqual({
      name: 'Soap12',
      protocol: 'soap',
      soapVersion: '1.2',
      address: 'https://shop.example/soap12',
      operations: [{ name: 'Ping', soapAction: 'urn:shop#Ping', style: 'document', use: 'literal', documentation: 'Says hello.', bodyElement: { ns: 'urn:shop', local: 'Ping' } }],
    });
    expect(summaryPort(summary, 'ShopService', 'Http')?.protocol).toBe('http');
  });

  it('is plain data that survives structured cloning (it crosses from the worker)', async () => {
    const summary = summariseWsdl(await model());
    expect(structuredClone(summary)).toEqual(summary);
  });
});

describe('defaultSoapTarget', () => {
  it('prefers a SOAP 1.1 port and skips HTTP bindings', async () => {
    expect(defaultSoapTarget(summariseWsdl(await model()))).toEqual({ service: 'ShopService', port: 'Soap11', operation: 'Ping' });
  });

  it('is undefined when no port is SOAP', async () => {
    const summary = summariseWsdl(await model());
    summary.services[0]!.ports = summary.services[0]!.ports.filter((p) => p.protocol === 'http');
    expect(defaultSoapTarget(summary)).toBeUndefined();
  });
});
