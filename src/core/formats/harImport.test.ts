import { HTTPSnippet } from 'httpsnippet-lite';
import { describe, expect, it } from 'vitest';
import { buildWireRequest } from '../request';
import type { WireRequest } from '../types';
import type { SavedRequest } from '../workspace';
import { collectionRequests } from '../workspace';
import { cookieHeaderOf, importHar, urlWithHarQuery } from './harImport';
import type { ImportResult } from './importResult';

/**
 * The HAR importer read as leniently as the tools that write HAR: browser captures come
 * through byte for byte, tool-written requests (httpsnippet's fixtures, hand-written
 * files) are completed from `queryString`, `cookies` and `postData.params` as httpsnippet
 * completes them, and one bad entry costs only itself.
 */

function imported(document: unknown): ImportResult {
  const result = importHar(typeof document === 'string' ? document : JSON.stringify(document));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function requests(result: ImportResult): SavedRequest[] {
  return collectionRequests(result.collection.items).map((r) => r.request);
}

function wireOf(saved: SavedRequest | undefined): WireRequest {
  const built = buildWireRequest(saved!.draft, {});
  if (!built.ok) throw new Error(built.error.message);
  return built.value.wire;
}

const log = (entries: unknown[], extra: Record<string, unknown> = {}) => ({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries, ...extra } });
const bodyText = (wire: WireRequest) => (wire.body ?? []).map((c) => (typeof c === 'string' ? c : '')).join('');

describe('HAR as tools write it', () => {
  it('Chrome DevTools (HTTP/2): pseudo-headers dropped, the cookie header and URL sent as captured, no report', () => {
    const result = imported(
      log([
        {
          _initiator: { type: 'script' },
          _resourceType: 'xhr',
          startedDateTime: '2025-03-01T10:00:00.000Z',
          request: {
            method: 'POST',
            url: 'https://api.test/search?q=caf%C3%A9&tags=a%2Cb&=',
            httpVersion: 'http/2.0',
            headers: [
              { name: ':authority', value: 'api.test' },
              { name: ':method', value: 'POST' },
              { name: 'content-type', value: 'application/x-www-form-urlencoded' },
              { name: 'cookie', value: 'sid=abc%3D; theme=dark' },
            ],
            queryString: [{ name: 'q', value: 'caf%C3%A9' }, { name: 'tags', value: 'a%2Cb' }, { name: '', value: '' }],
            cookies: [{ name: 'sid', value: 'abc%3D', path: '/', domain: 'api.test', expires: null, httpOnly: true, secure: true }, { name: 'theme', value: 'dark' }],
            headersSize: -1,
            bodySize: 13,
            postData: { mimeType: 'application/x-www-form-urlencoded', text: 'page=2&size=5', params: [{ name: 'page', value: '2' }, { name: 'size', value: '5' }] },
          },
          response: { status: 200 },
        },
      ]),
    );
    expect(result.warnings).toEqual([]);
    expect(wireOf(requests(result)[0])).toEqual({
      method: 'POST',
      url: 'https://api.test/search?q=caf%C3%A9&tags=a%2Cb&=',
      headers: [{ name: 'content-type', value: 'application/x-www-form-urlencoded' }, { name: 'cookie', value: 'sid=abc%3D; theme=dark' }],
      body: ['page=2&size=5'],
    });
  });

  it('Firefox: an empty query pair (?=) is kept in the URL that is sent', () => {
    const result = imported(
      log([
        {
          pageref: 'page_1',
          request: {
            bodySize: 0,
            method: 'GET',
            url: 'https://a.test/list?=&page=1',
            httpVersion: 'HTTP/1.1',
            headers: [{ name: 'Host', value: 'a.test' }, { name: 'Accept', value: '*/*' }],
            cookies: [],
            queryString: [{ name: '', value: '' }, { name: 'page', value: '1' }],
            headersSize: 80,
          },
        },
      ]),
    );
    expect(result.warnings).toEqual([]);
    expect(wireOf(requests(result)[0]).url).toBe('https://a.test/list?=&page=1');
  });

  it('Charles / Fiddler: Host dropped, Cookie header kept over the cookie list, empty postData is no body', () => {
    const result = imported({
      log: {
        version: '1.2',
        creator: { name: 'Charles Proxy', version: '4.6.4' },
        entries: [
          {
            request: {
              method: 'PUT',
              url: 'http://shop.test/cart/7',
              httpVersion: 'HTTP/1.1',
              cookies: [{ name: 'cart', value: 'x y', path: '/', domain: 'shop.test' }],
              headers: [{ name: 'Host', value: 'shop.test' }, { name: 'Cookie', value: 'cart=x y' }, { name: 'Content-Type', value: 'application/json' }],
              queryString: [],
              postData: { mimeType: 'application/json', text: '{"qty":2}', params: [] },
              headersSize: 120,
              bodySize: 9,
              comment: '',
            },
          },
          { request: { method: 'GET', url: 'http://shop.test/', httpVersion: 'HTTP/1.1', cookies: [], headers: [], queryString: [], postData: { mimeType: '', text: '' }, headersSize: -1, bodySize: 0 } },
        ],
      },
    });
    expect(result.collection.name).toBe('HAR from Charles Proxy');
    expect(result.warnings).toEqual([]);
    const [put, get] = requests(result);
    expect(wireOf(put)).toEqual({ method: 'PUT', url: 'http://shop.test/cart/7', headers: [{ name: 'Cookie', value: 'cart=x y' }, { name: 'Content-Type', value: 'application/json' }], body: ['{"qty":2}'] });
    expect(wireOf(get)).toEqual({ method: 'GET', url: 'http://shop.test/', headers: [] });
  });

  it('Fiddler: a file saved with a UTF-8 byte order mark imports', () => {
    const text = `\uFEFF${JSON.stringify({ log: { version: '1.2', creator: { name: 'Fiddler', version: '5.0.20204.45441' }, entries: [{ request: { method: 'GET', url: 'http://a.test/', httpVersion: 'HTTP/1.1', headers: [], cookies: [], queryString: [], headersSize: 40, bodySize: 0 } }] } })}`;
    expect(requests(imported(text)).map((r) => r.draft.url)).toEqual(['http://a.test/']);
  });
});

