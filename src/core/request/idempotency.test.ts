import { describe, expect, it } from 'vitest';
import { compareStates, judgeIdempotency, stateReadRequest, type ResourceState } from './idempotency';

const state = (body: unknown, status = 200): ResourceState => ({ status, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('compareStates', () => {
  it('treats object members as unordered (spec §4.3)', () => {
    expect(compareStates(state('{"a":1,"b":[1,2]}'), state('{ "b": [1, 2], "a": 1.0 }'))).toEqual([]);
  });

  it('keeps array order: a reordered array is a different state', () => {
    expect(compareStates(state([1, 2]), state([2, 1]))).toEqual([
      { path: '$[0]', kind: 'changed', before: '1', after: '2' },
      { path: '$[1]', kind: 'changed', before: '2', after: '1' },
    ]);
  });

  it('reports added, removed and changed members with their paths', () => {
    const changes = compareStates(state({ orders: [{ id: 1 }], name: 'a', 'odd key': 1 }), state({ orders: [{ id: 1 }, { id: 2 }], name: 'b' }));
    expect(changes).toEqual([
      { path: '$.name', kind: 'changed', before: '"a"', after: '"b"' },
      { path: '$["odd key"]', kind: 'removed', before: '1' },
      { path: '$.orders[1]', kind: 'added', after: '{"id":2}' },
    ]);
  });

  it('counts a different status as a different state', () => {
    expect(compareStates(state('', 200), state('', 404))).toEqual([{ path: '(status)', kind: 'changed', before: '200', after: '404' }]);
  });

  it('compares non-JSON bodies as exact text', () => {
    expect(compareStates(state('<a/>'), state('<a/>'))).toEqual([]);
    expect(compareStates(state('<a/>'), state('<a />'))[0]).toMatchObject({ path: '(body)', kind: 'changed' });
  });

  it('ignores the named members at any depth', () => {
    expect(compareStates(state({ a: { updatedAt: 1 }, updatedAt: 1 }), state({ a: { updatedAt: 2 }, updatedAt: 2 }), { ignoreMembers: ['updatedAt'] })).toEqual([]);
  });
});

describe('judgeIdempotency', () => {
  it('calls a PUT idempotent when every send leaves the state the first one left', () => {
    const before = state({ qty: 1 });
    const verdict = judgeIdempotency('PUT', before, [state({ qty: 5 }), state({ qty: 5 })]);
    expect(verdict.idempotent).toBe(true);
    expect(verdict.effect).toEqual([{ path: '$.qty', kind: 'changed', before: '1', after: '5' }]);
    expect(verdict.summary).toContain('PUT is idempotent here');
  });

  it('calls a POST not idempotent when the second send changes the state again, naming the send and the change', () => {
    const verdict = judgeIdempotency('POST', state([]), [state([{ id: 1 }]), state([{ id: 1 }, { id: 2 }]), state([{ id: 1 }, { id: 2 }, { id: 3 }])]);
    expect(verdict.idempotent).toBe(false);
    expect(verdict.firstDifference).toEqual({ send: 2, changes: [{ path: '$[1]', kind: 'added', after: '{"id":2}' }] });
    expect(verdict.summary).toContain('after send 2');
  });

  it('judges by state, not response: DELETE that leaves 404 twice is idempotent', () => {
    expect(judgeIdempotency('DELETE', state({ id: 1 }), [state('', 404), state('', 404)]).idempotent).toBe(true);
  });

  it('needs at least two sends', () => {
    expect(() => judgeIdempotency('PUT', state({}), [state({})])).toThrow(RangeError);
  });
});

describe('stateReadRequest', () => {
  it('reads with GET and the same credentials, without body headers, override or preconditions', () => {
    const read = stateReadRequest(
      {
        method: 'POST',
        url: 'http://h/orders',
        headers: [
          { name: 'Authorization', value: 'Bearer t' },
          { name: 'Content-Type', value: 'application/json' },
          { name: 'X-HTTP-Method-Override', value: 'PUT' },
          { name: 'If-Match', value: '"v1"' },
          { name: 'Accept', value: 'application/json' },
        ],
        body: ['{}'],
      },
      'http://h/orders/1',
    );
    expect(read).toEqual({
      method: 'GET',
      url: 'http://h/orders/1',
      headers: [
        { name: 'Authorization', value: 'Bearer t' },
        { name: 'Accept', value: 'application/json' },
      ],
    });
  });
});
