/**
 * SOAP and WSDL: reading WSDL 1.1 descriptions (with their imports), generating sample
 * envelopes from their schemas, WS-Security UsernameToken headers, and SOAP faults.
 */
export * from './wsdlModel';
export * from './wsdlParser';
export * from './envelopeSampler';
export * from './wsSecurity';
export * from './soapFault';
export * from './soapEnvelopeCheck';
export type { WsdlFetchText } from './wsdlLoader';
export type { NsXmlElement, NsXmlNode, NsXmlAttribute, NsXmlText, NsXmlComment } from './xmlTree';
