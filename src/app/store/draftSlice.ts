/**
 * Requests in tabs: several drafts open at once, one active. `draft` always mirrors the
 * active tab's draft, so a component that only cares about "the request being composed"
 * selects `s.draft`. Every edit goes through `updateDraft` with a pure function from core
 * (`draftWithUrl`, `draftWithQueryRows`, …); the slice only routes it to the right tab.
 */
import type { StateCreator } from 'zustand';
import { authScheme, draftRowId, emptyDraft, normaliseDraft, type AuthSchemeId, type DraftInput, type HeaderRow, type RequestDraft } from '../../core';
import type { WorkbenchState } from './workbenchStore';

/** A new id for a table row (unique within this page). */
export const newRowId = (): string => draftRowId();

/** The sections of the composer, as tabs (`soap` only on SOAP tabs). */
export type ComposerSection = 'params' | 'headers' | 'auth' | 'body' | 'options' | 'checks' | 'scripts' | 'soap';

/** One open request. */
export interface RequestTab {
  id: string;
  draft: RequestDraft;
  /** Edited since it was opened or last saved. */
  dirty: boolean;
  /** The history entry of this tab's last exchange, to show its response again after a reload. */
  lastHistoryId?: string;
}

export interface DraftSlice {
  tabs: RequestTab[];
  activeTabId: string;
  /** The active tab's draft (kept equal to it by every action). */
  draft: RequestDraft;
  composerTab: ComposerSection;
  /** Replaces the active draft with `recipe(draft)` and marks the tab edited. */
  updateDraft(recipe: (draft: RequestDraft) => RequestDraft): void;
  setMethod(method: string): void;
  addHeader(row?: Partial<HeaderRow>): void;
  updateHeader(id: string, patch: Partial<Omit<HeaderRow, 'id'>>): void;
  removeHeader(id: string): void;
  /** Moves header `id` to position `index` (wire order is table order). */
  moveHeader(id: string, index: number): void;
  /** Opens a new tab (empty, or with `draft`) and makes it active. */
  newTab(draft?: DraftInput): void;
  closeTab(id: string): void;
  activateTab(id: string): void;
  /**
   * Loads a request into the composer — lessons, history and collections call this.
   * Replaces the active tab's draft, or opens it in a new tab with `newTab`.
   */
  loadDraft(draft: DraftInput, options?: { newTab?: boolean }): void;
  setComposerTab(tab: ComposerSection): void;
  /** Opens the auth section with `scheme` selected (the inspector's 401 card calls it). */
  focusAuth(scheme: string, values?: Record<string, string>): void;
  /**
   * Saves the active request. The workspace replaces this with saving to a collection;
   * until then it marks the tab as saved.
   */
  saveCurrentRequest(): void;
  /** Opens a copy of tab `id`'s request in a new tab right after it (a new draft id; not linked to a saved request). */
  duplicateTab(id: string): void;
  /** Closes every tab but `keep` (their responses go with them). */
  closeOtherTabs(keep: string): void;
  /** Remembers that tab `tabId`'s last exchange is history entry `historyId`. */
  rememberTabHistory(tabId: string, historyId: string): void;
}

function newRequestTab(draft: RequestDraft): RequestTab {
  return { id: draftRowId('tab'), draft, dirty: false };
}

/** The tab list and mirror after replacing the draft of tab `id`. */
function withTabDraft(state: Pick<DraftSlice, 'tabs' | 'activeTabId'>, id: string, draft: RequestDraft, dirty: boolean): Partial<DraftSlice> {
  const tabs = state.tabs.map((tab) => (tab.id === id ? { ...tab, draft, dirty } : tab));
  return id === state.activeTabId ? { tabs, draft } : { tabs };
}

