/**
 * The runner's slot for the live protocols' run steps (WebSocket, gRPC, MCP): the shell fills
 * it at start-up (`shell/composition.ts`, each step loaded on first use), so the runner imports
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

/** The registered steps by protocol. */
export const appProtocolSteps: Partial<Record<LiveProtocol, AppProtocolStep>> = {};

/** Adds the step that runs saved requests of `protocol`. */
export function registerProtocolStep(protocol: LiveProtocol, step: AppProtocolStep): void {
  appProtocolSteps[protocol] = step;
}
