import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createProxy } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayProxyChoice, RelayRequestMeta } from '../core';
import { startHttpsSandbox, type RunningHttpsSandbox } from '../sandbox/tls';
import { startServer, type RunningServer } from '../server/listen';
import { callRelay, type RelayCallOptions } from './relayClient';

/**
 * Digest proxy authentication against real counterparts on loopback: the `proxy` package does
 * the forwarding and the CONNECT tunnels; in front of it, http-auth's Digest in proxy mode
 * (MD5, MD5-sess: it reads Proxy-Authorization and writes Proxy-Authenticate) or, for SHA-256,
 * which http-auth does not offer, a check written here from RFC 7616 §3.4.1 with node:crypto.
 */
interface HttpAuthResult {
  user?: string;
  pass?: boolean;
  stale?: boolean;
}
interface HttpAuthDigest {
  isAuthenticated(req: http.IncomingMessage, done: (result: HttpAuthResult | Error) => void): void;
  generateHeader(result: HttpAuthResult): string;
  parseAuthorization(header: string): Record<string, string> | undefined;
}
const httpAuth = createRequire(import.meta.url)('http-auth') as {
  digest(options: { realm: string; proxy: boolean; algorithm?: string }, checker: (user: string, done: (ha1: string) => void) => void): HttpAuthDigest;
};

const TOKEN = 'test-token-relay-proxy-digest';
const USER = 'px-digest-user';
const PASSWORD = 'px-digest-secret-Ω';
const REALM = 'wirebench proxy';
const REFUSAL_BODY = 'Proxy authentication required, with Digest.';

let dir = '';
let wb: RunningServer;
let sandbox: RunningHttpsSandbox;
let target: http.Server;
let targetOrigin = '';
let secondTarget: https.Server;
let secondOrigin = '';
const servers: net.Server[] = [];

