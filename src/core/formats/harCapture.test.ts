import { describe, expect, it } from 'vitest';
import { buildWireRequest } from '../request';
import type { SavedRequest } from '../workspace';
import { importHar, sentHeaderLines } from './harImport';

/** Capture habits undone so the request goes out as the browser sent it (found with the HAR conformance corpus). */

function sentOf(request: Record<string, unknown>) {
  const result = importHar(JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [{ request: { httpVersion: 'h2', cookies: [], queryString: [], ...request } }] } }));
  if (!result.ok) throw new Error(result.error.message);
  const built = buildWireRequest((result.value.collection.items[0] as SavedRequest).draft, {});
  if (!built.ok) throw new Error(built.error.message);
  const { wire } = built.value;
  return { headers: wire.headers.map((h) => `${h.name}: ${h.value}`), body: (wire.body ?? []).join(''), warnings: result.value.warnings };
}

const h = (name: string, value: string) => ({ name, value });

describe('sentHeaderLines', () => {
  it('joins HTTP/2 cookie fields with "; " at the first one\'s place (RFC 9113 §8.2.3)', () => {
    expect(sentHeaderLines([h('cookie', 'a=1'), h('accept', '*/*'), h('cookie', 'b=2'), h('Cookie', 'c=3')], true)).toEqual([h('cookie', 'a=1; b=2; c=3'), h('accept', '*/*')]);
    expect(sentHeaderLines([h('Cookie', 'a=1; b=2')], true)).toEqual([h('Cookie', 'a=1; b=2')]);
  });

  it('keeps several Cookie lines of an HTTP/1.1 capture: they were sent so', () => {
    expect(sentHeaderLines([h('Cookie', 'a=1'), h('Cookie', 'b=2')], false)).toEqual([h('Cookie', 'a=1'), h('Cookie', 'b=2')]);
  });

  it('drops Chrome\'s provisional lines before the pseudo-headers that the sent block repeats, and only those', () => {
    const lines = [h('User-Agent', 'UA'), h('Referer', 'https://a/'), h('X-Only-Here', '1'), h(':method', 'GET'), h('accept', '*/*'), h('referer', 'https://a/'), h('user-agent', 'UA 2')];
    const warnings: string[] = [];
    expect(sentHeaderLines(lines, true, warnings, 'Entry 1').map((l) => l.name)).toEqual(['User-Agent', 'X-Only-Here', ':method', 'accept', 'referer', 'user-agent']);
    expect(warnings).toEqual(["Entry 1: 1 header line listed before the HTTP/2 pseudo-headers and again after them (Chrome's provisional headers) sent once."]);
    expect(sentHeaderLines([h('accept', '*/*'), h('accept', '*/*')], false)).toHaveLength(2);
  });
});

describe('importHar: captures sent as the browser sent them', () => {
  it('sends several HTTP/2 cookie fields as one Cookie header, with a note', () => {
    const sent = sentOf({ method: 'GET', url: 'https://a.test/', headers: [h(':authority', 'a.test'), h('cookie', 'a=1'), h('cookie', 'b=2'), h('accept', '*/*')] });
    expect(sent.headers).toEqual(['cookie: a=1; b=2', 'accept: */*']);
    expect(sent.warnings).toEqual(['Entry 1 (GET https://a.test/): 2 cookie header fields (HTTP/2) joined into one Cookie header, as RFC 9113 §8.2.3 says for HTTP/1.1.']);
  });

  it('sends a JSON body captured only as params as the object they spell, values kept as JSON', () => {
    const params = [{ name: 'type', value: 'A/B' }, { name: 'current', value: { cid: '', sid: false, n: 0 } }, { name: 'none' }];
    const sent = sentOf({ method: 'POST', url: 'https://a.test/log', headers: [h('Content-Type', 'application/json')], postData: { mimeType: 'application/json', params } });
    expect(sent.body).toBe('{"type":"A/B","current":{"cid":"","sid":false,"n":0},"none":null}');
    expect(sent.headers).toEqual(['Content-Type: application/json']);
    expect(sent.warnings).toEqual(['Entry 1 (POST https://a.test/log): the JSON body is given only as request.postData.params; it was sent as the JSON object they spell.']);
  });

  it('keeps a captured JSON text over its params, and form params stay a form', () => {
    expect(sentOf({ method: 'POST', url: 'https://a.test/', headers: [], postData: { mimeType: 'application/json', text: '{"a":1}', params: [{ name: 'b', value: '2' }] } }).body).toBe('{"a":1}');
    expect(sentOf({ method: 'POST', url: 'https://a.test/', headers: [], postData: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'b', value: '2' }] } }).body).toBe('b=2');
  });
});
