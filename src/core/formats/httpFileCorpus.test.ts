/**
 * Specifications for what the `.http` conformance corpus (src/conformance) found, each shaped
 * like the real file that showed it and stating what the clients do with it (VS Code REST
 * Client, the JetBrains grammar, httpyac).
 */
import { describe, expect, it } from 'vitest';
import type { SavedRequest } from '../workspace';
import { parseHttpFile } from './httpFile';
import type { ImportResult } from './importResult';

function read(text: string): ImportResult {
  const result = parseHttpFile(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function requests(text: string): SavedRequest[] {
  return read(text).collection.items.filter((item): item is SavedRequest => item.kind === 'request');
}

const line = (r: SavedRequest) => `${r.draft.method} ${r.draft.url}`;

describe('parseHttpFile on shapes found in the corpus', () => {
  it('accepts a known method in lower case and sends it upper-cased, as REST Client does', () => {
    expect(requests('get https://a.test/x\n\n###\npatch https://a.test/y').map(line)).toEqual(['GET https://a.test/x', 'PATCH https://a.test/y']);
    expect(read('frobnicate https://a.test/').skipped).toHaveLength(1);
  });

  it('reads requests that follow one another without ### (httpyac), with or without a blank line', () => {
    const text = '@host=https://a.test\n###\nGET /one\nGET /two\n\nPOST /three\n\n{"a": 1}\n\nPUT /four?q={{$randomInt 1 2}}';
    expect(requests(text).map((r) => r.draft.method)).toEqual(['GET', 'GET', 'POST', 'PUT']);
    expect(requests(text)[2]!.draft.body.texts.text).toBe('{"a": 1}');
  });

  it('keeps httpyac {{ }} script blocks as scripts, never as body', () => {
    const [request] = requests('POST https://a.test/\nContent-Type: text/plain\n\nhello\n\n{{\n  exports.x = response.body;\n}}');
    expect(request!.draft.body.texts.text).toBe('hello');
    expect(request!.scripts).toEqual([{ phase: 'post-response', dialect: 'httpyac', text: '  exports.x = response.body;' }]);
  });

  it('leaves out ?? assertions and >> output redirections', () => {
    const [request] = requests('GET https://a.test/\n\n?? status == 200\n>> ./out.json');
    expect(request!.draft.body.kind).toBe('none');
  });

  it('starts the body at the first line that is not a header, as httpyac does', () => {
    const [request] = requests('POST https://a.test/session\n{\n    "username": "admin"\n}');
    expect(request!.draft.headers).toEqual([]);
    expect(request!.draft.body.texts.text).toBe('{\n    "username": "admin"\n}');
  });

  it('does not send a response written under the request', () => {
    const [request] = requests('GET https://a.test/get\n\nHTTP/1.1 200 - OK\ncontent-type: application/json\n\n{"ok": true}');
    expect(request!.draft.body.kind).toBe('none');
  });

  it('joins a form body written over several lines, as REST Client and httpyac do', () => {
    const [request] = requests('POST https://a.test/login\nContent-Type: application/x-www-form-urlencoded\n\nuser=ann\n&scope=read,write');
    expect(request!.draft.body.texts.text).toBe('user=ann&scope=read,write');
  });

  it('reports Kafka and AMQP requests instead of importing them as HTTP', () => {
    const result = read('KAFKA broker.test:9092\ntopic: x\n\n###\nAMQP amqp://broker.test\n\n###\nGET https://a.test/');
    expect(result.collection.items).toHaveLength(1);
    expect(result.skipped.map((s) => s.reason)).toEqual([expect.stringContaining('Kafka'), expect.stringContaining('AMQP')]);
  });

  it("leaves out httpyac's ...headers spread with a warning, and reads /* */ comments", () => {
    const result = read('/*\nA described request\n*/\nGET https://a.test/\n...defaultHeaders\nAccept: text/plain');
    const [request] = result.collection.items as SavedRequest[];
    expect(request!.draft.headers.map((h) => h.name)).toEqual(['Accept']);
    expect(request!.description).toBe('A described request');
    expect(result.warnings.join(' ')).toContain('...defaultHeaders');
  });
});
