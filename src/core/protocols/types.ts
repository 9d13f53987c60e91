/**
 * What a request speaks. HTTP is the default (absent `protocol` on a draft); SOAP and
 * GraphQL are HTTP with their own tools (the SOAP panel, the `graphql` body kind). The
 * other protocols keep a live connection and have their own composer, response view, run
 * step and CLI step; their settings ride on the draft (`RequestDraft.websocket`, `.grpc`,
 * `.mcp`), so tabs, history, collections and exports carry them like any other part.
 */
import type { GrpcSettings } from './grpc/settings';
import type { McpSettings } from './mcp/settings';
import type { WebSocketSettings } from './websocket/settings';

export type RequestProtocol = 'http' | 'websocket' | 'grpc' | 'mcp';

/** The protocols with their own live-connection tools, in the order the type picker shows them. */
export const LIVE_PROTOCOLS = ['websocket', 'grpc', 'mcp'] as const satisfies readonly RequestProtocol[];

export type LiveProtocol = (typeof LIVE_PROTOCOLS)[number];

/** The settings each live protocol keeps on a draft. */
export interface ProtocolSettings {
  websocket: WebSocketSettings;
  grpc: GrpcSettings;
  mcp: McpSettings;
}

/** The protocol of a draft-like value: `http` when it names none or one this version does not know. */
export function protocolOf(draft: { protocol?: string }): RequestProtocol {
  const p = draft.protocol;
  return p === 'websocket' || p === 'grpc' || p === 'mcp' ? p : 'http';
}

/** Whether `protocol` is one with its own live-connection tools. */
export function isLiveProtocol(protocol: string | undefined): protocol is LiveProtocol {
  return protocol === 'websocket' || protocol === 'grpc' || protocol === 'mcp';
}
