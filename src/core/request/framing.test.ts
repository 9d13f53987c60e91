import { describe, expect, it } from 'vitest';
import { framingHeaders, relayConnectionHeader } from './framing';

const names = (headers: { name: string }[]) => headers.map((h) => h.name);

describe('framingHeaders', () => {
  it('puts Host first, keeps composed headers in order with duplicates, and adds Content-Length last', () => {
    const headers = framingHeaders({
      method: 'POST',
      host: 'api.example.com:8443',
      headers: [{ name: 'X-B', value: '1' }, { name: 'x-a', value: '2' }, { name: 'X-B', value: '3' }],
      hasBody: true,
      bodyLength: 6,
    });
    expect(headers).toEqual([
      { name: 'Host', value: 'api.example.com:8443' },
      { name: 'X-B', value: '1' },
      { name: 'x-a', value: '2' },
      { name: 'X-B', value: '3' },
      { name: 'Content-Length', value: '6' },
    ]);
  });

  it('adds nothing for a bodiless GET, HEAD, DELETE, OPTIONS, TRACE or CONNECT', () => {
    for (const method of ['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']) {
      expect(names(framingHeaders({ method, host: 'h', headers: [], hasBody: false, bodyLength: 0 }))).toEqual(['Host']);
    }
  });

  it('frames an empty POST, PUT, PATCH or extension method as Content-Length: 0, never chunked', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'PURGE']) {
      expect(framingHeaders({ method, host: 'h', headers: [], hasBody: false, bodyLength: null })).toContainEqual({ name: 'Content-Length', value: '0' });
    }
  });

  it('uses chunked transfer coding only for a body of unknown length', () => {
    expect(framingHeaders({ method: 'PUT', host: 'h', headers: [], hasBody: true, bodyLength: null }).at(-1)).toEqual({ name: 'Transfer-Encoding', value: 'chunked' });
  });

  it('never replaces a composed Host, Content-Length or Transfer-Encoding', () => {
    const composed = [{ name: 'host', value: 'other' }, { name: 'content-length', value: '99' }];
    expect(framingHeaders({ method: 'POST', host: 'h', headers: composed, hasBody: true, bodyLength: 3 })).toEqual(composed);
    const chunked = [{ name: 'Transfer-Encoding', value: 'chunked' }];
    expect(names(framingHeaders({ method: 'POST', host: 'h', headers: chunked, hasBody: true, bodyLength: 3 }))).toEqual(['Host', 'Transfer-Encoding']);
  });
});

describe('relayConnectionHeader', () => {
  it('is keep-alive unless a Connection header was composed', () => {
    expect(relayConnectionHeader([])).toEqual({ name: 'Connection', value: 'keep-alive' });
    expect(relayConnectionHeader([{ name: 'connection', value: 'close' }])).toBeUndefined();
  });
});
