/**
 * Start-up composition, the one place below `App.tsx` that knows every feature: it fills the
 * slots the lower layers leave for the higher ones, before the first render (`main.tsx`
 * imports it first). Each registration loads its feature's code on first use, so nothing
 * here adds to the first screen but the registrations themselves.
 * - the live protocols' composer and response (`protocols/registry.ts` → `base/protocols`);
 * - the runner's live-protocol steps (`features/runner/protocolStepSlot.ts`).
 */
import './protocols/registry';
import { registerProtocolStep } from '../features/runner/protocolStepSlot';

registerProtocolStep('websocket', (...args) => import('../features/websocket/wsRunStep').then((m) => m.runWebSocketAppStep(...args)));
registerProtocolStep('grpc', (...args) => import('../features/grpc/grpcRunStep').then((m) => m.runGrpcAppStep(...args)));
registerProtocolStep('mcp', (...args) => import('../features/mcp/mcpRunStep').then((m) => m.runMcpAppStep(...args)));
