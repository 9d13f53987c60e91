/**
 * Informational (1xx) responses never keep an exchange open: the final head must come within
 * the deadline whatever 1xx came before it, and more than `MAX_INFORMATIONAL_RESPONSES` of them
 * end the hop. Against real loopback servers over HTTP/1.1 (raw TCP, writing 103 / 100 heads)
 * and HTTP/2 (h2c, `additionalHeaders`). No elapsed time is asserted (the suite holds on a
 * loaded machine): the error's kind and code, and that the target saw the end; before the
 * change these exchanges never ended, which the test's timeout catches.
 */
import http2 from 'node:http2';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainRelayFailure, type RelayRequestMeta } from '../core';
import { startServer, type RunningServer } from '../server/listen';
import { MAX_INFORMATIONAL_RESPONSES } from './failures';
import { callRelay } from './relayClient';

const TOKEN = 'test-token-relay-informational';
const DEADLINE_MS = 1000;
let wb: RunningServer;
const closers: Array<() => Promise<void>> = [];

const relay = (meta: Partial<RelayRequestMeta> & { url: string }) =>
  callRelay({ method: 'GET', headers: [], ...meta } as RelayRequestMeta, { base: wb.origin, token: TOKEN, collect: true });

/** An HTTP/1.1 server writing raw heads; `ended` resolves when the relay's connection to it closes. */
async function rawServer(onRequest: (socket: net.Socket) => () => void): Promise<{ port: number; ended: Promise<void> }> {
  let endedResolve!: () => void;
  const ended = new Promise<void>((r) => (endedResolve = r));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => {
      const stop = onRequest(socket);
      socket.once('close', () => {
        stop();
        endedResolve();
      });
    });
  });
  closers.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  return { port, ended };
}

/** 1xx heads every 200 ms, for as long as the connection lasts. */
const forever = (head: string) => (socket: net.Socket) => {
  socket.write(head);
  const timer = setInterval(() => socket.writable && socket.write(head), 200);
  return () => clearInterval(timer);
};

/** An h2c server whose streams get what `onStream` does; `ended` resolves when the relay's stream closes. */
async function h2cServer(onStream: (stream: http2.ServerHttp2Stream) => () => void): Promise<{ port: number; ended: Promise<number> }> {
  let endedResolve!: (code: number) => void;
  const ended = new Promise<number>((r) => (endedResolve = r));
  const server = http2.createServer();
  server.on('stream', (stream) => {
    stream.on('error', () => undefined);
    const stop = onStream(stream);
    stream.once('close', () => {
      stop();
      endedResolve(stream.rstCode);
    });
  });
  closers.push(() => new Promise((r) => server.close(() => r())));
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  return { port, ended };
}

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
});

afterAll(async () => {
  await wb.close();
  for (const close of closers) await close();
});

describe('informational responses over HTTP/1.1', () => {
  it.each([
    ['103 Early Hints', 'HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n'],
    ['100 Continue', 'HTTP/1.1 100 Continue\r\n\r\n'],
  ])('a %s every 200 ms without end is a head timeout within the deadline, and the connection is closed', async (_name, head) => {
    const target = await rawServer(forever(head));
    const result = await relay({ url: `http://127.0.0.1:${target.port}/`, timeoutMs: DEADLINE_MS });
    expect(result.head).toBeUndefined();
    expect(result.error).toMatchObject({ kind: 'timeout', phase: 'head', code: 'WB_INFORMATIONAL_DEADLINE' });
    expect(result.error?.message).toMatch(/informational \(1xx\) responses? but no final one/);
    expect(explainRelayFailure(result.error!).title).toBe('No final response in time');
    await target.ended;
  }, 20_000);

  it(`more than ${MAX_INFORMATIONAL_RESPONSES} informational responses at once end the hop with the limit error`, async () => {
    const target = await rawServer((socket) => {
      socket.write('HTTP/1.1 103 Early Hints\r\nLink: </a.js>; rel=preload\r\n\r\n'.repeat(40));
      return () => undefined;
    });
    const result = await relay({ url: `http://127.0.0.1:${target.port}/`, timeoutMs: 30_000 });
    expect(result.head).toBeUndefined();
    expect(result.error).toMatchObject({ kind: 'too_large', code: 'WB_INFORMATIONAL_LIMIT' });
    expect(result.error?.message).toContain(`more than ${MAX_INFORMATIONAL_RESPONSES} informational (1xx) responses`);
    expect(explainRelayFailure(result.error!).title).toBe('Too many informational responses');
    await target.ended;
  }, 20_000);

  it('a few informational responses before the final one are still fine', async () => {
    const target = await rawServer((socket) => {
      socket.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.js>; rel=preload\r\n\r\n');
      const timer = setTimeout(() => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok'), 100);
      return () => clearTimeout(timer);
    });
    const result = await relay({ url: `http://127.0.0.1:${target.port}/`, timeoutMs: 5_000 });
    expect(result.error).toBeUndefined();
    expect(result.head?.status).toBe(200);
    expect(result.body?.toString()).toBe('ok');
  }, 20_000);
});

describe('informational responses over HTTP/2 (h2c)', () => {
  it('a 103 every 200 ms without end is a head timeout within the deadline, and the stream is cancelled', async () => {
    const target = await h2cServer((stream) => {
      const hint = () => !stream.closed && !stream.headersSent && stream.additionalHeaders({ ':status': 103, link: '</style.css>; rel=preload; as=style' });
      hint();
      const timer = setInterval(hint, 200);
      return () => clearInterval(timer);
    });
    const result = await relay({ url: `http://127.0.0.1:${target.port}/`, protocol: 'h2c', timeoutMs: DEADLINE_MS });
    expect(result.head).toBeUndefined();
    expect(result.error).toMatchObject({ kind: 'timeout', phase: 'head', code: 'WB_INFORMATIONAL_DEADLINE' });
    expect(await target.ended).toBe(http2.constants.NGHTTP2_CANCEL);
  }, 20_000);

  it(`more than ${MAX_INFORMATIONAL_RESPONSES} informational header blocks end the stream with the limit error`, async () => {
    const target = await h2cServer((stream) => {
      for (let i = 0; i < 40; i++) stream.additionalHeaders({ ':status': 103, link: `</a${i}.js>; rel=preload` });
      return () => undefined;
    });
    const result = await relay({ url: `http://127.0.0.1:${target.port}/`, protocol: 'h2c', timeoutMs: 30_000 });
    expect(result.head).toBeUndefined();
    expect(result.error).toMatchObject({ kind: 'too_large', code: 'WB_INFORMATIONAL_LIMIT' });
    expect(await target.ended).toBe(http2.constants.NGHTTP2_CANCEL);
  }, 20_000);
});