/** httpsnippet's own fixtures (test/fixtures/requests), as its README describes HAR input. */
const httpsnippetFixtures: Record<string, Record<string, unknown>> = {
  short: { method: 'GET', url: 'http://mockbin.com/har' },
  query: { method: 'GET', url: 'http://mockbin.com/har?key=value', queryString: [{ name: 'foo', value: 'bar' }, { name: 'foo', value: 'baz' }, { name: 'baz', value: 'abc' }] },
  cookies: { method: 'POST', url: 'http://mockbin.com/har', cookies: [{ name: 'foo', value: 'bar' }, { name: 'bar', value: 'baz' }] },
  'query-encoded': {
    method: 'GET',
    url: 'http://mockbin.com/har',
    queryString: [{ name: 'startTime', value: '2019-06-13T19:08:25.455Z' }, { name: 'endTime', value: '2015-09-15T14:00:12-04:00' }],
  },
  'application-form-encoded': {
    method: 'POST',
    url: 'http://mockbin.com/har',
    headers: [{ name: 'content-type', value: 'application/x-www-form-urlencoded' }],
    postData: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'foo', value: 'bar' }, { name: 'hello', value: 'world' }] },
  },
  full: {
    method: 'POST',
    url: 'http://mockbin.com/har?key=value',
    httpVersion: 'HTTP/1.1',
    queryString: [{ name: 'foo', value: 'bar' }, { name: 'foo', value: 'baz' }, { name: 'baz', value: 'abc' }],
    headers: [{ name: 'accept', value: 'application/json' }, { name: 'content-type', value: 'application/x-www-form-urlencoded' }],
    cookies: [{ name: 'foo', value: 'bar' }, { name: 'bar', value: 'baz' }],
    postData: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'foo', value: 'bar' }] },
  },
  nested: {
    method: 'GET',
    url: 'http://mockbin.com/har?foo%5Bbar%5D=baz%2Czap&fiz=buz&key=value',
    queryString: [{ name: 'foo[bar]', value: 'baz,zap' }, { name: 'fiz', value: 'buz' }, { name: 'key', value: 'value' }],
  },
};

