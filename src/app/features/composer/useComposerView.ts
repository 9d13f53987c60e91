/**
 * The composer's view of the active draft (wire build, lint findings, repeat state) for
 * components, recomputed only when the draft, the values it resolves from or the tab's last
 * send changes. The values are those a send resolves from (issue 27 item 5): the page's run
 * variables (captures, script-set `pm.variables`/`pm.globals`) over the active environment
 * over the tab's collection, so what is known on screen is what the send will use.
 */
import { useEffect, useMemo } from 'react';
import { afterFirstScreen } from '../../base/lazy/afterFirstScreen';
import { activeChecks } from '../checks/checksSlice';
import { scriptSetNames } from './knownVariables';
import { useEnvironmentValues } from '../environments/useEnvironmentValues';
import { useWorkbench } from '../../base/state/StoreProvider';
import { soapLintContext } from '../soap/soapSlice';
import { composerView, type ComposerView, type TabSendRecord } from './composerModel';
import { loadLint, useLintReady } from './lintLoader';

const NO_RECORD: TabSendRecord = { acknowledged: [] };

/** Names the active tab's pre-request scripts set (known, with a value made at send time). */
export function useScriptSetNames(): readonly string[] {
  const checks = useWorkbench(activeChecks);
  const scripts = checks.scripts;
  return useMemo(() => scriptSetNames({ scripts }), [scripts]);
}

/** Every name the active request can resolve: defined values and names its pre-request scripts set. */
export function useKnownVariables(): ReadonlySet<string> {
  const env = useEnvironmentValues();
  const scripted = useScriptSetNames();
  return useMemo(() => new Set([...Object.keys(env), ...scripted]), [env, scripted]);
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
  const scripted = useScriptSetNames();
  // The convention checks arrive once the first screen is up; the view is worked out again then.
  const linted = useLintReady();
  useEffect(() => (linted ? undefined : afterFirstScreen(() => void loadLint().catch(() => undefined))), [linted]);
  return useMemo(() => composerView(draft, env, record, soap, scripted), [draft, env, record, soap, scripted, linted]);
}
