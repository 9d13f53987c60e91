import { describe, expect, it } from 'vitest';
import { buildWireRequest } from '../request';
import type { SavedRequest } from '../workspace';
import { collectionRequests } from '../workspace';
import type { ImportResult } from './importResult';
import { importOpenApi } from './openApiImport';

const PETSTORE = `openapi: 3.1.0
info:
  title: Petstore
  version: 1.0.0
  description: Pets and their owners.
servers:
  - url: https://{region}.pets.example.test/v1/
    variables:
      region: { default: eu }
security:
  - bearerAuth: []
tags:
  - name: pets
    description: Everything about pets
  - name: store
paths:
  /pets:
    get:
      tags: [pets]
      summary: List pets
      parameters:
        - { name: limit, in: query, required: true, schema: { type: integer, default: 20 } }
        - { name: status, in: query, schema: { type: array, items: { type: string, enum: [available, sold] } }, explode: false }
        - { name: X-Request-Id, in: header, schema: { type: string, format: uuid } }
        - { name: Accept, in: header, schema: { type: string } }
    post:
      tags: [pets]
      operationId: createPet
      requestBody:
        $ref: '#/components/requestBodies/PetBody'
  /pets/{petId}:
    parameters:
      - $ref: '#/components/parameters/PetId'
    get:
      tags: [pets]
      summary: Get a pet
      security:
        - apiKey: []
    delete:
      tags: [pets]
      summary: Delete a pet
      deprecated: true
      security: []
  /pets/{petId}/photo:
    post:
      tags: [pets]
      summary: Upload a photo
      security:
        - basic: []
      parameters:
        - $ref: '#/components/parameters/PetId'
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                caption: { type: string, example: On the sofa }
                file: { type: string, format: binary }
  /store/orders:
    post:
      tags: [store]
      summary: Place an order
      security:
        - oauth: [write]
      requestBody:
        content:
          application/xml:
            schema: { $ref: '#/components/schemas/Order' }
          application/json:
            schema: { $ref: '#/components/schemas/Order' }
  /health:
    get:
      summary: Health
      security: []
components:
  parameters:
    PetId: { name: petId, in: path, required: true, schema: { type: integer, example: 7 } }
  requestBodies:
    PetBody:
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Pet' }
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id: { type: integer, readOnly: true }
        name: { type: string, example: Rex }
        owner: { $ref: '#/components/schemas/Owner' }
    Owner:
      type: object
      properties:
        name: { type: string }
        pets: { type: array, items: { $ref: '#/components/schemas/Pet' } }
    Order:
      type: object
      properties:
        petId: { type: integer }
        quantity: { type: integer, minimum: 1 }
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
    basic: { type: http, scheme: basic }
    apiKey: { type: apiKey, in: header, name: X-API-Key }
    oauth: { type: oauth2, flows: { clientCredentials: { tokenUrl: https://auth.test/token, scopes: { write: w } } } }
`;

