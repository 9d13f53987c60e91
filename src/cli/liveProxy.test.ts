/**
 * `wirebench run`'s gRPC and MCP steps go through the proxy the environment names, as its
 * HTTP steps do (`HTTP_PROXY` with credentials in its URL, `NO_PROXY`). Loopback targets go
 * direct whatever the environment says, so the servers listen on this machine's first
 * non-loopback address (the test is skipped on a machine without one); the proxy (`proxy`
 * package with Basic auth) counts what it carried.
 */
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import { createProxy, type ProxyServer } from 'proxy';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emptyDraft, type RequestDraft } from '../core';
import { emptyGrpcSettings } from '../core/protocols/grpc/settings';
import type { Assertion } from '../core/run';
import type { SavedRequest } from '../core/workspace/model';
import { startGrpcSandbox, type RunningGrpcSandbox } from '../sandbox/grpc/grpcSandbox';
import { startSdkServer, type Started } from '../testing/mcpTestServers';
import { runGrpcStep } from './grpcStep';
import { runMcpStep } from './mcpStep';
import { SecretMask } from './secrets';
import type { StepContext } from './step';
import { RunScope } from './variables';

const HOST = Object.values(os.networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
const USER = 'run-user';
const PASSWORD = 'env-proxy-pass-314';
const saved = { HTTP_PROXY: process.env.HTTP_PROXY, http_proxy: process.env.http_proxy, NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy };
let proxy: ProxyServer;
let proxyUrl = '';
let grpcServer: RunningGrpcSandbox;
let mcpServer: Started;
const seen = { connects: [] as string[], forwarded: [] as string[] };

describe.skipIf(!HOST)('wirebench run: live steps through the environment\'s proxy', () => {
  beforeAll(async () => {
    proxy = createProxy(http.createServer());
    proxy.authenticate = (req) => req.headers['proxy-authorization'] === `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    proxy.on('connect', (req: http.IncomingMessage) => seen.connects.push(req.url ?? ''));
    proxy.on('request', (req: http.IncomingMessage) => seen.forwarded.push(`${req.method} ${req.url}`));
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
    proxyUrl = `http://${USER}:${PASSWORD}@127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    grpcServer = await startGrpcSandbox({ port: 0, host: HOST! });
    mcpServer = await startSdkServer({ host: HOST! });
  });

  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    proxy.closeAllConnections();
    proxy.close();
    await grpcServer.close();
    await mcpServer.close();
  });

  beforeEach(() => {
    seen.connects.length = 0;
    seen.forwarded.length = 0;
    delete process.env.http_proxy;
    delete process.env.no_proxy;
    process.env.HTTP_PROXY = proxyUrl;
    delete process.env.NO_PROXY;
  });

  const okStatus = (expected: string): Assertion => ({ id: 'a', kind: 'compare', subject: { kind: 'status' }, operator: '==', expected });

  function run(draft: RequestDraft, assertions: Assertion[], runStep: typeof runGrpcStep) {
    const mask = new SecretMask();
    const variables = new RunScope([], undefined, [], {}, mask);
    const request = { kind: 'request', id: 'r1', name: 'live step', requestType: 'http', draft, captures: [], assertions } as unknown as SavedRequest;
    const ctx = { variables, mask, iteration: 0, iterationCount: 1, scriptTimeoutMs: 1000, console: () => undefined, insecure: false, note: () => undefined } as unknown as StepContext;
    return runStep({ request, collection: { id: 'c', name: 'c', items: [request] } as never, path: [] }, ctx);
  }

  const grpcDraft = (): RequestDraft => ({ ...emptyDraft(grpcServer.address), protocol: 'grpc', grpc: { ...emptyGrpcSettings(), service: 'sandbox.Greeter', method: 'SayHello', messages: ['{"name":"Proxy"}'] } });
  const mcpDraft = (): RequestDraft => ({ ...emptyDraft(mcpServer.url), protocol: 'mcp', mcp: { transport: 'streamable-http', call: { kind: 'tool', name: 'divide', arguments: '{"a":8,"b":2}' } } });

  it('a gRPC step goes through HTTP_PROXY as a CONNECT tunnel with its credentials', async () => {
    const { result } = await run(grpcDraft(), [okStatus('0')], runGrpcStep);
    expect(result.error).toBeUndefined();
    expect(result.assertions[0]!.passed).toBe(true);
    expect(seen.connects).toEqual([grpcServer.address.replace('grpc://', '')]);
  });

  it('an MCP step goes through HTTP_PROXY in absolute form', async () => {
    const { result } = await run(mcpDraft(), [okStatus('200')], runMcpStep);
    expect(result.error).toBeUndefined();
    expect(result.assertions[0]!.passed).toBe(true);
    expect(seen.forwarded).toContain(`POST ${mcpServer.url}`);
  });

  it('both go direct for a host NO_PROXY names', async () => {
    process.env.NO_PROXY = HOST!;
    const grpc = await run(grpcDraft(), [okStatus('0')], runGrpcStep);
    const mcp = await run(mcpDraft(), [okStatus('200')], runMcpStep);
    expect(grpc.result.assertions[0]!.passed).toBe(true);
    expect(mcp.result.assertions[0]!.passed).toBe(true);
    expect(seen.connects).toEqual([]);
    expect(seen.forwarded).toEqual([]);
  });

  it('a gRPC step refused by the proxy fails with the proxy named and the password masked', async () => {
    process.env.HTTP_PROXY = proxyUrl.replace(PASSWORD, 'not-the-password-77');
    const { result } = await run(grpcDraft(), [okStatus('0')], runGrpcStep);
    expect(result.error?.kind).toBe('proxy');
    expect(result.error?.message).toMatch(/rejected the proxy user and password \(407/);
    expect(JSON.stringify(result)).not.toContain('not-the-password-77');
  });
});
