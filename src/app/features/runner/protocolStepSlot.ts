/**
 * The runner's slot for the live protocols' run steps (WebSocket, gRPC, MCP, GraphQL subscriptions): the shell fills
 * it at start-up (`shell/composition.tsx`, each step loaded on first use), so the runner imports
 * no protocol and the protocols import only this type. Kept apart from `protocolSteps.ts` so
 * the start-up registration pulls nothing of the runner into the first screen.
 */
import type { StoreApi } from 'zustand';
import type { LiveProtocol } from '../../../core/protocols/types';
import type { RunStep } from '../../../core/run/runPlan';
import type { SavedRequest } from '../../../core/workspace/model';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { SentStep } from './runEngine';

/** Runs one step of a live protocol's saved request, its checks included, and reports it (secrets masked). */
export type AppProtocolStep = (store: StoreApi<WorkbenchState>, request: SavedRequest, step: RunStep, signal: AbortSignal) => Promise<SentStep>;

/** What a step runs: a live protocol's request, or a GraphQL subscription (an HTTP request whose GraphQL body subscribes). */
export type StepKind = LiveProtocol | 'graphql-subscription';

/** The registered steps by kind. */
export const appProtocolSteps: Partial<Record<StepKind, AppProtocolStep>> = {};

/** Adds the step that runs saved requests of `protocol`. */
export function registerProtocolStep(protocol: StepKind, step: AppProtocolStep): void {
  appProtocolSteps[protocol] = step;
}
