import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyWsSecurity, parseSoapFault, parseWsdl, SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS, usernameToken, type SoapFault } from '../../core';
import { setSandboxClock } from '../clock';
import { resetSandbox } from '../reset';
import { startSandboxHarness, type SandboxAnswer, type SandboxHarness } from '../../testing/sandboxHarness';
import { ORDERS_TYPES_NS, soapActionOf } from './ordersWsdl';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());
const NOW = Date.UTC(2030, 0, 1, 12);
beforeEach(() => {
  resetSandbox();
  setSandboxClock(() => NOW);
});

const ENDPOINT = '/sandbox/soap/orders';
const envelope = (ns: string, body: string, declaration = '<?xml version="1.0" encoding="utf-8"?>\n') =>
  `${declaration}<s:Envelope xmlns:s="${ns}" xmlns:t="${ORDERS_TYPES_NS}"><s:Body>${body}</s:Body></s:Envelope>`;
const getOrder = (id: number) => `<t:GetOrderRequest><t:orderId>${id}</t:orderId></t:GetOrderRequest>`;
const cancel = (id: number) => `<t:CancelOrderRequest><t:orderId>${id}</t:orderId></t:CancelOrderRequest>`;
const soap11 = (body: string, action = 'GetOrder', extra: Record<string, string> = {}) =>
  sb.call(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${soapActionOf(action as 'GetOrder')}"`, ...extra }, body });
const soap12 = (body: string, action?: string) =>
  sb.call(ENDPOINT, { method: 'POST', headers: { 'Content-Type': `application/soap+xml; charset=utf-8${action ? `; action="${soapActionOf(action as 'GetOrder')}"` : ''}` }, body });

function faultOf(answer: SandboxAnswer): SoapFault {
  const fault = parseSoapFault(answer.text);
  if (!fault.ok || !fault.value) throw new Error(`expected a SOAP fault, got ${answer.status}: ${answer.text}`);
  return fault.value;
}

async function securedCancel(id: number, options: { created?: Date; nonce?: Uint8Array; password?: string } = {}) {
  const header = await usernameToken({ username: 'aladdin', password: options.password ?? 'open:sesame', passwordType: 'PasswordText', created: options.created ?? new Date(NOW), ...(options.nonce ? { nonce: options.nonce } : {}) });
  const secured = applyWsSecurity(envelope(SOAP11_ENVELOPE_NS, cancel(id)), header);
  if (!secured.ok) throw new Error(secured.error.message);
  return soap11(secured.value, 'CancelOrder');
}

const statusOf = async (id: number) => (await sb.call(`/sandbox/api/orders/${id}`)).json.status;

describe('the WSDL', () => {
  it('is served at ?WSDL and, with its imported schema, parses with the core WSDL reader', async () => {
    const read = await parseWsdl(`${sb.origin}${ENDPOINT}?WSDL`, async (url) => {
      const answer = await sb.call(url);
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
      return answer.text;
    });
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.documents).toEqual([`${sb.origin}${ENDPOINT}?WSDL`, `${sb.origin}${ENDPOINT}?xsd=1`]);
    const ports = read.value.services[0]!.ports;
    expect(ports.map((p) => [p.soapVersion, p.address])).toEqual([
      ['1.1', `${sb.origin}${ENDPOINT}`],
      ['1.2', `${sb.origin}${ENDPOINT}`],
    ]);
    expect(ports[0]!.operations.map((o) => o.soapAction)).toEqual(['GetOrder', 'ListOrders', 'PlaceOrder', 'CancelOrder'].map((o) => `urn:wirebench:sandbox:orders/${o}`));
    const xsd = (await sb.call(`${ENDPOINT}?xsd=1`)).text;
    expect(xsd).toContain('<xs:choice>');
    expect(xsd).toContain('<xs:enumeration value="cancelled"/>');
    expect(xsd).toContain('maxOccurs="unbounded"');
  });
});

