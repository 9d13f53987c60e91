import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server/listen';
import { callRelay } from './relayClient';

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