describe('HAR written for httpsnippet: completed as httpsnippet completes it', () => {
  for (const [name, request] of Object.entries(httpsnippetFixtures)) {
    it(`${name}: query pairs, cookie header and form body agree with httpsnippet-lite`, async () => {
      const [prepared] = await new HTTPSnippet(request as never)['requests'];
      const wire = wireOf(requests(imported(request))[0]);
      // Same pairs in the same order; the two encode spaces differently (%20 and +), which servers read alike.
      expect([...new URL(wire.url).searchParams]).toEqual([...new URL(prepared!.fullUrl).searchParams]);
      const cookie = wire.headers.find((h) => h.name.toLowerCase() === 'cookie')?.value;
      expect(cookie).toBe((prepared!.allHeaders as Record<string, string>).cookie);
      if (prepared!.postData?.mimeType === 'application/x-www-form-urlencoded') {
        expect([...new URLSearchParams(bodyText(wire))]).toEqual([...new URLSearchParams(prepared!.postData.text)]);
      }
    });
  }

  it('the full fixture, stated: queryString pairs first, the URL’s own after, cookies first among headers, params as the body', () => {
    const result = imported(httpsnippetFixtures.full);
    expect(wireOf(requests(result)[0])).toEqual({
      method: 'POST',
      url: 'http://mockbin.com/har?foo=bar&foo=baz&baz=abc&key=value',
      headers: [{ name: 'Cookie', value: 'foo=bar; bar=baz' }, { name: 'accept', value: 'application/json' }, { name: 'content-type', value: 'application/x-www-form-urlencoded' }],
      body: ['foo=bar'],
    });
    expect(result.warnings).toEqual([
      'Entry 1 (POST http://mockbin.com/har?…): query parameters "foo", "baz" from request.queryString added to the URL, which lacked them.',
      'Entry 1 (POST http://mockbin.com/har?…): cookies "foo", "bar" from request.cookies sent in a Cookie header, since the headers had none.',
    ]);
  });

  it('multipart params with no text become parts; a file part is reported to pick again', () => {
    const result = imported({
      method: 'POST',
      url: 'http://mockbin.com/har',
      postData: { mimeType: 'multipart/form-data', params: [{ name: 'foo', value: 'bar' }, { name: 'hello', fileName: 'hello.txt', contentType: 'text/plain' }] },
    });
    const [upload] = requests(result);
    expect(upload!.draft.body.multipart.map((p) => [p.name, p.kind, p.value, p.filename])).toEqual([['foo', 'text', 'bar', undefined], ['hello', 'file', '', 'hello.txt']]);
    expect(result.warnings).toEqual(['Entry 1 (POST http://mockbin.com/har): part "hello" is the file "hello.txt": pick the file again before sending.']);
  });
});

