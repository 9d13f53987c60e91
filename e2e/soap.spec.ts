import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateLargeWsdl } from '../bench/wsdlGenerator';
import { expect, test } from './fixtures';

const ORDERS_NS = 'urn:wirebench:sandbox:orders';
const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';
const DEMO = { username: 'aladdin', password: 'open:sesame' };

test('WSDL → operation → send → response, over SOAP 1.1 and 1.2', async ({ soap }) => {
  await soap.useSoap();
  // The endpoint without a query: ?WSDL is appended, and the imported schema (?xsd=1) is read too.
  await soap.loadWsdl(soap.endpoint());
  await expect(soap.progress).toContainText('Parsed 2 documents');
  await expect(soap.progress).toContainText('1 service, 8 SOAP operations');
  await expect(soap.service).toHaveValue('OrdersService');
  await expect(soap.port).toHaveValue('OrdersSoap11Port');
  await expect(soap.operation).toHaveValue('GetOrder');
  await expect(soap.url).toHaveText(soap.endpoint());
  await expect(soap.declared).toContainText(`"${ORDERS_NS}/GetOrder"`);
  await expect(soap.envelopeCheck).toHaveText('Well-formed SOAP 1.1 envelope; the Body holds GetOrderRequest.');
  await expect(soap.check('Action equals')).toContainText('✓');
  await expect(soap.check('Endpoint is')).toContainText('✓');

  // The sample asks for order 0; order 1 exists.
  await soap.editEnvelope('<t:orderId>0</t:orderId>', '<t:orderId>1</t:orderId>');
  await expect(soap.envelopeCheck).toContainText('Well-formed');
  await soap.screenshot('soap-operation');
  await soap.sendAndWait();
  await expect(soap.status).toContainText('200');
  await expect(soap.soapFault).toHaveCount(0);
  const answer = await soap.responseText();
  expect(answer).toContain('GetOrderResponse');
  expect(answer).toContain('<t:orderId>1</t:orderId>');
  await soap.screenshot('soap-response');

  // The same operation on the SOAP 1.2 port: the action travels in Content-Type, no SOAPAction header.
  await soap.section('SOAP');
  await soap.pickPort(/^OrdersSoap12Port/);
  await expect(soap.envelopeCheck).toContainText('SOAP 1.2 envelope');
  await soap.editEnvelope('<t:orderId>0</t:orderId>', '<t:orderId>1</t:orderId>');
  const contentType = await soap.headerValue('Content-Type');
  await expect(contentType).toHaveValue(`application/soap+xml; charset=utf-8; action="${ORDERS_NS}/GetOrder"`);
  await expect(soap.page.getByLabel(/^Header \d+ name$/)).toHaveCount(1);
  await soap.sendAndWait();
  await expect(soap.status).toContainText('200');
  expect(await soap.responseText()).toContain(SOAP12_NS);

  // The whole description as a collection: one request per operation and port.
  await soap.section('SOAP');
  await expect(await soap.importAsCollection()).toContainText('Added the collection “OrdersService” with 8 requests');
});

test('a SOAPAction that does not match the operation is flagged, and the service answers with a fault', async ({ soap }) => {
  await soap.useSoap();
  await soap.loadWsdl(soap.endpoint());
  await soap.editEnvelope('<t:orderId>0</t:orderId>', '<t:orderId>1</t:orderId>');
  const action = await soap.headerValue('SOAPAction');
  await action.fill(`"${ORDERS_NS}/ListOrders"`);
  await soap.section('SOAP');
  await expect(soap.check('Action equals')).toContainText('✗');
  await expect(soap.check('Action equals')).toContainText(`${ORDERS_NS}/GetOrder`);
  // A lint error: the gate asks before sending it anyway.
  await soap.sendAndWait({ confirm: true });
  await expect(soap.status).toContainText('500');
  await expect(soap.soapFault).toBeVisible();
  await soap.explain();
  await expect(soap.soapFault).toContainText('ActionMismatch');
  await expect(soap.soapFault).toContainText('The operation was not executed');
  await soap.screenshot('soap-action-fault');
});

