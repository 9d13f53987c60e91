import { describe, expect, it } from 'vitest';
import type { ImportResult } from './importResult';
import { importOpenApi, importOpenApiFiles } from './openApiImport';
import { judgeParameter } from './openApiParameters';

function imported(text: string): ImportResult {
  const result = importOpenApi(text);
  if (!result.ok) throw new Error(`expected an import, got ${result.error.kind}: ${result.error.message}`);
  return result.value;
}

function firstRequest(result: ImportResult) {
  const item = result.collection.items[0];
  if (item?.kind !== 'request') throw new Error('no request first');
  return item.draft;
}

const NO_IN_OPENAPI = `openapi: 3.0.3
info: { title: Pets, version: '1' }
components:
  parameters:
    Limit: { name: limit, schema: { type: integer } }
paths:
  /pets:
    parameters:
      - $ref: '#/components/parameters/Limit'
    get:
      parameters:
        - { name: page, schema: { type: integer } }
        - { name: sort, in: query, schema: { type: string }, example: name }
`;

const NO_IN_SWAGGER = `swagger: '2.0'
info: { title: Pets, version: '1' }
parameters:
  Limit: { name: limit, type: integer }
paths:
  /pets:
    parameters:
      - $ref: '#/parameters/Limit'
    get:
      parameters:
        - { name: page, type: integer }
        - { name: sort, in: query, required: true, type: string, default: name }
`;

const NO_IN_REASON = 'it has no "in" (where the value goes: query, header, path or cookie); it was left out.';
const NO_IN_REASON_SWAGGER = 'it has no "in" (where the value goes: query, header, path, formData or body); it was left out.';

