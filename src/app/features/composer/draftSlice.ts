/**
 * Requests in tabs: several drafts open at once, one active. `draft` always mirrors the
 * active tab's draft, so a component that only cares about "the request being composed"
 * selects `s.draft`. Every edit goes through `updateDraft` with a pure function from core
 * (`draftWithUrl`, `draftWithQueryRows`, …); the slice only routes it to the right tab.
 */
import type { StateCreator } from 'zustand';
import { authScheme, draftRowId, emptyDraft, normaliseDraft, type AuthSchemeId, type DraftInput, type HeaderRow, type RequestDraft } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';

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
  /**
   * A preview tab (title in italics, as in VS Code and Postman): the one tab the runner's
   * results show an exchange in, replaced by the next one shown. Editing it, double-clicking
   * it or "Open" pins it as a normal tab.
   */
  preview?: boolean;
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
  /**
   * Requests sent without a tab (the collection runner's steps): each a tab's worth of state
   * (draft, last history entry) the send path reads by id, never shown in the tab strip and
   * never stored. Their responses, checks and links are keyed by the same id.
   */
  backgroundTabs: RequestTab[];
  /** Adds a background tab for `draft`; returns its id. */
  addBackgroundTab(draft: DraftInput): string;
  /** Replaces background tab `id`'s draft (its previous response, results and send record are dropped). */
  setBackgroundDraft(id: string, draft: DraftInput): void;
  /** Removes background tab `id` with its response, checks, results, link and send record. */
  dropBackgroundTab(id: string): void;
  /**
   * Shows `draft` (and, with `historyId`, that history entry's response) in the preview tab:
   * the existing one is reused, else one is opened. Returns the tab's id.
   */
  openPreview(draft: DraftInput, historyId?: string): string;
  /** Makes preview tab `id` a normal tab. */
  pinTab(id: string): void;
}

function newRequestTab(draft: RequestDraft): RequestTab {
  return { id: draftRowId('tab'), draft, dirty: false };
}

/** The tab as a normal (pinned) tab. */
function pinned(tab: RequestTab): RequestTab {
  const { preview: _preview, ...rest } = tab;
  return rest;
}

/** The state keyed by tab `id` that belongs to the request it held: response, check results, send record. */
function withoutTabState(s: WorkbenchState, id: string): Pick<WorkbenchState, 'responses' | 'checkResults' | 'sendRecords'> {
  const { [id]: _response, ...responses } = s.responses;
  const { [id]: _results, ...checkResults } = s.checkResults;
  const { [id]: _record, ...sendRecords } = s.sendRecords;
  return { responses, checkResults, sendRecords };
}

/** The tab list and mirror after replacing the draft of tab `id`. */
function withTabDraft(state: Pick<DraftSlice, 'tabs' | 'activeTabId'>, id: string, draft: RequestDraft, dirty: boolean): Partial<DraftSlice> {
  // An edited preview tab is pinned: what the person changed is not replaced by the next preview.
  const tabs = state.tabs.map((tab) => (tab.id === id ? { ...pinned(tab), draft, dirty } : tab));
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
        set((s) => {
          const remember = (list: RequestTab[]) => list.map((t) => (t.id === tabId ? { ...t, lastHistoryId: historyId } : t));
          if (s.tabs.some((t) => t.id === tabId && t.lastHistoryId !== historyId)) return { tabs: remember(s.tabs) };
          if (s.backgroundTabs.some((t) => t.id === tabId && t.lastHistoryId !== historyId)) return { backgroundTabs: remember(s.backgroundTabs) };
          return {};
        }),
      backgroundTabs: [],
      addBackgroundTab: (input) => {
        const tab = { ...newRequestTab(normaliseDraft(input)), id: draftRowId('run') };
        set((s) => ({ backgroundTabs: [...s.backgroundTabs, tab] }));
        return tab.id;
      },
      setBackgroundDraft: (id, input) =>
        set((s) => {
          if (!s.backgroundTabs.some((t) => t.id === id)) return {};
          const draft = normaliseDraft(input);
          return { ...withoutTabState(s, id), backgroundTabs: s.backgroundTabs.map((t) => (t.id === id ? { id, draft, dirty: false } : t)) };
        }),
      dropBackgroundTab: (id) =>
        set((s) => {
          const { [id]: _link, ...tabLinks } = s.tabLinks;
          const { [id]: _checks, ...checksTabs } = s.checksTabs;
          return { ...withoutTabState(s, id), tabLinks, checksTabs, backgroundTabs: s.backgroundTabs.filter((t) => t.id !== id) };
        }),
      openPreview: (input, historyId) => {
        const draft = normaliseDraft(input);
        const existing = get().tabs.find((t) => t.preview);
        const tab: RequestTab = { id: existing?.id ?? draftRowId('tab'), draft, dirty: false, preview: true, ...(historyId ? { lastHistoryId: historyId } : {}) };
        set((s) => {
          if (!existing) return { tabs: [...s.tabs, tab], activeTabId: tab.id, draft };
          // Another exchange in the preview tab: the one shown before, its checks and its link go.
          const { [tab.id]: _link, ...tabLinks } = s.tabLinks;
          const { [tab.id]: _checks, ...checksTabs } = s.checksTabs;
          return { ...withoutTabState(s, tab.id), tabLinks, checksTabs, tabs: s.tabs.map((t) => (t.id === tab.id ? tab : t)), activeTabId: tab.id, draft };
        });
        return tab.id;
      },
      pinTab: (id) => set((s) => (s.tabs.some((t) => t.id === id && t.preview) ? { tabs: s.tabs.map((t) => (t.id === id ? pinned(t) : t)) } : {})),
    };
  };
