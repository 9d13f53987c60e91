import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_CAPACITY } from './orderStore';
import { resetSandbox } from './reset';
import { basicHeader, startSandboxHarness, type SandboxHarness } from '../testing/sandboxHarness';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());
beforeEach(() => resetSandbox());

const json = { 'Content-Type': 'application/json' };
const orders = '/sandbox/api/users/1/orders';
const order = (fields: Record<string, unknown> = {}) => JSON.stringify({ item: 'Slide rule', quantity: 2, unitPrice: 10.5, ...fields });
const state = async () => (await sb.call(orders)).json.orders;
const ids = async (query: string) => (await sb.call(`${orders}${query}`)).json.orders.map((o: { id: number }) => o.id);

describe('safe methods and list queries', () => {
  it('filters by ?id=1,3 and ?id=1&id=3 alike, and mixes both', async () => {
    expect(await ids('?id=1,3')).toEqual([1, 3]);
    expect(await ids('?id=1&id=3')).toEqual([1, 3]);
    expect(await ids('?id=1,2&id=3')).toEqual([1, 2, 3]);
  });

  it('sorts ascending and descending and searches item and note', async () => {
    expect(await ids('?sort=total')).toEqual([3, 1, 2]);
    expect(await ids('?sort=-total')).toEqual([2, 1, 3]);
    expect(await ids('?q=GEAR')).toEqual([2]);
    expect(await ids('?q=wrap')).toEqual([2]);
    expect(await ids('?status=open,cancelled&since=2024-03-01')).toEqual([2, 3]);
  });

  it('answers a bad id, sort key or date in the query with 400 naming the parameter', async () => {
    for (const [query, parameter] of [['?id=1,x', 'id'], ['?sort=colour', 'sort'], ['?since=2024-02-30', 'since'], ['?status=lost', 'status']]) {
      const answer = await sb.call(`${orders}${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.json.parameter).toBe(parameter);
    }
    expect((await sb.call(`${orders}?since=01/02/2024`)).json.detail).toMatch(/column 3/);
  });

  it('GET and HEAD change nothing; HEAD has GET\u2019s headers and no body', async () => {
    const before = await state();
    const get = await sb.call(`${orders}/1`);
    const head = await sb.call(`${orders}/1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.body.length).toBe(0);
    expect(await state()).toEqual(before);
  });

  it('answers 404 for an unknown user or an order of another user', async () => {
    expect((await sb.call('/sandbox/api/users/9/orders')).status).toBe(404);
    expect((await sb.call(`${orders}/4`)).status).toBe(404);
    expect((await sb.call(`${orders}/abc`)).status).toBe(400);
  });

  it('reaches one order through two URLs, naming the nested one in Content-Location', async () => {
    const answer = await sb.call('/sandbox/api/orders/4');
    expect(answer.json.userId).toBe(2);
    expect(answer.headers['content-location']).toBe('/sandbox/api/users/2/orders/4');
  });

  it('lists users, filtered by id', async () => {
    expect((await sb.call('/sandbox/api/users?id=1,3')).json.users.map((u: { id: number }) => u.id)).toEqual([1, 3]);
    expect((await sb.call('/sandbox/api/users/2')).json.name).toBe('Grace Hopper');
  });
});

describe('unsafe methods judged by the resulting state (spec §4.2)', () => {
  it('POST creates a new order every time, with 201 and Location', async () => {
    const a = await sb.call(orders, { method: 'POST', headers: json, body: order() });
    const b = await sb.call(orders, { method: 'POST', headers: json, body: order() });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.headers.location).toBe(`${orders}/${a.json.id}`);
    expect(b.json.id).not.toBe(a.json.id);
    expect(a.json.total).toBe(21);
    expect(await state()).toHaveLength(5);
  });

  it('PUT creates (201) then replaces (200); repeating it leaves the same state', async () => {
    const body = order({ placedAt: '2024-07-01T10:00:00Z', status: 'open' });
    const first = await sb.call(`${orders}/50`, { method: 'PUT', headers: json, body });
    expect(first.status).toBe(201);
    expect(first.headers.location).toBe(`${orders}/50`);
    const once = await state();
    const second = await sb.call(`${orders}/50`, { method: 'PUT', headers: json, body });
    expect(second.status).toBe(200);
    expect(await state()).toEqual(once);
  });

  it('PUT refuses to move another user\u2019s order (409)', async () => {
    expect((await sb.call(`${orders}/4`, { method: 'PUT', headers: json, body: order() })).status).toBe(409);
  });

  it('DELETE answers 204 then 404, and the state after two equals the state after one', async () => {
    expect((await sb.call(`${orders}/3`, { method: 'DELETE' })).status).toBe(204);
    const once = await state();
    expect((await sb.call(`${orders}/3`, { method: 'DELETE' })).status).toBe(404);
    expect(await state()).toEqual(once);
  });

  it('PATCH applies a JSON merge patch (member replaces, null removes), as merge-patch+json or json', async () => {
    const patched = await sb.call(`${orders}/2`, { method: 'PATCH', headers: { 'Content-Type': 'application/merge-patch+json' }, body: '{"quantity": 5, "note": null}' });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ id: 2, quantity: 5, total: 212.5 });
    expect(patched.json.note).toBeUndefined();
    expect((await sb.call(`${orders}/2`, { method: 'PATCH', headers: json, body: '{"status":"shipped"}' })).json.status).toBe('shipped');
  });

  it('PATCH refuses other media types with 415 and Accept-Patch, and bad content with 422', async () => {
    const wrongType = await sb.call(`${orders}/2`, { method: 'PATCH', headers: { 'Content-Type': 'application/xml' }, body: '<x/>' });
    expect(wrongType.status).toBe(415);
    expect(wrongType.headers['accept-patch']).toBe('application/merge-patch+json, application/json');
    const idChange = await sb.call(`${orders}/2`, { method: 'PATCH', headers: json, body: '{"id": 7}' });
    expect(idChange.status).toBe(422);
    expect(idChange.json.errors[0].field).toBe('id');
    expect((await sb.call(`${orders}/2`, { method: 'PATCH', headers: json, body: '[1]' })).status).toBe(422);
    expect((await sb.call(`${orders}/99`, { method: 'PATCH', headers: json, body: '{}' })).status).toBe(404);
  });

  it('tells 415, 400 and 422 apart on POST', async () => {
    const unsupported = await sb.call(orders, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(unsupported.status).toBe(415);
    expect(unsupported.headers['accept-post']).toBe('application/json');
    const syntax = await sb.call(orders, { method: 'POST', headers: json, body: '{"item": "x",\n  "quantity": 2 "unitPrice": 1}' });
    expect(syntax.status).toBe(400);
    expect(syntax.json).toMatchObject({ line: 2, column: 17 });
    const date = await sb.call(orders, { method: 'POST', headers: json, body: order({ placedAt: '2024-05-01 09:30' }) });
    expect(date.status).toBe(400);
    expect(date.json.errors[0]).toMatchObject({ field: 'placedAt', position: { column: 11 } });
    const semantic = await sb.call(orders, { method: 'POST', headers: json, body: order({ quantity: -1, colour: 'red' }) });
    expect(semantic.status).toBe(422);
    expect(semantic.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(['colour', 'quantity']);
    expect(await state()).toHaveLength(3);
  });

  it('answers 507 when the store is full, and reset restores the seed', async () => {
    let stored = 0;
    for (const user of [1, 2, 3]) stored += (await sb.call(`/sandbox/api/users/${user}/orders`)).json.count;
    for (let i = stored; i < ORDER_CAPACITY; i++) {
      expect((await sb.call(orders, { method: 'POST', headers: json, body: order() })).status).toBe(201);
    }
    const full = await sb.call(orders, { method: 'POST', headers: json, body: order() });
    expect(full.status).toBe(507);
    expect(full.json.capacity).toBe(ORDER_CAPACITY);
    expect((await sb.call('/sandbox/reset', { method: 'POST' })).json.reset).toBe(true);
    expect(await state()).toHaveLength(3);
  });

  it('accepts and ignores auth headers: the collections are open', async () => {
    expect((await sb.call(orders, { headers: { Authorization: basicHeader('who', 'ever') } })).status).toBe(200);
  });
});

