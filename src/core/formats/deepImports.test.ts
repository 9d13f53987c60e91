/**
 * Inputs built to freeze or crash an importer: an OpenAPI description whose schemas fan
 * out through `allOf` (each schema joins the two before it: exponential without depth
 * counting, memo and budget), a Postman collection of thousands of nested folders, and a
 * JSON body nested 50,000 levels deep for the formatter. Each must end with a bounded
 * result or a typed error; the test's own timeout is the only clock.
 */
import { describe, expect, it } from 'vitest';
import { formatJson } from '../encoding';
import { collectionRequests } from '../workspace';
import { sampleJsonSchemaCounted } from './jsonSchemaSample';
import { importOpenApi } from './openApiImport';
import { importPostman } from './postmanImport';

/** `count` schemas, each an allOf of the one before it (twice) and the one before that, plus a property of its own: ~2.4^count paths. */
function fanOutDescription(count: number): string {
  const schemas: Record<string, unknown> = { S0: { type: 'object', properties: { p0: { type: 'string' } } }, S1: { type: 'object', properties: { p1: { type: 'integer' } } } };
  for (let i = 2; i < count; i++) {
    const ref = (n: number) => ({ $ref: `#/components/schemas/S${n}` });
    schemas[`S${i}`] = { allOf: [ref(i - 1), ref(i - 2), ref(i - 1), { type: 'object', properties: { [`p${i}`]: { type: 'string' } } }] };
  }
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Fan-out', version: '1' },
    paths: { '/things': { post: { requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/S${count - 1}` } } } }, responses: { '200': { description: 'ok' } } } } },
    components: { schemas },
  });
}

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value as Record<string, unknown>)) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}

describe('no input freezes an importer', () => {
  it('an allOf fan-out description (~2.8 KB, exponential unbounded) imports with a sample of bounded depth and bounded work', () => {
    const text = fanOutDescription(17);
    expect(text.length).toBeGreaterThan(2500);
    expect(text.length).toBeLessThan(3200);
    const imported = importOpenApi(text);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    const [entry] = collectionRequests(imported.value.collection.items);
    const body = JSON.parse(entry!.request.draft.body.texts.json) as unknown;
    expect(depthOf(body)).toBeLessThanOrEqual(9);
    expect(Object.keys(body as object).length).toBeGreaterThan(3);
    const schemas = (JSON.parse(text) as { components: { schemas: Record<string, unknown> } }).components.schemas;
    const counted = sampleJsonSchemaCounted({ $ref: '#/components/schemas/S16' }, { resolve: (ref) => schemas[ref.split('/').pop()!] });
    expect(counted.visited).toBeLessThan(5_000);
  });

  it('the node budget stops a schema that is wide at every level', () => {
    // Ten properties per level, eight levels, no references to memoise: 10^8 nodes unbounded.
    let level: unknown = { type: 'string' };
    for (let d = 0; d < 8; d++) {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < 10; i++) properties[`p${i}`] = level;
      level = { type: 'object', properties };
    }
    const counted = sampleJsonSchemaCounted(level, { maxNodes: 2_000 });
    expect(counted.visited).toBe(2_000);
    expect(counted.truncated).toBe(true);
  });

  it('a Postman collection of 6,000 nested folders is a typed error, not a RangeError', () => {
    // Built as text: JSON.stringify itself recurses and would overflow first.
    const leaf = '{"name":"leaf","request":{"method":"GET","url":"http://x.test/"}}';
    const nested = `${'{"name":"f","item":['.repeat(6_000)}${leaf}${']}'.repeat(6_000)}`;
    const text = `{"info":{"name":"Deep","schema":"https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},"item":[${nested}]}`;
    const result = importPostman(text);
    if (!result.ok) expect(result.error.kind).toBe('import-too-deep');
    else expect(collectionRequests(result.value.collection.items)).toHaveLength(1);
  });

  it('formatJson declines 50,000 levels of nesting with a typed error instead of a quadratic output', () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const result = formatJson(deep);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('json-too-deep');
    expect(formatJson('[[1]]').ok).toBe(true);
    const large = formatJson(`[${'1,'.repeat(1000)}1]`, 2, { maxLength: 500 });
    expect(!large.ok && large.error.kind).toBe('json-too-large');
  });
});
