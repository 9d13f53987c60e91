import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/listen';
import { callRelay } from './relayClient';
import { sendInProcess } from './inProcess';

const TOKEN = 'stale-token';
let wb: RunningServer;
let server: net.Server;
let target = '';
let connections = 0;

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  // Answers the first request on each connection and keeps it open; a second request on the
  // same connection is met by a reset, as when a server closes an idle keep-alive socket.
  server = net.createServer((socket) => {
    connections++;
    let served = 0;
    socket.on('data', () => {
      served++;
      if (served === 1) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
      else socket.destroy();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`;
});

afterAll(async () => {
  await wb.close();
  await new Promise((r) => server.close(r));
});

it('sends once more on a fresh connection when a reused keep-alive socket dies unanswered', async () => {
  const first = await callRelay({ method: 'GET', url: target, headers: [] }, { base: wb.origin, token: TOKEN, collect: true });
  expect(first.body?.toString()).toBe('ok');
  const second = await callRelay({ method: 'GET', url: target, headers: [] }, { base: wb.origin, token: TOKEN, collect: true });
  expect(second.error).toBeUndefined();
  expect(second.body?.toString()).toBe('ok');
  expect(connections).toBe(2);
});

/**
 * A target whose sockets the test can reset at a chosen moment: each request (Content-Length
 * bodies only) is answered 200 with the number of body bytes it got, kept alive; `/pair`
 * answers are held until two connections each have one waiting, so the pool gets two sockets.
 */
function resettableTarget() {
  const open = new Set<net.Socket>();
  const held: (() => void)[] = [];
  const seen = { connections: 0, bodies: [] as number[] };
  const srv = net.createServer((socket) => {
    seen.connections++;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        buffered = buffered.subarray(end + 4 + length);
        seen.bodies.push(length);
        const answer = () => socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${String(length).length}\r\nConnection: keep-alive\r\n\r\n${length}`);
        if (!head.startsWith('GET /pair ')) answer();
        else if (held.push(answer) === 2) held.splice(0).forEach((a) => a());
      }
    });
  });
  return {
    seen,
    listen: () => new Promise<string>((r) => srv.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(srv.address() as net.AddressInfo).port}`))),
    /** Resets every open connection at once (RST now, not a FIN after a loop turn), as a target closing idle keep-alive sockets. */
    resetAll: () => open.forEach((s) => s.resetAndDestroy()),
    close: () => {
      open.forEach((s) => s.destroy());
      return new Promise((r) => srv.close(r));
    },
  };
}

/** One turn of the event loop, so a finished response's socket is back in the relay's pool. */
const turn = () => new Promise((r) => setImmediate(r));

describe('kept-alive sockets the target has closed, reused in the same turn', () => {
  it('a GET goes on to a fresh connection even when the retry also finds a dead socket', async () => {
    const t = resettableTarget();
    const origin = await t.listen();
    const pair = await Promise.all([0, 1].map(() => sendInProcess({ method: 'GET', url: `${origin}/pair`, headers: [] })));
    expect(pair.map((r) => r.error)).toEqual([undefined, undefined]);
    expect(t.seen.connections).toBe(2);
    await turn();
    // Both pooled sockets die before the relay can read their end: the first try and the
    // first retry each take one.
    t.resetAll();
    const after = await sendInProcess({ method: 'GET', url: `${origin}/after`, headers: [] });
    expect(after.error).toBeUndefined();
    expect(after.body.toString()).toBe('0');
    expect(t.seen.connections).toBe(3);
    await t.close();
  });

  it('a streamed upload is sent again on a fresh connection when none of its bytes was taken', async () => {
    const t = resettableTarget();
    const origin = await t.listen();
    expect((await sendInProcess({ method: 'GET', url: `${origin}/first`, headers: [] })).error).toBeUndefined();
    await turn();
    t.resetAll();
    const size = 64 * 1024;
    const upload = await sendInProcess({ method: 'POST', url: `${origin}/upload`, headers: [] }, Readable.from([Buffer.alloc(size, 0x61)]), { bodyLength: size });
    expect(upload.error).toBeUndefined();
    expect(upload.body.toString()).toBe(String(size));
    expect(t.seen.connections).toBe(2);
    expect(upload.summary?.sizes.requestBody).toBe(size);
    await t.close();
  });
});