describe('Allow, OPTIONS and method override', () => {
  it('answers OPTIONS with Allow and other methods with 405 and Allow', async () => {
    const options = await sb.call(`${orders}/1`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, PUT, PATCH, DELETE, OPTIONS');
    const put = await sb.call(orders, { method: 'PUT', headers: json, body: '[]' });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    const users = await sb.call('/sandbox/api/users', { method: 'DELETE' });
    expect(users.status).toBe(405);
    expect(users.headers.allow).toContain('GET');
  });

  it('treats POST with X-HTTP-Method-Override as the named method', async () => {
    const del = await sb.call(`${orders}/1`, { method: 'POST', headers: { 'X-HTTP-Method-Override': 'DELETE' } });
    expect(del.status).toBe(204);
    expect(del.headers['x-method-overridden']).toBe('POST -> DELETE');
    expect((await sb.call(`${orders}/1`)).status).toBe(404);
    const patch = await sb.call(`${orders}/2`, { method: 'POST', headers: { ...json, 'X-HTTP-Method-Override': 'PATCH' }, body: '{"quantity": 1}' });
    expect(patch.json.quantity).toBe(1);
    const get = await sb.call(`${orders}/2`, { method: 'POST', headers: { 'X-HTTP-Method-Override': 'GET' } });
    expect(get.json.id).toBe(2);
  });

  it('ignores the override on other methods and refuses unusable values', async () => {
    expect((await sb.call(`${orders}/2`, { method: 'GET', headers: { 'X-HTTP-Method-Override': 'DELETE' } })).status).toBe(200);
    expect((await sb.call(`${orders}/2`)).status).toBe(200);
    for (const value of ['CONNECT', 'delete me', 'HEAD']) {
      expect((await sb.call(`${orders}/2`, { method: 'POST', headers: { 'X-HTTP-Method-Override': value } })).status).toBe(400);
    }
  });
});
