/**
 * gRPC through an HTTP CONNECT proxy on loopback (the `proxy` package, Basic auth), to a real
 * grpc-js server: the call goes through the tunnel (the proxy counts its CONNECTs), a proxy
 * without credentials is a typed `proxy` failure naming the proxy and never its password, a
 * proxy answering 403 and an unreachable one likewise, the bypass list and "no proxy" go direct; and grpcs:// through the
 * tunnel with the server's CA and a client certificate the server requires.
 */
import * as grpc from '@grpc/grpc-js';
import { X509Certificate } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayProxyChoice } from '../../core';
import { applyGrpcEvent, emptyGrpcTranscript, type GrpcCallRequest, type GrpcTranscript } from '../../core/protocols/grpc';
import { startGrpcSandbox, type RunningGrpcSandbox } from '../../sandbox/grpc/grpcSandbox';
import { issueCertificate, makeCertificateAuthority } from '../../sandbox/tlsPki';
import { startGrpcCall } from './call';
import { describeGrpc } from './describe';

const USER = 'grpc-user';
const PASSWORD = 'tunnel-pass-7781';
let sandbox: RunningGrpcSandbox;
let proxy: ProxyServer;
let proxyOrigin = '';
const seen = { connects: [] as string[] };
let secureServer: grpc.Server;
let securePort = 0;
let caPem = '';
let clientCert = { certPem: '', keyPem: '' };
let untrustedServer: grpc.Server;
let untrustedPort = 0;
let untrustedFingerprint = '';

const listen = (server: net.Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));

beforeAll(async () => {
  sandbox = await startGrpcSandbox({ port: 0 });
  proxy = createProxy(http.createServer());
  proxy.authenticate = (req) => req.headers['proxy-authorization'] === `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  proxy.on('connect', (req: http.IncomingMessage) => seen.connects.push(req.url ?? ''));
  proxyOrigin = `http://127.0.0.1:${await listen(proxy)}`;
  // A TLS server that requires a client certificate from its own CA.
  const ca = await makeCertificateAuthority('Wirebench gRPC test CA');
  const server = await issueCertificate(ca, 'localhost', { altNames: { dns: ['localhost'], ips: ['127.0.0.1'] } });
  const client = await issueCertificate(ca, 'grpc-ada', { client: true });
  caPem = ca.cert;
  clientCert = { certPem: client.cert, keyPem: client.key };
  secureServer = new grpc.Server();
  secureServer.addService(
    { Ping: { path: '/t.T/Ping', requestStream: false, responseStream: false, requestSerialize: (v: Buffer) => v, requestDeserialize: (b: Buffer) => b, responseSerialize: (v: Buffer) => v, responseDeserialize: (b: Buffer) => b } },
    { Ping: (_call: unknown, cb: (e: null, v: Buffer) => void) => cb(null, Buffer.alloc(0)) },
  );
  const creds = grpc.ServerCredentials.createSsl(Buffer.from(ca.cert), [{ private_key: Buffer.from(server.key), cert_chain: Buffer.from(server.cert) }], true);
  securePort = await new Promise<number>((resolve, reject) => secureServer.bindAsync('127.0.0.1:0', creds, (e, p) => (e ? reject(e) : resolve(p))));
  // A TLS server whose certificate no CA store knows: only a trusted fingerprint (or skipping verification) reaches it.
  const stranger = await makeCertificateAuthority('Unknown gRPC CA');
  const strangerCert = await issueCertificate(stranger, 'localhost', { altNames: { dns: ['localhost'], ips: ['127.0.0.1'] } });
  untrustedFingerprint = new X509Certificate(strangerCert.cert).fingerprint256;
  untrustedServer = new grpc.Server();
  untrustedServer.addService(
    { Ping: { path: '/t.T/Ping', requestStream: false, responseStream: false, requestSerialize: (v: Buffer) => v, requestDeserialize: (b: Buffer) => b, responseSerialize: (v: Buffer) => v, responseDeserialize: (b: Buffer) => b } },
    { Ping: (_call: unknown, cb: (e: null, v: Buffer) => void) => cb(null, Buffer.alloc(0)) },
  );
  const plainTls = grpc.ServerCredentials.createSsl(null, [{ private_key: Buffer.from(strangerCert.key), cert_chain: Buffer.from(strangerCert.cert) }], false);
  untrustedPort = await new Promise<number>((resolve, reject) => untrustedServer.bindAsync('127.0.0.1:0', plainTls, (e, p) => (e ? reject(e) : resolve(p))));
});

