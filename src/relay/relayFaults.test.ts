/**
 * Relay faults that must always end with a typed frame, each against a real misbehaving
 * server on loopback: a listener whose accept queue is full (the SYN is dropped, connect
 * never completes), a TCP server that never answers a TLS ClientHello, a 101 answer to a
 * plain GET, a server that never sends its head, one that stalls mid-body, and request
 * descriptions with non-numeric numbers. The only clock is each test's own timeout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainRelayFailure, type RelayRequestMeta } from '../core';
import { startServer, type RunningServer } from '../server/listen';
import { callRelay } from './relayClient';

const TOKEN = 'test-token-relay-faults';
let wb: RunningServer;
const servers: net.Server[] = [];
const sockets: net.Socket[] = [];
let stuck: ChildProcess | undefined;

/** A raw TCP server whose every connection gets `onConnection`. */
function rawServer(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    onConnection(socket);
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/**
 * A listener that never accepts: a child Node process listens with a backlog of 1 (Node takes 0 as its default of 511) and then
 * blocks its event loop (Atomics.wait sleeps without using a core). Once the kernel's accept
 * queue holds one connection, further SYNs are dropped and a connect hangs.
 */
async function neverAcceptingPort(): Promise<number> {
  const code = `
    const net = require('node:net'); const fs = require('node:fs');
    const s = net.createServer(); s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
      fs.writeSync(1, String(s.address().port) + '\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    });`;
  stuck = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => stuck!.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
  // Fill the accept queue: the first connections complete in the kernel, later ones hang.
  for (let i = 0; i < 6; i++) {
    const filler = net.connect(port, '127.0.0.1');
    filler.on('error', () => undefined);
    sockets.push(filler);
    const connected = await new Promise<boolean>((resolve) => {
      filler.once('connect', () => resolve(true));
      setTimeout(() => resolve(false), 300);
    });
    if (!connected) break;
  }
  return port;
}

const relay = (meta: Partial<RelayRequestMeta> & { url: string }) =>
  callRelay({ method: 'GET', headers: [], ...meta } as RelayRequestMeta, { base: wb.origin, token: TOKEN, collect: true });

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
});

afterAll(async () => {
  stuck?.kill('SIGKILL');
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await wb.close();
});

describe('relay faults always end with a typed frame', () => {
  it('a TCP connect that never completes ends as a timeout in the connect phase', async () => {
    const port = await neverAcceptingPort();
    const result = await relay({ url: `http://127.0.0.1:${port}/`, timeoutMs: 400 });
    expect(result.head).toBeUndefined();
    expect(result.error).toMatchObject({ kind: 'timeout', phase: 'connect' });
    expect(result.error?.message).toMatch(/TCP connection/);
  }, 15_000);

  it('a TLS handshake the server never answers ends as a timeout in the tls phase', async () => {
    const port = await rawServer(() => undefined); // reads the ClientHello, says nothing
    const result = await relay({ url: `https://127.0.0.1:${port}/`, timeoutMs: 400 });
    expect(result.error).toMatchObject({ kind: 'timeout', phase: 'tls' });
    expect(result.error?.message).toMatch(/TLS handshake/);
  }, 15_000);

  it('a 101 with Upgrade to a plain GET is a protocol error, not a hang', async () => {
    const port = await rawServer((socket) =>
      socket.once('data', () => socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n')),
    );
    const result = await relay({ url: `http://127.0.0.1:${port}/`, timeoutMs: 5_000 });
    expect(result.error).toMatchObject({ kind: 'protocol' });
    expect(result.error?.message).toMatch(/101 Switching Protocols/);
  }, 15_000);

  it('a bare 101 without Upgrade is a protocol error too', async () => {
    const port = await rawServer((socket) => socket.once('data', () => socket.write('HTTP/1.1 101 Switching Protocols\r\n\r\n')));
    const result = await relay({ url: `http://127.0.0.1:${port}/`, timeoutMs: 5_000 });
    expect(result.error).toMatchObject({ kind: 'protocol' });
  }, 15_000);

  it('a server that never sends its head times out in the head phase; one that stalls mid-body in the body phase', async () => {
    const silent = await rawServer(() => undefined);
    const head = await relay({ url: `http://127.0.0.1:${silent}/`, timeoutMs: 300 });
    expect(head.error).toMatchObject({ kind: 'timeout', phase: 'head' });
    const stalling = await rawServer((socket) =>
      socket.once('data', () => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\nContent-Type: text/plain\r\n\r\nfirst')),
    );
    const body = await relay({ url: `http://127.0.0.1:${stalling}/`, timeoutMs: 300 });
    expect(body.head?.status).toBe(200);
    expect(body.body?.toString()).toBe('first');
    expect(body.error).toMatchObject({ kind: 'timeout', phase: 'body', partial: true });
  }, 15_000);

  it.each([
    ['maxRedirects', 'ten'],
    ['maxRedirects', -1],
    ['maxRedirects', 1e9],
    ['timeoutMs', 'soon'],
    ['timeoutMs', 0],
    ['timeoutMs', 1.5e12],
  ])('a %s of %j is a bad_request naming the field, nothing is sent', async (field, value) => {
    let contacted = 0;
    const port = await rawServer((socket) => {
      contacted++;
      socket.destroy();
    });
    const result = await relay({ url: `http://127.0.0.1:${port}/`, followRedirects: true, [field]: value } as never);
    expect(result.error).toMatchObject({ kind: 'bad_request' });
    expect(result.error?.message).toContain(field);
    expect(contacted).toBe(0);
  });
});

describe('TLS to a plain-HTTP port', () => {
  it('says the server speaks plain HTTP on that port, not something about certificates', async () => {
    const port = await rawServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')));
    const result = await relay({ url: `https://127.0.0.1:${port}/`, timeoutMs: 5_000 });
    expect(result.error?.kind).toBe('tls');
    expect(result.error?.message).toMatch(/speaks plain HTTP/);
    expect(result.error?.message).toContain(`http://127.0.0.1:${port}/`);
    expect(result.error?.message).not.toMatch(/self-signed|certificate/i);
    // The card's explanation follows the code, not the generic TLS advice about certificates.
    const explained = explainRelayFailure(result.error!);
    expect(explained.title).toBe('Plain HTTP on that port');
    expect(explained.nextStep).not.toMatch(/self-signed|fingerprint/i);
  }, 15_000);
});