test('WS-Security: a UsernameToken is accepted, a replayed nonce is refused, a fresh one accepted again', async ({ soap }) => {
  await soap.useSoap();
  await soap.loadWsdl(soap.endpoint());

  // An order of our own to cancel, placed over SOAP.
  await soap.pickOperation('PlaceOrder');
  await soap.editEnvelope(/<t:customerId>0<\/t:customerId>/, '<t:customerId>1</t:customerId>');
  await soap.editEnvelope(/<t:item>\?<\/t:item>/, '<t:item>Brass gear set</t:item>');
  await soap.editEnvelope(/<t:quantity>1<\/t:quantity>/, '<t:quantity>2</t:quantity>');
  await soap.editEnvelope(/<t:unitPrice>0<\/t:unitPrice>/, '<t:unitPrice>4.50</t:unitPrice>');
  await soap.sendAndWait();
  await expect(soap.status).toContainText('200');
  const placed = /<t:orderId>(\d+)<\/t:orderId>/.exec(await soap.responseText())?.[1];
  expect(placed).toBeDefined();

  await soap.section('SOAP');
  await soap.pickOperation('CancelOrder');
  await soap.editEnvelope(/<t:orderId>0<\/t:orderId>/, `<t:orderId>${placed}</t:orderId>`);
  // Without a security header the service refuses and executes nothing.
  await soap.sendAndWait();
  await expect(soap.soapFault).toContainText('requires a WS-Security UsernameToken');

  await soap.section('SOAP');
  await soap.useSecurity('UsernameToken, PasswordText', DEMO);
  await soap.sendAndWait({ confirm: true });
  await expect(soap.status).toContainText('200');
  await expect(soap.soapFault).toHaveCount(0);
  expect(await soap.responseText()).toContain('<t:status>cancelled</t:status>');
  await soap.section('SOAP');
  const firstNonce = await soap.lastHeader.locator('code').first().textContent();
  expect(firstNonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);

  // Replay: the same header, same Nonce, sent again on purpose.
  await soap.regenerate.uncheck();
  await expect(soap.page.getByTestId('wss-explanation')).toContainText('Replay');
  await soap.screenshot('soap-wss-replay-setup', soap.security());
  await soap.sendAndWait({ confirm: true });
  await expect(soap.soapFault).toContainText('This Nonce was already used');
  await soap.section('SOAP');
  await expect(soap.lastHeader.locator('code').first()).toHaveText(firstNonce!);
  await soap.screenshot('soap-wss-replay-refused', soap.security());

  // A fresh Nonce and Created: accepted again.
  await soap.regenerate.check();
  await soap.sendAndWait({ confirm: true });
  await expect(soap.status).toContainText('200');
  await soap.section('SOAP');
  await expect(soap.lastHeader.locator('code').first()).not.toHaveText(firstNonce!);
});

