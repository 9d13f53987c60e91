/**
 * What each operation of the order service does, on the same orders as the REST API
 * (`orderStore.ts`): GetOrder, ListOrders (a repeated element), PlaceOrder (a choice of
 * shipTo or pickupPoint) and CancelOrder. Input is the operation element of the Body; the
 * output is the response element, or a fault saying which element is wrong.
 */
import type { NsXmlElement } from '../../core';
import { elementsIn, elementText } from './xmlElements';
import { sandboxNow } from '../clock';
import { sandboxOrders, validateOrder, type Order } from '../orderStore';
import { ORDERS_TYPES_NS, type OrderOperationName } from './ordersWsdl';
import { escapeXml, type OrderServiceFault } from './soapMessages';

/** The result of an operation: the response element's XML, or a fault. */
export type OperationResult = { ok: true; xml: string } | { ok: false; fault: OrderServiceFault };

const senderFault = (code: string, reason: string): OperationResult => ({ ok: false, fault: { party: 'sender', code, reason } });

/** The child of `parent` named `local` in the types namespace, with a hint when it is unqualified. */
function child(parent: NsXmlElement, local: string): NsXmlElement | { missing: string } {
  const children = elementsIn(parent);
  const found = children.find((c) => c.local === local && c.ns === ORDERS_TYPES_NS);
  if (found) return found;
  const elsewhere = children.find((c) => c.local === local);
  if (elsewhere) {
    return { missing: `<${elsewhere.name}> is in ${elsewhere.ns ? `namespace ${elsewhere.ns}` : 'no namespace'}; the schema qualifies it: {${ORDERS_TYPES_NS}}${local}.` };
  }
  return { missing: `<${parent.local}> has no <${local}> element.` };
}

function intChild(parent: NsXmlElement, local: string): number | OperationResult {
  const el = child(parent, local);
  if ('missing' in el) return senderFault('MissingElement', el.missing);
  const text = elementText(el).trim();
  if (!/^[+-]?\d{1,9}$/.test(text)) return senderFault('InvalidValue', `<${local}> must be an xs:int, not "${text}".`);
  return Number(text);
}

function orderXml(o: Order, tag = 't:order'): string {
  const fields: [string, string | number | undefined][] = [
    ['orderId', o.id],
    ['customerId', o.userId],
    ['item', o.item],
    ['quantity', o.quantity],
    ['unitPrice', o.unitPrice.toFixed(2)],
    ['total', o.total.toFixed(2)],
    ['status', o.status],
    ['placedAt', o.placedAt],
    ['note', o.note],
  ];
  const inner = fields.filter(([, v]) => v !== undefined).map(([k, v]) => `<t:${k}>${escapeXml(String(v))}</t:${k}>`).join('');
  return `<${tag}>${inner}</${tag}>`;
}

const wrap = (name: string, inner: string) => `    <t:${name} xmlns:t="${ORDERS_TYPES_NS}">${inner}</t:${name}>`;

function getOrder(input: NsXmlElement): OperationResult {
  const id = intChild(input, 'orderId');
  if (typeof id !== 'number') return id;
  const order = sandboxOrders.get(id);
  if (!order) return senderFault('NoSuchOrder', `There is no order ${id}.`);
  return { ok: true, xml: wrap('GetOrderResponse', orderXml(order)) };
}

function listOrders(input: NsXmlElement): OperationResult {
  const id = intChild(input, 'customerId');
  if (typeof id !== 'number') return id;
  if (!sandboxOrders.user(id)) return senderFault('NoSuchCustomer', `There is no customer ${id}.`);
  return { ok: true, xml: wrap('ListOrdersResponse', sandboxOrders.ordersOf(id).map((o) => orderXml(o)).join('')) };
}

/** An Address element as one line, `?` for a missing part. */
function addressText(address: NsXmlElement): string {
  return ['street', 'city', 'postcode']
    .map((field) => {
      const el = child(address, field);
      return 'missing' in el ? '?' : elementText(el).trim();
    })
    .join(', ');
}

function placeOrder(input: NsXmlElement): OperationResult {
  const customerId = intChild(input, 'customerId');
  if (typeof customerId !== 'number') return customerId;
  if (!sandboxOrders.user(customerId)) return senderFault('NoSuchCustomer', `There is no customer ${customerId}.`);
  const text = (local: string) => {
    const el = child(input, local);
    return 'missing' in el ? undefined : elementText(el).trim();
  };
  const shipTo = child(input, 'shipTo');
  const pickup = text('pickupPoint');
  const hasShipTo = !('missing' in shipTo);
  if (hasShipTo === (pickup !== undefined)) {
    return senderFault('InvalidChoice', 'Give exactly one of <shipTo> or <pickupPoint> (an xs:choice), not both and not neither.');
  }
  const note = hasShipTo ? `ship to ${addressText(shipTo)}` : `collect at ${pickup}`;
  const quantity = text('quantity');
  const unitPrice = text('unitPrice');
  const candidate = {
    item: text('item'),
    quantity: quantity !== undefined && /^-?\d+$/.test(quantity) ? Number(quantity) : quantity,
    unitPrice: unitPrice !== undefined && /^-?\d+(\.\d+)?$/.test(unitPrice) ? Number(unitPrice) : unitPrice,
    note: note.slice(0, 500),
  };
  const checked = validateOrder(candidate, undefined, new Date(sandboxNow()));
  if (!checked.ok) return senderFault('InvalidOrder', checked.problems.map((p) => p.message).join(' '));
  if (!sandboxOrders.hasRoom()) return { ok: false, fault: { party: 'receiver', code: 'StorageFull', reason: 'The order store is full; POST /sandbox/reset restores it.' } };
  const order = sandboxOrders.create(customerId, checked.fields);
  return { ok: true, xml: wrap('PlaceOrderResponse', `<t:orderId>${order.id}</t:orderId><t:status>${order.status}</t:status>`) };
}

function cancelOrder(input: NsXmlElement): OperationResult {
  const id = intChild(input, 'orderId');
  if (typeof id !== 'number') return id;
  const order = sandboxOrders.get(id);
  if (!order) return senderFault('NoSuchOrder', `There is no order ${id}.`);
  if (order.status === 'shipped') return senderFault('AlreadyShipped', `Order ${id} has shipped and can no longer be cancelled.`);
  const { id: _id, userId, total: _total, ...fields } = order;
  sandboxOrders.put(userId, id, { ...fields, status: 'cancelled' });
  return { ok: true, xml: wrap('CancelOrderResponse', `<t:orderId>${id}</t:orderId><t:status>cancelled</t:status>`) };
}

/** Runs `operation` on its Body element. */
export function runOperation(operation: OrderOperationName, input: NsXmlElement): OperationResult {
  switch (operation) {
    case 'GetOrder':
      return getOrder(input);
    case 'ListOrders':
      return listOrders(input);
    case 'PlaceOrder':
      return placeOrder(input);
    case 'CancelOrder':
      return cancelOrder(input);
  }
}
