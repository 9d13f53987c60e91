/**
 * Starting a run (issue 18, item 4): the target's saved requests in order, core's run
 * plan, and the page's own send path as the step sender; progress and steps go to the
 * runner's store as they come.
 */
import type { StoreApi } from 'zustand';
import { runnableRequests, startRunPlan, type RunPlanOptions } from '../../../core/run/runPlan';
import type { RunResult } from '../../../core/run/types';
import type { ScriptValue } from '../../../scripting/types';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { runPlanThrough } from './runEngine';
import { runnerStore, targetItems, type RunTarget } from './runnerStore';
import { workbenchStepSender } from './workbenchSteps';
import { withProtocolSteps } from './protocolSteps';

/**
 * Runs the target through the page's own send path. `cancelSend` aborts the request being
 * sent (useSend's cancel); `typedRows`, a JSON data file's rows as parsed, are what scripts read. Resolves with the result, also kept in the runner's state.
 */
export async function startRun(store: StoreApi<WorkbenchState>, target: RunTarget, options: RunPlanOptions, cancelSend: () => void, typedRows?: readonly Readonly<Record<string, ScriptValue>>[]): Promise<RunResult | undefined> {
  if (runnerStore.getState().running) return undefined;
  const found = targetItems(store.getState().collections, target);
  if (!found) return undefined;
  // Paths in results are relative to the folder run, as in the reports of `wirebench run --folder`.
  const plan = startRunPlan(runnableRequests(found.items), options);
  const controller = new AbortController();
  runnerStore.setState({ running: true, progress: null, steps: [], result: null, controller, ranTarget: target });
  try {
    const result = await runPlanThrough(plan, found.title, withProtocolSteps(workbenchStepSender(store, target.collectionId, cancelSend, typedRows), store, target.collectionId), controller.signal, {
      onProgress: (progress) => runnerStore.setState({ progress }),
      onStep: (step) => runnerStore.setState((s) => ({ steps: [...s.steps, step] })),
    });
    runnerStore.setState({ result, steps: result.steps });
    return result;
  } finally {
    runnerStore.setState({ running: false, progress: null, controller: null });
  }
}
