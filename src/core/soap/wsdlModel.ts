/**
 * The shape of a parsed WSDL 1.1 description: what the composer lists (services, ports,
 * operations), what the sample generator reads (messages, parts, schemas), and what went
 * wrong without stopping the load (warnings). Plain data only — Maps, arrays, objects —
 * so a model built in a worker crosses to the page by structured clone unchanged.
 */
import type { NsXmlElement } from './xmlTree';

/** Namespace of WSDL 1.1 itself. */
export const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
/** Namespace of WSDL 2.0, which Wirebench recognises and declines. */
export const WSDL2_NS = 'http://www.w3.org/ns/wsdl';
/** Namespace of the WSDL 1.1 SOAP 1.1 binding extension. */
export const WSDL_SOAP11_NS = 'http://schemas.xmlsoap.org/wsdl/soap/';
/** Namespace of the WSDL 1.1 SOAP 1.2 binding extension. */
export const WSDL_SOAP12_NS = 'http://schemas.xmlsoap.org/wsdl/soap12/';
/** Namespace of the WSDL 1.1 HTTP GET/POST binding extension. */
export const WSDL_HTTP_NS = 'http://schemas.xmlsoap.org/wsdl/http/';
/** Namespace of the WSDL 1.1 MIME binding extension (attachments wrap soap:body in it). */
export const WSDL_MIME_NS = 'http://schemas.xmlsoap.org/wsdl/mime/';
/** Namespace of XML Schema. */
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
/** Namespace of XML Schema instance attributes (`xsi:type`, `xsi:nil`). */
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
/** SOAP 1.1 envelope namespace. */
export const SOAP11_ENVELOPE_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
/** SOAP 1.2 envelope namespace. */
export const SOAP12_ENVELOPE_NS = 'http://www.w3.org/2003/05/soap-envelope';
/** SOAP 1.1 encoding namespace (rpc/encoded arrays and types). */
export const SOAP11_ENCODING_NS = 'http://schemas.xmlsoap.org/soap/encoding/';
/** SOAP 1.2 encoding namespace. */
export const SOAP12_ENCODING_NS = 'http://www.w3.org/2003/05/soap-encoding';

/** Which SOAP version a port speaks, told by its binding's namespace URI. */
export type SoapVersion = '1.1' | '1.2';

/** A qualified name resolved to its namespace URI (`''` for no namespace). */
export interface WsdlQName {
  ns: string;
  local: string;
}

/** Something that did not stop the load but that the person should know (a failed import, a dangling reference). */
export interface WsdlWarning {
  message: string;
  /** The document the problem is about (the import that failed, or the document holding the bad reference). */
  url: string;
  /** For a failed import: the document that asked for it. */
  importedFrom?: string;
}

/** A `wsdl:part`: a body or header piece typed by a global element or by a type. */
export interface WsdlPart {
  name: string;
  element?: WsdlQName;
  type?: WsdlQName;
}

/** A `wsdl:message`. */
export interface WsdlMessage {
  name: WsdlQName;
  parts: WsdlPart[];
}

/** A part sent as a SOAP header (`soap:header` in the binding). */
export interface WsdlHeaderPart {
  message: WsdlQName;
  part: WsdlPart;
  use: 'literal' | 'encoded';
  namespace?: string;
}

/** The input or output of an operation as the binding shapes it. */
export interface WsdlOperationMessage {
  /** The `name` attribute of the portType input/output, when given. */
  name?: string;
  message: WsdlMessage | null;
  /** The parts that travel in the Body (soap:body `parts`, minus parts sent as headers). */
  bodyParts: WsdlPart[];
  headers: WsdlHeaderPart[];
  use: 'literal' | 'encoded';
  /** soap:body `namespace`: the namespace of the rpc wrapper element. */
  namespace?: string;
  encodingStyle?: string;
}

/** A fault an operation may answer with. */
export interface WsdlFault {
  name: string;
  message: WsdlMessage | null;
  use: 'literal' | 'encoded';
}

/** One operation of a port, as the binding makes it concrete. */
export interface WsdlOperation {
  name: string;
  /** The action to send; `''` when the WSDL declares none or an empty one. */
  soapAction: string;
  /** soap12:operation `soapActionRequired`, when stated. */
  soapActionRequired?: boolean;
  /** Operation-level style, else binding-level, else `document`. */
  style: 'document' | 'rpc';
  /** The input body's `use` (the output's may differ; see `output.use`). */
  use: 'literal' | 'encoded';
  input: WsdlOperationMessage | null;
  output: WsdlOperationMessage | null;
  faults: WsdlFault[];
  /** For rpc style: the input soap:body `namespace`, which qualifies the wrapper element. */
  rpcNamespace?: string;
  documentation?: string;
}

/** A port: an address plus a binding. */
export interface WsdlPort {
  name: string;
  /** `soap` ports can be sampled; `http` ports (HTTP GET/POST bindings) are listed for completeness. */
  protocol: 'soap' | 'http';
  soapVersion: SoapVersion | null;
  /** soap:address / soap12:address / http:address `location`. */
  address: string;
  binding: WsdlQName;
  /** http:binding `verb` for HTTP ports. */
  httpVerb?: string;
  operations: WsdlOperation[];
}

/** A `wsdl:service`. */
export interface WsdlService {
  name: string;
  ports: WsdlPort[];
  documentation?: string;
}

/** One schema document (or inline `xs:schema`) and the defaults its components follow. */
export interface XsdSchemaDocument {
  /** Where it was read from; inline schemas get `#types[n]` after the WSDL's URL. */
  url: string;
  targetNamespace: string;
  elementFormQualified: boolean;
  attributeFormQualified: boolean;
  /** Set when a schema without a target namespace was included into one (it takes the includer's). */
  chameleon: boolean;
}

/** A top-level schema component together with the schema document that declares it. */
export interface XsdComponent {
  node: NsXmlElement;
  schema: XsdSchemaDocument;
}

/**
 * Every schema component reachable from the WSDL, indexed by `{namespace}local` so that a
 * sample of a large description never searches lists.
 */
export interface XsdSchemaSet {
  documents: XsdSchemaDocument[];
  elements: Map<string, XsdComponent>;
  /** complexType and simpleType share one symbol space in XML Schema. */
  types: Map<string, XsdComponent>;
  groups: Map<string, XsdComponent>;
  attributeGroups: Map<string, XsdComponent>;
  attributes: Map<string, XsdComponent>;
  /** Substitution group head key → member element keys, in document order. */
  substitutions: Map<string, string[]>;
  /** Namespace URI → a prefix some document used for it, so samples read like the WSDL. */
  prefixHints: Map<string, string>;
}

/** The whole description. */
export interface WsdlModel {
  entryUrl: string;
  /** The targetNamespace of the entry document (the one first fetched). */
  targetNamespace: string;
  name?: string;
  services: WsdlService[];
  warnings: WsdlWarning[];
  /** URLs of every document read, entry first. */
  documents: string[];
  schema: XsdSchemaSet;
}

/** The Map key of a schema or WSDL qualified name: `{namespace}local`. */
export function xsdKey(ns: string, local: string): string {
  return `{${ns}}${local}`;
}
