/**
 * Checks in the store (issue 18): each tab's captures, assertions and scripts (beside its
 * draft, saved with it), the results of the tab's last send, and the page's run variables.
 *
 * Where a single send's `run`-scope values go: one run scope for the page, in memory only,
 * laid over the environment and the collection when any tab resolves `{{name}}`. A per-tab
 * scope would break the most common chain (log in in one tab, call the API in another), and
 * writing them into the environment would store values the person asked to keep for the
 * run. Like Postman's local variables they vanish — here with a reload, or with "Clear".
 * The collection runner keeps its own run scope per run.
 */
import type { StateCreator } from 'zustand';
import type { AssertionResult, CaptureResult, ScriptErrorInfo, ScriptTestResult } from '../../../core/run/types';
import type { ConsoleLine, ScriptPhase, ScriptVisualizer } from '../../../scripting/types';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { NO_CHECKS, type RequestChecks } from './checksModel';

/** A capture's result with where its value went (the scope asked for may not exist here). */
export interface ShownCapture extends CaptureResult {
  /** Said when the value went elsewhere than asked, e.g. no environment is active. */
  note?: string;
  /** Where the value was read, e.g. `$.access_token`, `header Location`. */
  source?: string;
}

/** What the checks of one send gave, shown in the inspector's Checks tab. */
export interface ChecksOutcome {
  /** The exchange these results belong to (its `startedAt`); results of an older send are not shown for a newer one. */
  startedAt?: number;
  /** The post-response checks are still running. */
  running: boolean;
  captures: ShownCapture[];
  assertions: AssertionResult[];
  tests: (ScriptTestResult & { phase: ScriptPhase })[];
  console: (ConsoleLine & { phase: ScriptPhase })[];
  scriptErrors: (ScriptErrorInfo & { phase: ScriptPhase })[];
  /** Scripts that were not run, and why (another dialect, a file reference). */
  notes: string[];
  /** What `postman.setNextRequest` asked for (a name or id; null: end the iteration); the collection runner follows it. */
  nextRequest?: string | null;
  /** What a post-response script left with `pm.visualizer.set` (the inspector's Visualize tab). */
  visualizer?: ScriptVisualizer;
}

/** An outcome with nothing in it yet. */
export function emptyOutcome(startedAt?: number): ChecksOutcome {
  return { ...(startedAt !== undefined ? { startedAt } : {}), running: false, captures: [], assertions: [], tests: [], console: [], scriptErrors: [], notes: [] };
}

/** The checks part of the workbench store. */
export interface ChecksSlice {
  /** Checks by request tab id; a tab without an entry has none. */
  checksTabs: Record<string, RequestChecks>;
  /** The page's run variables (see the module comment); never stored. */
  runValues: Record<string, string>;
  /** Run variable names whose values are masked wherever shown. */
  runSecretNames: string[];
  /** The last send's check results by tab id. */
  checkResults: Record<string, ChecksOutcome>;
  /** Edits the active tab's checks and marks the tab edited. */
  updateChecks(recipe: (checks: RequestChecks) => RequestChecks): void;
  /** Sets tab `tabId`'s checks as they were saved (opening a saved request): the tab stays unedited. */
  setTabChecks(tabId: string, checks: RequestChecks): void;
  setCheckResults(tabId: string, outcome: ChecksOutcome): void;
  /** Sets (value) or unsets (undefined) run variables; `secret` names are masked when shown. */
  writeRunValues(changes: Record<string, string | undefined>, secretNames?: readonly string[]): void;
  clearRunValues(): void;
}

/** The active tab's checks (the shared empty value when it has none). */
export const activeChecks = (s: Pick<WorkbenchState, 'checksTabs' | 'activeTabId'>): RequestChecks => s.checksTabs[s.activeTabId] ?? NO_CHECKS;

/** The checks of tab `tabId`. */
export const checksOfTab = (s: Pick<WorkbenchState, 'checksTabs'>, tabId: string): RequestChecks => s.checksTabs[tabId] ?? NO_CHECKS;

/** The slice's initial state and actions (composed into the store by `createWorkbenchStore`). */
/** An empty name → value map with no prototype, so any name is a name. */
function noValues(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

export const createChecksSlice: StateCreator<WorkbenchState, [], [], ChecksSlice> = (set) => ({
  checksTabs: {},
  runValues: noValues(),
  runSecretNames: [],
  checkResults: {},
  updateChecks: (recipe) =>
    set((s) => {
      const current = s.checksTabs[s.activeTabId] ?? NO_CHECKS;
      const next = recipe(current);
      if (next === current) return {};
      return {
        checksTabs: { ...s.checksTabs, [s.activeTabId]: next },
        tabs: s.tabs.map((t) => (t.id === s.activeTabId ? { ...t, dirty: true } : t)),
      };
    }),
  setTabChecks: (tabId, checks) => set((s) => ({ checksTabs: { ...s.checksTabs, [tabId]: checks } })),
  setCheckResults: (tabId, outcome) => set((s) => ({ checkResults: { ...s.checkResults, [tabId]: outcome } })),
  writeRunValues: (changes, secretNames = []) =>
    set((s) => {
      // Without a prototype: a variable named __proto__ is kept, and constructor or toString is not "set" until a script sets it.
      const runValues = Object.assign(noValues(), s.runValues);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) delete runValues[name];
        else runValues[name] = value;
      }
      const secrets = new Set([...s.runSecretNames, ...secretNames]);
      return { runValues, runSecretNames: [...secrets].filter((name) => Object.hasOwn(runValues, name)) };
    }),
  clearRunValues: () => set({ runValues: noValues(), runSecretNames: [] }),
});

/** The tabs' checks as stored in the composer snapshot, secrets kept aside by `storable`. */
export function storableChecksTabs(state: Pick<WorkbenchState, 'checksTabs' | 'tabs'>, storable: (checks: RequestChecks, owner: string) => RequestChecks): Record<string, RequestChecks> {
  const out: Record<string, RequestChecks> = {};
  for (const tab of state.tabs) {
    const checks = state.checksTabs[tab.id];
    if (checks && (checks.captures.length > 0 || checks.assertions.length > 0 || checks.scripts.length > 0)) out[tab.id] = storable(checks, tab.id);
  }
  return out;
}

/** The tabs' checks read back from a snapshot: only well-formed entries of tabs that exist. */
export function restoredChecksTabs(stored: unknown, tabIds: readonly string[]): Record<string, RequestChecks> {
  const out: Record<string, RequestChecks> = {};
  if (!stored || typeof stored !== 'object') return out;
  for (const id of tabIds) {
    const value = (stored as Record<string, unknown>)[id] as Partial<RequestChecks> | undefined;
    if (!value || !Array.isArray(value.captures) || !Array.isArray(value.assertions) || !Array.isArray(value.scripts)) continue;
    out[id] = { captures: value.captures, assertions: value.assertions, scripts: value.scripts };
  }
  return out;
}
