import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayProxyChoice, RelayRequestMeta } from '../core';
import { startHttpsSandbox, type RunningHttpsSandbox } from '../sandbox/tls';
import { startServer, type RunningServer } from '../server/listen';
import { callRelay } from './relayClient';

const TOKEN = 'test-token-relay-proxy';
const USER = 'px-user';
const PASSWORD = 'px-secret-Ω';
let dir = '';
let wb: RunningServer;
let sandbox: RunningHttpsSandbox;
let target: http.Server;
let targetOrigin = '';
let open: ProxyServer;
let guarded: ProxyServer;
const seen = { forwarded: 0, tunnels: 0 };
const extra: net.Server[] = [];

function listen(server: net.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`)));
}

/** A fake proxy speaking raw bytes: `answer` gets each connection's first chunk. */
async function rawProxy(answer: (socket: net.Socket) => void): Promise<string> {
  const server = net.createServer((socket) => socket.once('data', () => answer(socket)));
  extra.push(server);
  return listen(server);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wirebench-relay-proxy-'));
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  sandbox = await startHttpsSandbox({ port: 0, host: '127.0.0.1', dataDir: dir });
  target = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ url: req.url, proxyAuthorization: req.headers['proxy-authorization'] ?? null }));
  });
  targetOrigin = await listen(target);
  open = createProxy(http.createServer());
  guarded = createProxy(http.createServer());
  guarded.authenticate = (req) => req.headers['proxy-authorization'] === `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  for (const p of [open, guarded]) {
    p.on('request', () => seen.forwarded++);
    p.on('connect', () => seen.tunnels++);
  }
  await Promise.all([listen(open), listen(guarded)]);
});

afterAll(async () => {
  for (const s of [open, guarded, target, ...extra]) {
    (s as http.Server).closeAllConnections?.();
    s.close();
  }
  await sandbox.close();
  await wb.close();
  await rm(dir, { recursive: true, force: true });
});

