/**
 * The page's MCP sessions go the way the workspace chose, as its HTTP sends do: every request
 * of the session through its proxy. A real Wirebench server (guard, /api/mcp routes), a real
 * proxy (`proxy` package, recording what it forwards) and the official SDK's MCP server, all
 * on loopback; the page's `fetch` is pointed at the server with its token, as the page's
 * origin and session cookie would.
 */
import http from 'node:http';
import type net from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft } from '../../../core';
import { startServer, type RunningServer } from '../../../server/listen';
import { startSdkServer, type Started } from '../../../testing/mcpTestServers';
import { DEFAULT_PROXY_SETTINGS, saveProxySettings } from '../../base/relay/proxySettings';
import { streamMcpSession, type McpStreamEvent } from './mcpClient';
import { prepareMcp } from './mcpPrepare';

const TOKEN = 'test-token-mcp-network';
let wb: RunningServer;
let mcpServer: Started;
let proxy: ProxyServer;
let proxyOrigin = '';
const forwarded: string[] = [];

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  mcpServer = await startSdkServer();
  proxy = createProxy(http.createServer());
  proxy.on('request', (req: http.IncomingMessage) => forwarded.push(`${req.method} ${req.url}`));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => realFetch(new URL(input, wb.origin), { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Wirebench-Token': TOKEN } }));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  saveProxySettings(DEFAULT_PROXY_SETTINGS);
  await wb.close();
  await mcpServer.close();
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

beforeEach(() => {
  forwarded.length = 0;
});

async function connect(): Promise<McpStreamEvent[]> {
  const prepared = await prepareMcp({ ...emptyDraft(), url: mcpServer.url, protocol: 'mcp', mcp: { transport: 'streamable-http' } }, {});
  if (!prepared.ok) throw new Error(prepared.message);
  const { url, headers, settings, network } = prepared.value;
  const events: McpStreamEvent[] = [];
  const abort = new AbortController();
  await streamMcpSession({ url, headers, network, transport: settings.transport }, (e) => {
    events.push(e);
    if (e.type === 'connected' || e.type === 'failed') abort.abort();
  }, abort.signal);
  return events;
}

describe('the page passes its network options to MCP sessions', () => {
  it('an MCP session goes through the workspace proxy, in absolute form', async () => {
    // Loopback targets go direct unless asked: this workspace asks, so the loopback server shows the proxy's use.
    saveProxySettings({ ...DEFAULT_PROXY_SETTINGS, mode: 'manual', httpProxy: proxyOrigin, proxyLoopback: true });
    const events = await connect();
    expect(events.find((e) => e.type === 'connected')).toBeDefined();
    expect(forwarded).toContain(`POST ${mcpServer.url}`);
    // Closing the stream ends the session with a DELETE, through the proxy too.
    await vi.waitFor(() => expect(forwarded).toContain(`DELETE ${mcpServer.url}`));
  });

  it('goes direct when the workspace says no proxy', async () => {
    saveProxySettings({ ...DEFAULT_PROXY_SETTINGS, mode: 'none' });
    const events = await connect();
    expect(events.find((e) => e.type === 'connected')).toBeDefined();
    await vi.waitFor(() => expect(mcpServer.seen.at(-1)).toMatch(/^DELETE /));
    expect(forwarded).toEqual([]);
  });
});
