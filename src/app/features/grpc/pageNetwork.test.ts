/**
 * The page's gRPC calls go the way the workspace chose, as its HTTP sends do: through its
 * proxy (a CONNECT tunnel), or direct when it says none. A real Wirebench server (guard,
 * /api/grpc routes), a real proxy (`proxy` package, counting CONNECTs) and the sandbox's gRPC
 * server, all on loopback; the page's `fetch` is pointed at the server with its token, as the
 * page's origin and session cookie would. (MCP: `../mcp/pageNetwork.test.ts`.)
 */
import http from 'node:http';
import type net from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft, type RequestDraft } from '../../../core';
import { applyGrpcEvent, emptyGrpcTranscript, type GrpcTranscript } from '../../../core/protocols/grpc/callModel';
import { emptyGrpcSettings } from '../../../core/protocols/grpc/settings';
import { startGrpcSandbox, type RunningGrpcSandbox } from '../../../sandbox/grpc/grpcSandbox';
import { startServer, type RunningServer } from '../../../server/listen';
import { DEFAULT_PROXY_SETTINGS, saveProxySettings } from '../../base/relay/proxySettings';
import { streamGrpcCall } from './grpcClient';
import { prepareGrpc } from './grpcPrepare';

const TOKEN = 'test-token-grpc-network';
let wb: RunningServer;
let grpcServer: RunningGrpcSandbox;
let proxy: ProxyServer;
let proxyOrigin = '';
const seen = { connects: [] as string[] };

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  grpcServer = await startGrpcSandbox({ port: 0 });
  proxy = createProxy(http.createServer());
  proxy.on('connect', (req: http.IncomingMessage) => seen.connects.push(req.url ?? ''));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => realFetch(new URL(input, wb.origin), { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Wirebench-Token': TOKEN } }));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  saveProxySettings(DEFAULT_PROXY_SETTINGS);
  await wb.close();
  await grpcServer.close();
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

beforeEach(() => {
  seen.connects.length = 0;
  // Loopback targets go direct unless asked: this workspace asks, so the loopback servers show the proxy's use.
  saveProxySettings({ ...DEFAULT_PROXY_SETTINGS, mode: 'manual', httpProxy: proxyOrigin, httpsProxy: proxyOrigin, proxyLoopback: true });
});

function grpcDraft(): RequestDraft {
  return { ...emptyDraft(), url: grpcServer.address, protocol: 'grpc', grpc: { ...emptyGrpcSettings(), service: 'sandbox.Greeter', method: 'SayHello', messages: ['{"name":"Ada"}'] } };
}

async function callGrpc(): Promise<GrpcTranscript> {
  const prepared = await prepareGrpc(grpcDraft(), {});
  if (!prepared.ok) throw new Error(prepared.message);
  const { target, metadata, settings, messageTexts } = prepared.value;
  let t = emptyGrpcTranscript(settings.service, settings.method);
  await streamGrpcCall({ ...target, metadata, service: settings.service, method: settings.method, messages: messageTexts.map((m) => JSON.parse(m) as unknown), deadlineMs: 10_000 }, (e) => (t = applyGrpcEvent(t, e)));
  return t;
}

describe('the page passes its network options to gRPC calls', () => {
  it('a gRPC call goes through the workspace proxy as a CONNECT tunnel', async () => {
    const t = await callGrpc();
    expect(t.error).toBeUndefined();
    expect(t.status?.code).toBe(0);
    expect(JSON.stringify(t.received)).toContain('Hello, Ada!');
    expect(seen.connects).toEqual([grpcServer.address.replace('grpc://', '')]);
  });

  it('a gRPC call goes direct when the workspace says no proxy', async () => {
    saveProxySettings({ ...DEFAULT_PROXY_SETTINGS, mode: 'none' });
    const t = await callGrpc();
    expect(t.status?.code).toBe(0);
    expect(seen.connects).toEqual([]);
  });
});