test('"What will be sent" shows the WS-Security header that goes out, the password masked (issue 14)', async ({ soap }) => {
  await soap.useSoap();
  await soap.loadWsdl(soap.endpoint());
  await soap.pickOperation('CancelOrder');
  await soap.showWirePreview();
  await expect(soap.wirePreview).toContainText('<t:CancelOrderRequest');
  await expect(soap.wirePreview).not.toContainText('wsse:Security');

  await soap.useSecurity('UsernameToken, PasswordText', DEMO);
  await expect(soap.wirePreview).toContainText('<wsse:Security');
  await expect(soap.wirePreview).toContainText(`<wsse:Username>${DEMO.username}</wsse:Username>`);
  await expect(soap.wirePreview).toContainText(/#PasswordText">•+<\/wsse:Password>/);
  await expect(soap.wirePreview).toContainText(/<wsse:Nonce [^>]*>[A-Za-z0-9+/]{22}==<\/wsse:Nonce>/);
  await expect(soap.wirePreview).not.toContainText(DEMO.password);
  await soap.screenshot('soap-wss-wire-preview', soap.wirePreview);

  // Sent once, then replayed on purpose: the preview is the header that went, Nonce and Created included.
  await soap.sendAndWait();
  await soap.section('SOAP');
  const [nonce, created] = await soap.lastHeader.locator('code').allTextContents();
  await soap.regenerate.uncheck();
  await expect(soap.wirePreview).toContainText(`>${nonce}</wsse:Nonce>`);
  await expect(soap.wirePreview).toContainText(`<wsu:Created>${created}</wsu:Created>`);
  await expect(soap.wirePreview).not.toContainText(DEMO.password);

  // A digest is a hash of nonce, time and password: shown as it goes.
  await soap.regenerate.check();
  await soap.useSecurity('UsernameToken, PasswordDigest');
  await expect(soap.wirePreview).toContainText(/#PasswordDigest">[A-Za-z0-9+/]{27}=<\/wsse:Password>/);
  await expect(soap.wirePreview).not.toContainText(nonce!);
});

test('a WSDL that cannot be fetched says why; a broken envelope is marked with its line and column', async ({ soap }) => {
  await soap.useSoap();
  await soap.wsdlUrl.fill(`${soap.origin()}/sandbox/soap/nowhere`);
  await soap.loadButton.click();
  await expect(soap.page.getByTestId('wsdl-error')).toContainText('/sandbox/soap/nowhere?WSDL: the server answered 404');

  await soap.loadWsdl(soap.endpoint());
  await soap.editEnvelope('</t:GetOrderRequest>', '</t:GetOrder>');
  await expect(soap.envelopeCheck).toContainText(/line 7, column \d+/i);
  await expect(soap.envelopeCheck).toContainText('GetOrderRequest');
  await soap.screenshot('soap-envelope-error', soap.envelopeCheck);
  await soap.editEnvelope('</t:GetOrder>', '</t:GetOrderRequest>');
  await soap.editEnvelope('xmlns:t="urn:wirebench:sandbox:orders:types"', 'xmlns:t="urn:wrong"');
  await expect(soap.envelopeCheck).toContainText('the operation expects {urn:wirebench:sandbox:orders:types}GetOrderRequest');
});

/** A WSDL whose schema import is missing: it still loads, with a warning. */
const WSDL_WITH_MISSING_IMPORT = `<?xml version="1.0" encoding="utf-8"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
  xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:ping" xmlns:t="urn:ping:types" targetNamespace="urn:ping">
  <types><xs:schema targetNamespace="urn:ping"><xs:import namespace="urn:ping:types" schemaLocation="types/missing.xsd"/></xs:schema></types>
  <message name="PingIn"><part name="p" element="t:Ping"/></message>
  <portType name="PingPT"><operation name="Ping"><input message="tns:PingIn"/></operation></portType>
  <binding name="PingB" type="tns:PingPT"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="Ping"><soap:operation soapAction="urn:ping#Ping"/><input><soap:body use="literal"/></input></operation></binding>
  <service name="PingService"><port name="PingPort" binding="tns:PingB"><soap:address location="http://127.0.0.1:9/ping"/></port></service>
</definitions>`;

test.describe('WSDLs from elsewhere', () => {
  let server: Server;
  let origin = '';
  const wsdl = generateLargeWsdl({ targetBytes: 5 * 1024 * 1024 });

  test.beforeAll(async () => {
    server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/erp' && path !== '/ping') {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('not here');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
      res.end(path === '/erp' ? wsdl.text : WSDL_WITH_MISSING_IMPORT);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test('a missing import is a warning, and the operations still load', async ({ soap }) => {
    await soap.useSoap();
    await soap.loadWsdl(`${origin}/ping`);
    await expect(soap.warnings).toContainText('1 warning');
    await soap.warnings.getByText(/warning/).first().click();
    await expect(soap.warnings).toContainText(`${origin}/types/missing.xsd`);
    await expect(soap.warnings).toContainText('Could not fetch the imported document: the server answered 404');
    await expect(soap.operation).toHaveValue('Ping');
    await expect(soap.envelopeCheck).toContainText('Well-formed SOAP 1.1 envelope');
    await soap.screenshot('soap-wsdl-warnings');
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test('a 5 MB WSDL is fetched and parsed in the worker without freezing the page', async ({ soap }) => {
    await soap.useSoap();
    await soap.watchLongTasks();
    await soap.wsdlUrl.fill(`${origin}/erp`);
    await soap.loadButton.click();
    await expect(soap.progress).toContainText(/^Parsed 1 document \(5\.\d MB\)/, { timeout: 30_000 });
    await expect(soap.progress).toContainText(`${wsdl.operations * 2} SOAP operations`);
    await expect(soap.operation).toHaveValue(/^Get/);
    await expect(soap.envelopeCheck).toContainText('Well-formed SOAP 1.1 envelope');
    // The page kept answering: no main-thread task came near a freeze while 5 MB were read.
    const longest = await soap.longestTask();
    test.info().annotations.push({ type: 'longest main-thread task while loading', description: `${Math.round(longest)} ms` });
    console.log(`Longest main-thread task while loading the 5 MB WSDL: ${Math.round(longest)} ms`);
    await soap.pickOperation(`SearchShipmentInventory01`);
    await expect(soap.envelopeCheck).toContainText('SearchShipmentInventory01Request');
    await soap.screenshot('soap-large-wsdl');
  });
});