describe('calls in both SOAP versions', () => {
  it('answers GetOrder in SOAP 1.1 with text/xml and in SOAP 1.2 with application/soap+xml', async () => {
    const one = await soap11(envelope(SOAP11_ENVELOPE_NS, getOrder(1)));
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(one.text).toContain('<t:item>Analytical engine punch cards</t:item>');
    const two = await soap12(envelope(SOAP12_ENVELOPE_NS, getOrder(1)), 'GetOrder');
    expect(two.status).toBe(200);
    expect(two.headers['content-type']).toBe('application/soap+xml; charset=utf-8');
    expect(two.text).toContain(SOAP12_ENVELOPE_NS);
    expect((await soap12(envelope(SOAP12_ENVELOPE_NS, getOrder(1)))).status).toBe(200);
  });

  it('lists a customer\u2019s orders as a repeated element, and places an order seen by the REST API', async () => {
    const list = await soap11(envelope(SOAP11_ENVELOPE_NS, '<t:ListOrdersRequest><t:customerId>1</t:customerId></t:ListOrdersRequest>'), 'ListOrders');
    expect(list.text.match(/<t:order>/g)).toHaveLength(3);
    const place = await soap11(
      envelope(SOAP11_ENVELOPE_NS, '<t:PlaceOrderRequest><t:customerId>2</t:customerId><t:item>Drum</t:item><t:quantity>2</t:quantity><t:unitPrice>3.50</t:unitPrice><t:shipTo><t:street>1 Main</t:street><t:city>Oslo</t:city><t:postcode>0150</t:postcode></t:shipTo></t:PlaceOrderRequest>'),
      'PlaceOrder',
    );
    const id = Number(/<t:orderId>(\d+)</.exec(place.text)?.[1]);
    expect((await sb.call(`/sandbox/api/orders/${id}`)).json).toMatchObject({ userId: 2, item: 'Drum', total: 7, note: 'ship to 1 Main, Oslo, 0150' });
  });

  it('faults a PlaceOrder that breaks the choice or the order rules', async () => {
    const both = await soap11(envelope(SOAP11_ENVELOPE_NS, '<t:PlaceOrderRequest><t:customerId>2</t:customerId><t:item>x</t:item><t:quantity>1</t:quantity><t:unitPrice>1</t:unitPrice><t:pickupPoint>a</t:pickupPoint><t:shipTo/></t:PlaceOrderRequest>'), 'PlaceOrder');
    expect(faultOf(both).detail).toContain('InvalidChoice');
    const negative = await soap11(envelope(SOAP11_ENVELOPE_NS, '<t:PlaceOrderRequest><t:customerId>2</t:customerId><t:item>x</t:item><t:quantity>-1</t:quantity><t:unitPrice>1</t:unitPrice><t:pickupPoint>a</t:pickupPoint></t:PlaceOrderRequest>'), 'PlaceOrder');
    expect(faultOf(negative).reason).toMatch(/quantity/);
  });
});

describe('faults: the operation is not executed', () => {
  it('answers a mismatched SOAPAction with a Client fault (HTTP 500) and leaves the order alone', async () => {
    const answer = await soap11(envelope(SOAP11_ENVELOPE_NS, cancel(2)), 'GetOrder');
    expect(answer.status).toBe(500);
    const fault = faultOf(answer);
    expect(fault).toMatchObject({ soapVersion: '1.1', code: 'env:Client' });
    expect(fault.reason).toMatch(/does not match .*CancelOrder/);
    expect(fault.detail).toContain('<t:code>ActionMismatch</t:code>');
    expect(await statusOf(2)).toBe('open');
  });

  it('requires SOAPAction in SOAP 1.1 and checks the action parameter in SOAP 1.2 (Sender fault, HTTP 400)', async () => {
    const missing = await sb.call(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=utf-8' }, body: envelope(SOAP11_ENVELOPE_NS, getOrder(1)) });
    expect(faultOf(missing).reason).toMatch(/requires the SOAPAction/);
    const empty = await soap11(envelope(SOAP11_ENVELOPE_NS, getOrder(1)), 'GetOrder', { SOAPAction: '""' });
    expect(faultOf(empty).detail).toContain('ActionMismatch');
    const mismatch12 = await soap12(envelope(SOAP12_ENVELOPE_NS, getOrder(1)), 'PlaceOrder');
    expect(mismatch12.status).toBe(400);
    expect(faultOf(mismatch12)).toMatchObject({ soapVersion: '1.2', code: 'env:Sender', subcodes: ['t:ActionMismatch'] });
  });

  it('answers a wrong endpoint with a 404 fault', async () => {
    const answer = await sb.call('/sandbox/soap/order', { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: soapActionOf('GetOrder') }, body: envelope(SOAP11_ENVELOPE_NS, getOrder(1)) });
    expect(answer.status).toBe(404);
    expect(faultOf(answer).reason).toMatch(/\/sandbox\/soap\/orders/);
  });

  it('checks Content-Type, charset, UTF-8 and the XML declaration', async () => {
    const body = envelope(SOAP11_ENVELOPE_NS, getOrder(1));
    const call = (type: string, payload: string | Buffer = body) => sb.call(ENDPOINT, { method: 'POST', headers: { 'Content-Type': type, SOAPAction: soapActionOf('GetOrder') }, body: payload });
    const json = await call('application/json');
    expect(json.status).toBe(415);
    expect(faultOf(json).detail).toContain('UnsupportedMediaType');
    expect(faultOf(await call('text/xml')).detail).toContain('CharsetMissing');
    expect(faultOf(await call('text/xml; charset=iso-8859-1')).detail).toContain('UnsupportedCharset');
    expect(faultOf(await call('text/xml; charset=utf-8', Buffer.concat([Buffer.from(body), Buffer.from([0xff])]))).detail).toContain('InvalidUtf8');
    const declared = await call('text/xml; charset=utf-8', envelope(SOAP11_ENVELOPE_NS, getOrder(1), '<?xml version="1.0" encoding="ISO-8859-1"?>\n'));
    expect(faultOf(declared).reason).toMatch(/encoding="ISO-8859-1".*charset=utf-8/);
    expect((await call('text/xml; charset=UTF-8', envelope(SOAP11_ENVELOPE_NS, getOrder(1), ''))).status).toBe(200);
  });

  it('faults malformed XML with its position, a non-envelope, a version mismatch, mustUnderstand, an empty or unknown Body', async () => {
    expect(faultOf(await soap11('<s:Envelope xmlns:s="' + SOAP11_ENVELOPE_NS + '"><s:Body></s:Envelop>')).reason).toMatch(/line 1, column/);
    expect(faultOf(await soap11('<order/>')).detail).toContain('NotAnEnvelope');
    const version = await soap11(envelope(SOAP12_ENVELOPE_NS, getOrder(1)));
    expect(faultOf(version)).toMatchObject({ soapVersion: '1.2', code: 'env:VersionMismatch' });
    const must = await soap11(`<s:Envelope xmlns:s="${SOAP11_ENVELOPE_NS}" xmlns:t="${ORDERS_TYPES_NS}"><s:Header><x:Trace xmlns:x="urn:x" s:mustUnderstand="1"/></s:Header><s:Body>${getOrder(1)}</s:Body></s:Envelope>`);
    expect(faultOf(must).code).toBe('env:MustUnderstand');
    expect(faultOf(await soap11(envelope(SOAP11_ENVELOPE_NS, ''))).detail).toContain('EmptyBody');
    expect(faultOf(await soap11(envelope(SOAP11_ENVELOPE_NS, '<GetOrderRequest><orderId>1</orderId></GetOrderRequest>'))).detail).toContain('UnknownOperation');
    const unqualified = await soap11(envelope(SOAP11_ENVELOPE_NS, '<t:GetOrderRequest><orderId>1</orderId></t:GetOrderRequest>'));
    expect(faultOf(unqualified).reason).toMatch(/no namespace/);
  });

  it('answers an unknown order with a SOAP 1.2 Sender fault (400) with Subcode, Reason and Detail', async () => {
    const answer = await soap12(envelope(SOAP12_ENVELOPE_NS, getOrder(999)), 'GetOrder');
    expect(answer.status).toBe(400);
    expect(faultOf(answer)).toMatchObject({ code: 'env:Sender', subcodes: ['t:NoSuchOrder'], reason: 'There is no order 999.' });
  });
});

