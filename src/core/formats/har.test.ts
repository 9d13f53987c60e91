import { describe, expect, it } from 'vitest';
import { buildMultipart } from '../encoding';
import { buildWireRequest, normaliseDraft } from '../request';
import type { FileRef, WireRequest } from '../types';
import type { HistoryEntry, SavedRequest } from '../workspace';
import { collectionRequests } from '../workspace';
import { toHarRequest } from './har';
import { exportHar } from './harExport';
import { importHar } from './harImport';

const file: FileRef = { kind: 'file', id: 'f', name: 'cat.jpg', size: 1234, type: 'image/jpeg' };

function harOf(entries: unknown[], version = '1.2'): string {
  return JSON.stringify({ log: { version, creator: { name: 'Firefox', version: '128' }, entries } }, null, 2);
}

function entry(request: Record<string, unknown>) {
  return { startedDateTime: '2025-01-01T00:00:00.000Z', time: 12, request: { httpVersion: 'HTTP/2', cookies: [], queryString: [], headersSize: -1, bodySize: 0, ...request }, response: {}, cache: {}, timings: {} };
}

function requestsOf(text: string): SavedRequest[] {
  const result = importHar(text);
  if (!result.ok) throw new Error(result.error.message);
  return collectionRequests(result.value.collection.items).map((r) => r.request);
}

