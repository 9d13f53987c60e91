import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/listen';
import { callRelay } from './relayClient';

const TOKEN = 'test-token-relay';
let wb: RunningServer;
let upstream: http.Server;
let target = '';

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  upstream = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/echo-head') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(200, 'Totally Fine', ['Content-Type', 'application/json', 'Set-Cookie', 'a=1; Path=/', 'X-Dup', 'one', 'Set-Cookie', 'b=2', 'X-Dup', 'two']);
        res.end(JSON.stringify({ method: req.method, raw: req.rawHeaders, body: Buffer.concat(chunks).toString('utf8') }));
      });
      return;
    }
    if (url.pathname === '/hang') return; // never answers
    if (url.pathname === '/slow-body') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first');
      return; // then silence
    }
    const redirect = url.pathname.match(/^\/redirect\/(\d+)$/);
    if (redirect) {
      const n = Number(redirect[1]);
      res.writeHead(302, { Location: n > 1 ? `/redirect/${n - 1}` : '/echo-head' });
      res.end();
      return;
    }
    res.writeHead(404);
    res.end();
  });
  target = await listen(upstream);
});

afterAll(async () => {
  await wb.close();
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

describe('relay: what goes out', () => {
  it('keeps header order and duplicates, adds only Host and Content-Length, reports the exact head', async () => {
    const result = await callRelay(
      {
        method: 'POST',
        url: `${target}/echo-head?q=1`,
        headers: [
          { name: 'X-B', value: '1' },
          { name: 'x-a', value: '2' },
          { name: 'X-B', value: '3' },
          { name: 'Content-Type', value: 'text/plain' },
        ],
      },
      { base: wb.origin, token: TOKEN, body: Buffer.from('héllo'), collect: true },
    );
    expect(result.error).toBeUndefined();
    const echoed = JSON.parse(result.body!.toString('utf8'));
    const names: string[] = echoed.raw.filter((_: string, i: number) => i % 2 === 0);
    expect(names).toEqual(['Host', 'X-B', 'x-a', 'X-B', 'Content-Type', 'Content-Length', 'Connection']);
    expect(echoed.raw[echoed.raw.indexOf('Content-Length') + 1]).toBe('6');
    expect(echoed.body).toBe('héllo');
    expect(result.summary!.sent.headText).toMatch(/^POST \/echo-head\?q=1 HTTP\/1\.1\r\nHost: 127\.0\.0\.1:\d+\r\nX-B: 1\r\nx-a: 2\r\nX-B: 3\r\n/);
    expect(result.summary!.sizes.requestBody).toBe(6);
  });

  it('sends extension methods; an empty body is framed as Content-Length: 0, never chunked', async () => {
    const result = await callRelay({ method: 'PURGE', url: `${target}/echo-head`, headers: [] }, { base: wb.origin, token: TOKEN, collect: true });
    const echoed = JSON.parse(result.body!.toString('utf8'));
    expect(echoed.method).toBe('PURGE');
    expect(echoed.raw).not.toContain('Transfer-Encoding');
    expect(echoed.raw[echoed.raw.indexOf('Content-Length') + 1]).toBe('0');
  });

  it('adds no framing header to a GET without body', async () => {
    const result = await callRelay({ method: 'GET', url: `${target}/echo-head`, headers: [] }, { base: wb.origin, token: TOKEN, collect: true });
    const echoed = JSON.parse(result.body!.toString('utf8'));
    expect(echoed.raw.filter((_: string, i: number) => i % 2 === 0)).toEqual(['Host', 'Connection']);
  });

  it('returns status, the reason phrase as received, duplicates kept apart, timings and sizes', async () => {
    const result = await callRelay({ method: 'GET', url: `${target}/echo-head`, headers: [] }, { base: wb.origin, token: TOKEN, collect: true });
    expect(result.head!.status).toBe(200);
    expect(result.head!.reason).toBe('Totally Fine');
    expect(result.head!.httpVersion).toBe('1.1');
    expect(result.head!.headers.filter((h) => h.name === 'Set-Cookie').map((h) => h.value)).toEqual(['a=1; Path=/', 'b=2']);
    expect(result.head!.headers.filter((h) => h.name === 'X-Dup').map((h) => h.value)).toEqual(['one', 'two']);
    expect(result.head!.remoteAddress).toBe('127.0.0.1');
    const { timings, sizes } = result.summary!;
    for (const k of ['dns', 'connect', 'tls', 'send', 'firstByte', 'download', 'total'] as const) expect(timings[k]).toBeGreaterThanOrEqual(0);
    expect(timings.total).toBeGreaterThanOrEqual(timings.firstByte);
    expect(sizes.responseBodyWire).toBe(result.body!.length);
    expect(sizes.responseHeaders).toBeGreaterThan(50);
  });
});

describe('relay: failures are typed', () => {
  it('refused', async () => {
    const closed = http.createServer();
    const url = await listen(closed);
    await new Promise((r) => closed.close(r));
    const result = await callRelay({ method: 'GET', url, headers: [] }, { base: wb.origin, token: TOKEN });
    expect(result.error?.kind).toBe('refused');
  });

  it('dns', async () => {
    const result = await callRelay({ method: 'GET', url: 'http://no-such-host.invalid/', headers: [] }, { base: wb.origin, token: TOKEN });
    expect(result.error?.kind).toBe('dns');
  });

  it('timeout waiting for the head, and between body chunks', async () => {
    const head = await callRelay({ method: 'GET', url: `${target}/hang`, headers: [], timeoutMs: 300 }, { base: wb.origin, token: TOKEN });
    expect(head.error?.kind).toBe('timeout');
    const body = await callRelay({ method: 'GET', url: `${target}/slow-body`, headers: [], timeoutMs: 300 }, { base: wb.origin, token: TOKEN, collect: true });
    expect(body.head?.status).toBe(200);
    expect(body.error).toMatchObject({ kind: 'timeout', partial: true });
  });

  it('bad_request for a bad URL, method or header, without contacting anyone', async () => {
    const url = await callRelay({ method: 'GET', url: 'not a url', headers: [] }, { base: wb.origin, token: TOKEN });
    expect(url.error?.kind).toBe('bad_request');
    const method = await callRelay({ method: 'GE T', url: target, headers: [] }, { base: wb.origin, token: TOKEN });
    expect(method.error?.kind).toBe('bad_request');
    const header = await callRelay({ method: 'GET', url: target, headers: [{ name: 'X', value: 'a\r\nInjected: 1' }] }, { base: wb.origin, token: TOKEN });
    expect(header.error).toMatchObject({ kind: 'bad_request' });
    expect(header.error!.message).toMatch(/CR, LF/);
    const scheme = await callRelay({ method: 'GET', url: 'ftp://example.com/', headers: [] }, { base: wb.origin, token: TOKEN });
    expect(scheme.error?.kind).toBe('bad_request');
  });

  it('cancel aborts the upstream request', async () => {
    let upstreamClosed = false;
    const hold = http.createServer((req) => req.on('close', () => (upstreamClosed = true)));
    const url = await listen(hold);
    const controller = new AbortController();
    const pending = callRelay({ method: 'GET', url, headers: [] }, { base: wb.origin, token: TOKEN, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 200));
    controller.abort();
    await pending;
    await expect.poll(() => upstreamClosed, { timeout: 3000 }).toBe(true);
    hold.closeAllConnections();
    await new Promise((r) => hold.close(r));
  });
});

describe('relay: redirects', () => {
  it('does not follow by default', async () => {
    const result = await callRelay({ method: 'GET', url: `${target}/redirect/2`, headers: [] }, { base: wb.origin, token: TOKEN });
    expect(result.head?.status).toBe(302);
    expect(result.hops).toHaveLength(0);
  });

  it('reports every hop when following', async () => {
    const result = await callRelay(
      { method: 'POST', url: `${target}/redirect/3`, headers: [], followRedirects: true },
      { base: wb.origin, token: TOKEN, body: Buffer.from('x'), collect: true },
    );
    expect(result.hops.map((h) => [h.status, h.location])).toEqual([
      [302, '/redirect/2'],
      [302, '/redirect/1'],
      [302, '/echo-head'],
    ]);
    expect(result.hops[0]!.method).toBe('POST');
    expect(result.head?.status).toBe(200);
    // 302 after POST turns into GET without a body, as user agents do (RFC 9110 §15.4.3).
    expect(JSON.parse(result.body!.toString()).method).toBe('GET');
    expect(result.summary!.sent.url).toBe(`${target}/echo-head`);
  });
});

describe('the guard in front of /api', () => {
  it('refuses a foreign Host (DNS rebinding) with 403', async () => {
    const result = await callRelay({ method: 'GET', url: target, headers: [] }, { base: wb.origin, token: TOKEN, headers: { host: `evil.example:${wb.port}` } });
    expect(result.relayStatus).toBe(403);
  });

  it('refuses a foreign Origin with 403, and accepts its own', async () => {
    const foreign = await callRelay({ method: 'GET', url: `${target}/echo-head`, headers: [] }, { base: wb.origin, token: TOKEN, headers: { origin: 'https://evil.example' } });
    expect(foreign.relayStatus).toBe(403);
    const own = await callRelay({ method: 'GET', url: `${target}/echo-head`, headers: [] }, { base: wb.origin, token: TOKEN, headers: { origin: wb.origin } });
    expect(own.relayStatus).toBe(200);
  });

  it('refuses a missing or wrong token with 401, and sends no CORS headers', async () => {
    const missing = await callRelay({ method: 'GET', url: target, headers: [] }, { base: wb.origin });
    expect(missing.relayStatus).toBe(401);
    const wrong = await callRelay({ method: 'GET', url: target, headers: [] }, { base: wb.origin, token: 'nope' });
    expect(wrong.relayStatus).toBe(401);
    const preflight = await fetch(`${wb.origin}/api/relay`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.status).toBe(403);
  });
});

describe('sandbox echo through the relay', () => {
  it('answers with what arrived: args with repeated keys as lists, headers in order, form, sha256 of parts', async () => {
    const boundary = 'XyZ123';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\nContent-Type: application/octet-stream\r\n\r\nBYTES\r\n--${boundary}--\r\n`,
    );
    const result = await callRelay(
      {
        method: 'POST',
        url: `${wb.origin}/sandbox/anything/x/y?id=1&id=2&q=a+b`,
        headers: [
          { name: 'Content-Type', value: `multipart/form-data; boundary=${boundary}` },
          { name: 'X-First', value: '1' },
        ],
      },
      { base: wb.origin, token: TOKEN, body, collect: true },
    );
    const echo = JSON.parse(result.body!.toString());
    expect(echo.method).toBe('POST');
    expect(echo.args).toEqual({ id: ['1', '2'], q: 'a b' });
    expect(echo.url).toBe(`${wb.origin}/sandbox/anything/x/y?id=1&id=2&q=a+b`);
    expect(echo.headerList.map((h: { name: string }) => h.name).slice(0, 3)).toEqual(['Host', 'Content-Type', 'X-First']);
    const file = echo.parts.find((p: { name: string }) => p.name === 'file');
    expect(file).toMatchObject({ filename: 'f.bin', size: 5, sha256: createHash('sha256').update('BYTES').digest('hex') });
    expect(echo.parts.find((p: { name: string }) => p.name === 'meta')).toMatchObject({ contentType: 'application/json', value: '{"a":1}' });
  });
});
