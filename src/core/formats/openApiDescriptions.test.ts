import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../workspace';
import { collectionRequests } from '../workspace';
import type { ImportResult } from './importResult';
import { importOpenApi, importOpenApiFiles } from './openApiImport';

function imported(result: ReturnType<typeof importOpenApi>): ImportResult {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function requestNamed(result: ImportResult, name: string): SavedRequest {
  const all = collectionRequests(result.collection.items).map((r) => r.request);
  const found = all.find((r) => r.name === name);
  if (!found) throw new Error(`no request named ${name}: ${all.map((r) => r.name).join(', ')}`);
  return found;
}

const SWAGGER = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Swagger Petstore', version: 1 },
  host: 'petstore.example.test',
  basePath: '/v2',
  schemes: ['https', 'http'],
  consumes: ['application/json'],
  produces: ['application/json'],
  securityDefinitions: {
    api_key: { type: 'apiKey', name: 'api_key', in: 'header' },
    basicAuth: { type: 'basic' },
    petstore_auth: { type: 'oauth2', flow: 'implicit', authorizationUrl: 'https://auth.example.test/oauth/dialog', scopes: { 'write:pets': 'modify', 'read:pets': 'read' } },
  },
  paths: {
    '/pet': {
      post: { operationId: 'addPet', parameters: [{ in: 'body', name: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }], security: [{ petstore_auth: ['write:pets'] }], responses: {} },
    },
    '/pet/findByStatus': {
      get: { operationId: 'findPetsByStatus', parameters: [{ $ref: '#/parameters/status' }], security: [{ basicAuth: [] }], responses: {} },
    },
    '/pet/{petId}': {
      post: {
        operationId: 'updatePetWithForm',
        consumes: ['application/x-www-form-urlencoded'],
        parameters: [
          { name: 'petId', in: 'path', required: true, type: 'integer', format: 'int64' },
          { name: 'name', in: 'formData', type: 'string', default: 'Rex' },
          { name: 'status', in: 'formData', type: 'string', enum: ['available', 'sold'] },
        ],
        security: [{ api_key: [] }],
        responses: {},
      },
    },
    '/pet/{petId}/uploadImage': {
      post: {
        operationId: 'uploadFile',
        consumes: ['multipart/form-data'],
        parameters: [
          { name: 'petId', in: 'path', required: true, type: 'integer' },
          { name: 'additionalMetadata', in: 'formData', type: 'string', default: 'photo' },
          { name: 'file', in: 'formData', type: 'file' },
        ],
        responses: {},
      },
    },
  },
  parameters: { status: { name: 'status', in: 'query', required: true, type: 'array', items: { type: 'string' }, collectionFormat: 'csv', default: ['available'] } },
  definitions: {
    Category: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    Pet: {
      type: 'object',
      required: ['name'],
      properties: { id: { type: 'integer', readOnly: true }, category: { $ref: '#/definitions/Category' }, name: { type: 'string', example: 'doggie' }, parent: { $ref: '#/definitions/Pet' } },
    },
  },
});

describe('importOpenApi: Swagger 2.0', () => {
  const result = imported(importOpenApi(SWAGGER, 'petstore.json'));

  it('is upgraded and says so; host, basePath and schemes become baseUrl and the server list', () => {
    expect(result.warnings[0]).toMatch(/^This Swagger 2.0 description was converted to OpenAPI 3.1/);
    expect(result.collection.name).toBe('Swagger Petstore');
    expect(result.collection.variables[0]).toEqual({ name: 'baseUrl', value: 'https://petstore.example.test/v2' });
    expect(result.collection.description).toContain('http://petstore.example.test/v2');
  });

  it('turns a body parameter into a JSON body sampled through $refs, the recursion cut', () => {
    const add = requestNamed(result, 'addPet').draft;
    expect(add.method).toBe('POST');
    expect(add.url).toBe('{{baseUrl}}/pet');
    expect(JSON.parse(add.body.texts.json)).toEqual({ category: { id: 0, name: 'string' }, name: 'doggie' });
  });

  it('turns formData parameters into form and multipart bodies, defaults and files kept', () => {
    const form = requestNamed(result, 'updatePetWithForm').draft;
    expect(form.body.kind).toBe('form');
    expect(form.body.form.map((f) => [f.name, f.value])).toEqual([['name', 'Rex'], ['status', 'available']]);
    const upload = requestNamed(result, 'uploadFile').draft;
    expect(upload.body.multipart.map((p) => [p.name, p.kind, p.value])).toEqual([['additionalMetadata', 'text', 'photo'], ['file', 'file', '']]);
    expect(upload.pathParams).toEqual([{ name: 'petId', value: '0' }]);
  });

  it('reads shared parameters with their collection format', () => {
    const find = requestNamed(result, 'findPetsByStatus').draft;
    expect(find.url).toBe('{{baseUrl}}/pet/findByStatus?status=available');
    expect(find.query[0]?.list?.style).toBe('comma');
  });

  it('maps securityDefinitions: basic, apiKey, and OAuth 2 as a bearer token with a vault entry draft', () => {
    expect(requestNamed(result, 'findPetsByStatus').draft.auth).toEqual({ scheme: 'basic', values: { username: '{{username}}', password: '{{password}}' } });
    expect(requestNamed(result, 'updatePetWithForm').draft.auth).toEqual({ scheme: 'apikey', values: { headerName: 'api_key', key: '{{api_key}}', placement: 'header' } });
    expect(requestNamed(result, 'addPet').draft.auth).toEqual({ scheme: 'bearer', values: { token: '{{accessToken}}' } });
    expect(result.vaultDrafts).toEqual([
      {
        name: 'petstore_auth (implicit)',
        securityScheme: 'petstore_auth',
        flow: 'implicit',
        authorizationUrl: 'https://auth.example.test/oauth/dialog',
        scopes: ['write:pets', 'read:pets'],
        allowedHosts: ['petstore.example.test'],
      },
    ]);
  });
});

