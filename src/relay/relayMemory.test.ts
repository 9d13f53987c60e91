import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repeatedBytes } from './byteStream';
import { startChildServer, type ChildServer } from './childServer';
import { callRelay } from './relayClient';

const SIZE = 200 * 1024 * 1024;
const LIMIT = 64 * 1024 * 1024;

let relay: ChildServer;
let upstream: http.Server;
let target = '';


/** Samples the relay's RSS while `work` runs; returns the peak growth over the baseline. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  const baseline = relay.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, relay.rss())), 20);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, relay.rss()) - baseline;
}

beforeAll(async () => {
  relay = await startChildServer('memory-token');
  upstream = http.createServer((req, res) => {
    if (req.url === '/big') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': SIZE });
      repeatedBytes(SIZE).pipe(res);
      return;
    }
    let count = 0;
    req.on('data', (c: Buffer) => (count += c.length));
    req.on('end', () => res.end(String(count)));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // Warm up both directions so lazily loaded code is not counted as growth.
  await callRelay({ method: 'GET', url: `${target}/small`, headers: [] }, { base: relay.origin, token: relay.token });
  await callRelay({ method: 'POST', url: `${target}/sink`, headers: [] }, { base: relay.origin, token: relay.token, body: Buffer.alloc(1 << 20) });
});

afterAll(async () => {
  await relay.stop();
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

describe('relay memory stays flat', () => {
  it(`streams a ${SIZE >> 20} MB download with RSS growth under ${LIMIT >> 20} MB`, async () => {
    let bytes = 0;
    const growth = await peakGrowth(async () => {
      const result = await callRelay({ method: 'GET', url: `${target}/big`, headers: [] }, { base: relay.origin, token: relay.token });
      expect(result.error).toBeUndefined();
      bytes = result.bodyBytes;
    });
    expect(bytes).toBe(SIZE);
    expect(growth).toBeLessThan(LIMIT);
  });

  it(`streams a ${SIZE >> 20} MB upload with RSS growth under ${LIMIT >> 20} MB`, async () => {
    let answer = '';
    const growth = await peakGrowth(async () => {
      const result = await callRelay(
        { method: 'POST', url: `${target}/sink`, headers: [{ name: 'Content-Type', value: 'application/octet-stream' }] },
        { base: relay.origin, token: relay.token, body: repeatedBytes(SIZE), bodyLength: SIZE, collect: true },
      );
      expect(result.error).toBeUndefined();
      answer = result.body!.toString();
      expect(result.summary!.sizes.requestBody).toBe(SIZE);
    });
    expect(answer).toBe(String(SIZE));
    expect(growth).toBeLessThan(LIMIT);
  });
});
