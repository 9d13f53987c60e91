/**
 * The service description of `/soap/orders` (spec §4.5): a WSDL 1.1 document with a SOAP
 * 1.1 and a SOAP 1.2 binding, importing its schema from `?xsd=1`. The schema has complex
 * types, a choice (ship to an address or collect at a pickup point), an enumeration (the
 * order status) and a repeated element (the orders of a customer). The service itself
 * reads its operations and actions back from this WSDL, so the two cannot disagree.
 */

/** Namespace of the WSDL definitions (messages, port types, bindings). */
export const ORDERS_WSDL_NS = 'urn:wirebench:sandbox:orders';
/** Namespace of the schema: every element of a message body is in it. */
export const ORDERS_TYPES_NS = 'urn:wirebench:sandbox:orders:types';

/** The operations and the SOAPAction each declares. */
export const ORDER_OPERATIONS = ['GetOrder', 'ListOrders', 'PlaceOrder', 'CancelOrder'] as const;
export type OrderOperationName = (typeof ORDER_OPERATIONS)[number];

/** The action URI of an operation, as both bindings declare it. */
export function soapActionOf(operation: OrderOperationName): string {
  return `${ORDERS_WSDL_NS}/${operation}`;
}

/** The imported schema, served at `?xsd=1`. */
export const ORDERS_XSD = `<?xml version="1.0" encoding="utf-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"
           xmlns:t="${ORDERS_TYPES_NS}"
           targetNamespace="${ORDERS_TYPES_NS}"
           elementFormDefault="qualified">

  <xs:simpleType name="OrderStatus">
    <xs:restriction base="xs:string">
      <xs:enumeration value="open"/>
      <xs:enumeration value="shipped"/>
      <xs:enumeration value="cancelled"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:complexType name="Address">
    <xs:sequence>
      <xs:element name="street" type="xs:string"/>
      <xs:element name="city" type="xs:string"/>
      <xs:element name="postcode" type="xs:string"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="Order">
    <xs:sequence>
      <xs:element name="orderId" type="xs:int"/>
      <xs:element name="customerId" type="xs:int"/>
      <xs:element name="item" type="xs:string"/>
      <xs:element name="quantity" type="xs:positiveInteger"/>
      <xs:element name="unitPrice" type="xs:decimal"/>
      <xs:element name="total" type="xs:decimal"/>
      <xs:element name="status" type="t:OrderStatus"/>
      <xs:element name="placedAt" type="xs:dateTime"/>
      <xs:element name="note" type="xs:string" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="OrderFault">
    <xs:sequence>
      <xs:element name="code" type="xs:string"/>
      <xs:element name="message" type="xs:string"/>
    </xs:sequence>
  </xs:complexType>

  <xs:element name="GetOrderRequest">
    <xs:complexType><xs:sequence><xs:element name="orderId" type="xs:int"/></xs:sequence></xs:complexType>
  </xs:element>
  <xs:element name="GetOrderResponse">
    <xs:complexType><xs:sequence><xs:element name="order" type="t:Order"/></xs:sequence></xs:complexType>
  </xs:element>

  <xs:element name="ListOrdersRequest">
    <xs:complexType><xs:sequence><xs:element name="customerId" type="xs:int"/></xs:sequence></xs:complexType>
  </xs:element>
  <xs:element name="ListOrdersResponse">
    <xs:complexType>
      <xs:sequence><xs:element name="order" type="t:Order" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
    </xs:complexType>
  </xs:element>

  <xs:element name="PlaceOrderRequest">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="customerId" type="xs:int"/>
        <xs:element name="item" type="xs:string"/>
        <xs:element name="quantity" type="xs:positiveInteger"/>
        <xs:element name="unitPrice" type="xs:decimal"/>
        <xs:choice>
          <xs:element name="shipTo" type="t:Address"/>
          <xs:element name="pickupPoint" type="xs:string"/>
        </xs:choice>
      </xs:sequence>
    </xs:complexType>
  </xs:element>
  <xs:element name="PlaceOrderResponse">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="orderId" type="xs:int"/>
        <xs:element name="status" type="t:OrderStatus"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <xs:element name="CancelOrderRequest">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="orderId" type="xs:int"/>
        <xs:element name="reason" type="xs:string" minOccurs="0"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>
  <xs:element name="CancelOrderResponse">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="orderId" type="xs:int"/>
        <xs:element name="status" type="t:OrderStatus"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <xs:element name="OrderFault" type="t:OrderFault"/>
</xs:schema>
`;