describe('toHarRequest', () => {
  it('describes headers, cookies, query and a form body', () => {
    const wire: WireRequest = {
      method: 'POST',
      url: 'https://a.test/s?q=a+b&n=1',
      headers: [{ name: 'Cookie', value: 'sid=1; theme=dark' }, { name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
      body: ['x=1&y=two+words'],
    };
    const har = toHarRequest(wire, { includeSecrets: true });
    expect(har.queryString).toEqual([{ name: 'q', value: 'a b' }, { name: 'n', value: '1' }]);
    expect(har.cookies).toEqual([{ name: 'sid', value: '1' }, { name: 'theme', value: 'dark' }]);
    expect(har.postData).toEqual({ mimeType: 'application/x-www-form-urlencoded', text: 'x=1&y=two+words', params: [{ name: 'x', value: '1' }, { name: 'y', value: 'two words' }] });
    expect(har.bodySize).toBe(15);
    expect(har.httpVersion).toBe('HTTP/1.1');
  });

  it('describes multipart parts with file names, reading the built body back', () => {
    const built = buildMultipart([{ name: 'title', content: 'Cat' }, { name: 'photo', content: file }], { boundary: 'B0undary' });
    if (!built.ok) throw new Error(built.error.message);
    const har = toHarRequest({ method: 'POST', url: 'https://a.test/up', headers: [{ name: 'Content-Type', value: built.value.contentType }], body: built.value.chunks });
    expect(har.postData?.params).toEqual([{ name: 'title', value: 'Cat' }, { name: 'photo', fileName: 'cat.jpg', contentType: 'image/jpeg' }]);
    expect(har.postData?.mimeType).toBe('multipart/form-data');
    expect(har.headers).toEqual([{ name: 'Content-Type', value: 'multipart/form-data; boundary=B0undary' }]);
  });

  it('writes a multipart body without parts as its text, which params cannot hold (found by roundTrip.property.test.ts)', () => {
    const wire: WireRequest = { method: 'POST', url: 'https://a.test/up', headers: [{ name: 'Content-Type', value: 'multipart/form-data; boundary=b' }], body: ['--b--\r\n'] };
    expect(toHarRequest(wire).postData).toEqual({ mimeType: 'multipart/form-data', text: '--b--\r\n' });
  });

  it('redacts secrets by default', () => {
    const har = toHarRequest({ method: 'GET', url: 'https://a.test/?token=t', headers: [{ name: 'X-API-Key', value: 'k' }] });
    expect(har.url).toBe('https://a.test/?token={{token}}');
    expect(har.headers).toEqual([{ name: 'X-API-Key', value: '{{X-API-Key}}' }]);
  });
});

describe('importHar', () => {
  it('turns entries into requests without computed headers, with their bodies', () => {
    const text = harOf([
      entry({ method: 'GET', url: 'https://api.test/items?page=2#top', headers: [{ name: ':authority', value: 'api.test' }, { name: 'Host', value: 'api.test' }, { name: 'Accept', value: 'application/json' }] }),
      entry({
        method: 'POST',
        url: 'https://api.test/items',
        headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'Content-Length', value: '9' }],
        postData: { mimeType: 'application/json', text: '{"a": 1}' },
      }),
      entry({ method: 'POST', url: 'https://api.test/login', headers: [], postData: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'user', value: 'ada' }, { name: 'remember', value: 'on' }] } }),
    ]);
    const [list, create, login] = requestsOf(text);
    expect(list!.name).toBe('GET /items');
    expect(list!.draft.url).toBe('https://api.test/items?page=2');
    expect(list!.draft.headers.map((h) => h.name)).toEqual(['Accept']);
    expect(create!.draft.body.kind).toBe('json');
    expect(create!.draft.headers.map((h) => h.name)).toEqual(['Content-Type']);
    expect(login!.draft.body.form.map((r) => [r.name, r.value])).toEqual([['user', 'ada'], ['remember', 'on']]);
  });

  it('keeps multipart params with files to pick again, and groups several hosts in folders', () => {
    const result = importHar(
      harOf([
        entry({ method: 'POST', url: 'https://up.test/photos', headers: [{ name: 'Content-Type', value: 'multipart/form-data; boundary=zz' }], postData: { mimeType: 'multipart/form-data; boundary=zz', params: [{ name: 'caption', value: 'hi' }, { name: 'file', fileName: 'cat.jpg', contentType: 'image/jpeg' }] } }),
        entry({ method: 'GET', url: 'https://api.test/', headers: [] }),
      ]),
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.collection.items.map((i) => i.name)).toEqual(['up.test', 'api.test']);
    const upload = collectionRequests(result.value.collection.items)[0]!.request;
    expect(upload.draft.body.boundary).toBe('zz');
    expect(upload.draft.body.multipart.map((p) => [p.name, p.kind, p.filename])).toEqual([['caption', 'text', undefined], ['file', 'file', 'cat.jpg']]);
    expect(result.value.warnings).toEqual(['Entry 1 (POST https://up.test/photos): part "file" is the file "cat.jpg": pick the file again before sending.']);
  });

  it('skips entries that are not http(s), with the reason', () => {
    const result = importHar(harOf([entry({ method: 'GET', url: 'data:image/png;base64,AAAA', headers: [] }), entry({ method: 'GET', url: 'wss://a.test/live', headers: [] })]));
    expect(result.ok && result.value.skipped.map((s) => s.reason)).toEqual([
      'its URL is a data: URL; only http and https requests can be sent',
      'its URL is a wss: URL; only http and https requests can be sent',
    ]);
  });

  it('HAR → request: the draft sends what the browser sent', () => {
    const request = { method: 'PATCH', url: 'https://api.test/items/7?x=%20y', headers: [{ name: 'Content-Type', value: 'application/merge-patch+json' }, { name: 'X-Req', value: '1' }], postData: { mimeType: 'application/merge-patch+json', text: '{"done":true}' } };
    const [saved] = requestsOf(harOf([entry(request)]));
    const built = buildWireRequest(saved!.draft, {});
    if (!built.ok) throw new Error(built.error.message);
    expect(built.value.wire).toEqual({ method: 'PATCH', url: request.url, headers: request.headers.map(({ name, value }) => ({ name, value })), body: ['{"done":true}'] });
  });
});

