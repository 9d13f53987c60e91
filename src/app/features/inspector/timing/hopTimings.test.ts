import { describe, expect, it } from 'vitest';
import type { RelayHop, RelaySummary, RelayTimings } from '../../../../core';
import { describeProxy, describeTls, hopTimings } from './hopTimings';

const timings = (t: Partial<RelayTimings>): RelayTimings => ({ dns: 0, connect: 0, tls: 0, send: 0, firstByte: 0, download: 0, total: 0, reusedConnection: false, ...t });
const tls = { protocol: 'TLSv1.3', cipher: 'TLS_AES_256_GCM_SHA384', authorized: false };
const hop = (url: string, t: Partial<RelayTimings>, secure = true): RelayHop => ({ url, method: 'GET', status: 302, reason: 'Found', location: '/next', headers: [], timings: timings(t), ...(secure ? { tls } : {}) });
const summary = (hops: RelayHop[], t: Partial<RelayTimings>): RelaySummary => ({
  timings: timings(t),
  sizes: { requestHeaders: 0, requestBody: 0, responseHeaders: 0, responseBodyWire: 0, responseBodyDecoded: 0 },
  sent: { method: 'GET', url: 'https://a.test/final', headText: '', headers: [], bodyBytes: 0 },
  hops,
  insecureTls: true,
  tls,
});

describe('hopTimings', () => {
  it('gives each hop its own phases and total, placed on the exchange clock', () => {
    const { hops, total } = hopTimings(
      summary([hop('https://a.test/r/2', { connect: 2, tls: 3, firstByte: 4, total: 10, offset: 0 }), hop('https://a.test/r/1', { firstByte: 5, total: 6, offset: 11, reusedConnection: true })], {
        firstByte: 3,
        download: 1,
        total: 22,
        offset: 18,
        reusedConnection: true,
      }),
      200,
    );
    expect(hops.map((h) => [h.index, h.start, h.timings.total, h.final, h.status])).toEqual([
      [1, 0, 10, false, 302],
      [2, 11, 6, false, 302],
      [3, 18, 4, true, 200],
    ]);
    expect(total).toBe(22);
    expect(hops.every((h) => h.tls?.protocol === 'TLSv1.3')).toBe(true);
  });

  it('lays out records without offsets one after another, the final hop taking the rest', () => {
    const { hops } = hopTimings(summary([hop('http://a.test/r', { total: 7 }, false)], { firstByte: 2, total: 12 }));
    expect(hops.map((h) => [h.start, h.timings.total])).toEqual([
      [0, 7],
      [7, 5],
    ]);
    expect(hops[0]!.tls).toBeUndefined();
  });

  it('is one hop, the whole exchange, without redirects', () => {
    const { hops, total } = hopTimings(summary([], { dns: 1, firstByte: 3, total: 5 }));
    expect(hops).toHaveLength(1);
    expect(hops[0]).toMatchObject({ start: 0, final: true, timings: { total: 5, dns: 1 } });
    expect(total).toBe(5);
  });
});

describe('describeTls', () => {
  it('says plain HTTP, or the protocol, cipher and how the certificate was judged', () => {
    expect(describeTls(undefined, false)).toBe('plain HTTP (no TLS)');
    expect(describeTls(tls, true)).toBe('TLSv1.3, TLS_AES_256_GCM_SHA384, certificate NOT verified');
    expect(describeTls({ ...tls, authorized: true }, false)).toBe('TLSv1.3, TLS_AES_256_GCM_SHA384, certificate verified');
    expect(describeTls(tls, false)).toBe('TLSv1.3, TLS_AES_256_GCM_SHA384, certificate trusted by fingerprint');
  });
});

describe('describeProxy', () => {
  it('says how the proxy was used, where the choice came from, and with which credentials (never the credentials)', () => {
    expect(describeProxy({ url: 'http://proxy:3128', tunnel: true, source: 'environment' })).toBe("http://proxy:3128 (CONNECT tunnel, from the server's environment)");
    expect(describeProxy({ url: 'http://proxy:3128', tunnel: false, source: 'settings', credentials: 'Basic' })).toBe('http://proxy:3128 (the proxy forwarded the request, from the proxy settings, Basic credentials)');
    expect(describeProxy({ url: 'http://proxy:3128', tunnel: true, source: 'settings', credentials: 'Digest', challenged: true })).toBe('http://proxy:3128 (CONNECT tunnel, from the proxy settings, Digest credentials answering its 407 challenge)');
  });
});
