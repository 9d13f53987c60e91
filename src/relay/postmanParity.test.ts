import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayRequestMeta } from '../core';
import { sendInProcess } from './inProcess';

/**
 * What the relay does as Postman does for requests from Postman collections. Redirects followed by Postman's rules (postman-request's redirect.js, protocolProfileBehavior
 * followOriginalHttpMethod, removeRefererHeaderOnRedirect, maxRedirects) against a loopback
 * target that echoes what the followed request carried.
 */
let upstream: http.Server;
let target = '';

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/raw') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end(req.url);
      return;
    }
    const hop = url.pathname.match(/^\/r\/(\d{3})\/(\d+)$/);
    if (hop) {
      req.resume();
      const n = Number(hop[2]);
      res.writeHead(Number(hop[1]), { Location: n > 1 ? `/r/${hop[1]}/${n - 1}` : '/echo' });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, referer: req.headers.referer ?? null, body: Buffer.concat(chunks).toString('utf8') }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

async function follow(meta: Partial<RelayRequestMeta> & { url: string }, body = 'payload'): Promise<{ method: string; referer: string | null; body: string; hops: number }> {
  const result = await sendInProcess({ method: 'DELETE', headers: [{ name: 'Content-Type', value: 'text/plain' }], followRedirects: true, ...meta }, new TextEncoder().encode(body));
  if (result.error) throw new Error(result.error.message);
  return { ...(JSON.parse(new TextDecoder().decode(result.body)) as { method: string; referer: string | null; body: string }), hops: result.hops.length };
}

describe("redirects by Postman's rules", () => {
  it('turns every redirect but 307/308 into a GET without the body and names the previous URL as Referer', async () => {
    const got = await follow({ url: `${target}/r/302/1`, postmanRedirects: { followOriginalMethod: false, removeReferer: false } });
    expect(got).toEqual({ method: 'GET', referer: `${target}/r/302/1`, body: '', hops: 1 });
    const kept = await follow({ url: `${target}/r/307/1`, postmanRedirects: { followOriginalMethod: false, removeReferer: false } });
    expect(kept).toMatchObject({ method: 'DELETE', body: 'payload' });
  });

  it('followOriginalMethod keeps method and body; removeReferer adds none and keeps the request’s own', async () => {
    const original = await follow({ url: `${target}/r/302/1`, postmanRedirects: { followOriginalMethod: true, removeReferer: true } });
    expect(original).toEqual({ method: 'DELETE', referer: null, body: 'payload', hops: 1 });
    const own = await follow({ url: `${target}/r/302/1`, method: 'GET', headers: [{ name: 'Referer', value: 'INITIAL_REFERER' }], postmanRedirects: { followOriginalMethod: false, removeReferer: true } }, '');
    expect(own.referer).toBe('INITIAL_REFERER');
  });

  it("browsers' rules stay the default: a 302 keeps DELETE and adds no Referer", async () => {
    expect(await follow({ url: `${target}/r/302/1` })).toMatchObject({ method: 'DELETE', referer: null });
  });

  it('maxRedirects is the limit: 11 followed when allowed, stopped after 10 by default', async () => {
    expect((await follow({ url: `${target}/r/302/11`, maxRedirects: 11, postmanRedirects: { followOriginalMethod: false, removeReferer: false } })).hops).toBe(11);
    await expect(follow({ url: `${target}/r/302/11` })).rejects.toThrow(/Stopped after 10 redirects/);
  });
});

describe('the request target as written', () => {
  it('keeps the ? of an empty query (newman sends /get?)', async () => {
    const result = await sendInProcess({ method: 'GET', url: `${target}/raw?`, headers: [] }, null);
    expect(new TextDecoder().decode(result.body)).toBe('/raw?');
    const none = await sendInProcess({ method: 'GET', url: `${target}/raw#frag?`, headers: [] }, null);
    expect(new TextDecoder().decode(none.body)).toBe('/raw');
  });
});