const MULTI_ENTRY = `openapi: 3.0.3
info: { title: Split API, version: "1" }
servers: [{ url: https://api.example.test }]
paths:
  /pets:
    $ref: ./paths/pets.yaml
  /owners:
    get:
      summary: List owners
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { $ref: './schemas/missing.yaml#/Owner' }
    post:
      summary: Add owner
      requestBody:
        content:
          application/json:
            schema: { $ref: './schemas/missing.yaml#/Owner' }
  /remote:
    $ref: 'https://example.test/remote.yaml#/paths/~1remote'
`;

const MULTI_PATHS = `post:
  summary: Add pet
  requestBody:
    content:
      application/json:
        schema:
          $ref: '../schemas/pet.yaml#/Pet'
get:
  summary: List pets
  parameters:
    - $ref: '../common.json#/parameters/limit'
`;

const MULTI_PET = `Pet:
  type: object
  properties:
    name: { type: string, example: Rex }
    tag: { $ref: '#/Tag' }
    children:
      type: array
      items: { $ref: '#/Pet' }
Tag:
  type: object
  properties:
    label: { type: string, example: good }
`;

const MULTI_COMMON = JSON.stringify({ parameters: { limit: { name: 'limit', in: 'query', required: true, schema: { type: 'integer', default: 25 } } } });