function imported(text: string): ImportResult {
  const result = importOpenApi(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('importOpenApi', () => {
  const result = imported(PETSTORE);
  const byName = (name: string): SavedRequest => collectionRequests(result.collection.items).find((r) => r.request.name === name)!.request;

  it('makes one request per operation, in folders by tag, untagged at the top', () => {
    expect(result.collection.name).toBe('Petstore');
    expect(result.collection.items.map((i) => i.name)).toEqual(['pets', 'store', 'Health']);
    expect(collectionRequests(result.collection.items).map((r) => `${r.folderPath.join('/')}: ${r.request.draft.method} ${r.request.name}`)).toEqual([
      'pets: GET List pets',
      'pets: POST createPet',
      'pets: GET Get a pet',
      'pets: DELETE Delete a pet',
      'pets: POST Upload a photo',
      'store: POST Place an order',
      ': GET Health',
    ]);
  });

  it('aims at {{baseUrl}} from the first server, its variables collection variables', () => {
    expect(result.collection.variables.slice(0, 2)).toEqual([
      { name: 'baseUrl', value: 'https://{{region}}.pets.example.test/v1' },
      { name: 'region', value: 'eu' },
    ]);
    expect(byName('Get a pet').draft.url).toBe('{{baseUrl}}/pets/{petId}');
    expect(byName('Get a pet').draft.pathParams).toEqual([{ name: 'petId', value: '7' }]);
  });

  it('writes query and header parameters, leaving Accept to the composer', () => {
    const list = byName('List pets').draft;
    expect(list.url).toBe('{{baseUrl}}/pets?limit=20');
    expect(list.query.map((q) => [q.name, q.value, q.enabled, q.list?.style])).toEqual([['limit', '20', true, undefined], ['status', 'available', false, 'comma']]);
    expect(list.headers.map((h) => [h.name, h.value, h.enabled])).toEqual([['X-Request-Id', '3fa85f64-5717-4562-b3fc-2c963f66afa6', false]]);
  });

  it('generates bodies from schemas through $refs, recursion bounded, readOnly left out', () => {
    const body = JSON.parse(byName('createPet').draft.body.texts.json);
    expect(body).toEqual({ name: 'Rex', owner: { name: 'string', pets: [] } });
    const upload = byName('Upload a photo').draft.body;
    expect(upload.multipart.map((p) => [p.name, p.kind, p.value])).toEqual([['caption', 'text', 'On the sofa'], ['file', 'file', '']]);
  });

  it('prefers JSON when an operation accepts several media types, and says so', () => {
    const order = byName('Place an order').draft;
    expect(order.body.kind).toBe('json');
    expect(JSON.parse(order.body.texts.json)).toEqual({ petId: 0, quantity: 1 });
    expect(result.warnings).toContain('POST /store/orders: the body is written as application/json; the operation also accepts application/xml.');
  });

  it('maps security schemes to auth with secret {{variables}}', () => {
    expect(result.collection.auth).toEqual({ scheme: 'bearer', values: { token: '{{bearerToken}}' } });
    expect(byName('List pets').draft.auth).toEqual({ scheme: 'bearer', values: { token: '{{bearerToken}}' } });
    expect(byName('Get a pet').draft.auth).toEqual({ scheme: 'apikey', values: { headerName: 'X-API-Key', key: '{{apiKey}}', placement: 'header' } });
    expect(byName('Upload a photo').draft.auth).toEqual({ scheme: 'basic', values: { username: '{{username}}', password: '{{password}}' } });
    expect(byName('Delete a pet').draft.auth.scheme).toBe('none');
    expect(byName('Delete a pet').description).toBe('Deprecated.');
    expect(byName('Place an order').draft.auth).toEqual({ scheme: 'bearer', values: { token: '{{accessToken}}' } });
    expect(result.collection.variables.slice(2)).toEqual([
      { name: 'bearerToken', value: '', secret: true },
      { name: 'apiKey', value: '', secret: true },
      { name: 'username', value: '' },
      { name: 'password', value: '', secret: true },
      { name: 'accessToken', value: '', secret: true },
    ]);
  });

  it('builds requests that are ready to send once the variables are set', () => {
    const env = { baseUrl: 'https://eu.pets.example.test/v1', bearerToken: 't' };
    const built = buildWireRequest(byName('createPet').draft, env);
    if (!built.ok) throw new Error(built.error.message);
    expect(built.value.wire.url).toBe('https://eu.pets.example.test/v1/pets');
    expect(built.value.wire.headers).toEqual([{ name: 'Authorization', value: 'Bearer t' }, { name: 'Content-Type', value: 'application/json' }]);
  });

  it('reads the same document as JSON', () => {
    const json = importOpenApi(JSON.stringify({ openapi: '3.0.3', info: { title: 'J', version: '1' }, paths: { '/a': { get: { summary: 'A' } } } }));
    expect(json.ok && json.value.collection.items.map((i) => i.name)).toEqual(['A']);
    expect(json.ok && json.value.warnings).toContain("The document lists no servers; set the baseUrl variable to the API's address.");
  });
});

describe('importOpenApi: broken files', () => {
  it('gives the line and column of a YAML error', () => {
    const result = importOpenApi('openapi: 3.1.0\ninfo:\n  title: x\n   version: 1\n');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.position).toMatchObject({ line: 3, column: 10 });
    expect(!result.ok && result.error.message).toMatch(/^This OpenAPI file is not valid YAML at line 3, column 10: Nested mappings/);
  });

  it('gives the line and column of truncated JSON', () => {
    const result = importOpenApi('{\n  "openapi": "3.1.0",\n  "info": {');
    expect(!result.ok && result.error.position).toMatchObject({ line: 3 });
  });

  it('names Swagger versions before 2.0 and OpenAPI versions after 3', () => {
    const swagger = importOpenApi('swagger: "1.2"\ninfo: { title: x, version: "1" }\npaths: {}\n');
    expect(!swagger.ok && swagger.error.message).toBe('This is a Swagger 1.2 document; Wirebench reads Swagger 2.0 and OpenAPI 3.0, 3.1 and 3.2: convert it to one of those first.');
    const four = importOpenApi('openapi: 4.0.0\ninfo: { title: x, version: "1" }\n');
    expect(!four.ok && four.error.message).toBe('This document says it is OpenAPI 4.0.0; Wirebench reads OpenAPI 3.0, 3.1 and 3.2.');
  });

  it('skips an operation whose structure is wrong, naming it and the field, and imports the rest', () => {
    const result = importOpenApi('openapi: 3.0.0\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      requestBody: nope\n  /b:\n    get: { summary: fine }\n');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.skipped).toEqual([{ item: 'GET /a', reason: expect.stringContaining('requestBody') }]);
    expect(result.value.collection.items.map((i) => i.name)).toEqual(['fine']);
  });
});