// The proxy package's own listeners, called once the Digest check in front of them passed.
const inner = createProxy(http.createServer());
const forward = inner.listeners('request')[0] as (req: http.IncomingMessage, res: http.ServerResponse) => void;
const tunnel = inner.listeners('connect')[0] as (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => void;

function listen(server: net.Server): Promise<string> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`)));
}

interface Verdict {
  pass: boolean;
  stale?: boolean;
}
interface Checker {
  verify(req: http.IncomingMessage): Promise<Verdict>;
  challenge(verdict: Verdict): string;
  /** Forgets every nonce issued: the next answer to one is told stale=true. */
  expire?(): void;
}

/** http-auth's Digest in proxy mode, knowing USER. */
function httpAuthChecker(algorithm: 'MD5' | 'MD5-sess'): Checker {
  const auth = httpAuth.digest({ realm: REALM, proxy: true, algorithm }, (user, done) => done(user === USER ? createHash('md5').update(`${USER}:${REALM}:${PASSWORD}`).digest('hex') : ''));
  return {
    verify: (req) => new Promise((resolve) => auth.isAuthenticated(req, (result) => resolve(result instanceof Error ? { pass: false } : { pass: result.pass === true, stale: result.stale }))),
    challenge: (verdict) => auth.generateHeader({ stale: verdict.stale }),
  };
}

/** SHA-256 with qop=auth, checked here (http-auth offers MD5 only); http-auth parses the header. */
function sha256Checker(): Checker {
  const parser = httpAuth.digest({ realm: REALM, proxy: true }, (_user, done) => done(''));
  const counts = new Map<string, number>();
  const H = (text: string) => createHash('sha256').update(text).digest('hex');
  return {
    async verify(req) {
      const co = parser.parseAuthorization(String(req.headers['proxy-authorization'] ?? ''));
      if (!co || !counts.has(co.nonce!)) return { pass: false, stale: co !== undefined };
      const nc = Number.parseInt(co.nc ?? '', 16);
      if (!(nc > counts.get(co.nonce!)!)) return { pass: false, stale: true };
      counts.set(co.nonce!, nc);
      const ha1 = H(`${co.username}:${REALM}:${PASSWORD}`);
      const expected = H(`${ha1}:${co.nonce}:${co.nc}:${co.cnonce}:${co.qop}:${H(`${req.method}:${co.uri}`)}`);
      return { pass: co.username === USER && co.algorithm === 'SHA-256' && co.qop === 'auth' && co.response === expected };
    },
    challenge(verdict) {
      const nonce = randomBytes(16).toString('hex');
      counts.set(nonce, 0);
      return `Digest realm="${REALM}", qop="auth", algorithm=SHA-256, nonce="${nonce}"${verdict.stale ? ', stale=true' : ''}`;
    },
    expire: () => counts.clear(),
  };
}

/** What a Digest proxy saw: its TCP connections, its 407s, the requests it let through and the Proxy-Authorization lines. */
interface DigestProxy {
  origin: string;
  connections: number;
  challenged: number;
  passed: number;
  seen: { method: string; url: string; authorization: string }[];
}

/**
 * A Digest proxy: `checker` in front of the proxy package. A 407 to CONNECT keeps the connection
 * (Content-Length body, then the next CONNECT is read on it) unless `close` says how it ends it.
 * The Digest `uri` must be the request-target as received.
 */
async function digestProxy(checker: Checker, close?: 'connection-close' | 'close-delimited'): Promise<DigestProxy> {
  const state: DigestProxy = { origin: '', connections: 0, challenged: 0, passed: 0, seen: [] };
  const known = new WeakSet<net.Socket>();
  const server = http.createServer();
  const judge = async (req: http.IncomingMessage): Promise<Verdict> => {
    const authorization = String(req.headers['proxy-authorization'] ?? '');
    state.seen.push({ method: req.method!, url: req.url!, authorization });
    const uri = /^Digest /i.test(authorization) ? /\buri="([^"]*)"/.exec(authorization)?.[1] : undefined;
    if (uri !== undefined && uri !== req.url) return { pass: false };
    const verdict = await checker.verify(req);
    if (verdict.pass) state.passed++;
    else state.challenged++;
    return verdict;
  };
  server.on('connection', (socket: net.Socket) => {
    if (known.has(socket)) return;
    known.add(socket);
    state.connections++;
  });
  server.on('request', async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const verdict = await judge(req);
    if (verdict.pass) return forward.call(inner, req, res);
    res.writeHead(407, { 'Proxy-Authenticate': checker.challenge(verdict), 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(REFUSAL_BODY) });
    res.end(REFUSAL_BODY);
  });
  server.on('connect', async (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const verdict = await judge(req);
    if (verdict.pass) return tunnel.call(inner, req, socket, head);
    const lines = ['HTTP/1.1 407 Proxy Authentication Required', `Proxy-Authenticate: ${checker.challenge(verdict)}`, 'Content-Type: text/plain'];
    if (close === 'close-delimited') return socket.end(`${lines.join('\r\n')}\r\n\r\n${REFUSAL_BODY}`);
    lines.push(`Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}`);
    if (close === 'connection-close') return socket.end(`${lines.join('\r\n')}\r\nConnection: close\r\n\r\n${REFUSAL_BODY}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n${REFUSAL_BODY}`);
    // The server let go of the socket for CONNECT: hand it back, so the next CONNECT on it is read.
    server.emit('connection', socket);
  });
  state.origin = await listen(server);
  return state;
}

const via = (proxy: DigestProxy, password = PASSWORD): RelayProxyChoice => ({
  mode: 'manual',
  httpProxy: proxy.origin,
  httpsProxy: proxy.origin,
  proxyLoopback: true,
  username: USER,
  password,
});
const relay = (meta: Partial<RelayRequestMeta> & { url: string }, options: Partial<RelayCallOptions> = {}) =>
  callRelay({ method: 'GET', headers: [], insecureTls: true, ...meta }, { base: wb.origin, token: TOKEN, collect: true, ...options });
const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

/** Nothing the relay reports carries the password, the Basic value, or the Digest answer. */
function expectNoSecrets(result: unknown, proxy: DigestProxy): void {
  const text = JSON.stringify(result);
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain(Buffer.from(`${USER}:${PASSWORD}`).toString('base64'));
  for (const { authorization } of proxy.seen) if (authorization) expect(text).not.toContain(authorization.slice(authorization.indexOf(' ') + 1));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wirebench-relay-proxy-digest-'));
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  sandbox = await startHttpsSandbox({ port: 0, host: '127.0.0.1', dataDir: dir });
  target = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, body: Buffer.concat(parts).toString() }));
    });
  });
  targetOrigin = await listen(target);
  secondTarget = https.createServer({ key: sandbox.certificate.key, cert: sandbox.certificate.cert }, (req, res) => res.end(`second ${req.url}`));
  secondOrigin = (await listen(secondTarget)).replace('http:', 'https:');
});

afterAll(async () => {
  for (const s of servers) {
    (s as http.Server).closeAllConnections?.();
    s.close();
  }
  await sandbox.close();
  await wb.close();
  await rm(dir, { recursive: true, force: true });
});

describe('relay through a Digest proxy', () => {
  it('http target (forwarding, MD5): answers the 407 once with uri = the absolute-form target; the next request answers at once with nc=00000002', async () => {
    const proxy = await digestProxy(httpAuthChecker('MD5'));
    const result = await relay({ url: `${targetOrigin}/plain?x=1`, proxy: via(proxy) });
    expect(result.error).toBeUndefined();
    expect(JSON.parse(result.body!.toString())).toMatchObject({ method: 'GET', url: '/plain?x=1' });
    expect(proxy).toMatchObject({ challenged: 1, passed: 1 });
    // Basic went first (the proxy was not known yet), then the Digest answer.
    expect(proxy.seen.map((s) => s.authorization.split(' ')[0])).toEqual(['Basic', 'Digest']);
    expect(proxy.seen[1]!.authorization).toMatch(new RegExp(`uri="${targetOrigin}/plain\\?x=1".*nc=00000001`));
    expect(result.summary!.sent.headText).toMatch(/^Proxy-Authorization: Digest •••\r$/m);
    // The exchange says how the proxy was answered (the scheme, never the credentials).
    expect(result.summary!.proxy).toEqual({ url: proxy.origin, tunnel: false, source: 'settings', credentials: 'Digest', challenged: true });
    expectNoSecrets(result, proxy);

    const again = await relay({ url: `${targetOrigin}/again`, proxy: via(proxy) });
    expect(again.error).toBeUndefined();
    expect(again.summary!.proxy).toEqual({ url: proxy.origin, tunnel: false, source: 'settings', credentials: 'Digest' });
    expect(proxy).toMatchObject({ challenged: 1, passed: 2 });
    expect(proxy.seen[2]!.authorization).toMatch(/^Digest .*nc=00000002/);
  });

  it('https target (CONNECT, MD5-sess) through the sandbox: CONNECT again on the same connection, uri = the authority', async () => {
    const proxy = await digestProxy(httpAuthChecker('MD5-sess'));
    const result = await relay({ url: `${sandbox.origin}/sandbox/api/users`, proxy: via(proxy) });
    expect(result.error).toBeUndefined();
    expect(result.head?.status).toBe(200);
    expect(result.summary!.proxy).toEqual({ url: proxy.origin, tunnel: true, source: 'settings', credentials: 'Digest', challenged: true });
    const authority = new URL(sandbox.origin).host;
    expect(proxy.seen.map((s) => [s.method, s.url, s.authorization.split(' ')[0]])).toEqual([
      ['CONNECT', authority, 'Basic'],
      ['CONNECT', authority, 'Digest'],
    ]);
    expect(proxy.seen[1]!.authorization).toMatch(new RegExp(`uri="${authority}".*algorithm="?MD5-sess`));
    expect(proxy.connections).toBe(1);
    expect(result.summary!.sent.headText).not.toMatch(/Proxy-Authorization/i);
    expectNoSecrets(result, proxy);

    // A tunnel to another target answers at once, with the next nonce count.
    const second = await relay({ url: `${secondOrigin}/next`, proxy: via(proxy) });
    expect(second.error).toBeUndefined();
    expect(second.body!.toString()).toBe('second /next');
    expect(second.summary!.proxy).toEqual({ url: proxy.origin, tunnel: true, source: 'settings', credentials: 'Digest' });
    expect(proxy).toMatchObject({ challenged: 1, passed: 2 });
    expect(proxy.seen[2]!.authorization).toMatch(/^Digest .*nc=00000002/);
  });

  it('CONNECT again on a new connection when the proxy closes after its 407 (Connection: close, or a close-delimited body)', async () => {
    for (const close of ['connection-close', 'close-delimited'] as const) {
      const proxy = await digestProxy(httpAuthChecker('MD5'), close);
      const result = await relay({ url: `${sandbox.origin}/sandbox/api/users?${close}`, proxy: via(proxy) });
      expect(result.error, close).toBeUndefined();
      expect(result.head?.status).toBe(200);
      expect(proxy).toMatchObject({ connections: 2, challenged: 1, passed: 1 });
    }
  });

  it('SHA-256 (checked from RFC 7616 here): http and https targets; an expired remembered nonce (stale=true) answered again once', async () => {
    const checker = sha256Checker();
    const proxy = await digestProxy(checker);
    const plain = await relay({ url: `${targetOrigin}/sha`, proxy: via(proxy) });
    expect(plain.error).toBeUndefined();
    expect(JSON.parse(plain.body!.toString()).url).toBe('/sha');
    const tunnelled = await relay({ url: `${sandbox.origin}/sandbox/api/users`, proxy: via(proxy) });
    expect(tunnelled.error).toBeUndefined();
    expect(tunnelled.head?.status).toBe(200);
    expect(proxy.passed).toBe(2);
    expect(proxy.seen.filter((s) => s.authorization.startsWith('Digest')).every((s) => /algorithm=SHA-256/.test(s.authorization))).toBe(true);

    const challenged = proxy.challenged;
    for (const url of [`${targetOrigin}/stale`, `${secondOrigin}/stale`]) {
      checker.expire!();
      const from = proxy.seen.length;
      const result = await relay({ url, proxy: via(proxy) });
      expect(result.error, url).toBeUndefined();
      // The remembered nonce first (refused as stale), then the new one: both Digest, no Basic.
      expect(proxy.seen.slice(from).map((s) => /^Digest .*nc=(\w+)/.exec(s.authorization)?.[1])).toEqual([expect.stringMatching(/^0000000[2-9]$/), '00000001']);
    }
    expect(proxy.challenged).toBe(challenged + 2);
  });

  it('a wrong password is a clear 407 failure naming Digest, for http and https targets; the right one then passes', async () => {
    const proxy = await digestProxy(httpAuthChecker('MD5'));
    for (const url of [`${targetOrigin}/wrong`, `${sandbox.origin}/sandbox/api/users?wrong`]) {
      const wrong = await relay({ url, proxy: via(proxy, 'not-the-password') });
      expect(wrong.error, url).toMatchObject({ kind: 'proxy', proxyStatus: 407 });
      expect(wrong.error!.proxyAuthenticate![0]).toMatch(/^Digest realm="wirebench proxy"/);
      expect(wrong.error!.message).toMatch(/rejected the proxy user and password: the Digest credentials answering its challenge were refused/);
      expect(JSON.stringify(wrong)).not.toContain('not-the-password');
    }
    const right = await relay({ url: `${targetOrigin}/right`, proxy: via(proxy) });
    expect(right.error).toBeUndefined();
    const rightTunnel = await relay({ url: `${sandbox.origin}/sandbox/api/users?right`, proxy: via(proxy) });
    expect(rightTunnel.error).toBeUndefined();
  });

  it('a body that was kept is sent again (bytes, or a stream of known length); one of unknown length is a clear failure, and the next send answers at once', async () => {
    const proxy = await digestProxy(httpAuthChecker('MD5'));
    const kept = await relay({ method: 'POST', url: `${targetOrigin}/kept`, proxy: via(proxy), followRedirects: true }, { body: Buffer.from('kept body') });
    expect(kept.error).toBeUndefined();
    expect(JSON.parse(kept.body!.toString())).toMatchObject({ method: 'POST', body: 'kept body' });

    // A stream of known length, as the page sends every body: kept, since a forwarding proxy with credentials may challenge.
    const stream = () => Readable.from([Buffer.from('streamed body')]);
    const known = await relay({ method: 'POST', url: `${targetOrigin}/known`, proxy: via(await digestProxy(httpAuthChecker('MD5'))) }, { body: stream(), bodyLength: 13 });
    expect(known.error).toBeUndefined();
    expect(JSON.parse(known.body!.toString())).toMatchObject({ method: 'POST', body: 'streamed body' });

    const other = await digestProxy(httpAuthChecker('MD5'));
    const streamed = await relay({ method: 'POST', url: `${targetOrigin}/streamed`, proxy: via(other) }, { body: stream() });
    expect(streamed.error).toMatchObject({ kind: 'proxy', proxyStatus: 407 });
    expect(streamed.error!.message).toMatch(/streamed and not kept.*send again and it answers at once/);
    const resent = await relay({ method: 'POST', url: `${targetOrigin}/streamed`, proxy: via(other) }, { body: stream() });
    expect(resent.error).toBeUndefined();
    expect(JSON.parse(resent.body!.toString())).toMatchObject({ method: 'POST', body: 'streamed body' });
  });
});
