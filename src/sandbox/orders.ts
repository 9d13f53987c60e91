/**
 * Nested collections with real state (spec §4.2, §4.4): `/api/users/{id}/orders[/{orderId}]`.
 * GET and HEAD are safe; POST on the collection creates a new order each time; PUT
 * creates or replaces (idempotent); PATCH applies a JSON merge patch; DELETE is
 * idempotent by state (the second answers 404, the state is the same); OPTIONS and 405
 * carry Allow. Lists filter by `?id=1,2` or `?id=1&id=2`, `status`, `q` and `since`, and
 * sort by `sort=total` / `-total`. Open to everyone: auth headers are accepted and ignored.
 */
import { parseJson } from '../core';
import { parseRfc3339 } from './isoDate';
import { applyMergePatch } from './mergePatch';
import { ORDER_CAPACITY, ORDER_STATUSES, sandboxOrders, SHOP_USERS, validateOrder, type Order, type OrderProblem } from './orderStore';
import { isJsonEssence, readBody, requestContentType, sendTooLarge, sendUnsupportedType } from './requestBody';
import { queryRows, sendJson, sendMethodNotAllowed, sendOptions, sendProblem, type SandboxContext, type SandboxRoute } from './router';
import { sandboxNow } from './clock';

const BODY_LIMIT = 64 * 1024;
const COLLECTION_ALLOW = ['GET', 'HEAD', 'POST', 'OPTIONS'];
const ITEM_ALLOW = ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PATCH_TYPES = ['application/merge-patch+json', 'application/json'];
const SORT_KEYS = ['id', 'total', 'placedAt', 'item', 'quantity'] as const;
const ID = /^[1-9]\d{0,8}$/;
type SortKey = (typeof SORT_KEYS)[number];

const orderUrl = (o: Pick<Order, 'userId' | 'id'>) => `/sandbox/api/users/${o.userId}/orders/${o.id}`;

/** The filters of a list request, or the 400 saying which parameter is wrong. */
type ListQuery = { ids?: number[]; statuses?: string[]; q?: string; since?: Date; sort?: { key: SortKey; descending: boolean } };

function readListQuery(search: string): { query: ListQuery } | { problem: { title: string; detail: string; parameter: string } } {
  const query: ListQuery = {};
  for (const row of queryRows(search)) {
    const bad = (detail: string) => ({ problem: { title: `Bad query parameter "${row.name}"`, detail, parameter: row.name } });
    if (row.name === 'id') {
      // Both list styles of spec §4.4: a comma-separated value and a repeated parameter.
      for (const piece of row.value.split(',')) {
        if (!ID.test(piece.trim())) return bad(`"${piece}" in id=${row.value} is not an order id (a positive whole number).`);
        (query.ids ??= []).push(Number(piece.trim()));
      }
    } else if (row.name === 'status') {
      for (const piece of row.value.split(',')) {
        if (!(ORDER_STATUSES as readonly string[]).includes(piece)) return bad(`status "${piece}" is not one of ${ORDER_STATUSES.join(', ')}.`);
        (query.statuses ??= []).push(piece);
      }
    } else if (row.name === 'q') query.q = row.value.toLowerCase();
    else if (row.name === 'since') {
      const date = parseRfc3339(row.value, 'date-or-date-time');
      if (!date.ok) return bad(`since: ${date.error.message}.`);
      query.since = date.value;
    } else if (row.name === 'sort') {
      const descending = row.value.startsWith('-');
      const key = row.value.replace(/^[-+]/, '');
      if (!(SORT_KEYS as readonly string[]).includes(key)) return bad(`Cannot sort by "${key}"; use one of ${SORT_KEYS.join(', ')}, with "-" in front for descending.`);
      query.sort = { key: key as SortKey, descending };
    }
  }
  return { query };
}

function applyListQuery(orders: Order[], query: ListQuery): Order[] {
  let out = orders;
  if (query.ids) out = out.filter((o) => query.ids!.includes(o.id));
  if (query.statuses) out = out.filter((o) => query.statuses!.includes(o.status));
  if (query.q) out = out.filter((o) => o.item.toLowerCase().includes(query.q!) || (o.note ?? '').toLowerCase().includes(query.q!));
  if (query.since) out = out.filter((o) => Date.parse(o.placedAt) >= query.since!.getTime());
  const sort = query.sort ?? { key: 'id', descending: false };
  const sign = sort.descending ? -1 : 1;
  return [...out].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
  });
}

