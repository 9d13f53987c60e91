/**
 * Lessons on SOAP (spec §4.5): the WSDL, a call in each SOAP version, and the checks that
 * keep an operation from running — a wrong endpoint, a mismatched SOAPAction, an XML
 * declaration that contradicts the charset, WS-Security.
 */
import type { Lesson } from './lesson';

const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';
const TYPES_NS = 'urn:wirebench:sandbox:orders:types';
const ACTION = (op: string) => `urn:wirebench:sandbox:orders/${op}`;
const WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
const WSU = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
const PROFILE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0';

function envelope(ns: string, body: string, header = '', encoding = 'utf-8'): string {
  return `<?xml version="1.0" encoding="${encoding}"?>
<soap:Envelope xmlns:soap="${ns}" xmlns:t="${TYPES_NS}">${header}
  <soap:Body>
    ${body}
  </soap:Body>
</soap:Envelope>`;
}

const soap11 = (op: string) => [
  { name: 'Content-Type', value: 'text/xml; charset=utf-8' },
  { name: 'SOAPAction', value: `"${ACTION(op)}"` },
];
const getOrder = (id: number) => `<t:GetOrderRequest><t:orderId>${id}</t:orderId></t:GetOrderRequest>`;
const cancel = '<t:CancelOrderRequest><t:orderId>6</t:orderId><t:reason>Changed my mind</t:reason></t:CancelOrderRequest>';
const security = `
  <soap:Header>
    <wsse:Security xmlns:wsse="${WSSE}" xmlns:wsu="${WSU}" soap:mustUnderstand="1">
      <wsse:UsernameToken>
        <wsse:Username>aladdin</wsse:Username>
        <wsse:Password Type="${PROFILE}#PasswordText">open:sesame</wsse:Password>
        <wsse:Nonce EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary">{{$nonce}}</wsse:Nonce>
        <wsu:Created>{{$isoTimestamp}}</wsu:Created>
      </wsse:UsernameToken>
    </wsse:Security>
  </soap:Header>`;

