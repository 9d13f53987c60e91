import { describe, expect, it } from 'vitest';
import type { FileRef } from '../types';
import { normaliseDraft, type DraftInput, type MultipartPartDraft } from './draft';
import { buildWireRequest, type WireBuild } from './wire';

function build(input: DraftInput, env: Record<string, string> = {}): WireBuild {
  const result = buildWireRequest(normaliseDraft(input), env);
  if (!result.ok) throw new Error(`expected a wire request, got ${result.error.kind}: ${result.error.message}`);
  return result.value;
}

function failure(input: DraftInput, env: Record<string, string> = {}) {
  const result = buildWireRequest(normaliseDraft(input), env);
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

const part = (p: Partial<MultipartPartDraft> & Pick<MultipartPartDraft, 'name' | 'kind'>): MultipartPartDraft => ({
  id: `p-${p.name}`,
  enabled: true,
  value: '',
  contentType: '',
  base64: false,
  headers: [],
  ...p,
});

describe('buildWireRequest: URL', () => {
  it('substitutes variables, expands path parameters as segments and writes the query from its rows', () => {
    const { wire, unresolved } = build(
      { url: '{{base}}/users/{id}/orders?q={{term}}&tag=a', pathParams: [{ name: 'id', value: 'a/b c' }] },
      { base: 'https://api.example.com/v1', term: 'x&y' },
    );
    expect(wire.url).toBe('https://api.example.com/v1/users/a%2Fb%20c/orders?q=x%26y&tag=a');
    expect(unresolved).toEqual([]);
  });

  it('sends a value a script already encoded as written (newman does), a stray % as %25, and lists the escapes kept', () => {
    const result = build(
      { url: '{{base}}/search/{id}?q={{term}}&page=2&pct={{pct}}', pathParams: [{ name: 'id', value: 'a%2Fb' }] },
      { base: 'https://api.example.com', term: 'red%20%26%20green%20apples%3F', pct: '100%' },
    );
    expect(result.wire.url).toBe('https://api.example.com/search/a%2Fb?q=red%20%26%20green%20apples%3F&page=2&pct=100%25');
    expect(result.keptEscapes).toEqual([
      { kind: 'path', name: 'id', escapes: ['%2F'] },
      { kind: 'query', name: 'q', escapes: ['%20', '%26', '%3F'] },
    ]);
  });

  it('a URL typed with escapes is sent as typed and not listed; a literal "%20" is typed %2520', () => {
    const result = build({ url: 'http://h/p?q=caf%C3%A9&lit=%2520' });
    expect(result.wire.url).toBe('http://h/p?q=caf%C3%A9&lit=%2520');
    expect(result.keptEscapes).toEqual([]);
  });

  it('drops the fragment, which never goes on the wire', () => {
    expect(build({ url: 'http://h/p?a=1#section' }).wire.url).toBe('http://h/p?a=1');
  });

  it('sends a query typed with a trailing or doubled & as typed, variables resolved', () => {
    expect(build({ url: 'http://h/?format=json&' }).wire.url).toBe('http://h/?format=json&');
    expect(build({ url: 'http://h/?q={{term}}&&n=1' }, { term: 'a b' }).wire.url).toBe('http://h/?q=a%20b&&n=1');
  });

  it('sends list rows in their style', () => {
    const comma = build({ url: 'http://h/items', query: [{ name: 'id', value: '', list: { style: 'comma', items: ['1', '2'] } }] });
    const repeat = build({ url: 'http://h/items', query: [{ name: 'id', value: '', list: { style: 'repeat', items: ['1', '2'] } }] });
    expect(comma.wire.url).toBe('http://h/items?id=1,2');
    expect(repeat.wire.url).toBe('http://h/items?id=1&id=2');
  });

  it('lists unresolved variables with where they are, and sends them as written', () => {
    const result = build({ url: 'http://h/x?q={{missing}}', headers: [{ name: 'X-Key', value: '{{key}}' }] });
    expect(result.unresolved).toEqual(['missing', 'key']);
    expect(result.variableProblems.map((p) => [p.name, p.where])).toEqual([
      ['missing', 'query'],
      ['key', 'header "X-Key"'],
    ]);
    expect(result.wire.url).toBe('http://h/x?q={{missing}}');
  });

  it('fails with the field to fix for an empty or incomplete URL and a missing path parameter', () => {
    expect(failure({ url: '  ' })).toMatchObject({ kind: 'url-empty', field: 'url' });
    const undefinedBase = failure({ url: '{{base}}/x' });
    expect(undefinedBase).toMatchObject({ kind: 'url-invalid', field: 'url' });
    expect(undefinedBase.message).toContain('Variable "base" is not defined');
    expect(failure({ url: 'ftp://h/x' })).toMatchObject({ kind: 'url-scheme' });
    expect(failure({ url: 'http://h/users/{id}' })).toMatchObject({ kind: 'missing-path-param', field: 'path:id' });
  });
});

describe('buildWireRequest: headers and auth', () => {
  it('keeps typed headers in order with duplicates, skipping disabled and nameless rows', () => {
    const { wire } = build({
      url: 'http://h/',
      headers: [
        { name: 'X-B', value: '1' },
        { name: 'X-Off', value: '0', enabled: false },
        { name: ' ', value: 'nameless' },
        { name: 'X-B', value: '2' },
      ],
    });
    expect(wire.headers).toEqual([
      { name: 'X-B', value: '1' },
      { name: 'X-B', value: '2' },
    ]);
  });

  it('applies Basic auth after the typed headers and lists it as computed', () => {
    const { wire, computedHeaders } = build({ url: 'http://h/', auth: { scheme: 'basic', values: { username: 'ann', password: 'p:w' } } });
    expect(wire.headers).toEqual([{ name: 'Authorization', value: 'Basic YW5uOnA6dw==' }]);
    expect(computedHeaders.map((h) => [h.name, h.source])).toEqual([
      ['Host', 'host'],
      ['Authorization', 'auth'],
    ]);
  });

  it('refuses a Basic username with a colon, naming the field', () => {
    const error = failure({ url: 'http://h/', auth: { scheme: 'basic', values: { username: 'a:b', password: 'x' } } });
    expect(error.kind).toBe('basic-username-colon');
    expect(error.field).toBe('auth:username');
    expect(error.message).toContain('splits user and password at the first colon');
  });

  it('puts an API key in its header, or in the query when asked, and resolves variables in auth', () => {
    const header = build({ url: 'http://h/', auth: { scheme: 'apikey', values: { key: '{{k}}' } } }, { k: 's3cret' });
    expect(header.wire.headers).toEqual([{ name: 'Ocp-Apim-Subscription-Key', value: 's3cret' }]);
    const query = build({ url: 'http://h/?a=1', auth: { scheme: 'apikey', values: { key: 'k', headerName: 'key', placement: 'query' } } });
    expect(query.wire.url).toBe('http://h/?a=1&key=k');
  });

  it('waits for the vault when the token comes from there, and uses the resolved header when given', () => {
    const draft = normaliseDraft({ url: 'http://h/', auth: { scheme: 'vault', vaultEntryId: 'v1', values: {} } });
    const pending = buildWireRequest(draft, {});
    expect(pending.ok && pending.value.vaultPending).toBe(true);
    const resolved = buildWireRequest(draft, {}, { vaultCredential: { name: 'Authorization', value: 'Bearer t' } });
    expect(resolved.ok && resolved.value.wire.headers).toEqual([{ name: 'Authorization', value: 'Bearer t' }]);
  });
});

describe('buildWireRequest: body', () => {
  it('sends the text of the chosen kind with its Content-Type, unless one was typed', () => {
    const json = build({ method: 'POST', url: 'http://h/', body: { kind: 'json', texts: { json: '{"a":1}', xml: '<a/>' } } });
    expect(json.wire.body).toEqual(['{"a":1}']);
    expect(json.wire.headers).toEqual([{ name: 'Content-Type', value: 'application/json' }]);
    const typed = build({ method: 'POST', url: 'http://h/', headers: [{ name: 'content-type', value: 'application/vnd.x+json' }], body: { kind: 'json', texts: { json: '{}' } } });
    expect(typed.wire.headers).toEqual([{ name: 'content-type', value: 'application/vnd.x+json' }]);
  });

  it('keeps every kind’s text: switching kind sends the other text, and an empty text is no body', () => {
    const xml = build({ method: 'POST', url: 'http://h/', body: { kind: 'xml', texts: { json: '{"a":1}', xml: '<a/>' } } });
    expect(xml.wire.body).toEqual(['<a/>']);
    const none = build({ method: 'POST', url: 'http://h/', body: { kind: 'text', texts: { json: '{"a":1}' } } });
    expect(none.wire.body).toBeUndefined();
    expect(none.computedHeaders.at(-1)).toEqual({ name: 'Content-Length', value: '0', source: 'length' });
  });

  it('form-encodes rows: a+b c% arrives as typed because + and % are escaped and space is +', () => {
    const { wire, bodyLength } = build({ method: 'POST', url: 'http://h/', body: { kind: 'form', form: [{ name: 'v', value: 'a+b c%' }, { name: 'off', value: '1', enabled: false }] } });
    expect(wire.body).toEqual(['v=a%2Bb+c%25']);
    expect(bodyLength).toBe(12);
  });

  it('builds multipart with each part’s Content-Type, base64 and extra headers, the file left as a reference', () => {
    const file: FileRef = { kind: 'file', id: 'f1', name: 'photo.png', size: 1000, type: 'image/png' };
    const { wire, bodyLength } = build({
      method: 'POST',
      url: 'http://h/',
      body: {
        kind: 'multipart',
        boundary: 'BOUNDARY',
        multipart: [
          part({ name: 'meta', kind: 'json', value: '{"a":1}' }),
          part({ name: 'note', kind: 'text', value: 'hé', base64: true, headers: [{ id: 'h', enabled: true, name: 'X-Part', value: '1' }] }),
          part({ name: 'photo', kind: 'file', file }),
        ],
      },
    });
    expect(wire.headers).toEqual([{ name: 'Content-Type', value: 'multipart/form-data; boundary=BOUNDARY' }]);
    expect(wire.body).toEqual([
      '--BOUNDARY\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n' +
        '--BOUNDARY\r\nContent-Disposition: form-data; name="note"\r\nContent-Transfer-Encoding: base64\r\nX-Part: 1\r\n\r\naMOp\r\n' +
        '--BOUNDARY\r\nContent-Disposition: form-data; name="photo"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n',
      file,
      '\r\n--BOUNDARY--\r\n',
    ]);
    expect(bodyLength).toBe(new TextEncoder().encode((wire.body![0] as string) + (wire.body![2] as string)).length + 1000);
  });

  it('fails for a file part without a file, a boundary found in the content, and a binary body without a file', () => {
    expect(failure({ method: 'POST', url: 'http://h/', body: { kind: 'multipart', multipart: [part({ name: 'f', kind: 'file' })] } })).toMatchObject({
      kind: 'multipart-file-missing',
      field: 'multipart:p-f',
    });
    expect(failure({ method: 'POST', url: 'http://h/', body: { kind: 'multipart', boundary: 'xx', multipart: [part({ name: 'a', kind: 'text', value: '--xx' })] } })).toMatchObject({
      kind: 'boundary-in-content',
      field: 'boundary',
    });
    expect(failure({ method: 'POST', url: 'http://h/', body: { kind: 'binary' } })).toMatchObject({ kind: 'binary-file-missing', field: 'body' });
  });
});

describe('buildWireRequest: method override and computed headers', () => {
  it('sends PUT as POST with X-HTTP-Method-Override, and lists every computed header in wire order', () => {
    const { wire, computedHeaders } = build({
      method: 'PUT',
      url: 'http://h:8080/x',
      options: { methodOverride: true },
      auth: { scheme: 'bearer', values: { token: 'abc' } },
      body: { kind: 'json', texts: { json: '{}' } },
    });
    expect(wire.method).toBe('POST');
    expect(wire.headers.map((h) => h.name)).toEqual(['Authorization', 'Content-Type', 'X-HTTP-Method-Override']);
    expect(computedHeaders).toEqual([
      { name: 'Host', value: 'h:8080', source: 'host' },
      { name: 'Authorization', value: 'Bearer abc', source: 'auth' },
      { name: 'Content-Type', value: 'application/json', source: 'body' },
      { name: 'X-HTTP-Method-Override', value: 'PUT', source: 'override' },
      { name: 'Content-Length', value: '2', source: 'length' },
    ]);
  });

  it('leaves a POST alone when the override is on', () => {
    const { wire } = build({ method: 'POST', url: 'http://h/', options: { methodOverride: true } });
    expect(wire.headers).toEqual([]);
  });
});

describe('buildWireRequest: a URL without a scheme', () => {
  it('is sent over http:// as Postman and newman send it, typed or from a variable, and says so', () => {
    const typed = build({ url: 'localhost:3000/get?a=1' });
    expect(typed.wire.url).toBe('http://localhost:3000/get?a=1');
    expect(typed.assumedHttp).toBe(true);
    expect(build({ url: 'postman-echo.com/get' }).wire.url).toBe('http://postman-echo.com/get');
    const viaVariable = build({ url: '{{baseUrl}}/items' }, { baseUrl: 'api.example.com:8080' });
    expect(viaVariable.wire.url).toBe('http://api.example.com:8080/items');
    expect(viaVariable.assumedHttp).toBe(true);
    expect(build({ url: 'https://h/x' }).assumedHttp).toBeUndefined();
    expect(failure({ url: '/relative/only' })).toMatchObject({ kind: 'url-invalid' });
  });
});
