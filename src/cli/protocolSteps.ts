/**
 * `wirebench run` steps of the live protocols (WebSocket, gRPC, MCP): a request whose draft
 * names one is run by that protocol's step (connect through the relay's engine, send what
 * the request holds, collect, check), not by the HTTP step. Each protocol adds its step
 * here; a request of a protocol this build cannot run fails with that said (exit 1), never
 * a silent pass.
 */
import type { LiveProtocol } from '../core/protocols/types';
import type { PlannedRequest } from './plan';
import type { StepContext, StepOutcome } from './step';
import { runWebSocketStep } from './websocketStep';
import { runGrpcStep } from './grpcStep';
import { runMcpStep } from './mcpStep';

export type ProtocolStep = (planned: PlannedRequest, ctx: StepContext) => Promise<StepOutcome>;

export const protocolSteps: Partial<Record<LiveProtocol, ProtocolStep>> = {
  websocket: runWebSocketStep,
  grpc: runGrpcStep,
  mcp: runMcpStep,
};