const originOf = (server: net.Server) => `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
const via = (proxy: string, more: Partial<Extract<RelayProxyChoice, { mode: 'manual' }>> = {}): RelayProxyChoice => ({
  mode: 'manual',
  httpProxy: proxy,
  httpsProxy: proxy,
  proxyLoopback: true,
  ...more,
});
const relay = (meta: Partial<RelayRequestMeta> & { url: string }) =>
  callRelay({ method: 'GET', headers: [], ...meta }, { base: wb.origin, token: TOKEN, collect: true });

describe('relay through an HTTP proxy (the proxy package)', () => {
  it('sends an http target to the proxy in absolute form and names the proxy', async () => {
    const before = seen.forwarded;
    const result = await relay({ url: `${targetOrigin}/plain?x=1`, proxy: via(originOf(open)) });
    expect(result.error).toBeUndefined();
    expect(seen.forwarded).toBe(before + 1);
    expect(result.summary!.sent.headText).toMatch(new RegExp(`^GET ${targetOrigin}/plain\\?x=1 HTTP/1.1\r\n`));
    expect(result.summary!.proxy).toEqual({ url: originOf(open), tunnel: false, source: 'settings' });
    expect(JSON.parse(result.body!.toString()).url).toBe('/plain?x=1');
  });

  it('tunnels an https target with CONNECT, times the tunnel, and still judges the target certificate', async () => {
    const before = seen.tunnels;
    const result = await relay({ url: `${sandbox.origin}/sandbox/api/users`, proxy: via(originOf(open)), insecureTls: true });
    expect(result.error).toBeUndefined();
    expect(seen.tunnels).toBe(before + 1);
    const { summary } = result;
    expect(summary!.proxy).toEqual({ url: originOf(open), tunnel: true, source: 'settings' });
    expect(summary!.timings.tunnel).toBeGreaterThan(0);
    expect(summary!.timings.tls).toBeGreaterThan(0);
    expect(summary!.tls?.authorized).toBe(false);
    // Without the person's consent, the sandbox's self-signed certificate is refused inside the tunnel too.
    const strict = await relay({ url: `${sandbox.origin}/sandbox/api/users?strict`, proxy: via(originOf(open)) });
    expect(strict.error?.kind).toBe('tls');
  });

  it('sends Basic proxy credentials to the proxy only, never in what is reported', async () => {
    const auth = via(originOf(guarded), { username: USER, password: PASSWORD });
    const plain = await relay({ url: `${targetOrigin}/auth`, proxy: auth });
    expect(plain.error).toBeUndefined();
    // The proxy package forwards Proxy-Authorization to the target; what we report masks it.
    expect(plain.summary!.sent.headText).toContain('Proxy-Authorization: Basic •••');
    expect(JSON.stringify(plain.summary)).not.toContain(Buffer.from(`${USER}:${PASSWORD}`).toString('base64'));
    const tunnelled = await relay({ url: `${sandbox.origin}/sandbox/api/users`, proxy: auth, insecureTls: true });
    expect(tunnelled.error).toBeUndefined();
    expect(tunnelled.summary!.sent.headText).not.toMatch(/Proxy-Authorization/i);
  });

  it('explains a 407 with and without credentials, the challenge shown', async () => {
    for (const url of [`${targetOrigin}/x`, `${sandbox.origin}/sandbox/api/users`]) {
      const none = await relay({ url, proxy: via(originOf(guarded)), insecureTls: true });
      expect(none.error).toMatchObject({ kind: 'proxy', proxyStatus: 407, proxyAuthenticate: ['Basic realm="proxy"'] });
      expect(none.error!.message).toMatch(/requires credentials.*none were set/);
      const wrong = await relay({ url, proxy: via(originOf(guarded), { username: USER, password: 'nope' }), insecureTls: true });
      expect(wrong.error).toMatchObject({ kind: 'proxy', proxyStatus: 407 });
      expect(wrong.error!.message).toMatch(/rejected the proxy user and password/);
      expect(JSON.stringify(wrong.error)).not.toContain('nope');
    }
  });

  it('goes direct for NO_PROXY matches and for loopback unless asked', async () => {
    const before = seen.forwarded;
    const bypassed = await relay({ url: `${targetOrigin}/direct`, proxy: via(originOf(open), { noProxy: 'example.com, 127.0.0.0/8' }) });
    const loopback = await relay({ url: `${targetOrigin}/direct`, proxy: { mode: 'manual', httpProxy: originOf(open) } });
    expect(seen.forwarded).toBe(before);
    expect(bypassed.summary!.proxy).toBeUndefined();
    expect(loopback.summary!.proxy).toBeUndefined();
  });

  it('honours HTTP_PROXY from the server environment by default', async () => {
    const saved = { upper: process.env.HTTP_PROXY, lower: process.env.http_proxy };
    delete process.env.http_proxy;
    process.env.HTTP_PROXY = originOf(open);
    try {
      const before = seen.forwarded;
      const result = await relay({ url: `${targetOrigin}/env`, proxy: { mode: 'environment', proxyLoopback: true } });
      expect(result.summary!.proxy).toEqual({ url: originOf(open), tunnel: false, source: 'environment' });
      expect(seen.forwarded).toBe(before + 1);
      const off = await relay({ url: `${targetOrigin}/env`, proxy: { mode: 'none' } });
      expect(off.summary!.proxy).toBeUndefined();
    } finally {
      if (saved.upper === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved.upper;
      if (saved.lower !== undefined) process.env.http_proxy = saved.lower;
    }
  });

  it('explains a refused CONNECT, an unreachable proxy and a tunnel closed mid-way; the relay keeps serving', async () => {
    const refusing = await rawProxy((s) => s.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n'));
    const refused = await relay({ url: `${sandbox.origin}/sandbox/api/users`, proxy: via(refusing), insecureTls: true });
    expect(refused.error).toMatchObject({ kind: 'proxy', proxyStatus: 403 });
    expect(refused.error!.message).toMatch(/refused to open a tunnel to 127\.0\.0\.1:\d+: 403 Forbidden/);

    const gone = net.createServer();
    const goneOrigin = await listen(gone);
    await new Promise((r) => gone.close(r));
    const unreachable = await relay({ url: `${sandbox.origin}/sandbox/api/users`, proxy: via(goneOrigin), insecureTls: true });
    expect(unreachable.error).toMatchObject({ kind: 'proxy', code: 'ECONNREFUSED' });
    expect(unreachable.error!.message).toContain(`The proxy ${goneOrigin} could not be reached`);

    const cutting = await rawProxy((s) => {
      s.write('HTTP/1.1 200 Connection established\r\n\r\n');
      s.once('data', () => s.destroy());
    });
    const cut = await relay({ url: `${sandbox.origin}/sandbox/api/users`, proxy: via(cutting), insecureTls: true });
    expect(cut.error).toMatchObject({ kind: 'proxy' });
    expect(cut.error!.message).toMatch(/tunnel through the proxy .* closed during the TLS handshake/);

    const silent = await rawProxy((s) => s.destroy());
    const closed = await relay({ url: `${sandbox.origin}/sandbox/api/users`, proxy: via(silent), insecureTls: true });
    expect(closed.error?.kind).toBe('proxy');
    expect(closed.error!.message).toMatch(/closed the connection without answering CONNECT|could not be reached/);

    // An https:// proxy is reached over TLS, its certificate judged strictly (the request's consent is for the target only).
    const tlsProxy = createProxy(https.createServer({ key: sandbox.certificate.key, cert: sandbox.certificate.cert }));
    extra.push(tlsProxy);
    const tlsProxyOrigin = (await listen(tlsProxy)).replace('http:', 'https:');
    const untrusted = await relay({ url: `${targetOrigin}/x`, proxy: via(tlsProxyOrigin), insecureTls: true });
    expect(untrusted.error?.kind).toBe('tls');
    expect(untrusted.error!.message).toMatch(/^The certificate of 127\.0\.0\.1:\d+ was not accepted/);

    const after = await relay({ url: `${targetOrigin}/still`, proxy: via(originOf(open)) });
    expect(after.error).toBeUndefined();
  });
});
