import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repeatedBytes } from './byteStream';
import { sendInProcess } from './inProcess';

/** Larger than any loopback socket buffers, so a target that is not read stays unfinished. */
const BIG = 256 * 1024 * 1024;
/** Resolves with whether the target had sent all of /big when its response closed. */
let bigFinished: (finished: boolean) => void = () => undefined;
const bigClosed = new Promise<boolean>((resolve) => (bigFinished = resolve));
let upstream: http.Server;
let target = '';
/** Requests to /hang, so a test can cancel once the target holds the request. */
const hanging: { arrived: (req: http.IncomingMessage) => void } = { arrived: () => undefined };

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/echo') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(201, 'Made', ['Content-Type', 'application/json', 'X-Dup', 'one', 'X-Dup', 'two']);
        res.end(JSON.stringify({ method: req.method, length: req.headers['content-length'] ?? null, body: Buffer.concat(chunks).toString('utf8') }));
      });
      return;
    }
    const redirect = url.pathname.match(/^\/redirect\/(\d+)$/);
    if (redirect) {
      const n = Number(redirect[1]);
      res.writeHead(302, { Location: n > 1 ? `/redirect/${n - 1}` : '/echo' });
      res.end();
      return;
    }
    if (url.pathname === '/big') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(BIG) });
      res.once('close', () => bigFinished(res.writableFinished));
      repeatedBytes(BIG).pipe(res);
      return;
    }
    if (url.pathname === '/hang') {
      hanging.arrived(req);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

describe('sendInProcess: the relay engine without an HTTP hop', () => {
  it('gives the status, reason, headers in wire order, body and summary', async () => {
    const result = await sendInProcess({ method: 'POST', url: `${target}/echo`, headers: [{ name: 'Content-Type', value: 'text/plain' }] }, Buffer.from('héllo'));
    expect(result.error).toBeUndefined();
    expect(result.head).toMatchObject({ status: 201, reason: 'Made', httpVersion: '1.1' });
    expect(result.head!.headers.filter((h) => h.name === 'X-Dup').map((h) => h.value)).toEqual(['one', 'two']);
    expect(JSON.parse(result.body.toString('utf8'))).toEqual({ method: 'POST', length: '6', body: 'héllo' });
    expect(result.summary!.sent.headText).toMatch(/^POST \/echo HTTP\/1\.1\r\nHost: 127\.0\.0\.1:\d+\r\n/);
    expect(result.summary!.sizes.requestBody).toBe(6);
    expect(result.truncated).toBe(false);
  });

  it('streams a body of known length from a Readable', async () => {
    const body = Readable.from([Buffer.from('ab'), Buffer.from('cd')]);
    const result = await sendInProcess({ method: 'PUT', url: `${target}/echo`, headers: [] }, body, { bodyLength: 4 });
    expect(JSON.parse(result.body.toString('utf8'))).toEqual({ method: 'PUT', length: '4', body: 'abcd' });
  });

  it('reports each redirect hop followed, then the final answer', async () => {
    const result = await sendInProcess({ method: 'GET', url: `${target}/redirect/2`, headers: [], followRedirects: true });
    expect(result.hops.map((h) => [h.status, h.location])).toEqual([
      [302, '/redirect/1'],
      [302, '/echo'],
    ]);
    expect(result.head!.status).toBe(201);
    expect(result.summary!.hops).toHaveLength(2);
    expect(result.summary!.sent.url).toBe(`${target}/echo`);
  });

  it('gives a refused connection as a typed error, not a rejection', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const result = await sendInProcess({ method: 'GET', url: `http://127.0.0.1:${port}/`, headers: [] });
    expect(result.error).toMatchObject({ kind: 'refused', code: 'ECONNREFUSED' });
    expect(result.head).toBeUndefined();
    expect(result.summary).toBeUndefined();
  });

  it('checks the description as the relay does: a bad one is a bad_request error', async () => {
    const result = await sendInProcess({ method: 'GE T', url: `${target}/echo`, headers: [] });
    expect(result.error).toMatchObject({ kind: 'bad_request' });
    expect(result.error!.message).toMatch(/not an HTTP token/);
  });

  it('cancels through the signal: an aborted error, and the target sees its connection closed', async () => {
    const controller = new AbortController();
    const closedAtTarget = new Promise<void>((resolve) => {
      hanging.arrived = (req) => {
        req.socket.once('close', () => resolve());
        controller.abort();
      };
    });
    const result = await sendInProcess({ method: 'GET', url: `${target}/hang`, headers: [] }, null, { signal: controller.signal });
    expect(result.error).toMatchObject({ kind: 'aborted' });
    expect(result.summary).toBeUndefined();
    await closedAtTarget;
  });

  it('an already-aborted signal ends as aborted', async () => {
    const result = await sendInProcess({ method: 'GET', url: `${target}/hang`, headers: [] }, null, { signal: AbortSignal.abort() });
    expect(result.error).toMatchObject({ kind: 'aborted' });
    expect(result.head).toBeUndefined();
  });

  it('keeps at most maxBodyBytes: the rest is not read, and the error says too_large, partial', async () => {
    const result = await sendInProcess({ method: 'GET', url: `${target}/big`, headers: [] }, null, { maxBodyBytes: 1000 });
    expect(result.head!.status).toBe(200);
    expect(result.body.length).toBe(1000);
    expect(result.truncated).toBe(true);
    expect(result.error).toMatchObject({ kind: 'too_large', partial: true });
    expect(result.summary).toBeUndefined();
    // The connection was closed with most of the answer unsent.
    expect(await bigClosed).toBe(false);
  });

  it('refuses a maxBodyBytes that is not a byte count', async () => {
    await expect(sendInProcess({ method: 'GET', url: `${target}/echo`, headers: [] }, null, { maxBodyBytes: -1 })).rejects.toThrow(RangeError);
  });
});