describe('OpenAPI parameters without "in" and other bad parameters (issue 26.4)', () => {
  it('leaves out an OpenAPI 3 parameter without "in", inline and through components.parameters, naming path, operation and parameter', () => {
    const result = imported(NO_IN_OPENAPI);
    expect(result.skipped).toEqual([
      { item: 'paths./pets.parameters[0] ("limit", #/components/parameters/Limit)', reason: NO_IN_REASON },
      { item: 'paths./pets.get.parameters[0] ("page")', reason: NO_IN_REASON },
    ]);
    expect(firstRequest(result).url).toBe('{{baseUrl}}/pets?sort=name');
  });

  it('imports a Swagger 2.0 parameter without "in", inline and through #/parameters, by leaving it out — the upgrade no longer throws', () => {
    const result = imported(NO_IN_SWAGGER);
    expect(result.skipped).toEqual([
      { item: 'paths./pets.parameters[0] ("limit", #/parameters/Limit)', reason: NO_IN_REASON_SWAGGER },
      { item: 'paths./pets.get.parameters[0] ("page")', reason: NO_IN_REASON_SWAGGER },
    ]);
    expect(firstRequest(result).url).toBe('{{baseUrl}}/pets?sort=name');
  });

  it('does the same for a Swagger 2.0 description given as several files', () => {
    const result = importOpenApiFiles([
      { path: 'api/swagger.yaml', text: NO_IN_SWAGGER },
      { path: 'api/readme.yaml', text: 'title: not a description' },
    ]);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.skipped.map((s) => s.item)).toEqual(['paths./pets.parameters[0] ("limit", #/parameters/Limit)', 'paths./pets.get.parameters[0] ("page")']);
  });

  it('leaves out Swagger 2.0 parameters that are not objects, have an unknown "in" or no name, and keeps a body parameter without a name', () => {
    const result = imported(
      [
        "swagger: '2.0'",
        "info: { title: Pets, version: '1' }",
        'paths:',
        '  /pets:',
        '    parameters: [null, "limit"]',
        '    post:',
        '      parameters:',
        '        - { name: limit, in: bogus, type: integer }',
        '        - { in: query, type: integer }',
        '        - [1]',
        '        - { in: body, schema: { type: object, properties: { name: { type: string, example: Rex } } } }',
        '        - { name: X-Trace, in: Header, type: string }',
      ].join('\n'),
    );
    expect(result.skipped).toEqual([
      { item: 'paths./pets.parameters[0]', reason: 'it is null, not an object.' },
      { item: 'paths./pets.parameters[1]', reason: 'it is a string, not an object.' },
      { item: 'paths./pets.post.parameters[0] ("limit")', reason: 'its "in" is "bogus", not one of query, header, path, formData or body; it was left out.' },
      { item: 'paths./pets.post.parameters[1]', reason: 'it has no "name"; it was left out.' },
      { item: 'paths./pets.post.parameters[2]', reason: 'it is a list, not an object.' },
    ]);
    expect(result.warnings).toContain('paths./pets.post.parameters[4] ("X-Trace"): "in": "Header" is read as "header".');
    const draft = firstRequest(result);
    expect(draft.body.kind).toBe('json');
    expect(draft.body.texts.json).toContain('"name": "Rex"');
    expect(draft.headers.map((h) => h.name)).toContain('X-Trace');
  });

  it('leaves out OpenAPI 3 parameters with an unknown or non-text "in", a Swagger-only "in" (saying so) or no name; reads a numeric name as text', () => {
    const result = imported(
      [
        'openapi: 3.1.0',
        "info: { title: Pets, version: '1' }",
        'paths:',
        '  /pets:',
        '    get:',
        '      parameters:',
        '        - { name: pet, in: body }',
        '        - { name: x, in: 7 }',
        '        - { in: query, schema: { type: string } }',
        '        - { name: { a: 1 }, in: query }',
        '        - { name: 5, in: query, example: five }',
      ].join('\n'),
    );
    expect(result.skipped).toEqual([
      {
        item: 'paths./pets.get.parameters[0] ("pet")',
        reason: 'its "in" is "body", not one of query, header, path or cookie (body and formData parameters are Swagger 2.0; OpenAPI 3 describes a body with requestBody); it was left out.',
      },
      { item: 'paths./pets.get.parameters[1] ("x")', reason: 'its "in" is 7, not one of query, header, path or cookie; it was left out.' },
      { item: 'paths./pets.get.parameters[2]', reason: 'it has no "name"; it was left out.' },
      { item: 'paths./pets.get.parameters[3]', reason: 'its "name" is an object, not text; it was left out.' },
    ]);
    expect(result.warnings).toContain('paths./pets.get.parameters[4] ("5"): "name": 5 is read as text.');
    expect(firstRequest(result).url).toBe('{{baseUrl}}/pets?5=five');
  });

  it('keeps a Swagger 2.0 body parameter given by $ref as the request body, and normalises a shared parameter once where it is defined', () => {
    const result = imported(
      [
        "swagger: '2.0'",
        "info: { title: Pets, version: '1' }",
        'parameters:',
        '  Pet: { name: pet, in: body, schema: { type: object, properties: { name: { type: string, example: Rex } } } }',
        '  Q: { name: q, in: Query, required: true, type: string, default: cats }',
        'paths:',
        '  /pets:',
        '    post:',
        '      parameters:',
        "        - $ref: '#/parameters/Pet'",
        "        - $ref: '#/parameters/Q'",
        '  /cats:',
        '    get:',
        '      parameters:',
        "        - $ref: '#/parameters/Q'",
      ].join('\n'),
    );
    expect(result.skipped).toEqual([]);
    expect(result.warnings.filter((w) => w.includes('"Query"'))).toEqual(['parameters.Q: "in": "Query" is read as "query".']);
    const post = firstRequest(result);
    expect(post.body.kind).toBe('json');
    expect(post.body.texts.json).toContain('"name": "Rex"');
    expect(post.url).toBe('{{baseUrl}}/pets?q=cats');
  });

  it('does not throw on a Swagger 2.0 path item holding null operations, null extensions, null responses or a numeric version', () => {
    const result = imported(
      [
        'swagger: 2.0',
        "info: { title: Pets, version: '1' }",
        'paths:',
        '  /a:',
        '    x-internal: null',
        '    $ref: null',
        '    parameters:',
        '      - { name: b, in: body, schema: { type: object } }',
        '    get: null',
        '    post:',
        '      summary: make',
        '      responses: { 200: null }',
      ].join('\n'),
    );
    expect(result.skipped).toEqual([{ item: 'GET /a', reason: 'the operation is null.' }]);
    expect(result.warnings).toContain('swagger: 2 is read as "2.0" (write it in quotes: a number is not a version).');
    expect(result.warnings).toContain('paths./a.$ref is null, not a reference; it was left out.');
    expect(result.collection.items.map((i) => i.name)).toEqual(['make']);
  });
});

describe('judgeParameter', () => {
  it('keeps a Swagger body parameter without a name but not an OpenAPI one', () => {
    expect(judgeParameter({ in: 'body', schema: {} }, 'swagger').ok).toBe(true);
    expect(judgeParameter({ in: 'body', schema: {} }, 'openapi').ok).toBe(false);
  });

  it('refuses an empty "in" and an empty name', () => {
    expect(judgeParameter({ name: 'a', in: '' }, 'openapi')).toEqual({ ok: false, reason: 'it has no "in" (where the value goes: query, header, path or cookie); it was left out.' });
    expect(judgeParameter({ name: '', in: 'query' }, 'openapi')).toEqual({ ok: false, reason: 'it has no "name"; it was left out.' });
  });
});
