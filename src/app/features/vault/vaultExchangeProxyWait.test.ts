/**
 * The vault's token calls right after a reload: with the page's own proxy settings they
 * wait for the workspace load that brings them, then go through the workspace's proxy.
 * A real Wirebench server (guard and relay), a real proxy and a token endpoint, all on
 * loopback; the page's `fetch('/api/relay')` is pointed at the server with its token,
 * as the page's origin and session cookie would.
 */
import http from 'node:http';
import type net from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireRequest } from '../../../core';
import { startServer, type RunningServer } from '../../../server/listen';

const TOKEN = 'test-token-vault-proxy-wait';
let wb: RunningServer;
let endpoint: http.Server;
let endpointOrigin = '';
let proxy: ProxyServer;
let proxyOrigin = '';
/** Absolute URLs the proxy forwarded. */
const forwarded: string[] = [];
/** Relay calls the page made, counted as they leave. */
let relayCalls = 0;

type Modules = { settings: typeof import('../../base/relay/proxySettings'); exchange: typeof import('./vaultExchange') };
let m: Modules;

function listen(server: net.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`)));
}

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  endpoint = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"access_token":"at-1","token_type":"Bearer"}');
  });
  endpointOrigin = await listen(endpoint);
  proxy = createProxy(http.createServer());
  proxy.on('request', (req: http.IncomingMessage) => forwarded.push(req.url ?? ''));
  proxyOrigin = await listen(proxy);
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    relayCalls++;
    return realFetch(new URL(input, wb.origin), { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Wirebench-Token': TOKEN } });
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await wb.close();
  for (const server of [endpoint, proxy]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(async () => {
  // A fresh page: the settings module's state (and the exchange that reads it) anew.
  vi.resetModules();
  m = { settings: await import('../../base/relay/proxySettings'), exchange: await import('./vaultExchange') };
  relayCalls = 0;
  forwarded.length = 0;
});

const tokenRequest = (): WireRequest => ({ method: 'POST', url: `${endpointOrigin}/token`, headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], body: ['grant_type=client_credentials'] });

/** Lets every queued job run, so a call that was going to reach `fetch` has. */
async function drain(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe("the vault's token calls wait for the workspace's proxy settings", () => {
  it('a call made while the workspace loads waits, then goes through the proxy the workspace chose', async () => {
    let finishLoad!: () => void;
    m.settings.holdProxySettingsUntil(new Promise<void>((resolve) => (finishLoad = resolve)));
    const answer = m.exchange.relayTokenTransport(tokenRequest());
    await drain();
    expect(relayCalls).toBe(0);

    // What the workspace session does inside its load.
    m.settings.keepProxySettings({ mode: 'manual', httpProxy: proxyOrigin, httpsProxy: '', noProxy: '', username: '', proxyLoopback: true }, async () => undefined);
    finishLoad();
    const result = await answer;
    expect(result.ok && result.value.status).toBe(200);
    expect(forwarded).toEqual([`${endpointOrigin}/token`]);
  });

  it('a transport given its own proxy settings does not wait for the page load', async () => {
    m.settings.holdProxySettingsUntil(new Promise(() => undefined));
    const transport = m.exchange.tokenTransportThrough({ proxy: { ...m.settings.DEFAULT_PROXY_SETTINGS, mode: 'none' }, trustedFingerprints: () => [] });
    const result = await transport(tokenRequest());
    expect(result.ok && result.value.status).toBe(200);
    expect(relayCalls).toBe(1);
    expect(forwarded).toEqual([]);
  });

  it('without a load under way a call goes the way the settings say at once (the default: the environment, here direct)', async () => {
    const result = await m.exchange.relayTokenTransport(tokenRequest());
    expect(result.ok && result.value.status).toBe(200);
    expect(forwarded).toEqual([]);
  });
});