afterAll(async () => {
  await sandbox.close();
  proxy.closeAllConnections?.();
  proxy.close();
  secureServer.forceShutdown();
  untrustedServer.forceShutdown();
});

const manual = (more: Partial<Extract<RelayProxyChoice, { mode: 'manual' }>> = {}): RelayProxyChoice => ({ mode: 'manual', httpProxy: proxyOrigin, httpsProxy: proxyOrigin, proxyLoopback: true, username: USER, password: PASSWORD, ...more });

async function call(request: Partial<GrpcCallRequest>): Promise<GrpcTranscript> {
  const full: GrpcCallRequest = { url: sandbox.address, source: 'reflection', service: 'sandbox.Greeter', method: 'SayHello', messages: [{ name: 'Ada' }], metadata: [], deadlineMs: 10_000, ...request };
  let t = emptyGrpcTranscript(full.service, full.method);
  const handle = startGrpcCall(full, 'proxy-test', (e) => (t = applyGrpcEvent(t, e)));
  await handle.done;
  return t;
}

const authority = () => sandbox.address.replace(/^grpc:\/\//, '');

describe('gRPC through an HTTP CONNECT proxy', () => {
  it('makes a unary call through the tunnel, the proxy seeing the CONNECT with the credentials it asks for', async () => {
    const before = seen.connects.length;
    const t = await call({ proxy: manual() });
    expect(t.error).toBeUndefined();
    expect(t.status?.code).toBe(0);
    expect(JSON.stringify(t.received[0]?.message)).toContain('Ada');
    expect(seen.connects.slice(before)).toEqual([authority()]);
  });

  it('reads the services by reflection through the tunnel too', async () => {
    const before = seen.connects.length;
    const found = await describeGrpc({ url: sandbox.address, source: 'reflection', proxy: manual() });
    expect(found.ok).toBe(true);
    expect(seen.connects.length).toBe(before + 1);
  });

  it('reports a 407 without credentials as a typed proxy failure naming the proxy, the password nowhere', async () => {
    const before = seen.connects.length;
    const t = await call({ proxy: manual({ username: undefined, password: undefined }) });
    expect(t.status).toBeUndefined();
    expect(t.error).toMatchObject({ kind: 'proxy', code: 'PROXY_AUTH', proxyStatus: 407 });
    expect(t.error!.message).toContain(proxyOrigin);
    expect(t.error!.message).toMatch(/requires credentials/);
    expect(seen.connects.length).toBe(before + 1);
  });

  it('reports wrong credentials as refused, with the password masked in the proxy URL form too', async () => {
    const wrong = `${proxyOrigin.replace('http://', `http://${USER}:wrong-secret-99@`)}`;
    const t = await call({ proxy: { mode: 'manual', httpProxy: wrong, proxyLoopback: true } });
    expect(t.error).toMatchObject({ kind: 'proxy', code: 'PROXY_AUTH', proxyStatus: 407 });
    expect(t.error!.message).toMatch(/rejected the proxy user and password/);
    expect(JSON.stringify(t)).not.toContain('wrong-secret-99');
  });

  it('reports a proxy that forbids the tunnel (403) as refused, the target not contacted', async () => {
    const forbidding = net.createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n')));
    const port = await listen(forbidding);
    try {
      const t = await call({ proxy: { mode: 'manual', httpProxy: `http://${USER}:${PASSWORD}@127.0.0.1:${port}`, proxyLoopback: true } });
      expect(t.error).toMatchObject({ kind: 'proxy', code: 'PROXY_REFUSED', proxyStatus: 403 });
      expect(t.error!.message).toContain(`http://127.0.0.1:${port}`);
      expect(t.error!.message).toContain('403 Forbidden');
      expect(JSON.stringify(t)).not.toContain(PASSWORD);
    } finally {
      forbidding.close();
    }
  });

  it('reports an unreachable proxy as a typed proxy failure', async () => {
    const closed = net.createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const t = await call({ proxy: { mode: 'manual', httpProxy: `http://${USER}:${PASSWORD}@127.0.0.1:${port}`, proxyLoopback: true } });
    expect(t.error).toMatchObject({ kind: 'proxy', code: 'ECONNREFUSED' });
    expect(t.error!.message).toContain(`127.0.0.1:${port}`);
    expect(t.error!.message).toMatch(/could not be reached/);
    expect(JSON.stringify(t)).not.toContain(PASSWORD);
  });

  it('goes direct for a host on the bypass list and for "no proxy"', async () => {
    const before = seen.connects.length;
    const bypassed = await call({ proxy: manual({ noProxy: '127.0.0.1' }) });
    const none = await call({ proxy: { mode: 'none' } });
    expect(bypassed.status?.code).toBe(0);
    expect(none.status?.code).toBe(0);
    expect(seen.connects.length).toBe(before);
  });

  it('calls a grpcs:// server that requires a client certificate, TLS end to end through the tunnel', async () => {
    const before = seen.connects.length;
    const proto = { 't.proto': 'syntax = "proto3";\npackage t;\nmessage E {}\nservice T { rpc Ping (E) returns (E); }\n' };
    const base = { url: `grpcs://127.0.0.1:${securePort}`, source: 'proto' as const, protoFiles: proto, service: 't.T', method: 'Ping', messages: [{}], proxy: manual(), caBundles: [{ label: 'test CA', hosts: ['127.0.0.1'], pem: caPem }] };
    const withCert = await call({ ...base, clientCertificates: [{ label: 'ada', hosts: ['127.0.0.1'], ...clientCert }] });
    expect(withCert.error).toBeUndefined();
    expect(withCert.status?.code).toBe(0);
    expect(seen.connects.slice(before)).toEqual([`127.0.0.1:${securePort}`]);
    const without = await call(base);
    expect(without.status?.code).toBe(14);
  });
});

describe('gRPC and trusted certificate fingerprints', () => {
  const proto = { 't.proto': 'syntax = "proto3";\npackage t;\nmessage E {}\nservice T { rpc Ping (E) returns (E); }\n' };
  const ping = (more: Partial<GrpcCallRequest>) => call({ url: `grpcs://127.0.0.1:${untrustedPort}`, source: 'proto', protoFiles: proto, service: 't.T', method: 'Ping', messages: [{}], proxy: { mode: 'none' }, ...more });

  it('refuses a certificate no CA store knows, and says so', async () => {
    const t = await ping({});
    expect(t.status?.code).toBe(14);
    expect(t.status?.details).toMatch(/certificate/i);
  });

  it('accepts it when its fingerprint is trusted for the host, in either spelling, and not for another fingerprint', async () => {
    expect((await ping({ trustedFingerprints: [untrustedFingerprint] })).status?.code).toBe(0);
    expect((await ping({ trustedFingerprints: [untrustedFingerprint.replace(/:/g, '').toLowerCase()] })).status?.code).toBe(0);
    const other = await ping({ trustedFingerprints: ['AB:'.repeat(31) + 'AB'] });
    expect(other.status?.code).toBe(14);
    expect(other.status?.details).toMatch(/not among those trusted/);
  });
});
