/**
 * The sandbox MCP server at `/sandbox/mcp` (Streamable HTTP) and `/sandbox/mcp-sse` (the
 * older HTTP+SSE transport), protected by the sandbox authorization server: a request
 * without a valid access token gets 401 with `WWW-Authenticate: Bearer
 * resource_metadata="…"`, naming the RFC 9728 metadata the main server serves at
 * `/.well-known/oauth-protected-resource/sandbox/mcp` (also at `/sandbox/mcp-resource-metadata`).
 * `/sandbox/mcp-stateless` answers each POST on its own with JSON (no session), for lessons.
 */
import { verifyAccessToken } from '../auth/accessTokens';
import { sendJson, type SandboxRoute } from '../router';
import { createMcpHost, type McpAuthRefusal } from './mcpHost';
import { createSandboxMcpServer } from './mcpTools';

/** Where the main server serves this resource's metadata (RFC 9728 §3.1 path insertion). */
export const MCP_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/sandbox/mcp';

async function authorize(req: import('node:http').IncomingMessage): Promise<McpAuthRefusal | undefined> {
  const metadata = `http://${req.headers.host ?? '127.0.0.1'}${MCP_RESOURCE_METADATA_PATH}`;
  const header = req.headers.authorization;
  const base = `Bearer resource_metadata="${metadata}", scope="orders:read"`;
  if (!header) return { challenge: base, detail: 'This MCP server needs an access token from the sandbox authorization server. Its protected resource metadata says where to get one.' };
  const token = /^Bearer +(\S+)$/i.exec(header.trim())?.[1];
  if (!token) return { challenge: `${base}, error="invalid_request"`, detail: 'The Authorization header must be "Bearer <token>".' };
  const check = await verifyAccessToken(token);
  if (check.ok) return undefined;
  return { challenge: `${base}, error="invalid_token", error_description="${check.description.replace(/"/g, "'")}"`, detail: check.description };
}

const host = createMcpHost({ makeServer: () => createSandboxMcpServer(), authorize, legacyPostPath: '/sandbox/mcp-sse/messages', maxSessions: 200 });

/** RFC 9728 protected resource metadata of the sandbox MCP server. */
export function resourceMetadata(base: string): Record<string, unknown> {
  return {
    resource: `${base}/mcp`,
    authorization_servers: [`${base}/oauth`],
    scopes_supported: ['orders:read', 'orders:write', 'offline_access'],
    bearer_methods_supported: ['header'],
    resource_name: 'Wirebench sandbox MCP server',
  };
}

export const mcpRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/mcp-resource-metadata', handle: (ctx) => (ctx.req.resume(), sendJson(ctx.res, 200, resourceMetadata(ctx.base), { 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' })) },
  { method: 'POST', pattern: '/mcp', handle: (ctx) => (host.streamable(ctx.req, ctx.res)) },
  { method: 'GET', pattern: '/mcp', handle: (ctx) => (host.streamable(ctx.req, ctx.res)) },
  { method: 'DELETE', pattern: '/mcp', handle: (ctx) => (host.streamable(ctx.req, ctx.res)) },
  { method: 'POST', pattern: '/mcp-stateless', handle: (ctx) => host.stateless(ctx.req, ctx.res) },
  { method: 'GET', pattern: '/mcp-sse', handle: (ctx) => (host.legacyStream(ctx.req, ctx.res)) },
  { method: 'POST', pattern: '/mcp-sse/messages', handle: (ctx) => (host.legacyPost(ctx.req, ctx.res, ctx.url)) },
];
