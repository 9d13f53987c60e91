import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { openUpstreamSocket, type UpstreamEvent, type UpstreamSocket } from './engine';

let server: http.Server;
let wss: WebSocketServer;
let base = '';
let raw: net.Server;
let rawBase = '';
/** What the raw server does after reading a handshake: the Accept it answers and the frames it sends. */
let rawAnswer: (key: string) => { accept: string; frames: Buffer } = () => ({ accept: '', frames: Buffer.alloc(0) });
const seenHeaders: http.IncomingHttpHeaders[] = [];

const acceptOf = (key: string) => createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('plain'));
  wss = new WebSocketServer({ noServer: true, handleProtocols: (offered) => (offered.has('chat') ? 'chat' : false), perMessageDeflate: true });
  server.on('upgrade', (req, socket, head) => {
    seenHeaders.push(req.headers);
    if (req.url === '/refuse') {
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nX-Why: no-token\r\nContent-Length: 9\r\n\r\nno token!');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (req.url === '/close/1011') return ws.close(1011, 'handler crashed');
      if (req.url === '/close/1009') return ws.close(1009, 'too big for me');
      ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
      if (req.url === '/hello') ws.send('hello at once');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `ws://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  raw = net.createServer((socket) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      const key = /sec-websocket-key: *(\S+)/i.exec(text)?.[1] ?? '';
      const { accept, frames } = rawAnswer(key);
      socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
      socket.write(frames);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
  rawBase = `ws://127.0.0.1:${(raw.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  wss.close();
  await new Promise((r) => server.close(r));
  await new Promise((r) => raw.close(r));
});

async function until(socket: UpstreamSocket, stop: (e: UpstreamEvent) => boolean): Promise<UpstreamEvent[]> {
  const seen: UpstreamEvent[] = [];
  for await (const event of socket.events()) {
    seen.push(event);
    if (stop(event)) break;
  }
  return seen;
}

describe('openUpstreamSocket', () => {
  it('shows the 101 with Accept checked, the subprotocol and deflate, and echoes text and binary', async () => {
    const opened = await openUpstreamSocket({ url: `${base}/echo`, headers: [{ name: 'X-Trace', value: 'abc' }], subprotocols: ['json', 'chat'], deflate: true });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const { socket } = opened;
    expect(socket.handshake.status).toBe(101);
    expect(socket.handshake.accept?.ok).toBe(true);
    expect(socket.handshake.protocol).toBe('chat');
    expect(socket.handshake.extensions).toContain('permessage-deflate');
    expect(socket.handshake.requestHeaders.map((h) => h.name.toLowerCase())).toEqual(expect.arrayContaining(['x-trace', 'sec-websocket-key', 'sec-websocket-protocol']));
    expect(seenHeaders.at(-1)!['x-trace']).toBe('abc');
    socket.send('{"a":1}');
    socket.send(new Uint8Array([1, 2, 3]));
    socket.ping('p');
    const seen = await until(socket, (e) => e.kind === 'message' && e.message.direction === 'received' && e.message.opcode === 'binary');
    const received = seen.flatMap((e) => (e.kind === 'message' && e.message.direction === 'received' ? [e.message] : []));
    expect(received.find((m) => m.opcode === 'text')?.text).toBe('{"a":1}');
    expect(received.find((m) => m.opcode === 'binary')?.data).toBe('AQID');
    socket.close(4000, 'bye');
    const end = await until(socket, (e) => e.kind === 'close');
    const close = end.at(-1);
    expect(close?.kind === 'close' && close.closure).toMatchObject({ code: 4000, reason: 'bye', by: 'client' });
    expect(close?.kind === 'close' && close.failure).toBeUndefined();
  });

  it('hands a message sent with the 101 to the first listener', async () => {
    const opened = await openUpstreamSocket({ url: `${base}/hello`, headers: [] });
    if (!opened.ok) throw new Error(opened.failure.message);
    const seen = await until(opened.socket, (e) => e.kind === 'message');
    expect(seen[0]?.kind === 'message' && seen[0].message.text).toBe('hello at once');
    opened.socket.terminate();
  });

  it('sends the cookies of the jar that match', async () => {
    const cookies = { cookies: [{ key: 'sid', value: 's3cret', domain: '127.0.0.1', path: '/', hostOnly: true, creation: new Date().toISOString() }] };
    const opened = await openUpstreamSocket({ url: `${base}/echo`, headers: [], cookies } as never);
    if (!opened.ok) throw new Error(opened.failure.message);
    expect(seenHeaders.at(-1)!.cookie).toBe('sid=s3cret');
    opened.socket.terminate();
  });

  it('reports a refused upgrade with its status, headers and body', async () => {
    const opened = await openUpstreamSocket({ url: `${base}/refuse`, headers: [] });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.refusal).toMatchObject({ status: 403, statusText: 'Forbidden', body: 'no token!' });
    expect(opened.refusal?.headers).toContainEqual({ name: 'X-Why', value: 'no-token' });
    expect(opened.refusal?.explanation).toContain('instead of 101');
    expect(opened.failure.code).toBe('WB_WS_REFUSED');
  });

  it('fails a wrong Sec-WebSocket-Accept, saying what it should have been', async () => {
    let expected = '';
    rawAnswer = (key) => ((expected = acceptOf(key)), { accept: 'd3Jvbmc=', frames: Buffer.alloc(0) });
    const opened = await openUpstreamSocket({ url: `${rawBase}/`, headers: [] });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.failure.code).toBe('WB_WS_BAD_ACCEPT');
    expect(opened.failure.message).toContain(expected);
  });

  it('fails a text frame that is not UTF-8 with a typed error and a 1007 close', async () => {
    rawAnswer = (key) => ({ accept: acceptOf(key), frames: Buffer.from([0x81, 0x02, 0xc3, 0x28]) });
    const opened = await openUpstreamSocket({ url: `${rawBase}/`, headers: [], deflate: false });
    if (!opened.ok) throw new Error(opened.failure.message);
    const seen = await until(opened.socket, (e) => e.kind === 'close');
    const close = seen.at(-1);
    expect(close?.kind === 'close' && close.failure?.code).toBe('WB_WS_INVALID_UTF8');
  });

  it('explains a server closing with 1011 and with 1009', async () => {
    for (const [code, name] of [[1011, 'Internal error'], [1009, 'Message too big']] as const) {
      const opened = await openUpstreamSocket({ url: `${base}/close/${code}`, headers: [] });
      if (!opened.ok) throw new Error(opened.failure.message);
      const seen = await until(opened.socket, (e) => e.kind === 'close');
      const close = seen.at(-1);
      expect(close?.kind === 'close' && close.closure).toMatchObject({ code, by: 'server' });
      expect(close?.kind === 'close' && close.failure).toMatchObject({ kind: 'closed', code: `WB_WS_CLOSED_${code}` });
      expect(close?.kind === 'close' && close.failure?.message).toContain(name);
    }
  });

  it('refuses a bad description before connecting', async () => {
    const bad = await openUpstreamSocket({ url: 'ftp://x/', headers: [] });
    expect(!bad.ok && bad.failure.message).toContain('ws://');
    const proto = await openUpstreamSocket({ url: `${base}/echo`, headers: [], subprotocols: ['a b'] });
    expect(!proto.ok && proto.failure.kind).toBe('bad_request');
    const refused = await openUpstreamSocket({ url: 'ws://127.0.0.1:1/', headers: [] });
    expect(!refused.ok && refused.failure.kind).toBe('refused');
  });
});

describe('openUpstreamSocket over TLS (the HTTPS sandbox, a self-signed certificate)', () => {
  it('connects with wss:// when the certificate is trusted by its fingerprint, and refuses it otherwise as a typed tls failure', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { startHttpsSandbox } = await import('../../sandbox/tls');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wirebench-wss-'));
    const sandbox = await startHttpsSandbox({ port: 0, host: '127.0.0.1', dataDir });
    try {
      const url = `${sandbox.origin.replace(/^https/, 'wss')}/sandbox/ws/echo`;
      const refused = await openUpstreamSocket({ url, headers: [] });
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.failure.kind).toBe('tls');
      const opened = await openUpstreamSocket({ url, headers: [], subprotocols: ['chat'], trustedFingerprints: [sandbox.fingerprint256] });
      if (!opened.ok) throw new Error(opened.failure.message);
      expect(opened.socket.handshake).toMatchObject({ status: 101, protocol: 'chat' });
      opened.socket.send('over TLS');
      const seen = await until(opened.socket, (e) => e.kind === 'message' && e.message.direction === 'received');
      const last = seen.at(-1);
      expect(last?.kind === 'message' ? last.message.text : undefined).toBe('over TLS');
      opened.socket.terminate();
    } finally {
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