describe('WS-Security on CancelOrder', () => {
  it('cancels with a valid UsernameToken (PasswordText, Nonce, Created)', async () => {
    const answer = await securedCancel(2);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<t:status>cancelled</t:status>');
    expect(await statusOf(2)).toBe('cancelled');
  });

  it('refuses a missing header and a wrong password, without cancelling', async () => {
    const none = await soap11(envelope(SOAP11_ENVELOPE_NS, cancel(2)), 'CancelOrder');
    expect(faultOf(none).code).toBe('wsse:InvalidSecurity');
    const wrong = await securedCancel(2, { password: 'open' });
    expect(faultOf(wrong).code).toBe('wsse:FailedAuthentication');
    expect(await statusOf(2)).toBe('open');
  });

  it('refuses a replayed Nonce', async () => {
    const nonce = new Uint8Array(16).fill(7);
    expect((await securedCancel(2, { nonce })).status).toBe(200);
    const replay = await securedCancel(6, { nonce });
    expect(faultOf(replay).detail).toContain('NonceReplayed');
    expect(await statusOf(6)).toBe('open');
  });

  it('refuses a Created older or newer than 5 minutes, and one not in UTC', async () => {
    expect(faultOf(await securedCancel(2, { created: new Date(NOW - 301_000) })).code).toBe('wsse:MessageExpired');
    expect(faultOf(await securedCancel(2, { created: new Date(NOW + 301_000) })).detail).toContain('CreatedInFuture');
    expect((await securedCancel(2, { created: new Date(NOW - 299_000) })).status).toBe(200);
    const header = (await usernameToken({ username: 'aladdin', password: 'open:sesame', passwordType: 'PasswordText', created: new Date(NOW) })).replace(/<wsu:Created>[^<]+</, '<wsu:Created>2030-01-01T13:00:00+01:00<');
    const local = applyWsSecurity(envelope(SOAP11_ENVELOPE_NS, cancel(6)), header);
    expect(local.ok && faultOf(await soap11(local.value, 'CancelOrder')).detail).toContain('CreatedNotUtc');
  });

  it('refuses a token without a Nonce', async () => {
    const header = (await usernameToken({ username: 'aladdin', password: 'open:sesame', passwordType: 'PasswordText', created: new Date(NOW) })).replace(/<wsse:Nonce[^>]*>[^<]*<\/wsse:Nonce>/, '');
    const secured = applyWsSecurity(envelope(SOAP11_ENVELOPE_NS, cancel(6)), header);
    expect(secured.ok && faultOf(await soap11(secured.value, 'CancelOrder')).detail).toContain('NonceMissing');
  });

  it('accepts a PasswordDigest token too', async () => {
    const header = await usernameToken({ username: 'aladdin', password: 'open:sesame', passwordType: 'PasswordDigest', created: new Date(NOW) });
    const secured = applyWsSecurity(envelope(SOAP11_ENVELOPE_NS, cancel(6)), header);
    expect(secured.ok && (await soap11(secured.value, 'CancelOrder')).status).toBe(200);
  });
});
