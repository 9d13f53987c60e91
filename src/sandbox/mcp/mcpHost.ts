/**
 * Hosts MCP servers over HTTP with the SDK's transports, for the sandbox and for tests:
 * Streamable HTTP with one SDK server per session (`Mcp-Session-Id`; DELETE ends it), and
 * the older HTTP+SSE transport (GET the event stream, POST to the endpoint it names). An
 * optional check runs first: a request it refuses gets 401 with its `WWW-Authenticate`.
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** A refusal: the `WWW-Authenticate` value and a body explaining it. */
export interface McpAuthRefusal {
  challenge: string;
  detail: string;
}

export interface McpHostOptions {
  makeServer(): McpServer;
  /** Undefined lets the request through; a refusal answers 401. */
  authorize?(req: http.IncomingMessage): Promise<McpAuthRefusal | undefined>;
  /** The path the old transport's clients POST to (relative to the origin), e.g. `/sandbox/mcp-sse/messages`. */
  legacyPostPath?: string;
  /** How many sessions are kept at most; the oldest is closed past it. */
  maxSessions?: number;
}

export interface McpHost {
  /** Streamable HTTP at this endpoint (POST, GET, DELETE). */
  streamable(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /** Stateless Streamable HTTP with JSON answers: each POST handled by a fresh server, no session, no initialize needed. */
  stateless(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /** The old transport: GET opens the stream. */
  legacyStream(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /** The old transport: POST a message (`?sessionId=`). */
  legacyPost(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void>;
  close(): Promise<void>;
}

export function createMcpHost(options: McpHostOptions): McpHost {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const legacy = new Map<string, SSEServerTransport>();
  const max = options.maxSessions ?? 100;

  async function refused(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    const refusal = await options.authorize?.(req);
    if (!refusal) return false;
    req.resume();
    const body = JSON.stringify({ error: 'invalid_token', error_description: refusal.detail });
    res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': refusal.challenge, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
    return true;
  }

  return {
    async streamable(req, res) {
      if (await refused(req, res)) return;
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? sessions.get(id) : undefined;
      if (known) return known.handleRequest(req, res);
      if (typeof id === 'string') {
        req.resume();
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: `Session ${id} is not found (ended, or the server restarted); initialize a new one.` } }));
        return;
      }
      if (req.method !== 'POST') {
        req.resume();
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: `${req.method} needs an Mcp-Session-Id; POST initialize first.` } }));
        return;
      }
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          sessions.set(sid, transport);
          if (sessions.size > max) {
            const oldest = sessions.keys().next().value as string;
            void sessions.get(oldest)?.close();
            sessions.delete(oldest);
          }
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await options.makeServer().connect(transport);
      await transport.handleRequest(req, res);
    },
    async stateless(req, res) {
      if (await refused(req, res)) return;
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      const server = options.makeServer();
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
    },
    async legacyStream(req, res) {
      if (await refused(req, res)) return;
      const transport = new SSEServerTransport(options.legacyPostPath ?? '/messages', res);
      legacy.set(transport.sessionId, transport);
      res.on('close', () => legacy.delete(transport.sessionId));
      await options.makeServer().connect(transport);
    },
    async legacyPost(req, res, url) {
      if (await refused(req, res)) return;
      const transport = legacy.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) {
        req.resume();
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('No HTTP+SSE session with that sessionId; open the event stream first.');
        return;
      }
      await transport.handlePostMessage(req, res);
    },
    async close() {
      await Promise.all([...sessions.values(), ...legacy.values()].map((t) => t.close().catch(() => undefined)));
      sessions.clear();
      legacy.clear();
    },
  };
}
