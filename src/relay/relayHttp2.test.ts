/**
 * The relay over HTTP/2 against Node's own `http2` servers on loopback: ALPN to h2 (and the
 * fallback to HTTP/1.1 when a server offers only that), Force HTTP/1.1, h2c with prior
 * knowledge, large bodies both ways, cancel seen by the server as RST_STREAM CANCEL, a stream
 * refused by GOAWAY sent again on a new session, duplicate response headers in order,
 * connection-specific request headers dropped with a note, the deadline.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainRelayFailure, type RelayRequestMeta } from '../core';
import { loadOrCreateCertificate } from '../sandbox/tls';
import { startServer, type RunningServer } from '../server/listen';
import { repeatedBytes } from './byteStream';
import { callRelay } from './relayClient';

const TOKEN = 'test-token-relay-http2';
const MiB = 1024 * 1024;
let dir = '';
let wb: RunningServer;
/** h2 and http/1.1 on one TLS port, as the sandbox serves them. */
let both: http2.Http2SecureServer;
/** TLS that offers http/1.1 only. */
let http1Only: https.Server;
/** h2c: HTTP/2 over plain TCP, prior knowledge only. */
let cleartext: http2.Http2Server;
/** Refuses one stream with GOAWAY. */
let goaway: http2.Http2SecureServer;
let fingerprint = '';
const origins = { both: '', http1Only: '', cleartext: '', goaway: '' };
/** Close codes of streams the servers saw reset, by path. */
const resets = new Map<string, (code: number) => void>();
let goawaySessions = 0;

/** The h2 routes: what the server saw, bodies large both ways, a stream that never answers. */
function answer(stream: http2.ServerHttp2Stream, _headers: http2.IncomingHttpHeaders, _flags: number, raw: string[]): void {
  const at = raw.indexOf(':path');
  const route = raw[at + 1] ?? '/';
  stream.on('close', () => resets.get(route)?.(stream.rstCode ?? -1));
  // A reset stream errors on the server's side too; the close code is what these tests read.
  stream.on('error', () => undefined);
  if (route === '/seen') {
    stream.respond({ ':status': 200, 'content-type': 'application/json', 'x-dup': ['one', 'two'], 'set-cookie': ['a=1', 'b=2'] });
    stream.end(JSON.stringify({ raw }));
  } else if (route.startsWith('/download/')) {
    stream.respond({ ':status': 200, 'content-type': 'application/octet-stream' });
    repeatedBytes(Number(route.slice('/download/'.length))).pipe(stream);
  } else if (route === '/upload') {
    let n = 0;
    stream.on('data', (chunk: Buffer) => (n += chunk.length));
    stream.on('end', () => {
      stream.respond({ ':status': 200 });
      stream.end(String(n));
    });
  } else if (route === '/trickle') {
    stream.respond({ ':status': 200 });
    stream.write('first part');
  } else if (route === '/silent') {
    // Never answers: the deadline or a cancel ends it.
  } else {
    stream.respond({ ':status': 404 });
    stream.end();
  }
}

