/**
 * The composer's view of the active draft (wire build, lint findings, repeat state) for
 * components, recomputed only when the draft, the environment or the tab's last send
 * changes.
 */
import { useMemo } from 'react';
import { activeEnvironmentValues } from '../store/environmentsSlice';
import { collectionVariableValues } from '../store/workspaceSlice';
import { useWorkbench } from '../store/StoreProvider';
import { soapLintContext } from '../soap/soapSlice';
import { composerView, type ComposerView, type TabSendRecord } from './composerModel';

const NO_RECORD: TabSendRecord = { acknowledged: [] };

/** The active environment's values over the tab's collection variables (a stable object while they are unchanged). */
export function useEnvironmentValues(): Record<string, string> {
  const environments = useWorkbench((s) => s.environments);
  const activeEnvironmentId = useWorkbench((s) => s.activeEnvironmentId);
  const collectionValues = useWorkbench(collectionVariableValues);
  return useMemo(() => activeEnvironmentValues({ environments, activeEnvironmentId }, collectionValues), [environments, activeEnvironmentId, collectionValues]);
}

/** The send record of the active tab. */
export function useTabSendRecord(): TabSendRecord {
  return useWorkbench((s) => s.sendRecords[s.activeTabId] ?? NO_RECORD);
}

/** The composer view of the active draft. */
export function useComposerView(): ComposerView {
  const draft = useWorkbench((s) => s.draft);
  const env = useEnvironmentValues();
  const record = useTabSendRecord();
  const soap = useWorkbench(soapLintContext);
  return useMemo(() => composerView(draft, env, record, soap), [draft, env, record, soap]);
}