function userOf(ctx: SandboxContext): number | undefined {
  const raw = ctx.params.id ?? '';
  const id = ID.test(raw) ? Number(raw) : NaN;
  if (!sandboxOrders.user(id)) {
    sendProblem(ctx.res, 404, { title: 'No such user', detail: `There is no user "${raw}"; users are ${SHOP_USERS.map((u) => u.id).join(', ')}.` });
    return undefined;
  }
  return id;
}

function sendOrderProblems(ctx: SandboxContext, status: 400 | 422, problems: OrderProblem[]): void {
  const title = status === 400 ? 'Malformed value' : 'Unprocessable order';
  sendProblem(ctx.res, status, { title, detail: problems.map((p) => p.message).join(' '), errors: problems });
}

function acceptsType(essence: string, accepted: string[]): boolean {
  if (accepted.includes(essence)) return true;
  // Other +json types (RFC 6839) are JSON too — except merge-patch, which means "a patch".
  return accepted.includes('application/json') && isJsonEssence(essence) && essence !== 'application/merge-patch+json';
}

/** Reads a JSON body of an accepted type; answers 413/415/400 itself and returns undefined then. */
async function readJsonBody(ctx: SandboxContext, accepted: string[], hint: 'Accept-Post' | 'Accept-Patch'): Promise<{ value: unknown } | undefined> {
  const type = requestContentType(ctx.req);
  if (type.kind !== 'media' || !acceptsType(type.media.essence, accepted)) {
    ctx.req.resume();
    sendUnsupportedType(ctx.res, type, accepted, hint);
    return undefined;
  }
  const body = await readBody(ctx.req, BODY_LIMIT);
  if (!body.ok) return void sendTooLarge(ctx.res, body);
  const parsed = parseJson(body.bytes.toString('utf8'));
  if (!parsed.ok) {
    const at = parsed.error.position;
    sendProblem(ctx.res, 400, {
      title: 'Malformed JSON',
      detail: `${parsed.error.message}${at ? ` at line ${at.line}, column ${at.column}` : ''}.`,
      ...(at ? { line: at.line, column: at.column, offset: at.offset } : {}),
    });
    return undefined;
  }
  return { value: parsed.value };
}

function sendFull(ctx: SandboxContext): void {
  sendProblem(ctx.res, 507, {
    title: 'Insufficient Storage',
    detail: `The order store is full (${ORDER_CAPACITY} orders). DELETE some orders or POST /sandbox/reset to restore the seed data.`,
    capacity: ORDER_CAPACITY,
  });
}

async function collection(ctx: SandboxContext): Promise<void> {
  if (ctx.method === 'OPTIONS') return sendOptions(ctx, COLLECTION_ALLOW);
  if (!COLLECTION_ALLOW.includes(ctx.method)) return sendMethodNotAllowed(ctx, COLLECTION_ALLOW);
  const userId = userOf(ctx);
  if (userId === undefined) return void ctx.req.resume();
  if (ctx.method === 'GET' || ctx.method === 'HEAD') {
    ctx.req.resume();
    const read = readListQuery(ctx.url.search);
    if ('problem' in read) return sendProblem(ctx.res, 400, read.problem);
    const orders = applyListQuery(sandboxOrders.ordersOf(userId), read.query);
    const { since, ...rest } = read.query;
    return sendJson(ctx.res, 200, { userId, count: orders.length, query: { ...rest, ...(since ? { since: since.toISOString() } : {}) }, orders });
  }
  const body = await readJsonBody(ctx, ['application/json'], 'Accept-Post');
  if (!body) return;
  const checked = validateOrder(body.value, undefined, new Date(sandboxNow()));
  if (!checked.ok) return sendOrderProblems(ctx, checked.status, checked.problems);
  if (!sandboxOrders.hasRoom()) return sendFull(ctx);
  const order = sandboxOrders.create(userId, checked.fields);
  sendJson(ctx.res, 201, order, { Location: orderUrl(order) });
}

