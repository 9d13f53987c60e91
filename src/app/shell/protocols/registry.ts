/**
 * Composition (the shell's layer): registers the live protocols' parts in the slot of
 * `base/protocols/protocolParts.ts` (loaded on first use with `lazyPart`, so the first screen
 * carries none of them), in the picker's order. Imported by `main.tsx` before the first
 * render; the features never import it.
 */
import { lazyPart } from '../../base/lazy/lazyPart';
import { registerProtocolPart } from '../../base/protocols/protocolParts';
import { initMcpDraft } from '../../features/mcp/mcpInit';
import { initWebSocketDraft } from '../../features/websocket/wsInit';
import { initGrpcDraft } from '../../features/grpc/grpcInit';

registerProtocolPart('websocket', {
  label: 'WebSocket',
  description: 'A WebSocket connection (ws:// or wss://): the handshake, messages both ways, ping, close codes explained',
  Composer: lazyPart({ name: 'The WebSocket request', load: () => import('../../features/websocket/WebSocketComposer'), pick: (m) => m.WebSocketComposer }),
  Response: lazyPart({ name: 'The WebSocket connection', load: () => import('../../features/websocket/WebSocketResponse'), pick: (m) => m.WebSocketResponse }),
  init: initWebSocketDraft,
});

registerProtocolPart('grpc', {
  label: 'gRPC',
  description: 'gRPC calls (unary and streaming) with services by server reflection or from .proto files',
  Composer: lazyPart({ name: 'The gRPC request', load: () => import('../../features/grpc/GrpcComposer'), pick: (m) => m.GrpcComposer }),
  Response: lazyPart({ name: 'The gRPC response', load: () => import('../../features/grpc/GrpcResponse'), pick: (m) => m.GrpcResponse }),
  init: initGrpcDraft,
});

registerProtocolPart('mcp', {
  label: 'MCP',
  description: 'A Model Context Protocol server: connect, authorize, list and call its tools, resources and prompts, and see every JSON-RPC message on the wire',
  Composer: lazyPart({ name: 'The MCP request', load: () => import('../../features/mcp/McpComposer'), pick: (m) => m.McpComposer }),
  Response: lazyPart({ name: 'The MCP response', load: () => import('../../features/mcp/McpResponse'), pick: (m) => m.McpResponse }),
  init: initMcpDraft,
});