function bindingOperations(soapPrefix: 'soap' | 'soap12'): string {
  return ORDER_OPERATIONS.map(
    (op) => `    <wsdl:operation name="${op}">${op === 'CancelOrder' ? '\n      <wsdl:documentation>Requires a WS-Security UsernameToken header (PasswordText, Nonce, Created within 5 minutes).</wsdl:documentation>' : ''}
      <${soapPrefix}:operation soapAction="${soapActionOf(op)}" style="document"/>
      <wsdl:input><${soapPrefix}:body use="literal"/></wsdl:input>
      <wsdl:output><${soapPrefix}:body use="literal"/></wsdl:output>
      <wsdl:fault name="OrderFault"><${soapPrefix}:fault name="OrderFault" use="literal"/></wsdl:fault>
    </wsdl:operation>`,
  ).join('\n');
}

/** The WSDL, with `address` as the endpoint both ports name. */
export function ordersWsdl(address: string): string {
  const escaped = address.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const messages = ORDER_OPERATIONS.map(
    (op) => `  <wsdl:message name="${op}Input"><wsdl:part name="parameters" element="t:${op}Request"/></wsdl:message>
  <wsdl:message name="${op}Output"><wsdl:part name="parameters" element="t:${op}Response"/></wsdl:message>`,
  ).join('\n');
  const portOperations = ORDER_OPERATIONS.map(
    (op) => `    <wsdl:operation name="${op}">
      <wsdl:input message="tns:${op}Input"/>
      <wsdl:output message="tns:${op}Output"/>
      <wsdl:fault name="OrderFault" message="tns:OrderFaultMessage"/>
    </wsdl:operation>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions name="OrdersService"
    xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"
    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/"
    xmlns:xs="http://www.w3.org/2001/XMLSchema"
    xmlns:tns="${ORDERS_WSDL_NS}"
    xmlns:t="${ORDERS_TYPES_NS}"
    targetNamespace="${ORDERS_WSDL_NS}">
  <wsdl:documentation>The Wirebench sandbox order service: read, list, place and cancel orders.</wsdl:documentation>
  <wsdl:types>
    <xs:schema targetNamespace="${ORDERS_WSDL_NS}">
      <xs:import namespace="${ORDERS_TYPES_NS}" schemaLocation="orders?xsd=1"/>
    </xs:schema>
  </wsdl:types>
${messages}
  <wsdl:message name="OrderFaultMessage"><wsdl:part name="fault" element="t:OrderFault"/></wsdl:message>
  <wsdl:portType name="OrdersPortType">
${portOperations}
  </wsdl:portType>
  <wsdl:binding name="OrdersSoap11Binding" type="tns:OrdersPortType">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="document"/>
${bindingOperations('soap')}
  </wsdl:binding>
  <wsdl:binding name="OrdersSoap12Binding" type="tns:OrdersPortType">
    <soap12:binding transport="http://schemas.xmlsoap.org/soap/http" style="document"/>
${bindingOperations('soap12')}
  </wsdl:binding>
  <wsdl:service name="OrdersService">
    <wsdl:port name="OrdersSoap11Port" binding="tns:OrdersSoap11Binding"><soap:address location="${escaped}"/></wsdl:port>
    <wsdl:port name="OrdersSoap12Port" binding="tns:OrdersSoap12Binding"><soap12:address location="${escaped}"/></wsdl:port>
  </wsdl:service>
</wsdl:definitions>
`;
}