describe('importOpenApiFiles: several files', () => {
  const files = [
    { path: 'api/paths/pets.yaml', text: MULTI_PATHS },
    { path: 'api/openapi.yaml', text: MULTI_ENTRY },
    { path: 'api/schemas/pet.yaml', text: MULTI_PET },
    { path: 'api/common.json', text: MULTI_COMMON },
  ];
  const result = imported(importOpenApiFiles(files));

  it('finds the entry point and resolves nested relative references across files', () => {
    expect(result.collection.name).toBe('Split API');
    expect(JSON.parse(requestNamed(result, 'Add pet').draft.body.texts.json)).toEqual({ name: 'Rex', tag: { label: 'good' }, children: [] });
    expect(requestNamed(result, 'List pets').draft.url).toBe('{{baseUrl}}/pets?limit=25');
  });

  it('reports a file not given by name, imports what uses it without it, and never fetches a URL', () => {
    expect(requestNamed(result, 'Add owner').draft.body.kind).toBe('json');
    expect(result.warnings).toContain(
      'api/openapi.yaml refers to api/schemas/missing.yaml, which is not among the files given; what uses it was imported without it (add the file, or import the folder or a zip holding it).',
    );
    expect(result.warnings).toContain('api/openapi.yaml refers to https://example.test/remote.yaml, which was not fetched (imports never reach the network); what uses it was imported without it.');
    expect(result.skipped).toEqual([{ item: '/remote', reason: 'its path item is a $ref that did not resolve (https://example.test/remote.yaml#/paths/~1remote).' }]);
  });

  it('names the file, line and column of a broken description', () => {
    const broken = importOpenApiFiles([{ path: 'a/openapi.yaml', text: 'openapi: 3.1.0\ninfo: { title: x\n' }, { path: 'a/b.yaml', text: 'x: 1' }]);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error.message).toMatch(/^a\/openapi\.yaml: This OpenAPI file is not valid YAML at line \d+, column \d+/);
  });

  it('notes a broken fragment and refuses a set with no description at all', () => {
    const fragment = imported(importOpenApiFiles([{ path: 'openapi.yaml', text: MULTI_ENTRY }, { path: 'paths/pets.yaml', text: 'post: [unclosed' }]));
    expect(fragment.warnings.some((w) => w.startsWith('paths/pets.yaml: This OpenAPI file is not valid YAML at line 1'))).toBe(true);
    const none = importOpenApiFiles([{ path: 'a.yaml', text: 'Pet: { type: object }' }]);
    expect(!none.ok && none.error.message).toBe('None of the files given is an OpenAPI or Swagger description (none has openapi: or swagger: at its root): a.yaml.');
  });

  it('finds files dropped together without their folders by name, when the name is unique', () => {
    const flat = imported(importOpenApiFiles(files.map((f) => ({ ...f, path: f.path.split('/').pop()! }))));
    expect(JSON.parse(requestNamed(flat, 'Add pet').draft.body.texts.json)).toEqual({ name: 'Rex', tag: { label: 'good' }, children: [] });
    expect(flat.warnings).toContain('paths/pets.yaml was not given at that path; the one file named pets.yaml was used for it.');
  });

  it('imports the description no other file refers to, naming the others', () => {
    const other = 'openapi: 3.1.0\ninfo: { title: Other, version: "1" }\npaths: {}\n';
    const two = imported(importOpenApiFiles([{ path: 'b/other.yaml', text: other }, ...files]));
    expect(two.collection.name).toBe('Other');
    expect(two.warnings).toContain('2 descriptions were given (b/other.yaml, api/openapi.yaml); b/other.yaml was imported. Import the others one at a time.');
  });
});

describe('importOpenApi: circular schemas', () => {
  it('samples mutual and self recursion to a bounded depth', () => {
    const doc = `openapi: 3.1.0
info: { title: Tree, version: "1" }
paths:
  /nodes:
    post:
      summary: Add node
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Node' }
components:
  schemas:
    Node:
      type: object
      properties:
        name: { type: string }
        parent: { $ref: '#/components/schemas/Node' }
        edges: { type: array, items: { $ref: '#/components/schemas/Edge' } }
    Edge:
      type: object
      properties:
        to: { $ref: '#/components/schemas/Node' }
        weight: { type: number }
`;
    const result = imported(importOpenApi(doc));
    expect(JSON.parse(requestNamed(result, 'Add node').draft.body.texts.json)).toEqual({ name: 'string', edges: [{ weight: 0 }] });
  });
});

describe('importOpenApi: servers', () => {
  it('makes baseUrl from the first server with {{variables}}, each server variable a variable, every server listed', () => {
    const doc = `openapi: 3.0.3
info: { title: Regions, version: "1" }
servers:
  - url: '{scheme}://{region}.api.example.test:{port}/v{version}/'
    description: Regional
    variables:
      scheme: { default: https, enum: [https, http] }
      region: { default: eu, enum: [eu, us] }
      port: { default: '443' }
      version: { default: '2' }
  - url: https://sandbox.example.test
    description: Sandbox
paths: {}
`;
    const result = imported(importOpenApi(doc));
    expect(result.collection.variables).toEqual([
      { name: 'baseUrl', value: '{{scheme}}://{{region}}.api.example.test:{{port}}/v{{version}}' },
      { name: 'scheme', value: 'https' },
      { name: 'region', value: 'eu' },
      { name: 'port', value: '443' },
      { name: 'version', value: '2' },
    ]);
    expect(result.warnings).toContain('Server variable "region" is set to its default "eu"; the server also allows: us.');
    expect(result.warnings).toContain(
      'The description lists 2 servers; baseUrl is the first, {scheme}://{region}.api.example.test:{port}/v{version}/ (Regional). The others: https://sandbox.example.test (Sandbox).',
    );
    expect(result.collection.description).toBe('Servers:\n- {scheme}://{region}.api.example.test:{port}/v{version}/ (Regional) — baseUrl\n- https://sandbox.example.test (Sandbox)');
  });
});

