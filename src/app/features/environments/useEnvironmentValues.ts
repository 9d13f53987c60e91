import { useMemo } from 'react';
import { useWorkbench } from '../../base/state/StoreProvider';
import { activeEnvironmentValues, collectionVariableValues } from './environmentsSlice';

/**
 * The values the active tab's `{{variables}}` resolve from, as a send resolves them: the run
 * variables over the active environment's over the tab's collection variables (a stable
 * object while they are unchanged).
 */
export function useEnvironmentValues(): Record<string, string> {
  const environments = useWorkbench((s) => s.environments);
  const activeEnvironmentId = useWorkbench((s) => s.activeEnvironmentId);
  const runValues = useWorkbench((s) => s.runValues);
  const collectionValues = useWorkbench(collectionVariableValues);
  return useMemo(() => activeEnvironmentValues({ environments, activeEnvironmentId, runValues }, collectionValues), [environments, activeEnvironmentId, runValues, collectionValues]);
}
