/**
 * MCP (issue 30): the authorization discovery chain (a 401 naming the protected resource
 * metadata, which names the authorization server), the handshake (initialize and what it
 * negotiates), and tool errors versus protocol errors — each one HTTP exchange with the
 * sandbox's MCP server, which the MCP request type then does for you.
 */
import type { Lesson } from './lesson';

const JSON_RPC = [
  { name: 'Content-Type', value: 'application/json' },
  { name: 'Accept', value: 'application/json, text/event-stream' },
];
const AUTHED = [...JSON_RPC, { name: 'Authorization', value: 'Bearer {{oauth_access_token}}' }];

export const MCP_LESSONS: readonly Lesson[] = [
  {
    id: 'mcp-discovery-401',
    group: 'Utilities',
    title: 'MCP: a 401 says where to learn how to authorize',
    convention: 'MCP 2025-06-18 Authorization; RFC 9728 §5.1 (WWW-Authenticate resource_metadata)',
    teaches:
      'An MCP server protected by OAuth answers a request without a token with 401 and WWW-Authenticate: Bearer resource_metadata="…". That URL is the first link of a chain: the protected resource metadata (RFC 9728) names the authorization server, whose metadata (RFC 8414) names its endpoints and, when it allows it, a registration endpoint (RFC 7591); the client then signs in with PKCE and asks for a token for this server with resource=<its URL> (RFC 8707).',
    lookAt:
      'The WWW-Authenticate header and its resource_metadata parameter. The next lesson fetches that document. The MCP request type (Auth → Authorize) walks the whole chain and shows each step.',
    request: { method: 'POST', url: '/sandbox/mcp', headers: JSON_RPC, body: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"lesson","version":"1"}}}' },
    expectedStatus: 401,
  },
  {
    id: 'mcp-resource-metadata',
    group: 'Utilities',
    title: 'MCP: protected resource metadata names the authorization server',
    convention: 'RFC 9728 §2–3 (protected resource metadata, well-known path insertion)',
    teaches:
      'The protected resource metadata is served at /.well-known/oauth-protected-resource followed by the resource\'s path. Its "resource" must be the server it was fetched for (else a client must refuse it, or one server could send your token to another), and "authorization_servers" lists the issuers to ask for a token.',
    lookAt: 'This is the document the 401 named (the sandbox also serves it here, under /sandbox). "resource" is this MCP server; "authorization_servers" names the sandbox authorization server, whose /.well-known/oauth-authorization-server/sandbox/oauth metadata carries registration_endpoint.',
    request: { method: 'GET', url: '/sandbox/mcp-resource-metadata', headers: [{ name: 'Accept', value: 'application/json' }] },
    expectedStatus: 200,
    checks: { assertions: [{ id: 'mcp-prm-as', kind: 'compare', subject: { kind: 'jsonpath', path: '$.authorization_servers[0]' }, operator: 'contains', expected: '/sandbox/oauth' }] },
  },
  {
    id: 'mcp-handshake',
    group: 'Utilities',
    title: 'MCP: the handshake negotiates a version and capabilities',
    convention: 'MCP 2025-06-18 Lifecycle (initialize), Streamable HTTP transport',
    teaches:
      'A session starts with initialize: the client proposes a protocol version and says what it can do; the server answers with the version it will speak (the same one if it can), its capabilities (tools, resources, prompts, logging, completions) and an Mcp-Session-Id header that every later request carries. The client then sends notifications/initialized. Over Streamable HTTP an answer may come as JSON or, as here, as an SSE stream of messages.',
    lookAt:
      'The Mcp-Session-Id header, and in the event stream the result\'s protocolVersion and capabilities. The MCP request type\'s Handshake tab says the same in words, and The wire shows every message after it.',
    request: { method: 'POST', url: '/sandbox/mcp', headers: AUTHED, body: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"lesson","version":"1"}}}' },
    expectedStatus: 200,
    checks: { assertions: [{ id: 'mcp-session-id', kind: 'compare', subject: { kind: 'header', name: 'mcp-session-id' }, operator: 'exists' }] },
  },
  {
    id: 'mcp-tool-error',
    group: 'Utilities',
    title: 'MCP: a tool error is a result, not a protocol error',
    convention: 'MCP 2025-06-18 Tools (error handling); JSON-RPC 2.0 §5.1',
    teaches:
      'When a tool runs and fails (divide by zero), the server answers with a normal result whose isError is true and whose content explains the failure, so the model can read it and try again. A protocol error is different: the request itself was wrong, and the answer is a JSON-RPC error with a code: -32601 for a method the server does not have, -32602 for bad params.',
    lookAt: 'result.isError is true and result.content[0].text explains. Change the method to "tools/nothing" and send again: the answer is an error object with code -32601 instead of a result.',
    request: { method: 'POST', url: '/sandbox/mcp-stateless', headers: AUTHED, body: '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"divide","arguments":{"a":1,"b":0}}}' },
    expectedStatus: 200,
    checks: { assertions: [{ id: 'mcp-is-error', kind: 'compare', subject: { kind: 'jsonpath', path: '$.result.isError' }, operator: '==', expected: 'true' }] },
  },
];
