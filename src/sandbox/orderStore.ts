/**
 * The state behind `/api/users/{id}/orders/{orderId}`: a few seeded users and their
 * orders, kept in memory with a fixed capacity (a full store answers 507), restorable to
 * the seed with `POST /sandbox/reset`. Validation of an order lives here too: a badly
 * formatted date is a syntax problem (400), anything else wrong in well-formed JSON is a
 * semantic one (422) — spec §7.
 */
import { parseRfc3339 } from './isoDate';
import type { TextPosition } from '../core';

/** A user of the demo shop. */
export interface ShopUser {
  id: number;
  name: string;
  email: string;
}

/** Where an order is in its life. */
export const ORDER_STATUSES = ['open', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One order. `total` is derived: quantity × unitPrice. */
export interface Order {
  id: number;
  userId: number;
  item: string;
  quantity: number;
  unitPrice: number;
  total: number;
  status: OrderStatus;
  /** RFC 3339 date-time. */
  placedAt: string;
  note?: string;
}

/** Most orders the store holds; one more answers 507 Insufficient Storage. */
export const ORDER_CAPACITY = 500;

export const SHOP_USERS: readonly ShopUser[] = [
  { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
  { id: 2, name: 'Grace Hopper', email: 'grace@example.com' },
  { id: 3, name: 'Linus Pauling', email: 'linus@example.com' },
];

const SEED: readonly Omit<Order, 'total'>[] = [
  { id: 1, userId: 1, item: 'Analytical engine punch cards', quantity: 200, unitPrice: 0.25, status: 'shipped', placedAt: '2024-01-15T09:30:00Z' },
  { id: 2, userId: 1, item: 'Brass gear set', quantity: 3, unitPrice: 42.5, status: 'open', placedAt: '2024-03-02T14:05:00Z', note: 'gift wrap' },
  { id: 3, userId: 1, item: 'Notebook, squared', quantity: 10, unitPrice: 3.2, status: 'cancelled', placedAt: '2024-04-20T08:00:00Z' },
  { id: 4, userId: 2, item: 'Compiler manual', quantity: 1, unitPrice: 89, status: 'open', placedAt: '2024-02-11T16:45:00Z' },
  { id: 5, userId: 2, item: 'Nanosecond wire, 30 cm', quantity: 25, unitPrice: 1.1, status: 'shipped', placedAt: '2024-05-06T10:00:00Z' },
  { id: 6, userId: 3, item: 'Molecular model kit', quantity: 2, unitPrice: 64.99, status: 'open', placedAt: '2024-06-01T12:00:00Z', note: 'urgent' },
];

const money = (n: number) => Math.round(n * 100) / 100;

/** The order store. */
export class OrderStore {
  private orders = new Map<number, Order>();
  private nextId = 1;

  constructor() {
    this.reset();
  }

  /** Restores the seed data. */
  reset(): void {
    this.orders = new Map(SEED.map((o) => [o.id, { ...o, total: money(o.quantity * o.unitPrice) }]));
    this.nextId = Math.max(...SEED.map((o) => o.id)) + 1;
  }

  user(id: number): ShopUser | undefined {
    return SHOP_USERS.find((u) => u.id === id);
  }

  get(id: number): Order | undefined {
    const order = this.orders.get(id);
    return order ? { ...order } : undefined;
  }

  ordersOf(userId: number): Order[] {
    return [...this.orders.values()].filter((o) => o.userId === userId).map((o) => ({ ...o }));
  }

  get size(): number {
    return this.orders.size;
  }

  /** Whether one more order fits. */
  hasRoom(): boolean {
    return this.orders.size < ORDER_CAPACITY;
  }

  /** Stores a new order under the next id (POST: a new resource every time). */
  create(userId: number, fields: OrderFields): Order {
    const order = withTotal({ id: this.nextId++, userId, ...fields });
    this.orders.set(order.id, order);
    return { ...order };
  }

  /** Stores `fields` as order `id`, replacing it if it exists (PUT). */
  put(userId: number, id: number, fields: OrderFields): { order: Order; created: boolean } {
    const created = !this.orders.has(id);
    const order = withTotal({ id, userId, ...fields });
    this.orders.set(id, order);
    if (id >= this.nextId) this.nextId = id + 1;
    return { order: { ...order }, created };
  }

  /** Removes order `id`; false when there was none. */
  delete(id: number): boolean {
    return this.orders.delete(id);
  }
}

function withTotal(o: Omit<Order, 'total'>): Order {
  const order: Order = { ...o, total: money(o.quantity * o.unitPrice) };
  if (order.note === undefined) delete order.note;
  return order;
}

/** The writable fields of an order. */
export type OrderFields = Omit<Order, 'id' | 'userId' | 'total'>;

/** One thing wrong with a submitted order. */
export interface OrderProblem {
  field: string;
  message: string;
  position?: TextPosition;
}

/** The verdict on a submitted order: fields to store, a syntax problem (400) or semantic ones (422). */
export type OrderValidation = { ok: true; fields: OrderFields } | { ok: false; status: 400 | 422; problems: OrderProblem[] };

const WRITABLE = new Set(['item', 'quantity', 'unitPrice', 'status', 'placedAt', 'note']);
const READ_ONLY = new Set(['id', 'userId', 'total']);

/**
 * Checks a parsed JSON value as an order. `current` is the stored order for read-only
 * fields a client may echo back unchanged (after a merge patch, or a PUT of a GET).
 */
export function validateOrder(value: unknown, current: Pick<Order, 'id' | 'userId' | 'total'> | undefined, now: Date): OrderValidation {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, status: 422, problems: [{ field: '', message: `An order must be a JSON object, not ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}.` }] };
  }
  const o = value as Record<string, unknown>;
  const problems: OrderProblem[] = [];
  for (const key of Object.keys(o)) {
    if (READ_ONLY.has(key)) {
      if (!current || o[key] !== current[key as 'id']) problems.push({ field: key, message: `${key} is set by the server and cannot be changed.` });
    } else if (!WRITABLE.has(key)) problems.push({ field: key, message: `Unknown field "${key}"; an order has ${[...WRITABLE].join(', ')}.` });
  }
  const { item, quantity, unitPrice, status, placedAt, note } = o;
  if (typeof item !== 'string' || item.trim() === '' || item.length > 200) problems.push({ field: 'item', message: 'item must be a non-empty string of at most 200 characters.' });
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 10_000) {
    problems.push({ field: 'quantity', message: `quantity must be a whole number from 1 to 10000, not ${JSON.stringify(quantity ?? null)}.` });
  }
  if (typeof unitPrice !== 'number' || !Number.isFinite(unitPrice) || unitPrice < 0 || unitPrice > 1_000_000 || money(unitPrice) !== unitPrice) {
    problems.push({ field: 'unitPrice', message: `unitPrice must be an amount from 0 to 1000000 with at most two decimals, not ${JSON.stringify(unitPrice ?? null)}.` });
  }
  if (status !== undefined && !(ORDER_STATUSES as readonly unknown[]).includes(status)) {
    problems.push({ field: 'status', message: `status must be one of ${ORDER_STATUSES.join(', ')}.` });
  }
  if (note !== undefined && (typeof note !== 'string' || note.length > 500)) problems.push({ field: 'note', message: 'note must be a string of at most 500 characters.' });
  let placed = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  if (placedAt !== undefined) {
    if (typeof placedAt !== 'string') problems.push({ field: 'placedAt', message: 'placedAt must be an RFC 3339 date-time string.' });
    else {
      const date = parseRfc3339(placedAt);
      // A date in the wrong format is a syntax error of the value: 400, not 422 (spec §7).
      if (!date.ok) return { ok: false, status: 400, problems: [{ field: 'placedAt', message: date.error.message, position: date.error.position }] };
      placed = placedAt;
    }
  }
  if (problems.length) return { ok: false, status: 422, problems };
  return {
    ok: true,
    fields: {
      item: item as string,
      quantity: quantity as number,
      unitPrice: unitPrice as number,
      status: (status as OrderStatus | undefined) ?? 'open',
      placedAt: placed,
      ...(note !== undefined ? { note: note as string } : {}),
    },
  };
}

/** The sandbox's orders. */
export const sandboxOrders = new OrderStore();