async function item(ctx: SandboxContext): Promise<void> {
  if (ctx.method === 'OPTIONS') return sendOptions(ctx, ITEM_ALLOW);
  if (!ITEM_ALLOW.includes(ctx.method)) {
    ctx.req.resume();
    return sendMethodNotAllowed(ctx, ITEM_ALLOW);
  }
  const userId = userOf(ctx);
  if (userId === undefined) return void ctx.req.resume();
  const raw = ctx.params.orderId ?? '';
  if (!ID.test(raw)) {
    ctx.req.resume();
    return sendProblem(ctx.res, 400, { title: 'Bad order id', detail: `"${raw}" is not an order id (a positive whole number below 10^9).` });
  }
  const id = Number(raw);
  const stored = sandboxOrders.get(id);
  const existing = stored && stored.userId === userId ? stored : undefined;
  const notFound = () => sendProblem(ctx.res, 404, { title: 'No such order', detail: `User ${userId} has no order ${id}.` });
  switch (ctx.method) {
    case 'GET':
    case 'HEAD':
      ctx.req.resume();
      return existing ? sendJson(ctx.res, 200, existing) : notFound();
    case 'DELETE':
      ctx.req.resume();
      if (!existing) return notFound();
      sandboxOrders.delete(id);
      ctx.res.writeHead(204);
      return void ctx.res.end();
    case 'PUT': {
      const body = await readJsonBody(ctx, ['application/json'], 'Accept-Post');
      if (!body) return;
      if (stored && stored.userId !== userId) {
        return sendProblem(ctx.res, 409, { title: 'Conflict', detail: `Order ${id} belongs to user ${stored.userId}; it cannot be put under user ${userId}.` });
      }
      const checked = validateOrder(body.value, existing, new Date(sandboxNow()));
      if (!checked.ok) return sendOrderProblems(ctx, checked.status, checked.problems);
      if (!existing && !sandboxOrders.hasRoom()) return sendFull(ctx);
      const { order, created } = sandboxOrders.put(userId, id, checked.fields);
      return sendJson(ctx.res, created ? 201 : 200, order, created ? { Location: orderUrl(order) } : {});
    }
    case 'PATCH': {
      const body = await readJsonBody(ctx, PATCH_TYPES, 'Accept-Patch');
      if (!body) return;
      if (!existing) return notFound();
      const patched = applyMergePatch(existing, body.value);
      const checked = validateOrder(patched, existing, new Date(sandboxNow()));
      if (!checked.ok) return sendOrderProblems(ctx, checked.status, checked.problems);
      return sendJson(ctx.res, 200, sandboxOrders.put(userId, id, checked.fields).order, { 'Accept-Patch': PATCH_TYPES.join(', ') });
    }
  }
}

function users(ctx: SandboxContext): void {
  const read = readListQuery(ctx.url.search);
  if ('problem' in read) return sendProblem(ctx.res, 400, read.problem);
  const ids = read.query.ids;
  const list = SHOP_USERS.filter((u) => !ids || ids.includes(u.id)).map((u) => ({ ...u, orders: `/sandbox/api/users/${u.id}/orders` }));
  sendJson(ctx.res, 200, { count: list.length, users: list });
}

function user(ctx: SandboxContext): void {
  const id = userOf(ctx);
  if (id === undefined) return;
  sendJson(ctx.res, 200, { ...sandboxOrders.user(id), orders: `/sandbox/api/users/${id}/orders` });
}

/** The same order under a second URL (spec §4.4); Content-Location names the nested one. */
function orderById(ctx: SandboxContext): void {
  const raw = ctx.params.orderId ?? '';
  const order = ID.test(raw) ? sandboxOrders.get(Number(raw)) : undefined;
  if (!order) return sendProblem(ctx.res, 404, { title: 'No such order', detail: `There is no order "${raw}".` });
  sendJson(ctx.res, 200, order, { 'Content-Location': orderUrl(order) });
}

/** The orders router. */
export const orderRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/api/users', handle: users },
  { method: 'GET', pattern: '/api/users/:id', handle: user },
  { method: '*', pattern: '/api/users', handle: (ctx) => sendMethodNotAllowed(ctx, ['GET', 'HEAD']) },
  { method: '*', pattern: '/api/users/:id', handle: (ctx) => sendMethodNotAllowed(ctx, ['GET', 'HEAD']) },
  { method: '*', pattern: '/api/users/:id/orders', handle: collection },
  { method: '*', pattern: '/api/users/:id/orders/:orderId', handle: item },
  { method: 'GET', pattern: '/api/orders/:orderId', handle: orderById },
  { method: '*', pattern: '/api/orders/:orderId', handle: (ctx) => sendMethodNotAllowed(ctx, ['GET', 'HEAD']) },
];