/** SOAP, in the order the lessons run. */
export const SOAP_LESSONS: readonly Lesson[] = [
  {
    id: 'soap-wsdl',
    group: 'SOAP',
    title: 'The WSDL',
    convention: 'Spec §4.5 (?WSDL)',
    teaches: 'Appending ?WSDL to the endpoint returns the service description; each operation declares its SOAPAction. The schema is imported from ?xsd=1.',
    lookAt: 'soapAction of each operation, the xs:import, and in the schema the choice, the enumeration and the repeated order element.',
    request: { method: 'GET', url: '/sandbox/soap/orders?WSDL', headers: [] },
    expectedStatus: 200,
  },
  {
    id: 'soap-11-get',
    group: 'SOAP',
    title: 'A SOAP 1.1 call',
    convention: 'Spec §4.5',
    teaches: 'SOAP 1.1: POST to the one endpoint, Content-Type text/xml; charset=utf-8, SOAPAction naming the operation, an Envelope with the operation element in the service namespace.',
    lookAt: 'The GetOrderResponse in the answer Body.',
    request: { method: 'POST', url: '/sandbox/soap/orders', headers: soap11('GetOrder'), body: envelope(SOAP11_NS, getOrder(1)) },
    expectedStatus: 200,
  },
  {
    id: 'soap-12-get',
    group: 'SOAP',
    title: 'The same call in SOAP 1.2',
    convention: 'SOAP 1.2 part 2 §7',
    teaches: 'SOAP 1.2 uses application/soap+xml with the action as a Content-Type parameter, and another envelope namespace.',
    lookAt: 'The answer Content-Type application/soap+xml and the 1.2 envelope.',
    request: { method: 'POST', url: '/sandbox/soap/orders', headers: [{ name: 'Content-Type', value: `application/soap+xml; charset=utf-8; action="${ACTION('GetOrder')}"` }], body: envelope(SOAP12_NS, getOrder(1)) },
    expectedStatus: 200,
  },
  {
    id: 'soap-list',
    group: 'SOAP',
    title: 'A repeated element in the answer',
    convention: 'XML Schema maxOccurs',
    teaches: 'ListOrders answers one <order> element per order: a repeated element, declared maxOccurs="unbounded".',
    lookAt: 'Three <t:order> elements for customer 1.',
    request: { method: 'POST', url: '/sandbox/soap/orders', headers: soap11('ListOrders'), body: envelope(SOAP11_NS, '<t:ListOrdersRequest><t:customerId>1</t:customerId></t:ListOrdersRequest>') },
    expectedStatus: 200,
  },
  {
    id: 'soap-place',
    group: 'SOAP',
    title: 'A choice: pickup point instead of address',
    convention: 'XML Schema xs:choice',
    teaches: 'PlaceOrder takes exactly one of shipTo or pickupPoint. This places an order that also appears in the REST API.',
    lookAt: 'The new orderId; GET /sandbox/api/users/2/orders to see it.',
    request: {
      method: 'POST',
      url: '/sandbox/soap/orders',
      headers: soap11('PlaceOrder'),
      body: envelope(SOAP11_NS, '<t:PlaceOrderRequest><t:customerId>2</t:customerId><t:item>Magnetic drum</t:item><t:quantity>1</t:quantity><t:unitPrice>120.00</t:unitPrice><t:pickupPoint>Oslo central</t:pickupPoint></t:PlaceOrderRequest>'),
    },
    expectedStatus: 200,
  },
  {
    id: 'soap-action-mismatch',
    group: 'SOAP',
    title: 'SOAPAction does not match the Body',
    convention: 'Spec §4.5 (SOAPAction)',
    teaches: 'The SOAPAction must equal the action the WSDL declares for the operation in the Body. Here it says CancelOrder while the Body asks GetOrder: a Fault, and nothing runs.',
    lookAt: 'faultcode soap:Client, the faultstring naming both actions, HTTP 500.',
    request: { method: 'POST', url: '/sandbox/soap/orders', headers: soap11('CancelOrder'), body: envelope(SOAP11_NS, getOrder(1)) },
    expectedStatus: 500,
  },
  {
    id: 'soap-wrong-endpoint',
    group: 'SOAP',
    title: 'A wrong endpoint URL',
    convention: 'Spec §4.5',
    teaches: 'Posting to a URL where no service lives executes nothing; the answer is still a Fault a SOAP client can read.',
    lookAt: 'Status 404 and the faultstring naming the right endpoint.',
    request: { method: 'POST', url: '/sandbox/soap/order', headers: soap11('GetOrder'), body: envelope(SOAP11_NS, getOrder(1)) },
    expectedStatus: 404,
  },
  {
    id: 'soap-encoding-mismatch',
    group: 'SOAP',
    title: 'XML declaration against Content-Type charset',
    convention: 'Spec §4.5 (XML declaration)',
    teaches: 'The encoding in the XML declaration must match the Content-Type charset; when they disagree the receiver cannot know which to believe.',
    lookAt: 'The Fault naming encoding="ISO-8859-1" and charset=utf-8.',
    request: { method: 'POST', url: '/sandbox/soap/orders', headers: soap11('GetOrder'), body: envelope(SOAP11_NS, getOrder(1), '', 'ISO-8859-1') },
    expectedStatus: 500,
  },
  {
    id: 'soap-security-missing',
    group: 'SOAP',
    title: 'A secured operation without WS-Security',
    convention: 'Spec §4.5 (Security header)',
    teaches: 'CancelOrder requires a UsernameToken in a wsse:Security header. Without it the Fault code is wsse:InvalidSecurity.',
    lookAt: 'faultcode wsse:InvalidSecurity.',
    request: { method: 'POST', url: '/sandbox/soap/orders', headers: soap11('CancelOrder'), body: envelope(SOAP11_NS, cancel) },
    expectedStatus: 500,
  },
  {
    id: 'soap-security',
    group: 'SOAP',
    title: 'WS-Security UsernameToken',
    convention: 'Spec §4.5 (Security header); WSS UsernameToken Profile 1.1',
    teaches: 'Username, Password of type PasswordText, a base64 Nonce and a UTC Created within 5 minutes. Send the very same message twice and the replayed Nonce is refused.',
    lookAt: 'CancelOrderResponse with status cancelled.',
    request: { method: 'POST', url: '/sandbox/soap/orders', headers: soap11('CancelOrder'), body: envelope(SOAP11_NS, cancel, security) },
    expectedStatus: 200,
  },
  {
    id: 'soap-12-sender-fault',
    group: 'SOAP',
    title: 'A SOAP 1.2 Sender fault is a 400',
    convention: 'SOAP 1.2 part 2 §7.5.1',
    teaches: 'In SOAP 1.2 a fault caused by the sender travels with HTTP 400 (a Receiver fault with 500). Its Code has a Subcode saying exactly what.',
    lookAt: 'env:Sender, Subcode t:NoSuchOrder, Reason, Detail.',
    request: { method: 'POST', url: '/sandbox/soap/orders', headers: [{ name: 'Content-Type', value: `application/soap+xml; charset=utf-8; action="${ACTION('GetOrder')}"` }], body: envelope(SOAP12_NS, getOrder(999)) },
    expectedStatus: 400,
  },
];
