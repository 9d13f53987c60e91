import { describe, expect, it } from 'vitest';
import { draftFromWire } from './draftFromWire';
import { buildWireRequest } from './wire';

describe('draftFromWire', () => {
  it('gives a draft that sends the same request again', () => {
    const wire = {
      method: 'POST',
      url: 'https://h/orders?tag=a&tag=b',
      headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'X-Dup', value: '1' }, { name: 'X-Dup', value: '2' }],
      body: ['{"qty":1}'],
    };
    const draft = draftFromWire(wire, 'from history');
    expect(draft.name).toBe('from history');
    expect(draft.body.kind).toBe('json');
    expect(draft.query.map((r) => r.value)).toEqual(['a', 'b']);
    const again = buildWireRequest(draft, {});
    expect(again.ok && again.value.wire).toEqual(wire);
  });

  it('splits a form body into rows and keeps a lone file as a binary body', () => {
    const form = draftFromWire({ method: 'POST', url: 'http://h/', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], body: ['a=1+2&b=%25'] });
    expect(form.body.form.map((r) => [r.name, r.value])).toEqual([
      ['a', '1 2'],
      ['b', '%'],
    ]);
    const file = { kind: 'file' as const, id: 'f', name: 'x.bin', size: 3 };
    expect(draftFromWire({ method: 'PUT', url: 'http://h/', headers: [], body: [file] }).body).toMatchObject({ kind: 'binary', binary: file });
  });
});
