/**
 * An MCP server as saved on a draft (`RequestDraft.mcp`): the draft's URL is the server's
 * endpoint, its headers go with every message and its auth (a vault entry, usually) is the
 * draft's; this holds what only an MCP request has.
 */
export interface McpSettings {
  /** Streamable HTTP (2025-03-26 and later) or the older HTTP+SSE transport. */
  transport: 'streamable-http' | 'sse';
  /** The call a run step makes, and the composer's selection. */
  call?: { kind: 'tool' | 'resource' | 'prompt'; name: string; arguments: string };
  /** The protocol version Connect asks for; absent: the newest this client speaks. */
  protocolVersion?: string;
  /** A client id entered by hand, used when the authorization server does not register clients dynamically. */
  clientId?: string;
}

export function emptyMcpSettings(): McpSettings {
  return { transport: 'streamable-http' };
}