describe('importOpenApi: every security scheme kind', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Secure', version: '1' },
    servers: [{ url: 'https://api.example.test' }],
    components: {
      securitySchemes: {
        basic: { type: 'http', scheme: 'basic' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        header: { type: 'apiKey', in: 'header', name: 'X-Key' },
        query: { type: 'apiKey', in: 'query', name: 'key' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
        digest: { type: 'http', scheme: 'digest' },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example.test/.well-known/openid-configuration' },
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: { authorizationUrl: 'https://id.example.test/authorize', tokenUrl: '/oauth/token', refreshUrl: 'https://id.example.test/refresh', scopes: { read: 'r', write: 'w' } },
            clientCredentials: { tokenUrl: 'https://user:pw@id.example.test/token?client_secret=s3cret', scopes: {} },
          },
        },
      },
    },
    paths: Object.fromEntries(
      ['basic', 'bearer', 'header', 'query', 'cookie', 'digest', 'oidc', 'oauth'].map((name) => [`/${name}`, { get: { summary: name, security: [{ [name]: [] }] } }]),
    ),
  };
  const result = imported(importOpenApi(JSON.stringify(doc)));
  const auth = (name: string) => requestNamed(result, name).draft.auth;

  it('maps http, apiKey (header, query, cookie) to auth settings with secret {{variables}}', () => {
    expect(auth('basic')).toEqual({ scheme: 'basic', values: { username: '{{username}}', password: '{{password}}' } });
    expect(auth('bearer')).toEqual({ scheme: 'bearer', values: { token: '{{bearerToken}}' } });
    expect(auth('header')).toEqual({ scheme: 'apikey', values: { headerName: 'X-Key', key: '{{header}}', placement: 'header' } });
    expect(auth('query')).toEqual({ scheme: 'apikey', values: { headerName: 'key', key: '{{query}}', placement: 'query' } });
    expect(requestNamed(result, 'cookie').draft.headers.map((h) => [h.name, h.value])).toEqual([['Cookie', 'session={{cookie}}']]);
    expect(auth('digest').scheme).toBe('none');
    expect(result.warnings).toContain('Security scheme "digest" (http digest) is not supported; requests that use it were imported without auth.');
    expect(auth('oidc')).toEqual({ scheme: 'bearer', values: { token: '{{accessToken}}' } });
  });

  it('offers a vault entry draft per OAuth 2 flow and OpenID Connect scheme, with no secret from a URL', () => {
    expect(result.vaultDrafts).toEqual([
      { name: 'oidc (OpenID Connect)', securityScheme: 'oidc', flow: 'openIdConnect', openIdConnectUrl: 'https://id.example.test/.well-known/openid-configuration', scopes: [], allowedHosts: ['api.example.test'] },
      {
        name: 'oauth (authorization code)',
        securityScheme: 'oauth',
        flow: 'authorizationCode',
        tokenUrl: 'https://api.example.test/oauth/token',
        authorizationUrl: 'https://id.example.test/authorize',
        refreshUrl: 'https://id.example.test/refresh',
        scopes: ['read', 'write'],
        allowedHosts: ['api.example.test'],
      },
      { name: 'oauth (client credentials)', securityScheme: 'oauth', flow: 'clientCredentials', tokenUrl: 'https://id.example.test/token', scopes: [], allowedHosts: ['api.example.test'] },
    ]);
    expect(JSON.stringify(result)).not.toContain('s3cret');
    expect(result.warnings).toContain('Security scheme "oauth" flow clientCredentials tokenUrl holds credentials in its URL; they were left out of the vault entry draft.');
  });
});

describe('importOpenApi: a query written into the path template', () => {
  it('sends its pairs as query parameters, {name} filled from the path parameter of that name', () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Stats', version: '1' },
      servers: [{ url: 'https://api.example.test' }],
      paths: {
        '/v1/stats/auto-hashtag?post={post}&lang=en': {
          get: {
            summary: 'hashtags',
            parameters: [
              { name: 'post', in: 'path', required: true, schema: { type: 'string' }, example: 'hello world' },
              { name: 'limit', in: 'query', required: true, schema: { type: 'integer' }, example: 3 },
            ],
          },
        },
      },
    };
    const result = imported(importOpenApi(JSON.stringify(doc), 'stats.json'));
    const draft = requestNamed(result, 'hashtags').draft;
    expect(draft.url).toBe('{{baseUrl}}/v1/stats/auto-hashtag?post=hello%20world&lang=en&limit=3');
    expect(draft.pathParams).toEqual([]);
    expect(draft.query.map((q) => [q.name, q.value])).toEqual([['post', 'hello world'], ['lang', 'en'], ['limit', '3']]);
    expect(result.warnings.join(' ')).toContain('which OpenAPI does not allow');
  });
});
