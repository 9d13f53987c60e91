/**
 * The live protocols the workbench offers besides HTTP and SOAP, each with its own composer
 * and response view (loaded on first use with `lazyPart`, so the first screen carries none
 * of them). A protocol is listed in the request type picker once it has an entry here; the
 * composer and the response pane show its parts for a tab whose draft names it.
 *
 * This is composition (the shell's layer): the features never import it.
 */
import type { ComponentType } from 'react';
import type { LiveProtocol } from '../../../core/protocols/types';
import type { RequestDraft } from '../../../core/request/draft';
import { lazyPart } from '../../base/lazy/lazyPart';
import { initMcpDraft } from '../../features/mcp/mcpInit';
import { initWebSocketDraft } from '../../features/websocket/wsInit';
import { initGrpcDraft } from '../../features/grpc/grpcInit';

export interface ProtocolPart {
  /** The picker's label: "WebSocket". */
  label: string;
  /** What it is, one line, for the picker's title and the palette. */
  description: string;
  /** The request side below the request type row: its own address line, Connect, messages. */
  Composer: ComponentType;
  /** The response side for a tab of this protocol (messages, calls, the wire). */
  Response: ComponentType;
  /** The draft a tab switched to this protocol starts from (its settings, a sample URL when empty). */
  init(draft: RequestDraft): RequestDraft;
}

/** Filled by each protocol's entry below, in the picker's order. */
export const protocolParts: Partial<Record<LiveProtocol, ProtocolPart>> = {
  websocket: {
    label: 'WebSocket',
    description: 'A WebSocket connection (ws:// or wss://): the handshake, messages both ways, ping, close codes explained',
    Composer: lazyPart({ name: 'The WebSocket request', load: () => import('../../features/websocket/WebSocketComposer'), pick: (m) => m.WebSocketComposer }),
    Response: lazyPart({ name: 'The WebSocket connection', load: () => import('../../features/websocket/WebSocketResponse'), pick: (m) => m.WebSocketResponse }),
    init: initWebSocketDraft,
  },
  grpc: {
    label: 'gRPC',
    description: 'gRPC calls (unary and streaming) with services by server reflection or from .proto files',
    Composer: lazyPart({ name: 'The gRPC request', load: () => import('../../features/grpc/GrpcComposer'), pick: (m) => m.GrpcComposer }),
    Response: lazyPart({ name: 'The gRPC response', load: () => import('../../features/grpc/GrpcResponse'), pick: (m) => m.GrpcResponse }),
    init: initGrpcDraft,
  },
  mcp: {
    label: 'MCP',
    description: 'A Model Context Protocol server: connect, authorize, list and call its tools, resources and prompts, and see every JSON-RPC message on the wire',
    Composer: lazyPart({ name: 'The MCP request', load: () => import('../../features/mcp/McpComposer'), pick: (m) => m.McpComposer }),
    Response: lazyPart({ name: 'The MCP response', load: () => import('../../features/mcp/McpResponse'), pick: (m) => m.McpResponse }),
    init: initMcpDraft,
  },
};

/** The part of `protocol`, when this build offers it. */
export function protocolPart(protocol: string | undefined): ProtocolPart | undefined {
  return protocol && Object.hasOwn(protocolParts, protocol) ? protocolParts[protocol as LiveProtocol] : undefined;
}
