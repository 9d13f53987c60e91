/**
 * Inputs built to freeze or crash an importer: an OpenAPI description whose schemas fan
 * out through `allOf` (each schema joins the one before it three times: exponential without
 * depth counting, memo and budget), a Postman collection of thousands of nested folders, an
 * OpenAPI example nested thousands of levels deep, and a
 * JSON body nested 50,000 levels deep for the formatter. Each must end with a bounded
 * result or a typed error; the test's own timeout is the only clock.
 */
import { describe, expect, it } from 'vitest';
import { formatJson } from '../encoding';
import { collectionRequests } from '../workspace';
import { sampleJsonSchemaCounted } from './jsonSchemaSample';
import { importOpenApi } from './openApiImport';
import { importPostman } from './postmanImport';

/**
 * `count` schemas, each an allOf of the one before it three times plus a property of its
 * own: 3^count paths when references and compositions do not count as depth. At 16
 * schemas it is ~2.8 KB and, unbounded, takes minutes (the 2.8 KB description).
 */
function fanOutSchemas(count: number): Record<string, unknown> {
  const ref = (n: number) => ({ $ref: `#/components/schemas/s${n}` });
  const schemas: Record<string, unknown> = { s0: { properties: { p0: { type: 'string' } } } };
  for (let i = 1; i < count; i++) schemas[`s${i}`] = { allOf: [ref(i - 1), ref(i - 1), ref(i - 1), { properties: { [`p${i}`]: { type: 'string' } } }] };
  return schemas;
}

function fanOutDescription(count: number): string {
  const schema = { $ref: `#/components/schemas/s${count - 1}` };
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Fan-out', version: '1' },
    paths: { '/things': { post: { summary: 'Create thing', requestBody: { content: { 'application/json': { schema } } }, responses: { '200': { description: 'ok' } } } } },
    components: { schemas: fanOutSchemas(count) },
  });
}

/** Nodes the sampler visits for the top schema of a fan-out of `count` schemas. */
function fanOutWork(count: number): { visited: number; truncated: boolean } {
  const schemas = fanOutSchemas(count);
  return sampleJsonSchemaCounted({ $ref: `#/components/schemas/s${count - 1}` }, { resolve: (ref) => schemas[ref.split('/').pop()!] });
}

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value as Record<string, unknown>)) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}

describe('no input freezes an importer', () => {
  it('an allOf fan-out description (~2.8 KB, exponential unbounded) imports with a sample of bounded depth and bounded work', () => {
    const text = fanOutDescription(16);
    expect(text.length).toBeGreaterThan(2_700);
    expect(text.length).toBeLessThan(2_900);
    const imported = importOpenApi(text);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    const [entry] = collectionRequests(imported.value.collection.items);
    const body = JSON.parse(entry!.request.draft.body.texts.json) as Record<string, unknown>;
    expect(depthOf(body)).toBeLessThanOrEqual(9);
    expect(body).toHaveProperty('p15', expect.any(String));
    expect(fanOutWork(16).visited).toBeLessThan(500);
  });

  it('scaling: the work of a fan-out does not grow with its size (memo by reference, depth counted through compositions)', () => {
    const small = fanOutWork(16);
    const large = fanOutWork(64);
    expect(small.truncated).toBe(false);
    expect(large.truncated).toBe(false);
    // 3^16 against 3^64 paths unbounded; bounded, the same few nodes.
    expect(large.visited).toBeLessThanOrEqual(small.visited * 1.5);
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

  it('a Postman collection of 4,600 nested folders imports its first 100 levels and skips the rest, naming where', () => {
    // Built as text: JSON.stringify itself recurses and would overflow first.
    const leaf = '{"name":"leaf","request":{"method":"GET","url":"http://x.test/"}}';
    const nested = `${'{"name":"f","item":['.repeat(4_600)}${leaf}${']}'.repeat(4_600)}`;
    const text = `{"info":{"name":"Deep","schema":"https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},"item":[${nested}]}`;
    const result = importPostman(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.skipped).toHaveLength(1);
    expect(result.value.skipped[0]!.item).toBe(`${'f / '.repeat(100)}f`);
    expect(result.value.skipped[0]!.reason).toBe('item: folders nested more than 100 deep are not imported');
  });

  it('an OpenAPI description with an example nested 5,000 levels deep is a typed error, not a RangeError', () => {
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const text = `{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{"/x":{"post":{"requestBody":{"content":{"application/json":{"schema":{"type":"array","example":${deep}}}}},"responses":{"200":{"description":"ok"}}}}}}`;
    const result = importOpenApi(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('import-too-deep');
    expect(!result.ok && result.error.message).toContain('OpenAPI description is nested too deeply');
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