describe('urlWithHarQuery and cookieHeaderOf', () => {
  it('adds only names the URL lacks, gathering repeated names at the first one’s place, in the list’s order (as httpsnippet)', () => {
    expect(urlWithHarQuery('https://h/p?b=url&d=4', [{ name: 'a', value: '1' }, { name: 'b', value: 'har' }, { name: 'c', value: 'x y+z' }, { name: 'a', value: '2' }])).toEqual({
      url: 'https://h/p?a=1&a=2&b=url&c=x%20y%2Bz&d=4',
      added: ['a', 'c'],
    });
  });

  it('reads header values Polly.js records as lists, one line each', () => {
    const har = JSON.stringify({ log: { entries: [{ request: { method: 'GET', url: 'https://h/p', headers: [{ name: 'accept', value: ['*/*'] }, { name: 'x-a', value: ['1', '2'] }] } }] } });
    const result = importHar(har);
    if (!result.ok) throw new Error(result.error.message);
    const request = result.value.collection.items[0];
    expect(request?.kind === 'request' && request.draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual(['accept: */*', 'x-a: 1', 'x-a: 2']);
  });

  it('gives a multipart Content-Type without boundary the boundary its body text opens with', () => {
    const har = JSON.stringify({ method: 'POST', url: 'https://h/up', headers: [{ name: 'content-type', value: 'multipart/form-data' }], postData: { mimeType: 'multipart/form-data', text: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n' } });
    const result = importHar(har);
    if (!result.ok) throw new Error(result.error.message);
    const request = result.value.collection.items[0];
    expect(request?.kind === 'request' && request.draft.headers.map((h) => `${h.name}: ${h.value}`)).toEqual(['content-type: multipart/form-data; boundary=xyz']);
  });

  it('leaves a URL that already has every pair exactly as written', () => {
    const url = 'https://h/p?x=%7e&y=a+b&z';
    expect(urlWithHarQuery(url, [{ name: 'x', value: '~' }, { name: 'y', value: 'a b' }, { name: 'z', value: '' }])).toEqual({ url, added: [] });
  });

  it('finds a name the URL has whether the list spells it as written (Chrome) or decoded (Firefox)', () => {
    const url = 'https://h/?f%5Bx%5D=1&a+b=2&c%2Bd=3&e%20f=4&p%=5';
    const asWritten = ['f%5Bx%5D', 'a+b', 'c%2Bd', 'e%20f', 'p%'].map((name) => ({ name, value: '' }));
    const decoded = ['f[x]', 'a b', 'c+d', 'e f', 'p%'].map((name) => ({ name, value: '' }));
    expect(urlWithHarQuery(url, asWritten)).toEqual({ url, added: [] });
    expect(urlWithHarQuery(url, decoded)).toEqual({ url, added: [] });
  });

  it('writes an empty pair from the list as `=`, as httpsnippet does', () => {
    expect(urlWithHarQuery('https://h/', [{ name: '', value: '' }]).url).toBe('https://h/?=');
  });

  it('encodes cookie names and values with encodeURIComponent, as httpsnippet does', () => {
    expect(cookieHeaderOf([{ name: 'a b', value: 'c=d;e' }, { name: 'f', value: '' }])).toBe('a%20b=c%3Dd%3Be; f=');
  });
});

describe('leniency: what a HAR file may lack', () => {
  it('reads requests without headers, cookies or queryString arrays (or with them null)', () => {
    const result = imported(log([{ request: { method: 'GET', url: 'https://a.test/x' } }, { request: { method: 'DELETE', url: 'https://a.test/y', headers: null, cookies: null, queryString: null } }]));
    expect(requests(result).map((r) => wireOf(r))).toEqual([
      { method: 'GET', url: 'https://a.test/x', headers: [] },
      { method: 'DELETE', url: 'https://a.test/y', headers: [] },
    ]);
    expect(result.skipped).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('reads a bare HAR request and a bare entry, as httpsnippet does', () => {
    expect(requests(imported({ method: 'GET', url: 'https://a.test/one' }))[0]!.draft.url).toBe('https://a.test/one');
    expect(requests(imported({ request: { method: 'GET', url: 'https://a.test/two' } }))[0]!.draft.url).toBe('https://a.test/two');
  });

  it('names a bad field of a bare request by its own path', () => {
    const result = imported({ method: 'POST', url: 'https://a.test/', postData: 'a=1' });
    expect(result.skipped).toEqual([{ item: 'Entry 1 (POST https://a.test/)', reason: 'postData is text, not an object' }]);
  });

  it('reads a list of entries, skipping the bad ones by their place in the list', () => {
    const result = imported([{ request: { method: 'GET', url: 'https://a.test/1' } }, { request: { method: 'GET', url: 'https://a.test/2', postData: [] } }]);
    expect(requests(result).map((r) => r.draft.url)).toEqual(['https://a.test/1']);
    expect(result.skipped).toEqual([{ item: 'Entry 2 (GET https://a.test/2)', reason: '[1].request.postData is a list, not an object' }]);
  });

  it('reads number and boolean values as text and a missing value as empty', () => {
    const result = imported(log([{ request: { method: 'GET', url: 'https://a.test/', headers: [{ name: 'X-Count', value: 3 }, { name: 'X-On', value: true }, { name: 'X-Empty' }] } }]));
    expect(wireOf(requests(result)[0]).headers).toEqual([{ name: 'X-Count', value: '3' }, { name: 'X-On', value: 'true' }, { name: 'X-Empty', value: '' }]);
  });

  it('reads another or a missing version as HAR 1.2, and says so', () => {
    const result = imported(log([{ request: { method: 'GET', url: 'https://a.test/' } }], { version: '2.0' }));
    expect(requests(result)).toHaveLength(1);
    expect(result.warnings).toEqual(['The file says HAR version 2.0; it was read as HAR 1.2.']);
    expect(imported({ log: { entries: [] } }).warnings).toEqual([]);
    expect(imported({ log: { version: 1.2, entries: [] } }).warnings).toEqual([]);
    expect(imported({ log: { version: '1.1', entries: [] } }).warnings).toEqual([]);
  });

  it('imports a log without entries as an empty collection, and says so', () => {
    const result = imported({ log: { version: '1.2', creator: { name: 'x' } } });
    expect(result.collection.items).toEqual([]);
    expect(result.warnings).toEqual(['The file has no log.entries: there are no requests in it.']);
  });
});

describe('leniency: one bad item costs only itself', () => {
  it('skips a bad entry naming its number, method, URL and field; the others import', () => {
    const result = imported(
      log([
        { request: { method: 'GET', url: 'https://a.test/ok' } },
        { request: { method: 'POST', url: 42 } },
        { request: { url: 'https://a.test/no-method?token=s3cret' } },
        { request: { method: 'GET /x HTTP/1.1', url: 'https://a.test/' } },
        { response: { status: 200 } },
        'not an entry',
        { request: { method: 'POST', url: 'https://a.test/body', postData: { mimeType: 'application/json', text: { a: 1 } } } },
        { request: { method: 'POST', url: 'https://a.test/params', postData: { params: 'a=1' } } },
        { request: { method: 'GET', url: 'https://a.test/ok2' } },
      ]),
    );
    expect(requests(result).map((r) => r.draft.url)).toEqual(['https://a.test/ok', 'https://a.test/ok2']);
    expect(result.skipped).toEqual([
      { item: 'Entry 2 (POST (no URL))', reason: 'log.entries[1].request.url is a number, not a URL' },
      { item: 'Entry 3 ((no method) https://a.test/no-method?…)', reason: 'log.entries[2].request.method is missing' },
      { item: 'Entry 4 (GET /x HTTP/1.1 https://a.test/)', reason: `log.entries[3].request.method is "GET /x HTTP/1.1", not an HTTP method name (letters, digits and !#$%&'*+-.^_\`|~ only)` },
      { item: 'Entry 5 ((no method) (no URL))', reason: 'log.entries[4].request is missing' },
      { item: 'Entry 6 ((no method) (no URL))', reason: 'log.entries[5] is text, not an entry object' },
      { item: 'Entry 7 (POST https://a.test/body)', reason: 'log.entries[6].request.postData.text is an object, not the body as text' },
      { item: 'Entry 8 (POST https://a.test/params)', reason: 'log.entries[7].request.postData.params is text, not a list' },
    ]);
  });

  it('never shows query values (tokens) in the report', () => {
    const result = imported(log([{ request: { method: 'GET', url: 'https://a.test/x?token=s3cret#frag', headers: 'Accept: */*' } }]));
    expect(JSON.stringify([result.skipped, result.warnings])).not.toContain('s3cret');
  });

  it('leaves out a bad header, cookie, query pair or param with a warning naming the entry and field; the request imports', () => {
    const result = imported(
      log([
        {
          request: {
            method: 'POST',
            url: 'https://a.test/f',
            headers: [{ name: 'Accept', value: '*/*' }, { value: 'no name' }, { name: 'X-Obj', value: { a: 1 } }, { name: 7, value: 'x' }],
            cookies: 'sid=1',
            queryString: [null],
            postData: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'a', value: '1' }, { value: '2' }, { name: 'b', value: [1] }] },
          },
        },
      ]),
    );
    const wire = wireOf(requests(result)[0]);
    expect(wire.headers.find((h) => h.name === 'Accept')).toEqual({ name: 'Accept', value: '*/*' });
    expect(bodyText(wire)).toBe('a=1');
    expect(result.warnings).toEqual([
      'Entry 1 (POST https://a.test/f): request.headers[1] has no name; left out.',
      'Entry 1 (POST https://a.test/f): request.headers[2] has a value that is an object; left out.',
      'Entry 1 (POST https://a.test/f): request.headers[3] has a name that is a number; left out.',
      'Entry 1 (POST https://a.test/f): request.cookies is text, not a list; left out.',
      'Entry 1 (POST https://a.test/f): request.queryString[0] is null; left out.',
      'Entry 1 (POST https://a.test/f): request.postData.params[1] has no text name; left out.',
      'Entry 1 (POST https://a.test/f): request.postData.params[2] ("b") has a value that is a list; left out.',
    ]);
  });

  it('reports form params read as a form body under another media type', () => {
    const result = imported(log([{ request: { method: 'POST', url: 'https://a.test/', postData: { mimeType: 'text/plain', params: [{ name: 'a', value: '1' }] } } }]));
    expect(requests(result)[0]!.draft.body.kind).toBe('form');
    expect(result.warnings).toEqual(['Entry 1 (POST https://a.test/): request.postData.params sent as a form body (application/x-www-form-urlencoded), though the media type is "text/plain".']);
  });
});

describe('refused: only what is not HAR at all, saying what it looks like', () => {
  const refusal = (document: unknown) => {
    const result = importHar(JSON.stringify(document));
    if (result.ok) throw new Error('expected a refusal');
    return result.error;
  };

  it.each([
    [{ info: { name: 'x', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item: [] }, 'a Postman collection (import it as Postman)'],
    [{ openapi: '3.0.0', info: {}, paths: {} }, 'an OpenAPI document (import it as OpenAPI)'],
    [{ swagger: '2.0' }, 'a Swagger 2.0 document'],
    [{ _type: 'export', resources: [] }, 'an Insomnia export'],
    [{ log: 'text' }, 'a document whose "log" is text, not an object with "entries"'],
    [{ name: 'x', items: [] }, 'a JSON object with "name", "items" but no "log"'],
    [[1, 2], 'a JSON document holding a list'],
  ])('%j', (document, looksLike) => {
    const error = refusal(document);
    expect(error.kind).toBe('not-har');
    expect(error.message).toBe(`This is not a HAR file: it looks like ${looksLike}. A HAR file is a JSON object with "log": { "entries": […] }.`);
  });

  it('refuses entries that are not a list, naming the field', () => {
    const error = refusal({ log: { entries: { request: {} } } });
    expect(error).toMatchObject({ kind: 'schema', field: 'log.entries' });
    expect(error.message).toBe("This HAR file's log.entries is an object, not a list of entries, so there is nothing to import.");
  });
});
