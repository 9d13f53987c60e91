/**
 * Start-up composition, the one place below `App.tsx` that knows every feature: it fills the
 * slots the lower layers leave for the higher ones, before the first render (`main.tsx`
 * imports it first). Each registration loads its feature's code on first use, so nothing
 * here adds to the first screen but the registrations themselves.
 * - the live protocols' composer and response (`protocols/registry.ts` → `base/protocols`);
 * - the runner's live-protocol steps (`features/runner/protocolStepSlot.ts`);
 * - the workspace tree's Run… (`features/workspace/runnerSlot.ts`);
 * - the composer's GraphQL body editor (`features/composer/body/GraphQlBodyEditor.tsx`).
 */
import './protocols/registry';
import { lazyPart } from '../base/lazy/lazyPart';
import { provideGraphQlBodyEditor } from '../features/composer/body/GraphQlBodyEditor';
import { registerProtocolStep } from '../features/runner/protocolStepSlot';
import { openRunner } from '../features/runner/runnerStore';
import { provideRunnerOpener } from '../features/workspace/runnerSlot';

registerProtocolStep('websocket', (...args) => import('../features/websocket/wsRunStep').then((m) => m.runWebSocketAppStep(...args)));
registerProtocolStep('grpc', (...args) => import('../features/grpc/grpcRunStep').then((m) => m.runGrpcAppStep(...args)));
registerProtocolStep('mcp', (...args) => import('../features/mcp/mcpRunStep').then((m) => m.runMcpAppStep(...args)));
registerProtocolStep('graphql-subscription', (...args) => import('../features/graphql/subscriptionRunStep').then((m) => m.runGraphQlSubscriptionAppStep(...args)));

provideRunnerOpener(openRunner);

provideGraphQlBodyEditor(
  lazyPart({
    name: 'The GraphQL editor',
    load: () => import('../features/graphql/GraphQlBody'),
    pick: (m) => m.GraphQlBody,
    fallback: () => <div className="code-editor" aria-busy="true" style={{ minHeight: 'calc(14rem + 2px)' }} />,
  }),
);