export const createDraftSlice =
  (initialUrl: string): StateCreator<WorkbenchState, [], [], DraftSlice> =>
  (set, get) => {
    const first = newRequestTab(emptyDraft(initialUrl));
    const edit = (recipe: (draft: RequestDraft) => RequestDraft) =>
      set((s) => {
        const next = recipe(s.draft);
        return next === s.draft ? {} : withTabDraft(s, s.activeTabId, next, true);
      });
    return {
      tabs: [first],
      activeTabId: first.id,
      draft: first.draft,
      composerTab: 'params',
      updateDraft: edit,
      setMethod: (method) => edit((d) => ({ ...d, method })),
      addHeader: (row) => edit((d) => ({ ...d, headers: [...d.headers, { id: newRowId(), enabled: true, name: '', value: '', ...row }] })),
      updateHeader: (id, patch) => edit((d) => ({ ...d, headers: d.headers.map((h) => (h.id === id ? { ...h, ...patch } : h)) })),
      removeHeader: (id) => edit((d) => ({ ...d, headers: d.headers.filter((h) => h.id !== id) })),
      moveHeader: (id, index) =>
        edit((d) => {
          const from = d.headers.findIndex((h) => h.id === id);
          const to = Math.max(0, Math.min(d.headers.length - 1, index));
          if (from < 0 || from === to) return d;
          const headers = [...d.headers];
          const [row] = headers.splice(from, 1);
          headers.splice(to, 0, row!);
          return { ...d, headers };
        }),
      newTab: (draft) => {
        const tab = newRequestTab(draft ? normaliseDraft(draft) : emptyDraft(initialUrl));
        set((s) => ({ tabs: [...s.tabs, tab], activeTabId: tab.id, draft: tab.draft }));
      },
      closeTab: (id) =>
        set((s) => {
          const index = s.tabs.findIndex((t) => t.id === id);
          if (index < 0) return {};
          const rest = s.tabs.filter((t) => t.id !== id);
          // Closing a tab drops its response (history keeps every exchange).
          const { [id]: _closed, ...responses } = s.responses;
          if (rest.length === 0) {
            const tab = newRequestTab(emptyDraft(initialUrl));
            return { tabs: [tab], activeTabId: tab.id, draft: tab.draft, responses };
          }
          if (id !== s.activeTabId) return { tabs: rest, responses };
          const next = rest[Math.min(index, rest.length - 1)]!;
          return { tabs: rest, activeTabId: next.id, draft: next.draft, responses };
        }),
      activateTab: (id) =>
        set((s) => {
          const tab = s.tabs.find((t) => t.id === id);
          return tab ? { activeTabId: id, draft: tab.draft } : {};
        }),
      loadDraft: (input, options = {}) => {
        const draft = normaliseDraft(input);
        if (options.newTab) {
          const tab = newRequestTab(draft);
          set((s) => ({ tabs: [...s.tabs, tab], activeTabId: tab.id, draft }));
        } else {
          // Another request in this tab: the previous one's response is not its answer.
          set((s) => {
            const { [s.activeTabId]: _replaced, ...responses } = s.responses;
            const tabs = s.tabs.map((t) => (t.id === s.activeTabId ? { id: t.id, draft, dirty: false } : t));
            // Nor are its checks (issue 18): they belonged to the request this tab held.
            const { [s.activeTabId]: _checks, ...checksTabs } = s.checksTabs;
            const { [s.activeTabId]: _results, ...checkResults } = s.checkResults;
            return { tabs, draft, responses, checksTabs, checkResults };
          });
        }
        get().forgetSends?.(get().activeTabId);
      },
      setComposerTab: (composerTab) => set({ composerTab }),
      focusAuth: (scheme, values) => {
        set({ composerTab: 'auth' });
        if (scheme !== 'vault' && !authScheme(scheme)) return;
        edit((d) =>
          d.auth.scheme === scheme && !values ? d : { ...d, auth: { ...d.auth, scheme: scheme as AuthSchemeId | 'vault', values: { ...d.auth.values, ...values } } },
        );
      },
      saveCurrentRequest: () => set((s) => ({ tabs: s.tabs.map((t) => (t.id === s.activeTabId ? { ...t, dirty: false } : t)) })),
      duplicateTab: (id) =>
        set((s) => {
          const index = s.tabs.findIndex((t) => t.id === id);
          const source = s.tabs[index];
          if (!source) return {};
          const copy = newRequestTab({ ...source.draft, id: draftRowId('draft'), name: source.draft.name ? `${source.draft.name} (copy)` : '' });
          const tabs = [...s.tabs.slice(0, index + 1), { ...copy, dirty: true }, ...s.tabs.slice(index + 1)];
          // The copy has the same captures, assertions and scripts (issue 18).
          const checks = s.checksTabs[id];
          return { tabs, activeTabId: copy.id, draft: copy.draft, ...(checks ? { checksTabs: { ...s.checksTabs, [copy.id]: checks } } : {}) };
        }),
      closeOtherTabs: (keep) =>
        set((s) => {
          const kept = s.tabs.find((t) => t.id === keep);
          if (!kept) return {};
          const responses = keep in s.responses ? { [keep]: s.responses[keep]! } : {};
          return { tabs: [kept], activeTabId: keep, draft: kept.draft, responses };
        }),
      rememberTabHistory: (tabId, historyId) =>
        set((s) => (s.tabs.some((t) => t.id === tabId && t.lastHistoryId !== historyId) ? { tabs: s.tabs.map((t) => (t.id === tabId ? { ...t, lastHistoryId: historyId } : t)) } : {})),
    };
  };
