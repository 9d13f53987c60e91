/**
 * Selectors over the store's request tabs that every layer reads (the checks, history, the
 * send path, the runner): the draft of any tab, shown or a runner's background tab. The
 * composer's slice (`features/composer/draftSlice.ts`) holds the tabs.
 */
import type { RequestDraft } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';

/** The draft of tab `tabId`, shown or in the background (undefined when there is no such tab). */
export function draftOfTab(state: Pick<WorkbenchState, 'tabs' | 'activeTabId' | 'draft' | 'backgroundTabs'>, tabId: string): RequestDraft | undefined {
  if (tabId === state.activeTabId) return state.draft;
  return (state.tabs.find((t) => t.id === tabId) ?? state.backgroundTabs.find((t) => t.id === tabId))?.draft;
}

/** Whether `tabId` is a background tab (a runner step), not one in the strip. */
export function isBackgroundTab(state: Pick<WorkbenchState, 'backgroundTabs'>, tabId: string): boolean {
  return state.backgroundTabs.some((t) => t.id === tabId);
}
