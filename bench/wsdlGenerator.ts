/**
 * A deterministic, realistic large WSDL for `npm run bench:wsdl`: an ERP-style service
 * with many modules, each with its own schema namespace (some qualified, some not), entity
 * types extending a common base, enumerations, choices, attributes, optional and repeated
 * elements, a recursive type, and five document/literal operations per entity bound for
 * SOAP 1.1 and 1.2. The same seed and size always give the same text, so runs compare.
 */
import { seededRandom } from '../src/sandbox/seededRandom';

const WSDL_TNS = 'urn:example:erp:service';
const COMMON_NS = 'urn:example:erp:common';

const MODULES = ['Inventory', 'Billing', 'Shipping', 'Procurement', 'Payroll', 'Ledger', 'Crm', 'Support', 'Catalog', 'Warehouse', 'Fleet', 'Contracts'];
const NOUNS = ['Item', 'Invoice', 'Shipment', 'Supplier', 'Employee', 'Account', 'Contact', 'Ticket', 'Product', 'Location', 'Vehicle', 'Agreement', 'Batch', 'Quote', 'Receipt'];
const FIELDS = ['code', 'name', 'description', 'quantity', 'amount', 'dueDate', 'active', 'reference', 'priority', 'weight', 'notes', 'externalId', 'category', 'owner', 'rating', 'validFrom', 'validTo', 'region'];
const SIMPLE_TYPES = ['xs:string', 'xs:int', 'xs:decimal', 'xs:dateTime', 'xs:boolean', 'xs:date', 'xs:long', 'xs:anyURI'];
const COMMON_TYPES = ['c:Money', 'c:Address', 'c:ContactMethod', 'c:Category', 'c:AuditInfo'];

const COMMON_SCHEMA = `    <xs:schema targetNamespace="${COMMON_NS}" xmlns:c="${COMMON_NS}" elementFormDefault="qualified" attributeFormDefault="unqualified">
      <xs:simpleType name="CurrencyCode">
        <xs:restriction base="xs:string"><xs:pattern value="[A-Z]{3}"/></xs:restriction>
      </xs:simpleType>
      <xs:complexType name="Money">
        <xs:simpleContent>
          <xs:extension base="xs:decimal"><xs:attribute name="currency" type="c:CurrencyCode" use="required"/></xs:extension>
        </xs:simpleContent>
      </xs:complexType>
      <xs:complexType name="Address">
        <xs:sequence>
          <xs:element name="line" type="xs:string" maxOccurs="3"/>
          <xs:element name="city" type="xs:string"/>
          <xs:element name="postcode" type="xs:string" minOccurs="0"/>
          <xs:element name="country" type="xs:string"/>
        </xs:sequence>
        <xs:attribute name="kind">
          <xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value="billing"/><xs:enumeration value="shipping"/><xs:enumeration value="site"/></xs:restriction></xs:simpleType>
        </xs:attribute>
      </xs:complexType>
      <xs:complexType name="ContactMethod">
        <xs:choice>
          <xs:element name="email" type="xs:string"/>
          <xs:element name="phone" type="xs:string"/>
          <xs:element name="postal" type="c:Address"/>
        </xs:choice>
      </xs:complexType>
      <xs:complexType name="Category">
        <xs:sequence>
          <xs:element name="label" type="xs:string"/>
          <xs:element name="parent" type="c:Category" minOccurs="0"/>
          <xs:element name="child" type="c:Category" minOccurs="0" maxOccurs="unbounded"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="AuditInfo">
        <xs:sequence>
          <xs:element name="createdAt" type="xs:dateTime"/>
          <xs:element name="createdBy" type="xs:string"/>
          <xs:element name="changedAt" type="xs:dateTime" minOccurs="0"/>
          <xs:element name="changedBy" type="xs:string" minOccurs="0" nillable="true"/>
        </xs:sequence>
      </xs:complexType>
      <xs:complexType name="Entity" abstract="true">
        <xs:sequence>
          <xs:element name="audit" type="c:AuditInfo" minOccurs="0"/>
        </xs:sequence>
        <xs:attribute name="id" type="xs:string" use="required"/>
        <xs:attribute name="version" type="xs:int"/>
      </xs:complexType>
      <xs:complexType name="Paging">
        <xs:sequence>
          <xs:element name="offset" type="xs:int" default="0"/>
          <xs:element name="limit" type="xs:int"/>
          <xs:element name="sortBy" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
        </xs:sequence>
      </xs:complexType>
      <xs:element name="ServiceFault">
        <xs:complexType><xs:sequence><xs:element name="code" type="xs:string"/><xs:element name="message" type="xs:string"/><xs:element name="field" type="xs:string" minOccurs="0"/></xs:sequence></xs:complexType>
      </xs:element>
    </xs:schema>`;

