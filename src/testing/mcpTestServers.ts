/**
 * For the MCP tests: the official SDK's server (the sandbox's tools) on a loopback port,
 * with or without a token check, and a hand-written server that misbehaves on purpose.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createMcpHost } from '../sandbox/mcp/mcpHost';
import { createSandboxMcpServer } from '../sandbox/mcp/mcpTools';

export interface Started {
  url: string;
  origin: string;
  /** Requests seen, "METHOD path", in order. */
  seen: string[];
  close(): Promise<void>;
}

function listen(handler: http.RequestListener, seen: string[], tls?: https.ServerOptions, host = '127.0.0.1'): Promise<Started> {
  const counted: http.RequestListener = (req, res) => {
    seen.push(`${req.method} ${req.url}`);
    handler(req, res);
  };
  const server = tls ? https.createServer(tls, counted) : http.createServer(counted);
  return new Promise((resolve) => {
    server.listen(0, host, () => {
      const origin = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
      resolve({
        url: `${origin}/mcp`, origin, seen,
        close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
      });
    });
  });
}

/** The SDK's server with the sandbox's tools at /mcp (Streamable HTTP) and /sse + /messages (HTTP+SSE); over https with `tls`; on `host` (default 127.0.0.1). */
export async function startSdkServer(options: { token?: string; resourceMetadata?: boolean; tls?: https.ServerOptions; host?: string } = {}): Promise<Started> {
  const seen: string[] = [];
  let origin = '';
  const host = createMcpHost({
    makeServer: () => createSandboxMcpServer({ stepMs: 30 }),
    legacyPostPath: '/messages',
    authorize: options.token === undefined ? undefined : async (req) => {
      if (req.headers.authorization === `Bearer ${options.token}`) return undefined;
      const meta = options.resourceMetadata === false ? '' : `, resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`;
      return { challenge: `Bearer realm="test"${meta}`, detail: 'A token is needed.' };
    },
  });
  const started = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/mcp') void host.streamable(req, res);
    else if (url.pathname === '/sse') void host.legacyStream(req, res);
    else if (url.pathname === '/messages') void host.legacyPost(req, res, url);
    else {
      res.writeHead(404);
      res.end();
    }
  }, seen, options.tls, options.host);
  origin = started.origin;
  return { ...started, close: async () => (await host.close(), await started.close()) };
}

/** A server answering each POSTed message with `answer(message)`: raw text (JSON) or an SSE body to write as given. */
export function startScriptedServer(answer: (message: any, res: http.ServerResponse) => void): Promise<Started> {
  const seen: string[] = [];
  return listen((req, res) => {
    if (req.method !== 'POST') {
      req.resume();
      res.writeHead(405);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(JSON.parse(Buffer.concat(chunks).toString('utf8')), res));
  }, seen);
}

/** The initialize result a scripted server gives. */
export function initializeResult(id: unknown, protocolVersion = '2025-06-18'): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result: { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'scripted', version: '0' } } });
}
