/**
 * The page's relay calls that are not a composer send — `pm.sendRequest`, the idempotency
 * check, an import from a URL — go the way the workspace chose: through its proxy. A real
 * Wirebench server (guard and relay), a real proxy (`proxy` package) and a target, all on
 * loopback; the page's `fetch('/api/relay')` is pointed at the server with its token, as the
 * page's origin and session cookie would.
 */
import http from 'node:http';
import type net from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../../server/listen';
import { DEFAULT_PROXY_SETTINGS, saveProxySettings } from './proxySettings';
import { sendForScript } from '../../features/checks/exchangeForChecks';
import { runIdempotencyCheck } from '../../features/composer/idempotency/runIdempotencyCheck';
import { fetchTextThroughRelay } from '../../features/workspace/importSources';
import { pageNetworkOptions } from './networkOptions';

const TOKEN = 'test-token-page-network';
let wb: RunningServer;
let target: http.Server;
let targetOrigin = '';
let proxy: ProxyServer;
let proxyOrigin = '';
/** Absolute URLs the proxy forwarded. */
const forwarded: string[] = [];

function listen(server: net.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`)));
}

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  target = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ path: req.url }));
  });
  targetOrigin = await listen(target);
  proxy = createProxy(http.createServer());
  proxy.on('request', (req: http.IncomingMessage) => forwarded.push(req.url ?? ''));
  proxyOrigin = await listen(proxy);
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => realFetch(new URL(input, wb.origin), { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Wirebench-Token': TOKEN } }));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  saveProxySettings(DEFAULT_PROXY_SETTINGS);
  await wb.close();
  for (const server of [target, proxy]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  forwarded.length = 0;
  // Loopback targets go direct unless asked: this workspace asks, so the loopback target shows the proxy's use.
  saveProxySettings({ ...DEFAULT_PROXY_SETTINGS, mode: 'manual', httpProxy: proxyOrigin, proxyLoopback: true });
});

describe("the page's other relay calls go through the workspace's proxy", () => {
  it('pageNetworkOptions carries the proxy choice', async () => {
    const options = await pageNetworkOptions(`${targetOrigin}/x`);
    expect(options).toMatchObject({ ok: true, value: { proxy: { mode: 'manual', httpProxy: proxyOrigin, proxyLoopback: true } } });
  });

  it('pm.sendRequest', async () => {
    const response = await sendForScript({ method: 'GET', url: `${targetOrigin}/script`, headers: [] });
    expect(response.code).toBe(200);
    expect(forwarded).toEqual([`${targetOrigin}/script`]);
  });

  it('an import from a URL', async () => {
    expect(JSON.parse(await fetchTextThroughRelay(`${targetOrigin}/openapi.json`))).toEqual({ path: '/openapi.json' });
    expect(forwarded).toEqual([`${targetOrigin}/openapi.json`]);
  });

  it('the idempotency check, every read and send', async () => {
    const outcome = await runIdempotencyCheck({ request: { method: 'PUT', url: `${targetOrigin}/items/1`, headers: [], body: ['{}'] }, stateUrl: `${targetOrigin}/items/1`, times: 2, ignoreMembers: [], signal: new AbortController().signal, onStep: () => undefined });
    expect(outcome.ok).toBe(true);
    expect(forwarded).toEqual(Array(5).fill(`${targetOrigin}/items/1`));
  });

  it('and straight to the target when the workspace says no proxy', async () => {
    saveProxySettings({ ...DEFAULT_PROXY_SETTINGS, mode: 'none' });
    expect((await sendForScript({ method: 'GET', url: `${targetOrigin}/direct`, headers: [] })).code).toBe(200);
    expect(forwarded).toEqual([]);
  });
});
