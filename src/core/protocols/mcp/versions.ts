/**
 * MCP protocol versions and the handshake's negotiation: the client proposes a version in
 * `initialize`, the server answers with the same one when it supports it, else with one it
 * does support; the client then goes on, or disconnects when it does not know that one.
 * Capabilities on both sides say which optional parts each will use.
 */
import { fail, ok, type Result } from '../../types';

/** The versions this client speaks, newest first. */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;
export const LATEST_MCP_VERSION = MCP_PROTOCOL_VERSIONS[0];
/** What a server assumes when an HTTP request carries no `MCP-Protocol-Version` header. */
export const DEFAULT_NEGOTIATED_VERSION = '2025-03-26';

const NOTES: Readonly<Record<string, string>> = {
  '2025-11-25': 'Adds URL elicitation, tasks, icons and sampling with tools; the newest this client speaks.',
  '2025-06-18': 'Adds structured tool output with outputSchema, resource links, elicitation, the MCP-Protocol-Version header, OAuth resource indicators (RFC 8707); drops JSON-RPC batching.',
  '2025-03-26': 'Introduces the Streamable HTTP transport and OAuth 2.1 authorization, tool annotations, progress messages and audio content.',
  '2024-11-05': 'The first published version: HTTP+SSE transport (GET an event stream, POST to the endpoint it names).',
  '2024-10-07': 'A pre-release the SDK still accepts.',
};

export function versionNote(version: string): string {
  return NOTES[version] ?? 'A version this client does not know.';
}

export interface Negotiation {
  requested: string;
  answered: string;
  /** Plain words on what happened. */
  explanation: string;
}

/** Reads the server's answer to the version the client asked for; an unknown one fails with that said. */
export function negotiateVersion(requested: string, answered: unknown): Result<Negotiation> {
  if (typeof answered !== 'string' || answered === '') {
    return fail({ kind: 'mcp-version', message: 'The initialize result has no "protocolVersion"; the server did not say which version it speaks, so the session cannot go on.' });
  }
  if (answered === requested) return ok({ requested, answered, explanation: `The server accepted ${requested}, the version this client asked for. ${versionNote(answered)}` });
  if (!(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(answered)) {
    return fail({
      kind: 'mcp-version',
      message: `The client asked for ${requested}; the server answered with ${JSON.stringify(answered)}, which this client does not speak (it knows ${MCP_PROTOCOL_VERSIONS.join(', ')}). As the specification says, the client disconnects rather than guess.`,
    });
  }
  return ok({ requested, answered, explanation: `The client asked for ${requested}; the server does not support it and offered ${answered} instead, which this client also speaks, so the session uses ${answered}. ${versionNote(answered)}` });
}

const SERVER_CAPS: Readonly<Record<string, string>> = {
  tools: 'offers tools (tools/list, tools/call)',
  resources: 'offers resources (resources/list, resources/read, templates)',
  prompts: 'offers prompts (prompts/list, prompts/get)',
  logging: 'sends log messages (notifications/message) and takes logging/setLevel',
  completions: 'completes prompt and resource template arguments (completion/complete)',
  experimental: 'has experimental, non-standard features',
  tasks: 'can run requests as tasks',
};
const CLIENT_CAPS: Readonly<Record<string, string>> = {
  roots: 'can list its filesystem roots',
  sampling: 'lets the server ask its model for completions',
  elicitation: 'lets the server ask the person for input',
  experimental: 'has experimental, non-standard features',
};

/** One line per capability declared, with its sub-flags (listChanged, subscribe). */
export function describeCapabilities(side: 'server' | 'client', caps: unknown): string[] {
  if (typeof caps !== 'object' || caps === null) return [`The ${side} declared no capabilities.`];
  const words = side === 'server' ? SERVER_CAPS : CLIENT_CAPS;
  const lines = Object.entries(caps as Record<string, unknown>).map(([name, value]) => {
    const flags = typeof value === 'object' && value !== null ? Object.entries(value).filter(([, v]) => v === true).map(([k]) => k) : [];
    const extra = flags.length ? ` (${flags.map((f) => (f === 'listChanged' ? 'tells when the list changes' : f === 'subscribe' ? 'can be subscribed to' : f)).join(', ')})` : '';
    return `${name}: ${words[name] ?? 'a capability this client does not know'}${extra}`;
  });
  return lines.length ? lines : [`The ${side} declared no capabilities.`];
}
