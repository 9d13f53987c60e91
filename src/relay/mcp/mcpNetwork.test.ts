/**
 * MCP reaching its host the way an HTTP send does (`relayFetch`), against the official SDK
 * server on loopback: through the `proxy` package with Basic auth (absolute form for http,
 * CONNECT for https; a 407 without credentials said with the proxy named), over https with a
 * client certificate the server requires and its private CA, and a verification exception
 * applying to its own host only.
 */
import http from 'node:http';
import type net from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayProxyChoice } from '../../core';
import { issueCertificate, makeCertificateAuthority, type IssuedCertificate } from '../../sandbox/tlsPki';
import { startSdkServer, type Started } from '../../testing/mcpTestServers';
import { relayFetch, type RelayNetwork } from '../relayFetch';
import { discoverMcpAuthorization } from './discover';
import { McpSession } from './mcpSession';

const USER = 'mcp-user';
const PASSWORD = 'proxy-word-5521';
let proxy: ProxyServer;
let proxyOrigin = '';
const seen = { forwarded: [] as string[], connects: [] as string[] };
let plain: Started;
let mutual: Started;
let ca: IssuedCertificate;
let client: IssuedCertificate;

beforeAll(async () => {
  proxy = createProxy(http.createServer());
  proxy.authenticate = (req) => req.headers['proxy-authorization'] === `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  proxy.on('request', (req: http.IncomingMessage) => seen.forwarded.push(`${req.method} ${req.url}`));
  proxy.on('connect', (req: http.IncomingMessage) => seen.connects.push(req.url ?? ''));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  plain = await startSdkServer();
  ca = await makeCertificateAuthority('Wirebench MCP test CA');
  const server = await issueCertificate(ca, 'localhost', { altNames: { dns: ['localhost'], ips: ['127.0.0.1'] } });
  client = await issueCertificate(ca, 'mcp-ada', { client: true });
  mutual = await startSdkServer({ tls: { key: server.key, cert: server.cert, ca: ca.cert, requestCert: true, rejectUnauthorized: true } });
});

afterAll(async () => {
  proxy.closeAllConnections?.();
  proxy.close();
  await plain.close();
  await mutual.close();
});

const viaProxy = (more: Partial<Extract<RelayProxyChoice, { mode: 'manual' }>> = {}): RelayProxyChoice => ({ mode: 'manual', httpProxy: proxyOrigin, httpsProxy: proxyOrigin, proxyLoopback: true, username: USER, password: PASSWORD, ...more });
const trustCa = () => [{ label: 'MCP test CA', hosts: ['127.0.0.1'], pem: ca.cert }];
const certificate = () => [{ label: 'ada', hosts: ['127.0.0.1'], certPem: client.cert, keyPem: client.key }];

async function callWeather(url: string, network: RelayNetwork) {
  const session = new McpSession({ url, transport: 'streamable-http', headers: [], fetch: relayFetch({ network, exceptionsFor: url }) });
  const hello = await session.connect();
  const progress: number[] = [];
  const weather = hello.ok ? await session.request('tools/call', { name: 'weather', arguments: { city: 'Oslo' } }) : undefined;
  const slow = hello.ok ? await session.request('tools/call', { name: 'slow_count', arguments: { to: 2 } }, { onProgress: (p) => progress.push(p.progress as number) }) : undefined;
  await session.close();
  return { hello, weather, slow, progress, wire: session.wire };
}

describe('MCP through an HTTP proxy', () => {
  it('runs a session to an http server through the proxy in absolute form, SSE progress included, DELETE at the end', async () => {
    const before = seen.forwarded.length;
    const got = await callWeather(plain.url, { proxy: viaProxy() });
    expect(got.hello.ok).toBe(true);
    expect(got.weather?.ok && JSON.stringify(got.weather.result)).toContain('Oslo');
    expect(got.slow?.ok).toBe(true);
    expect(got.progress).toEqual([1, 2]);
    const through = seen.forwarded.slice(before);
    expect(through.filter((r) => r === `POST ${plain.url}`).length).toBeGreaterThanOrEqual(4);
    expect(through).toContain(`DELETE ${plain.url}`);
    expect(JSON.stringify(got.wire)).not.toContain(PASSWORD);
  });

  it('reaches an https server with a required client certificate through a CONNECT tunnel', async () => {
    const before = seen.connects.length;
    const got = await callWeather(mutual.url, { proxy: viaProxy(), clientCertificates: certificate(), caBundles: trustCa() });
    expect(got.hello.ok).toBe(true);
    expect(got.weather?.ok && JSON.stringify(got.weather.result)).toContain('Oslo');
    expect(seen.connects.slice(before)).toContain(new URL(mutual.url).host);
  });

  it('says a 407 to CONNECT without credentials names the proxy, and connects nothing', async () => {
    const served = mutual.seen.length;
    const got = await callWeather(mutual.url, { proxy: viaProxy({ username: undefined, password: undefined }), clientCertificates: certificate(), caBundles: trustCa() });
    expect(got.hello).toMatchObject({ ok: false, failure: { kind: 'network' } });
    const message = !got.hello.ok ? got.hello.failure.message : '';
    expect(message).toContain(proxyOrigin);
    expect(message).toMatch(/requires credentials \(407 Proxy Authentication Required\)/);
    expect(mutual.seen.length).toBe(served);
  });

  it('runs the authorization discovery chain through the proxy', async () => {
    const before = seen.forwarded.length;
    const found = await discoverMcpAuthorization({ url: plain.url, headers: [], redirectUri: 'http://127.0.0.1:1/cb', fetch: relayFetch({ network: { proxy: viaProxy() } }) });
    expect(found.steps[0]).toMatchObject({ step: 'challenge', httpStatus: 200 });
    expect(seen.forwarded.slice(before)).toContain(`POST ${plain.url}`);
  });
});

describe('MCP over https with client certificates and CA bundles', () => {
  it('connects directly with the client certificate the server requires, trusting its CA by bundle', async () => {
    const got = await callWeather(mutual.url, { clientCertificates: certificate(), caBundles: trustCa() });
    expect(got.hello.ok).toBe(true);
    expect(got.weather?.ok).toBe(true);
  });

  it('explains the refusal when no client certificate is configured', async () => {
    const got = await callWeather(mutual.url, { caBundles: trustCa() });
    expect(got.hello.ok).toBe(false);
    expect(!got.hello.ok && got.hello.failure.message).toMatch(/client certificate/i);
  });

  it('refuses the private CA without its bundle; a verification exception counts for its own host only', async () => {
    const untrusted = await callWeather(mutual.url, { clientCertificates: certificate() });
    expect(!untrusted.hello.ok && untrusted.hello.failure.message).toMatch(/certificate of 127\.0\.0\.1:\d+ was not accepted/);
    const excepted = await callWeather(mutual.url, { clientCertificates: certificate(), insecureTls: true });
    expect(excepted.hello.ok).toBe(true);
    const elsewhere = new McpSession({ url: mutual.url, transport: 'streamable-http', headers: [], fetch: relayFetch({ network: { clientCertificates: certificate(), insecureTls: true }, exceptionsFor: 'https://auth.example.test/' }) });
    const refused = await elsewhere.connect();
    await elsewhere.close();
    expect(refused.ok).toBe(false);
  });
});