describe('importHar: broken files', () => {
  it('gives the line and column of truncated JSON', () => {
    const text = harOf([entry({ method: 'GET', url: 'https://a.test', headers: [] })]);
    const result = importHar(text.slice(0, 120));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('json-syntax');
    expect(result.error.position?.line).toBeGreaterThan(1);
    expect(result.error.message).toMatch(/^This HAR file is not valid JSON at line \d+, column \d+: .* The file looks cut off\.$/);
  });

  it('reads another version as 1.2 with a warning, and skips an entry with a bad field by its path (harImport.test.ts has the rest)', () => {
    const version = importHar(harOf([], '2.0'));
    expect(version.ok && version.value.warnings).toEqual(['The file says HAR version 2.0; it was read as HAR 1.2.']);
    const schema = importHar(harOf([entry({ method: 'GET', url: 42, headers: [] })]));
    expect(schema.ok && schema.value.skipped).toEqual([{ item: 'Entry 1 (GET (no URL))', reason: 'log.entries[0].request.url is a number, not a URL' }]);
  });
});

describe('exportHar', () => {
  const base: HistoryEntry = {
    id: 'h1',
    at: '2025-03-01T10:00:00.000Z',
    draft: normaliseDraft({ method: 'POST', url: 'https://a.test/items', body: { kind: 'json', texts: { json: '{"a":1}' } } }),
    wire: { method: 'POST', url: 'https://a.test/items', headers: [{ name: 'Content-Type', value: 'application/json' }, { name: 'Authorization', value: 'Bearer {{token}}' }] },
    status: 201,
    reason: 'Created',
    httpVersion: '1.1',
    durationMs: 42,
    responseHeaders: [{ name: 'Content-Type', value: 'application/json' }, { name: 'Location', value: '/items/9' }],
    responseBodyRef: 'blob-1',
    sizes: { responseHeaders: 80, responseBodyWire: 20, responseBodyDecoded: 30 },
    timings: { dns: 1, connect: 2, tls: 3, send: 1, firstByte: 30, download: 5, total: 42, reusedConnection: false },
  };

  it('writes a HAR 1.2 log with the request, response head, body and timings', () => {
    const log = JSON.parse(exportHar([base], { responseBodies: { 'blob-1': { text: '{"id":9}' } } }));
    expect(log.log.version).toBe('1.2');
    const [harEntry] = log.log.entries;
    expect(harEntry.request.postData).toEqual({ mimeType: 'application/json', text: '{"a":1}' });
    expect(harEntry.response).toMatchObject({ status: 201, statusText: 'Created', httpVersion: 'HTTP/1.1', redirectURL: '/items/9', headersSize: 80, bodySize: 20 });
    expect(harEntry.response.content).toEqual({ size: 30, mimeType: 'application/json', text: '{"id":9}' });
    expect(harEntry.timings).toEqual({ blocked: -1, dns: 1, connect: 5, ssl: 3, send: 1, wait: 30, receive: 5 });
    expect(harEntry.time).toBe(42);
  });

  it('orders entries by time and writes failures as status 0 with the error', () => {
    const failed: HistoryEntry = { id: 'h0', at: '2025-03-01T09:00:00.000Z', draft: normaliseDraft({ url: 'https://down.test/' }), wire: { method: 'GET', url: 'https://down.test/', headers: [] }, error: { kind: 'dns', message: 'getaddrinfo ENOTFOUND down.test' } };
    const log = JSON.parse(exportHar([base, failed]));
    expect(log.log.entries.map((e: { request: { url: string } }) => e.request.url)).toEqual(['https://down.test/', 'https://a.test/items']);
    expect(log.log.entries[0].response).toMatchObject({ status: 0, comment: 'No response: dns: getaddrinfo ENOTFOUND down.test' });
    expect(log.log.entries[0].timings).toEqual({ blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 0, receive: 0 });
  });

  it('exports what importHar reads back', () => {
    const [again] = requestsOf(exportHar([base]));
    expect(again!.draft.method).toBe('POST');
    expect(again!.draft.body.texts.json).toBe('{"a":1}');
    expect(again!.draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual(['Content-Type: application/json', 'Authorization: Bearer {{token}}']);
  });
});