interface Operation {
  name: string;
  ns: string;
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** One entity type: a complex type extending c:Entity with fields, an enum and sometimes a choice. */
function entityType(random: () => number, noun: string): string {
  const count = 8 + Math.floor(random() * 9);
  const used = new Set<string>();
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    let field = pick(random, FIELDS);
    if (used.has(field)) field = `${field}${i}`;
    used.add(field);
    const roll = random();
    const type = roll < 0.25 ? pick(random, COMMON_TYPES) : roll < 0.32 ? `m:${noun}Status` : pick(random, SIMPLE_TYPES);
    const occurs = random() < 0.3 ? ' minOccurs="0"' : random() < 0.1 ? ' maxOccurs="unbounded"' : '';
    const nillable = random() < 0.08 ? ' nillable="true"' : '';
    lines.push(`              <xs:element name="${field}" type="${type}"${occurs}${nillable}/>`);
  }
  if (random() < 0.4) {
    lines.push(`              <xs:choice>
                <xs:element name="assignedTo" type="xs:string"/>
                <xs:element name="assignedTeam" type="xs:string"/>
              </xs:choice>`);
  }
  return `      <xs:simpleType name="${noun}Status">
        <xs:restriction base="xs:string"><xs:enumeration value="draft"/><xs:enumeration value="active"/><xs:enumeration value="suspended"/><xs:enumeration value="closed"/></xs:restriction>
      </xs:simpleType>
      <xs:complexType name="${noun}">
        <xs:complexContent>
          <xs:extension base="c:Entity">
            <xs:sequence>
${lines.join('\n')}
              <xs:element name="line" type="m:${noun}Line" minOccurs="0" maxOccurs="unbounded"/>
            </xs:sequence>
            <xs:attribute name="status" type="m:${noun}Status"/>
          </xs:extension>
        </xs:complexContent>
      </xs:complexType>
      <xs:complexType name="${noun}Line">
        <xs:sequence>
          <xs:element name="position" type="xs:int"/>
          <xs:element name="text" type="xs:string"/>
          <xs:element name="amount" type="c:Money"/>
        </xs:sequence>
      </xs:complexType>`;
}

/** The request and response elements of the five operations on one entity. */
function entityOperations(noun: string, module: string, ns: string, operations: Operation[]): string {
  const out: string[] = [];
  const add = (name: string, request: string, response: string) => {
    operations.push({ name: `${name}${module}`, ns });
    out.push(`      <xs:element name="${name}${module}Request"><xs:complexType><xs:sequence>${request}</xs:sequence></xs:complexType></xs:element>`);
    out.push(`      <xs:element name="${name}${module}Response"><xs:complexType><xs:sequence>${response}</xs:sequence></xs:complexType></xs:element>`);
  };
  const id = '<xs:element name="id" type="xs:string"/>';
  add(`Get${noun}`, id, `<xs:element name="${noun.toLowerCase()}" type="m:${noun}"/>`);
  add(
    `Search${noun}`,
    `<xs:element name="query" type="xs:string" minOccurs="0"/><xs:element name="status" type="m:${noun}Status" minOccurs="0" maxOccurs="unbounded"/><xs:element name="paging" type="c:Paging"/>`,
    `<xs:element name="total" type="xs:int"/><xs:element name="${noun.toLowerCase()}" type="m:${noun}" minOccurs="0" maxOccurs="unbounded"/>`,
  );
  add(`Create${noun}`, `<xs:element name="${noun.toLowerCase()}" type="m:${noun}"/><xs:element name="dryRun" type="xs:boolean" minOccurs="0"/>`, id);
  add(`Update${noun}`, `${id}<xs:element name="${noun.toLowerCase()}" type="m:${noun}"/><xs:element name="expectedVersion" type="xs:int"/>`, '<xs:element name="version" type="xs:int"/>');
  add(`Delete${noun}`, `${id}<xs:element name="reason" type="xs:string" minOccurs="0"/>`, '<xs:element name="deleted" type="xs:boolean"/>');
  return out.join('\n');
}

function bindingOperations(operations: Operation[], soap: 'soap' | 'soap12'): string {
  return operations
    .map(
      (op) => `    <wsdl:operation name="${op.name}">
      <${soap}:operation soapAction="${WSDL_TNS}/${op.name}" style="document"/>
      <wsdl:input><${soap}:body use="literal"/></wsdl:input>
      <wsdl:output><${soap}:body use="literal"/></wsdl:output>
      <wsdl:fault name="ServiceFault"><${soap}:fault name="ServiceFault" use="literal"/></wsdl:fault>
    </wsdl:operation>`,
    )
    .join('\n');
}

