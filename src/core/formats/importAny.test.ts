import { describe, expect, it } from 'vitest';
import { curlCollectionName, importAny, sniffImportFormat } from './importAny';
import { POSTMAN_SHOP_COLLECTION } from './postmanFixture';

describe('sniffImportFormat', () => {
  it.each([
    ['curl', "curl -X POST 'https://a.test'"],
    ['curl', '$ curl https://a.test'],
    ['postman', JSON.stringify(POSTMAN_SHOP_COLLECTION)],
    ['postman', JSON.stringify({ id: 'x', name: 'v1', order: [], requests: [] })],
    ['postman', JSON.stringify({ id: 'x', name: 'v1 without order', folders: [], requests: [{ id: 'r', url: 'https://a.test' }] })],
    ['postman', JSON.stringify({ version: 1, collections: [{ id: 'c', name: 'dump', requests: [] }], environments: [] })],
    ['har', JSON.stringify({ log: { version: '1.2', entries: [] } })],
    ['openapi', JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' } })],
    ['openapi', 'openapi: 3.0.0\ninfo:\n  title: t\n'],
    ['openapi', 'swagger: "2.0"\n'],
    ['wsdl', '<?xml version="1.0"?>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"/>'],
    ['http', '### One\nGET https://a.test\n'],
    ['http', 'POST https://a.test/x\nContent-Type: text/plain\n\nhi'],
    ['http', '< {% request.variables.set("id", "7") %}\nGET https://a.test/{{id}}\n'],
    ['http', 'GRAPHQL https://a.test/graphql\n\n{ viewer { login } }\n'],
    ['har', '{\n  "log": {\n    "version": "1.2",\n    "entries": ['],
    ['har', 'onInputData({\n  "log": { "version": "1.1", "entries": [] }\n});'],
  ])('tells %s', (format, text) => {
    expect(sniffImportFormat(text)).toBe(format);
  });

  it('lets the file name settle .http files and unclear JSON', () => {
    expect(sniffImportFormat('@host = x\n', 'api.http')).toBe('http');
    expect(sniffImportFormat('{"x": 1}', 'capture.har')).toBe('har');
    expect(sniffImportFormat('just words')).toBeUndefined();
  });

  it('names every Postman version it reads when it cannot tell the format', () => {
    const result = importAny('just words');
    expect(!result.ok && result.error.message).toContain('Postman Collection v2.1, v2.0 and v1');
  });
});

describe('importAny', () => {
  it('wraps a cURL command in a collection of one request named by method and path', () => {
    const result = importAny("curl https://api.example.test/users/7 -H 'Accept: application/json'");
    expect(result.ok && result.value.format).toBe('curl');
    if (!result.ok || result.value.format === 'wsdl') throw new Error('expected a collection');
    expect(result.value.result.collection.items.map((i) => i.name)).toEqual(['GET /users/7']);
  });

  it('names a pasted cURL import after the request\'s host and path, a file after its name (issue 14)', () => {
    const pasted = importAny("curl --data-urlencode 'q=a+b' https://api.example.test/search/?x=1");
    expect(pasted.ok && pasted.value.format === 'curl' && pasted.value.result.collection.name).toBe('api.example.test/search');
    const file = importAny('curl https://api.example.test/users/7', 'get-user.sh');
    expect(file.ok && file.value.format === 'curl' && file.value.result.collection.name).toBe('get-user');
    expect(curlCollectionName('http://127.0.0.1:4910/')).toBe('127.0.0.1:4910');
    expect(curlCollectionName('http://a.test/caf%C3%A9')).toBe('a.test/café');
    expect(curlCollectionName('{{baseUrl}}/users')).toBe('cURL import');
  });

  it('dispatches Postman, HAR, OpenAPI and .http files to their importers', () => {
    const postman = importAny(JSON.stringify(POSTMAN_SHOP_COLLECTION));
    expect(postman.ok && postman.value.format === 'postman' && postman.value.result.collection.name).toBe('Shop API');
    const http = importAny('GET https://a.test/\n', 'smoke.http');
    expect(http.ok && http.value.format === 'http' && http.value.result.collection.name).toBe('smoke');
  });

  it('hands a WSDL to the WSDL flow', () => {
    const result = importAny('<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"></definitions>');
    expect(result.ok && result.value.format).toBe('wsdl');
  });

  it('passes on the precise error of the chosen importer', () => {
    const cut = importAny('{\n  "info": {"name": "x", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},\n  "item": [');
    expect(!cut.ok && cut.error.message).toMatch(/^This Postman collection file is not valid JSON at line 3, column 12/);
    const quote = importAny("curl 'https://a.test");
    expect(!quote.ok && quote.error.position).toEqual({ offset: 5, line: 1, column: 6 });
  });

  it('says what it accepts when it cannot tell the format', () => {
    const result = importAny('hello there');
    expect(!result.ok && result.error.kind).toBe('unknown-format');
    const json = importAny('{"a": ');
    expect(!json.ok && json.error.kind).toBe('json-syntax');
  });
});
