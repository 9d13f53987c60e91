import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedHostsFor } from './guard';
import { createUpgradeHandler, type UpgradeRoute } from './upgrade';

/** Sends a raw upgrade request and resolves with the first line the server wrote back. */
function rawUpgrade(port: number, path: string, host = `127.0.0.1:${port}`): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) {
        socket.destroy();
        resolve(text.split('\r\n')[0]!);
      }
    });
    socket.on('error', reject);
  });
}

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(routes: UpgradeRoute[]): Promise<number> {
  server = http.createServer((_req, res) => res.end());
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const onUpgrade = createUpgradeHandler({ allowedHosts: allowedHostsFor('127.0.0.1', port), token: 't', port }, { routes });
  server.on('upgrade', (req, socket: Duplex, head) => {
    if (!onUpgrade(req, socket, head)) socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
  });
  return port;
}

const answering = (prefix: string, extra: Partial<UpgradeRoute> = {}): UpgradeRoute => ({
  prefix,
  handle: (_req, socket) => socket.end('HTTP/1.1 101 Switching Protocols\r\n\r\n'),
  ...extra,
});

describe('upgrades on the local server', () => {
  it('hands a sandbox path to its route and refuses unknown paths with 404', async () => {
    const port = await serve([answering('/sandbox/ws')]);
    expect(await rawUpgrade(port, '/sandbox/ws/echo')).toBe('HTTP/1.1 101 Switching Protocols');
    expect(await rawUpgrade(port, '/sandbox/wsx')).toMatch(/^HTTP\/1.1 404/);
    expect(await rawUpgrade(port, '/sandbox/nothing')).toMatch(/^HTTP\/1.1 404/);
  });

  it('refuses a foreign Host (DNS rebinding) before any route runs', async () => {
    const port = await serve([answering('/sandbox/ws')]);
    expect(await rawUpgrade(port, '/sandbox/ws', 'evil.example:80')).not.toMatch(/ 101 /);
  });

  it('never serves an /api route that has no session check, and asks the one that has', async () => {
    const port = await serve([answering('/api/open'), answering('/api/live', { authorize: (req) => (req.headers['sec-websocket-protocol'] === 'ok' ? null : { status: 401, reason: 'no session' }) })]);
    expect(await rawUpgrade(port, '/api/open')).toMatch(/^HTTP\/1.1 403/);
    expect(await rawUpgrade(port, '/api/live')).toMatch(/^HTTP\/1.1 401/);
  });
});