/**
 * Generates the WSDL: modules are added until the text reaches `targetBytes` (default
 * about 3 MB). Returns the text and how many operations each port has.
 */
export function generateLargeWsdl(options: { targetBytes?: number; seed?: number } = {}): { text: string; operations: number } {
  const target = options.targetBytes ?? 3 * 1024 * 1024;
  const random = seededRandom(options.seed ?? 20240607);
  const schemas: string[] = [COMMON_SCHEMA];
  const operations: Operation[] = [];
  const moduleNamespaces: string[] = [];
  // Each module adds roughly 60 KB across schema, messages, port type and two bindings.
  let estimated = 8_000;
  for (let index = 0; estimated < target; index++) {
    const module = `${MODULES[index % MODULES.length]}${String(Math.floor(index / MODULES.length) + 1).padStart(2, '0')}`;
    const ns = `urn:example:erp:${module.toLowerCase()}`;
    moduleNamespaces.push(ns);
    const qualified = random() < 0.7;
    const nouns = NOUNS.filter(() => random() < 0.45).slice(0, 6);
    if (nouns.length === 0) nouns.push(pick(random, NOUNS));
    const before = operations.length;
    const body = nouns.map((noun) => `${entityType(random, noun)}\n${entityOperations(noun, module, ns, operations)}`).join('\n');
    const schema = `    <xs:schema targetNamespace="${ns}" xmlns:m="${ns}" xmlns:c="${COMMON_NS}" elementFormDefault="${qualified ? 'qualified' : 'unqualified'}">
      <xs:import namespace="${COMMON_NS}"/>
${body}
    </xs:schema>`;
    schemas.push(schema);
    estimated += schema.length + (operations.length - before) * 1_400;
  }
  const xmlns = moduleNamespaces.map((ns, i) => `\n    xmlns:m${i}="${ns}"`).join('');
  const prefixOf = new Map(moduleNamespaces.map((ns, i) => [ns, `m${i}`]));
  const messages = operations
    .map(
      (op) => `  <wsdl:message name="${op.name}Input"><wsdl:part name="parameters" element="${prefixOf.get(op.ns)}:${op.name}Request"/></wsdl:message>
  <wsdl:message name="${op.name}Output"><wsdl:part name="parameters" element="${prefixOf.get(op.ns)}:${op.name}Response"/></wsdl:message>`,
    )
    .join('\n');
  const portType = operations
    .map(
      (op) => `    <wsdl:operation name="${op.name}">
      <wsdl:documentation>${op.name.replace(/([a-z])([A-Z])/g, '$1 $2')}.</wsdl:documentation>
      <wsdl:input message="tns:${op.name}Input"/>
      <wsdl:output message="tns:${op.name}Output"/>
      <wsdl:fault name="ServiceFault" message="tns:ServiceFaultMessage"/>
    </wsdl:operation>`,
    )
    .join('\n');
  const text = `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions name="ErpService"
    xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/"
    xmlns:xs="http://www.w3.org/2001/XMLSchema"
    xmlns:c="${COMMON_NS}"
    xmlns:tns="${WSDL_TNS}"${xmlns}
    targetNamespace="${WSDL_TNS}">
  <wsdl:types>
${schemas.join('\n')}
  </wsdl:types>
${messages}
  <wsdl:message name="ServiceFaultMessage"><wsdl:part name="fault" element="c:ServiceFault"/></wsdl:message>
  <wsdl:portType name="ErpPortType">
${portType}
  </wsdl:portType>
  <wsdl:binding name="ErpSoap11Binding" type="tns:ErpPortType">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="document"/>
${bindingOperations(operations, 'soap')}
  </wsdl:binding>
  <wsdl:binding name="ErpSoap12Binding" type="tns:ErpPortType">
    <soap12:binding transport="http://schemas.xmlsoap.org/soap/http" style="document"/>
${bindingOperations(operations, 'soap12')}
  </wsdl:binding>
  <wsdl:service name="ErpService">
    <wsdl:port name="ErpSoap11Port" binding="tns:ErpSoap11Binding"><soap:address location="https://erp.example.com/soap"/></wsdl:port>
    <wsdl:port name="ErpSoap12Port" binding="tns:ErpSoap12Binding"><soap12:address location="https://erp.example.com/soap12"/></wsdl:port>
  </wsdl:service>
</wsdl:definitions>
`;
  return { text, operations: operations.length };
}