describe('OpenAPI read leniently (issue 15)', () => {
  const names = (result: ReturnType<typeof importOpenApi>) => (result.ok ? result.value.collection.items.flatMap((i) => (i.kind === 'folder' ? i.items.map((r) => r.name) : [i.name])) : []);

  it('reads a two-part version ("3.0", 3.1 as a number) and 3.2, saying how', () => {
    for (const [given, said] of [['"3.0"', 'The version "3.0" gives no patch number'], ['3.1', 'The version "3.1" gives no patch number'], ['3.2.0', 'OpenAPI 3.2 is read with the 3.1 rules']] as const) {
      const result = importOpenApi(`openapi: ${given}\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get: { summary: one }\n`);
      expect(result.ok, given).toBe(true);
      expect(result.ok && result.value.warnings.join(' ')).toContain(said);
      expect(names(result)).toEqual(['one']);
    }
  });

  it('takes a numeric info.version as text and names an untitled document', () => {
    const result = importOpenApi('openapi: 3.0.3\ninfo: { version: 2 }\npaths:\n  /a:\n    get: { summary: one }\n');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.collection.name).toBe('Imported API');
    expect(result.value.warnings).toEqual(expect.arrayContaining(['info.title is missing; the collection is named "Imported API".', 'info.version 2 is read as text.']));
  });

  it('skips a null parameter by its place and keeps the others', () => {
    const result = importOpenApi(
      ['openapi: 3.0.3', 'info: { title: x, version: "1" }', 'paths:', '  /items:', '    get:', '      summary: list', '      parameters:', '        - null', '        - { name: limit, in: query, schema: { type: integer }, example: 5 }'].join('\n'),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.skipped).toEqual([{ item: 'paths./items.get.parameters[0]', reason: 'it is null, not an object.' }]);
    const request = result.value.collection.items[0];
    expect(request?.kind === 'request' && request.draft.url).toContain('limit=5');
  });

  it('leaves out operation parameters that are not a list (parameters: ...) and imports the operation', () => {
    const result = importOpenApi(['openapi: 3.0.0', 'info: { title: x, version: "1" }', 'paths:', '  /users/{userId}:', '    get:', '      summary: one user', '      parameters: ...'].join('\n'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.skipped).toEqual([]);
    expect(result.value.warnings).toContain('paths./users/{userId}.get.parameters is not a list; it was left out.');
    expect(names(result)).toEqual(['one user']);
  });

  it('leaves out a tag description that is a $ref, and keeps the tag as a folder', () => {
    const result = importOpenApi(
      ['openapi: 3.1.0', 'info: { title: x, version: "1" }', 'tags:', '  - name: pets', '    description: { $ref: "./docs/pets.md" }', '  - 7', 'paths:', '  /pets:', '    get: { summary: list, tags: [pets] }'].join('\n'),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.warnings).toContain('The description of tag "pets" is not text (a $ref); it was left out.');
    expect(result.value.skipped).toEqual([{ item: 'tags[1]', reason: 'it is a number, not an object.' }]);
    expect(result.value.collection.items.map((i) => i.name)).toEqual(['pets']);
  });

  it('skips a null path item and a null operation, importing the rest', () => {
    const result = importOpenApi(['openapi: 3.0.0', 'info: { title: x, version: "1" }', 'paths:', '  /gone: null', '  /a:', '    get: null', '    post: { summary: make }'].join('\n'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.skipped).toEqual([
      { item: '/gone', reason: 'the path item is null.' },
      { item: 'GET /a', reason: 'the operation is null.' },
    ]);
    expect(names(result)).toEqual(['make']);
  });
});
