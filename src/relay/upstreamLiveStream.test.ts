import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performHop } from './upstream';

/** Sends one event, stays quiet for 5 gaps' worth, sends another and ends. */
const GAP_MS = 40;
let server: http.Server;
let origin = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': req.url === '/sse' ? 'text/event-stream; charset=utf-8' : 'text/plain' });
    res.write('data: one\n\n');
    setTimeout(() => res.end('data: two\n\n'), GAP_MS * 5);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function read(path: string, liveStream = false): Promise<{ text: string; error?: Error }> {
  const hop = await performHop({
    method: 'GET',
    url: new URL(origin + path),
    headers: [],
    body: null,
    bodyLength: null,
    tls: { insecure: false, trusted: [] },
    timeoutMs: GAP_MS,
    signal: new AbortController().signal,
    proxy: { mode: 'none' },
    liveStream,
  });
  let text = '';
  try {
    for await (const chunk of hop.response) {
      hop.touch();
      text += String(chunk);
    }
    return { text };
  } catch (error) {
    return { text, error: error as Error };
  } finally {
    hop.finish();
  }
}

describe('the body-gap deadline and live streams', () => {
  it('ends an ordinary body that goes quiet for longer than the gap', async () => {
    const { text, error } = await read('/plain');
    expect(text).toBe('data: one\n\n');
    expect(error?.message).toMatch(/Timed out after 40 ms waiting for the next part of the response body/);
  });

  it('lets a text/event-stream stay quiet: no gap deadline once the head is in', async () => {
    expect(await read('/sse')).toEqual({ text: 'data: one\n\ndata: two\n\n' });
  });

  it('lets any response stay quiet when the request asks for a live stream', async () => {
    expect(await read('/plain', true)).toEqual({ text: 'data: one\n\ndata: two\n\n' });
  });

  it('still cancels a live stream', async () => {
    const controller = new AbortController();
    const hop = await performHop({
      method: 'GET', url: new URL(`${origin}/sse`), headers: [], body: null, bodyLength: null,
      tls: { insecure: false, trusted: [] }, timeoutMs: GAP_MS, signal: controller.signal, proxy: { mode: 'none' },
    });
    const first = await new Promise<string>((resolve) => hop.response.once('data', (c) => resolve(String(c))));
    expect(first).toBe('data: one\n\n');
    const closed = new Promise((resolve) => hop.response.once('close', resolve));
    controller.abort();
    await closed;
    expect(hop.response.destroyed).toBe(true);
  });
});
