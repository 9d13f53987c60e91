/**
 * The JetBrains HTTP Client and VS Code REST Client syntaxes beyond the plain request:
 * scripts, directives, multi-line targets, comments, file bodies, GraphQL, and requests
 * that are not HTTP. Each fixture is a small `.http` file as people write them.
 */
import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import type { SavedRequest } from '../workspace';
import { collectionRequests } from '../workspace';
import { parseHttpFile } from './httpFile';
import { formatHttpFile } from './httpFileFormat';
import type { ImportResult } from './importResult';

function parsed(text: string): ImportResult {
  const result = parseHttpFile(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const requests = (result: ImportResult): SavedRequest[] => collectionRequests(result.collection.items).map((r) => r.request);
const only = (text: string): SavedRequest => {
  const all = requests(parsed(text));
  expect(all).toHaveLength(1);
  return all[0]!;
};

describe('scripts', () => {
  const PRE_REQUEST = `### Register
# @name register
< {%
  const stamp = new Date().toISOString();
  request.variables.set("stamp", stamp)
%}
POST https://api.example.test/register
Content-Type: application/json

{"at": "{{stamp}}"}

> {%
  client.test("created", () => client.assert(response.status === 201));
%}

### Next
GET https://api.example.test/next
`;

  it('keeps the request after a pre-request script block, and both scripts on it in the order they run', () => {
    const result = parsed(PRE_REQUEST);
    const [register, next] = requests(result);
    expect(requests(result).map((r) => r.name)).toEqual(['register', 'Next']);
    expect(register!.draft.method).toBe('POST');
    expect(register!.draft.body.texts.json).toBe('{"at": "{{stamp}}"}');
    expect(register!.scripts).toEqual([
      { phase: 'pre-request', dialect: 'jetbrains', text: 'const stamp = new Date().toISOString();\n  request.variables.set("stamp", stamp)' },
      { phase: 'post-response', dialect: 'jetbrains', text: 'client.test("created", () => client.assert(response.status === 201));' },
    ]);
    expect(next!.scripts).toBeUndefined();
    expect(result.warnings).toContain('register: its pre-request script and response handler were kept with the request but will not run: Wirebench runs Postman (pm) scripts only, not the JetBrains/httpyac handler API.');
  });

  it('keeps one-line script blocks and script files by path', () => {
    const request = only('< {% request.variables.set("id", "7") %}\n< ./before.js\nGET https://a.test/items/{{id}}\n\n> ./after.js\n');
    expect(request.scripts).toEqual([
      { phase: 'pre-request', dialect: 'jetbrains', text: 'request.variables.set("id", "7")' },
      { phase: 'pre-request', dialect: 'jetbrains', file: './before.js' },
      { phase: 'post-response', dialect: 'jetbrains', file: './after.js' },
    ]);
    expect(request.draft.url).toBe('https://a.test/items/{{id}}');
    expect(request.draft.body.kind).toBe('none');
  });

  it('skips a request whose pre-request script is never closed, naming its line, and imports the rest', () => {
    const result = parsed('### Broken\n< {%\n  request.variables.set("a", 1)\nGET https://a.test/\n\n### Fine\nGET https://b.test/\n');
    expect(requests(result).map((r) => r.name)).toEqual(['Fine']);
    expect(result.skipped).toEqual([{ item: 'Broken', reason: 'line 2: the pre-request script "< {%" is never closed with "%}"' }]);
  });

  it('reads a handler written right under the headers, without a blank line', () => {
    const request = only('GET https://a.test/\nAccept: application/json\n> {% client.global.set("a", response.body.a) %}\n');
    expect(request.draft.headers.map((h) => h.name)).toEqual(['Accept']);
    expect(request.scripts).toEqual([{ phase: 'post-response', dialect: 'jetbrains', text: 'client.global.set("a", response.body.a)' }]);
    expect(request.draft.body.kind).toBe('none');
  });

  it('leaves response references (<> file) out of the body', () => {
    const request = only('POST https://a.test/\nContent-Type: text/plain\n\nhello\n\n<> 2024-01-01T000000.200.txt\n');
    expect(request.draft.body.texts.text).toBe('hello');
  });
});

describe('directives and separators', () => {
  it('names a request by # @name (or // @name, or @name = x), else by its ### title, else by method and path', () => {
    const result = parsed('### Titled\nGET https://a.test/one\n\n###\n// @name = second\nGET https://a.test/two\n\n###\nGET https://a.test/three\n');
    expect(requests(result).map((r) => r.name)).toEqual(['Titled', 'second', 'GET /three']);
  });

  it('reads # @timeout (seconds, or with a unit) and # @no-redirect, and lists the directives it ignores with their lines', () => {
    const result = parsed('### Slow\n# @timeout 90\n# @no-redirect\n# @no-cookie-jar\n# @no-log\nGET https://a.test/\n\n###\n# @timeout 500 ms\nGET https://a.test/fast\n');
    const [slow, fast] = requests(result);
    expect(slow!.draft.options).toMatchObject({ timeoutMs: 90_000, followRedirects: false });
    expect(fast!.draft.options).toMatchObject({ timeoutMs: 500, followRedirects: true });
    expect(result.warnings).toContain('Slow: directives @no-cookie-jar (line 4), @no-log (line 5) are not supported and were ignored.');
  });
});

describe('request targets', () => {
  it('joins a target continued on indented lines, each trimmed, as JetBrains sends it', () => {
    expect(only('GET http://example.com/\n    api\n    /get\n').draft.url).toBe('http://example.com/api/get');
    const request = only('GET https://a.test/search\n    ?q=mugs\n    &page=2 HTTP/1.1\nAccept: */*\n');
    expect(request.draft.url).toBe('https://a.test/search?q=mugs&page=2');
    expect(request.draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual(['Accept: */*']);
  });

  it('joins unindented ?/& lines as VS Code REST Client does', () => {
    expect(only('GET https://a.test/search\n?q=mugs\n&page=2\n').draft.url).toBe('https://a.test/search?q=mugs&page=2');
  });

  it('takes a Host header holding a whole URL as the base, never doubling the scheme', () => {
    expect(only('GET /api/get\nHost: http://example.com:8080\n').draft.url).toBe('http://example.com:8080/api/get');
    expect(only('GET /api/get\nHost: https://example.com/\n').draft.url).toBe('https://example.com/api/get');
  });

  it('picks https for a Host on port 443 or 8443, as VS Code REST Client does', () => {
    expect(only('GET /a\nHost: example.com\n').draft.url).toBe('http://example.com/a');
    expect(only('GET /a\nHost: example.com:443\n').draft.url).toBe('https://example.com/a');
    expect(only('GET /a\nHost: example.com:8443\n').draft.url).toBe('https://example.com:8443/a');
  });

  it('sends an asterisk-form OPTIONS to "/" of the Host, saying so', () => {
    const result = parsed('OPTIONS * HTTP/1.1\nHost: http://example.com:8080\n');
    expect(requests(result)[0]!.draft.url).toBe('http://example.com:8080/');
    expect(result.warnings).toContain('OPTIONS /: the asterisk-form target (*) is sent as "/": browsers and the relay cannot send "*".');
  });
});

describe('comments', () => {
  it('never turns comment lines between the headers and the body, or around it, into body', () => {
    const request = only('POST https://a.test/\n# a header comment\nContent-Type: application/json\n// about the body\n\n# the payload:\n// (minimal)\n{"a": 1}\n# done\n');
    expect(request.draft.headers.map((h) => h.name)).toEqual(['Content-Type']);
    expect(request.draft.body.texts.json).toBe('{"a": 1}');
  });

  it('leaves comment lines inside a body out, as JetBrains does, and says which lines', () => {
    const result = parsed('### Item\nPOST https://a.test/\nContent-Type: application/json\n\n{\n  // the id\n  "id": 1\n}\n');
    expect(requests(result)[0]!.draft.body.texts.json).toBe('{\n  "id": 1\n}');
    expect(result.warnings).toContain('Item: comment lines in the body (line 6) were left out, as JetBrains does; VS Code REST Client would send them.');
  });
});

describe('file bodies', () => {
  it('keeps the file reference of < file and notes the encoding of <@encoding file', () => {
    const result = parsed('### Latin\nPOST https://a.test/\nContent-Type: text/plain; charset=ISO-8859-1\n\n<@latin1 ./data/a.txt\n');
    const request = requests(result)[0]!;
    expect(request.draft.body.kind).toBe('binary');
    expect(request.draft.body.binary).toMatchObject({ kind: 'file', name: 'data/a.txt', size: 0, type: 'text/plain; charset=ISO-8859-1' });
    expect(result.warnings[0]).toBe(
      'Latin, line 5: the body is read from the file "./data/a.txt" in the latin1 encoding, with its {{variables}} substituted (VS Code REST Client), which Wirebench does not do: its bytes are sent as they are: pick the file again before sending.',
    );
  });

  it('notes <@ file (variables substituted in the file) and keeps paths outside the folder', () => {
    const result = parsed('PUT https://a.test/\n\n<@ ../shared/body.json\n');
    expect(requests(result)[0]!.draft.body.binary).toMatchObject({ name: '../shared/body.json' });
    expect(result.warnings[0]).toContain('the body is read from the file "../shared/body.json" with its {{variables}} substituted');
  });
});

describe('GraphQL', () => {
  it('imports a JetBrains GRAPHQL request as a GraphQL POST of query and variables (its JSON kept for the JSON view)', () => {
    const request = only('GRAPHQL https://a.test/graphql\n\nquery Item($id: ID!) {\n  item(id: $id) { name }\n}\n\n{\n  "id": "{{itemId}}"\n}\n');
    expect(request.draft.method).toBe('POST');
    expect(request.draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual(['Content-Type: application/json']);
    expect(request.draft.body.kind).toBe('graphql');
    expect(request.draft.body.graphql).toEqual({ query: 'query Item($id: ID!) {\n  item(id: $id) { name }\n}', variables: '{\n  "id": "{{itemId}}"\n}', operationName: '' });
    expect(JSON.parse(request.draft.body.texts.json)).toEqual({ query: 'query Item($id: ID!) {\n  item(id: $id) { name }\n}', variables: { id: '{{itemId}}' } });
  });

  it('imports a VS Code X-REQUEST-TYPE: GraphQL request without that header, variables {} when none', () => {
    const request = only('POST https://a.test/graphql\nX-REQUEST-TYPE: GraphQL\nContent-Type: application/json\n\n{ viewer { login } }\n');
    expect(request.draft.method).toBe('POST');
    expect(request.draft.headers.map((h) => h.name)).toEqual(['Content-Type']);
    expect(JSON.parse(request.draft.body.texts.json)).toEqual({ query: '{ viewer { login } }', variables: {} });
  });

  it('splices variables as written, so a {{placeholder}} standing for a number survives', () => {
    const request = only('GRAPHQL https://a.test/graphql\n\nquery($n: Int) { items(first: $n) { id } }\n\n{"n": {{pageSize}}}\n');
    expect(request.draft.body.texts.json).toBe('{\n  "query": "query($n: Int) { items(first: $n) { id } }",\n  "variables": {"n": {{pageSize}}}\n}');
  });
});

describe('requests that are not HTTP', () => {
  const FILE = `### Chat
WEBSOCKET ws://a.test/chat

{"hello": 1}

###
GRPC localhost:9090/shop.Orders/List

### Events
SSE https://a.test/events

###
MQTT mqtt://broker.test
Topic: orders

### Subscription
GRAPHQL wss://a.test/graphql

subscription { orders { id } }

### Plain
GET https://a.test/ok
`;

  it('reports WebSocket, gRPC, SSE and MQTT requests as not imported, each with its line, and imports the rest', () => {
    const result = parsed(FILE);
    expect(requests(result).map((r) => r.name)).toEqual(['Plain']);
    expect(result.skipped).toEqual([
      { item: 'Chat', reason: 'line 2: WebSocket requests are not imported; Wirebench sends HTTP requests only' },
      { item: 'GRPC localhost:9090/shop.Orders/List', reason: 'line 7: gRPC requests are not imported; Wirebench sends HTTP requests only' },
      { item: 'Events', reason: 'line 10: Server-sent events (SSE) requests are not imported; Wirebench sends HTTP requests only' },
      { item: 'MQTT mqtt://broker.test', reason: 'line 13: MQTT requests are not imported; Wirebench sends HTTP requests only' },
      { item: 'Subscription', reason: 'line 17: WebSocket requests are not imported; Wirebench sends HTTP requests only' },
    ]);
  });
});

describe('one bad request', () => {
  it('is skipped with its line and reason; the requests around it are imported', () => {
    const result = parsed('### One\nGET https://a.test/1\n\n### Bad\n# @name bad\nthis line is not a request\n\n### Three\nGET https://a.test/3\n');
    expect(requests(result).map((r) => r.name)).toEqual(['One', 'Three']);
    expect(result.skipped).toEqual([{ item: 'bad', reason: 'line 6 ("this line is not a request") is not a request line (METHOD URL)' }]);
  });

  it('survives CR-only and CRLF line endings', () => {
    expect(requests(parsed('### A\r\nGET https://a.test/1\r\n###\rGET https://a.test/2\r')).map((r) => r.draft.url)).toEqual(['https://a.test/1', 'https://a.test/2']);
  });
});

describe('multipart bodies', () => {
  const UPLOAD = `### Upload
POST https://a.test/upload
Content-Type: multipart/form-data; boundary=WebAppBoundary

--WebAppBoundary
Content-Disposition: form-data; name="title"

Holiday
--WebAppBoundary
Content-Disposition: form-data; name="meta"
Content-Type: application/json

{"tags": ["sea"]}
--WebAppBoundary
Content-Disposition: form-data; name="photo"; filename="beach.jpg"
Content-Type: image/jpeg

< ./photos/IMG_01.jpg
--WebAppBoundary--
`;

  it('reads parts between the boundary lines; a < file part becomes a file part to pick again, named as the file was', () => {
    const result = parsed(UPLOAD);
    const request = requests(result)[0]!;
    expect(request.draft.body.kind).toBe('multipart');
    expect(request.draft.body.boundary).toBe('WebAppBoundary');
    expect(request.draft.body.multipart.map((p) => [p.name, p.kind, p.value, p.contentType, p.filename])).toEqual([
      ['title', 'text', 'Holiday', '', undefined],
      ['meta', 'json', '{"tags": ["sea"]}', '', undefined],
      ['photo', 'file', '', 'image/jpeg', 'beach.jpg'],
    ]);
    expect(request.draft.body.multipart[2]!.file).toMatchObject({ kind: 'file', name: 'photos/IMG_01.jpg' });
    expect(result.warnings).toContain('Upload, line 18: part "photo" is the file "./photos/IMG_01.jpg": pick the file again before sending.');
  });

  it('joins the lines of a part with CRLF, as both clients send them', () => {
    const request = only('POST https://a.test/\nContent-Type: multipart/form-data; boundary=b\n\n--b\nContent-Disposition: form-data; name="note"\n\nfirst\nsecond\n\n--b--\n');
    expect(request.draft.body.multipart.map((p) => p.value)).toEqual(['first\r\nsecond']);
  });

  it('sends a multipart body without any part under its boundary as written', () => {
    const request = only('POST https://a.test/\nContent-Type: multipart/form-data; boundary=b\n\nnot really multipart\n');
    expect(request.draft.body.kind).toBe('text');
  });
});

describe('import and run lines (JetBrains)', () => {
  it('notes them with their lines and still imports the request after them', () => {
    const result = parsed('import ./auth.http\nrun #login\n\nGET https://a.test/me\n\n###\nrun ./setup.http\n');
    expect(requests(result).map((r) => r.draft.url)).toEqual(['https://a.test/me']);
    expect(result.skipped).toEqual([]);
    expect(result.warnings).toEqual([
      'Line 1: "import ./auth.http" is not followed; import that file as well.',
      'Line 2: "run #login" is not imported; Wirebench does not run requests in sequence yet.',
      'Line 7: "run ./setup.http" is not imported; Wirebench does not run requests in sequence yet.',
    ]);
  });
});

describe('HTTP versions on the request line', () => {
  it('leaves HTTP/1.1, HTTP/2 and JetBrains’ HTTP/2 (Prior Knowledge) out of the URL', () => {
    const result = parsed('GET https://a.test/1 HTTP/1.1\n\n###\nGET https://a.test/2 HTTP/2\n\n###\nGET http://a.test/3 HTTP/2 (Prior Knowledge)\n\n###\nGET https://a.test/\n    4 HTTP/2\n');
    expect(requests(result).map((r) => r.draft.url)).toEqual(['https://a.test/1', 'https://a.test/2', 'http://a.test/3', 'https://a.test/4']);
  });
});

describe('multipart written by formatHttpFile', () => {
  it('comes back as the same parts', () => {
    const text = formatHttpFile({
      id: 'c',
      name: 'Up',
      variables: [],
      items: [
        {
          kind: 'request',
          id: 'r',
          name: 'Upload',
          requestType: 'http',
          draft: normaliseDraft({
            method: 'POST',
            url: 'https://a.test/up',
            body: { kind: 'multipart', boundary: 'BND', multipart: [{ name: 'title', kind: 'text', value: 'Hi', contentType: '', base64: false }, { name: 'f', kind: 'file', value: '', filename: 'a.png', contentType: 'image/png', base64: false }] },
          }),
        },
      ],
    });
    const body = requests(parsed(text))[0]!.draft.body;
    expect(body.kind).toBe('multipart');
    expect(body.multipart.map((p) => [p.name, p.kind, p.value, p.filename, p.contentType])).toEqual([
      ['title', 'text', 'Hi', undefined, ''],
      ['f', 'file', '', 'a.png', 'image/png'],
    ]);
  });
});

describe('request variables (VS Code REST Client)', () => {
  it('names references to another request’s exchange apart from variables an environment should hold', () => {
    const result = parsed('# @name login\nPOST https://a.test/login\n\n###\nGET https://a.test/me\nAuthorization: Bearer {{login.response.body.$.token}}\nX-Tenant: {{tenant}}\n');
    expect(result.warnings).toEqual([
      "Variables {{login.response.body.$.token}} take values from other requests' exchanges, which Wirebench does not chain yet; set them by hand or in an environment.",
      'Variables {{tenant}} are not defined in the file (they may come from an environment file); set them in an environment.',
    ]);
  });
});

describe('scripts written back by formatHttpFile', () => {
  it('come back the same: pre-request before the request line, handlers after the body', () => {
    const first = parsed('### Login\n< {%\n  request.variables.set("u", "ada")\n%}\n< ./sign.js\nPOST https://a.test/login\nContent-Type: text/plain\n\n{{u}}\n\n> {% client.global.set("t", response.body.token) %}\n> ./check.js\n');
    const written = formatHttpFile(first.collection);
    expect(written).toContain('### Login\n< {%\nrequest.variables.set("u", "ada")\n%}\n< ./sign.js\nPOST https://a.test/login');
    expect(requests(parsed(written))[0]!.scripts).toEqual(requests(first)[0]!.scripts);
  });

  it('leave out another tool’s scripts, which the JetBrains runner could not run', () => {
    const request = only('GET https://a.test/\n');
    request.scripts = [{ phase: 'post-response', dialect: 'postman', text: 'pm.test("ok", () => {})' }];
    const written = formatHttpFile({ id: 'c', name: 'C', variables: [], items: [request] });
    expect(written).not.toContain('pm.test');
  });
});