const listen = async (server: net.Server, scheme: string) => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `${scheme}://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wirebench-relay-h2-'));
  const certificate = await loadOrCreateCertificate(dir);
  fingerprint = certificate.fingerprint256;
  const tlsOptions = { key: certificate.key, cert: certificate.cert };
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  both = http2.createSecureServer({ ...tlsOptions, allowHTTP1: true });
  both.on('stream', answer);
  both.on('request', (req, res) => {
    if (req.httpVersion === '2.0') return;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ httpVersion: req.httpVersion }));
  });
  http1Only = https.createServer(tlsOptions, (req, res) => res.end(JSON.stringify({ httpVersion: req.httpVersion })));
  cleartext = http2.createServer();
  cleartext.on('stream', answer);
  goaway = http2.createSecureServer(tlsOptions);
  goaway.on('session', () => (goawaySessions += 1));
  goaway.on('stream', (stream, headers) => {
    stream.on('error', () => undefined);
    if (headers[':path'] === '/refuse-once' && !goaway.listenerCount('refused')) {
      // Stream 1 was processed; this one (id 3) is not: GOAWAY names 1 as the last processed.
      goaway.once('refused', () => undefined);
      stream.session?.goaway(http2.constants.NGHTTP2_NO_ERROR, stream.id! - 2);
      return;
    }
    stream.respond({ ':status': 200 });
    stream.end(`stream ${stream.id}`);
  });
  origins.both = await listen(both, 'https');
  origins.http1Only = await listen(http1Only, 'https');
  origins.cleartext = await listen(cleartext, 'http');
  origins.goaway = await listen(goaway, 'https');
});

afterAll(async () => {
  for (const server of [both, http1Only, cleartext, goaway] as net.Server[]) server.close();
  http1Only.closeAllConnections();
  await wb.close();
  await rm(dir, { recursive: true, force: true });
});

const call = (meta: Partial<RelayRequestMeta> & { url: string }, options: Partial<Parameters<typeof callRelay>[1]> = {}) =>
  callRelay({ method: 'GET', headers: [], trustedFingerprints: [fingerprint], ...meta }, { base: wb.origin, token: TOKEN, collect: true, ...options });

describe('relay over HTTP/2', () => {
  it('negotiates h2 by ALPN: protocol, pseudo-headers both ways, no reason phrase, duplicate headers in order, the session reused', async () => {
    const first = await call({ url: `${origins.both}/seen` });
    expect(first.error).toBeUndefined();
    expect(first.head).toMatchObject({ status: 200, reason: '', httpVersion: '2', pseudoHeaders: [{ name: ':status', value: '200' }] });
    expect(first.head!.headers.filter((h) => /^(x-dup|set-cookie)$/.test(h.name))).toEqual([
      { name: 'x-dup', value: 'one' },
      { name: 'x-dup', value: 'two' },
      { name: 'set-cookie', value: 'a=1' },
      { name: 'set-cookie', value: 'b=2' },
    ]);
    const sent = first.summary!.sent;
    expect(sent.httpVersion).toBe('2');
    expect(sent.pseudoHeaders).toEqual([
      { name: ':method', value: 'GET' },
      { name: ':scheme', value: 'https' },
      { name: ':authority', value: new URL(origins.both).host },
      { name: ':path', value: '/seen' },
    ]);
    expect(sent.headText.startsWith(':method: GET\r\n:scheme: https\r\n')).toBe(true);
    expect(first.summary!.tls).toMatchObject({ peerFingerprint256: fingerprint });
    expect(first.summary!.timings).toMatchObject({ reusedConnection: false });
    expect(first.summary!.timings.tls).toBeGreaterThan(0);

    const second = await call({ url: `${origins.both}/seen` });
    expect(second.head?.httpVersion).toBe('2');
    expect(second.summary!.timings).toMatchObject({ reusedConnection: true, tls: 0 });
    expect(second.summary!.tls).toMatchObject({ peerFingerprint256: fingerprint });
  });

  it('falls back to HTTP/1.1 when the server offers only http/1.1, and Force HTTP/1.1 keeps an h2 server on HTTP/1.1', async () => {
    const fallback = await call({ url: `${origins.http1Only}/` });
    expect(fallback.error).toBeUndefined();
    expect(fallback.head?.httpVersion).toBe('1.1');
    expect(JSON.parse(fallback.body!.toString())).toEqual({ httpVersion: '1.1' });
    expect(fallback.summary!.timings.tls).toBeGreaterThan(0);
    expect(fallback.summary!.sent.headText).toMatch(/^GET \/ HTTP\/1\.1\r\n/);
    // Remembered: the next request goes straight to the keep-alive agent.
    const again = await call({ url: `${origins.http1Only}/` });
    expect(again.head?.httpVersion).toBe('1.1');

    const forced = await call({ url: `${origins.both}/anything`, protocol: 'http1' });
    expect(forced.head?.httpVersion).toBe('1.1');
    expect(JSON.parse(forced.body!.toString())).toEqual({ httpVersion: '1.1' });
  });

  it('speaks h2c with prior knowledge to an http target on request, HTTP/1.1 otherwise', async () => {
    const h2c = await call({ url: `${origins.cleartext}/seen`, protocol: 'h2c' });
    expect(h2c.error).toBeUndefined();
    expect(h2c.head?.httpVersion).toBe('2');
    expect(h2c.summary!.sent.pseudoHeaders).toContainEqual({ name: ':scheme', value: 'http' });
    const plain = await call({ url: `${origins.cleartext}/seen`, timeoutMs: 2000 });
    // An h2c-only server cannot read HTTP/1.1: the default never tries HTTP/2 on http targets.
    expect(plain.head?.httpVersion ?? plain.error?.kind).not.toBe('2');
  });

  it('explains each protocol mismatch by what the request asked: h2c to an HTTP/1.1 port, HTTP/1.1 to an h2c-only one', async () => {
    const plain = await call({ url: `${origins.cleartext}/seen`, timeoutMs: 2000 });
    expect(plain.error?.code).toBe('HPE_INVALID_CONSTANT');
    const toH2cOnly = explainRelayFailure(plain.error!, { protocol: 'auto', scheme: 'http:' });
    expect(toH2cOnly.nextStep).toContain('HTTP/2 (h2c, prior knowledge)');
    // Set to h2c already, the same kind of advice would be wrong; an h2c request to an HTTP/1.1 server says the reverse.
    const toHttp1 = await call({ url: `${wb.origin}/sandbox/`, protocol: 'h2c', timeoutMs: 2000 });
    expect(toHttp1.error).toBeDefined();
    const refused = explainRelayFailure(toHttp1.error!, { protocol: 'h2c', scheme: 'http:' });
    expect(refused.title).toBe('No HTTP/2 on that port');
    expect(refused.nextStep).toContain('back to Auto');
    expect(refused.nextStep).not.toContain('set Options → HTTP version to HTTP/2');
  });

  it('streams a large body both ways', async () => {
    const size = 24 * MiB;
    const down = await call({ url: `${origins.both}/download/${size}` }, { collect: false });
    expect(down.error).toBeUndefined();
    expect(down.bodyBytes).toBe(size);
    expect(down.summary!.sizes.responseBodyWire).toBe(size);

    const up = await call({ method: 'POST', url: `${origins.both}/upload` }, { body: repeatedBytes(size), bodyLength: size });
    expect(up.error).toBeUndefined();
    expect(up.body!.toString()).toBe(String(size));
    expect(up.summary!.sizes.requestBody).toBe(size);
    expect(up.summary!.sent.headers).toContainEqual({ name: 'content-length', value: String(size) });
  });

  it('cancels with RST_STREAM CANCEL, seen by the server', async () => {
    const seen = new Promise<number>((resolve) => resets.set('/trickle', resolve));
    const controller = new AbortController();
    const result = await call({ url: `${origins.both}/trickle` }, { signal: controller.signal, onBody: () => controller.abort() });
    expect(result.head?.httpVersion).toBe('2');
    expect(await seen).toBe(http2.constants.NGHTTP2_CANCEL);
  });

  it('ends a silent stream at the deadline as a timeout naming the phase, and tells the server', async () => {
    const seen = new Promise<number>((resolve) => resets.set('/silent', resolve));
    const result = await call({ url: `${origins.both}/silent`, timeoutMs: 150 });
    expect(result.error).toMatchObject({ kind: 'timeout', phase: 'head' });
    expect(await seen).toBe(http2.constants.NGHTTP2_CANCEL);
  });

  it('sends a request refused by GOAWAY once more on a new session', async () => {
    const warm = await call({ url: `${origins.goaway}/warm` });
    expect(warm.body!.toString()).toBe('stream 1');
    const result = await call({ url: `${origins.goaway}/refuse-once` });
    expect(result.error).toBeUndefined();
    expect(result.body!.toString()).toBe('stream 1');
    expect(result.summary!.timings.reusedConnection).toBe(false);
    expect(goawaySessions).toBe(2);
  });

  it('drops connection-specific request headers with a note and sends Host as :authority', async () => {
    const headers = [
      { name: 'Host', value: 'example.test' },
      { name: 'Connection', value: 'keep-alive' },
      { name: 'Keep-Alive', value: 'timeout=5' },
      { name: 'Upgrade', value: 'websocket' },
      { name: 'Proxy-Connection', value: 'keep-alive' },
      { name: 'TE', value: 'gzip' },
      { name: 'X-Kept', value: 'yes' },
    ];
    const result = await call({ url: `${origins.both}/seen`, headers });
    expect(result.error).toBeUndefined();
    const raw = (JSON.parse(result.body!.toString()) as { raw: string[] }).raw;
    const names = raw.filter((_, i) => i % 2 === 0);
    expect(names).not.toEqual(expect.arrayContaining(['host']));
    for (const gone of ['host', 'connection', 'keep-alive', 'upgrade', 'proxy-connection', 'te']) expect(names).not.toContain(gone);
    expect(raw[raw.indexOf(':authority') + 1]).toBe('example.test');
    expect(raw[raw.indexOf('x-kept') + 1]).toBe('yes');
    const notes = result.summary!.sent.notes!;
    expect(notes).toHaveLength(6);
    expect(notes[0]).toMatch(/Host: example\.test was sent as :authority.*RFC 9113 §8\.3\.1/);
    expect(notes.slice(1).every((n) => /RFC 9113 §8\.2\.2/.test(n))).toBe(true);
  });
});
