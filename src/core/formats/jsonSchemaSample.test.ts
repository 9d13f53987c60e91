import { describe, expect, it } from 'vitest';
import { sampleJsonSchema } from './jsonSchemaSample';

const components: Record<string, unknown> = {
  Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/Node' } } } },
  Id: { type: 'string', format: 'uuid' },
  Pet: { type: 'object', required: ['name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string', example: 'Rex' }, tag: { $ref: '#/Id' } } },
};
const resolve = (ref: string) => components[ref.slice(2)];

describe('sampleJsonSchema', () => {
  it('prefers example, then examples, default, const and enum', () => {
    expect(sampleJsonSchema({ type: 'string', example: 'ex', default: 'd' })).toBe('ex');
    expect(sampleJsonSchema({ type: 'string', examples: ['first', 'second'] })).toBe('first');
    expect(sampleJsonSchema({ type: 'integer', default: 5 })).toBe(5);
    expect(sampleJsonSchema({ const: 'fixed' })).toBe('fixed');
    expect(sampleJsonSchema({ type: 'string', enum: ['asc', 'desc'] })).toBe('asc');
  });

  it('writes realistic values by type and format', () => {
    expect(sampleJsonSchema({ type: 'string', format: 'date-time' })).toBe('2024-01-01T00:00:00Z');
    expect(sampleJsonSchema({ type: 'string', format: 'email' })).toBe('user@example.com');
    expect(sampleJsonSchema({ type: 'integer', minimum: 3 })).toBe(3);
    expect(sampleJsonSchema({ type: ['null', 'boolean'] })).toBe(true);
    expect(sampleJsonSchema({ type: 'array', items: { type: 'number' } })).toEqual([0]);
  });

  it('follows $refs, merges allOf, picks the first non-null oneOf, leaves out readOnly in requests', () => {
    expect(sampleJsonSchema({ $ref: '#/Pet' }, { resolve })).toEqual({ name: 'Rex', tag: '3fa85f64-5717-4562-b3fc-2c963f66afa6' });
    expect(sampleJsonSchema({ $ref: '#/Pet' }, { resolve, direction: 'response' })).toEqual({ id: 0, name: 'Rex', tag: '3fa85f64-5717-4562-b3fc-2c963f66afa6' });
    expect(sampleJsonSchema({ allOf: [{ $ref: '#/Pet' }, { type: 'object', properties: { age: { type: 'integer' } } }] }, { resolve })).toEqual({ name: 'Rex', tag: '3fa85f64-5717-4562-b3fc-2c963f66afa6', age: 0 });
    expect(sampleJsonSchema({ oneOf: [{ type: 'null' }, { type: 'string' }] })).toBe('string');
  });

  it('stops recursion at the second visit of a $ref, and bounds depth', () => {
    expect(sampleJsonSchema({ $ref: '#/Node' }, { resolve })).toEqual({ name: 'string', children: [] });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20; i++) deep = { type: 'object', properties: { inner: deep } };
    const sample = sampleJsonSchema(deep, { maxDepth: 3 });
    expect(JSON.stringify(sample)).toBe('{"inner":{"inner":{"inner":{}}}}');
  });

  it('samples an unresolvable $ref as an empty object', () => {
    expect(sampleJsonSchema({ $ref: 'other.yaml#/X' }, { resolve })).toEqual({});
  });
});
