import type { StateCreator } from 'zustand';
import type { RelayError, RelayHead, RelayHop, RelaySummary, SigningStep, WireRequest } from '../../../core';
import { BODY_KEEP_BYTES, withinBudget, type BodyNotKept } from './bodyBudget';
import type { WorkbenchState } from '../../shell/store/workbenchState';

/** One exchange: a request sent and what came back (or why nothing did). */
export interface Exchange {
  phase: 'idle' | 'sending' | 'done' | 'failed';
  request?: WireRequest;
  head?: RelayHead;
  hops: RelayHop[];
  /** Body chunks as they arrived (raw bytes; decoded for display by the pane), at most BODY_KEEP_BYTES of them. */
  chunks: Uint8Array[];
  received: number;
  /** Set when `chunks` is not the whole body: how much is kept, and why (`bodyBudget.ts`). */
  bodyNotKept?: BodyNotKept;
  summary?: RelaySummary;
  error?: RelayError;
  /** The request never left: it did not build, or its secrets are locked (`error` says why). */
  notSent?: boolean;
  /** Brought back from history after a reload (secrets in it masked as history keeps them). */
  fromHistory?: boolean;
  startedAt?: number;
  /** The draft and tab it was sent from, when it came from the composer. */
  draftId?: string;
  tabId?: string;
  /** Wall-clock time the send started (ms since the epoch). */
  sentAt?: number;
  /** How a signing scheme (AWS SigV4) signed the request: canonical request, string to sign. In memory only. */
  signing?: SigningStep[];
}

/** Which inspector tab a response is read in. */
export type InspectorTab = 'body' | 'headers' | 'timing' | 'compare' | 'checks' | 'visualize';

/** How the person was reading a tab's response, so switching back finds it as it was left. */
export interface InspectorView {
  tab: InspectorTab;
  /** Body view chosen (pretty, raw, preview, hex); the body kind's first view when unset. */
  bodyView?: string;
  /** The JSONPath or XPath filter applied in Pretty. */
  filter?: string;
  /** Scroll offset of each line view of the body ("pretty", "raw", "filter"). */
  scroll?: Record<string, number>;
}

/** A request tab's response, with the one before it (for Compare) and the inspector's state. */
export interface TabResponse {
  exchange: Exchange;
  /**
   * The last finished exchange of the same method and URL, kept for Compare. Only one is
   * kept, and it is dropped when a different request is sent, so a large body is never
   * held longer than the person can compare it.
   */
  previous?: Exchange;
  view: InspectorView;
}

export interface ExchangeSlice {
  /** Responses by request tab id; a tab that has sent nothing has none. */
  responses: Record<string, TabResponse>;
  /** Starts an exchange in tab `origin.tabId` (the active tab by default); body frames that follow go to it. */
  beginExchange(request: WireRequest, origin?: { draftId?: string; tabId?: string; signing?: SigningStep[] }): void;
  receiveHead(head: RelayHead): void;
  receiveHop(hop: RelayHop): void;
  receiveBody(chunk: Uint8Array): void;
  completeExchange(summary: RelaySummary): void;
  failExchange(error: RelayError): void;
  /** Shows in tab `tabId` that its request was not sent, and why; its previous response is replaced. */
  markNotSent(tabId: string, message: string): void;
  /** Puts an exchange read back from history into tab `tabId`, unless the tab has one already. */
  restoreExchange(tabId: string, exchange: Exchange): void;
  /** Changes how the active tab's response is read. */
  setInspectorView(patch: Partial<InspectorView>): void;
  /** Forgets tab `tabId`'s response (the tab was closed). */
  dropResponse(tabId: string): void;
}

export const idleExchange: Exchange = Object.freeze({ phase: 'idle', hops: [], chunks: [], received: 0 }) as Exchange;
const defaultView: InspectorView = Object.freeze({ tab: 'body' }) as InspectorView;

/** The active tab's response, if it has one. */
export const activeResponse = (s: Pick<WorkbenchState, 'responses' | 'activeTabId'>): TabResponse | undefined => s.responses[s.activeTabId];
/** The exchange the response pane shows: the active tab's, or idle. */
export const activeExchange = (s: Pick<WorkbenchState, 'responses' | 'activeTabId'>): Exchange => s.responses[s.activeTabId]?.exchange ?? idleExchange;
/** The active tab's previous exchange, for Compare. */
export const activePrevious = (s: Pick<WorkbenchState, 'responses' | 'activeTabId'>): Exchange | undefined => s.responses[s.activeTabId]?.previous;
/** How the active tab's response is being read. */
export const activeView = (s: Pick<WorkbenchState, 'responses' | 'activeTabId'>): InspectorView => s.responses[s.activeTabId]?.view ?? defaultView;

/**
 * Calls `changed` for every tab whose exchange is a different object in `state` than in
 * `previous` — how watchers (history, lesson captures) see each exchange move through its
 * phases whichever tab is active.
 */
export function forEachChangedExchange(
  state: Pick<WorkbenchState, 'responses'>,
  previous: Pick<WorkbenchState, 'responses'>,
  changed: (exchange: Exchange, before: Exchange, tabId: string) => void,
): void {
  if (state.responses === previous.responses) return;
  for (const [tabId, response] of Object.entries(state.responses)) {
    const before = previous.responses[tabId]?.exchange ?? idleExchange;
    if (response.exchange !== before) changed(response.exchange, before, tabId);
  }
}

/**
 * "The same request" for Compare: same method and URL, and the same draft when both know
 * their draft. A request edited in place (a header changed) still compares with its last answer.
 */
export function sameRequest(a: Exchange, request: WireRequest, draftId: string | undefined): boolean {
  if (!a.request || a.request.method !== request.method || a.request.url !== request.url) return false;
  return a.draftId === undefined || draftId === undefined || a.draftId === draftId;
}

/** What to keep for Compare when `request` is sent: the finished exchange it repeats, if any. */
function previousFor(response: TabResponse | undefined, request: WireRequest, draftId: string | undefined): Exchange | undefined {
  if (!response) return undefined;
  if (response.exchange.phase === 'done' && sameRequest(response.exchange, request, draftId)) return response.exchange;
  if (response.previous && sameRequest(response.previous, request, draftId)) return response.previous;
  return undefined;
}

/**
 * How often the received byte count is published while a body streams. Every `set`
 * runs every subscriber and middleware (persisting the composer, history, the inspector);
 * at one per chunk a 100 MB body would cost thousands of those on the page's thread.
 */
const PUBLISH_MS = 50;

export const createExchangeSlice: StateCreator<WorkbenchState, [], [], ExchangeSlice> = (set, get) => {
  // The tab whose exchange is streaming: frames after beginExchange go there, whichever tab is shown.
  let live: string | undefined;
  // Bytes pushed into `chunks` but not yet counted in `received`, and the timer that counts them.
  let unpublished = 0;
  // Bytes of the live body kept in `chunks`; past BODY_KEEP_BYTES the rest is only counted.
  let kept = 0;
  let overflowed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const takeUnpublished = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const bytes = unpublished;
    unpublished = 0;
    return bytes;
  };
  /** Replaces the live tab's exchange with `recipe(exchange)`; frames for a closed tab are dropped. */
  const updateLive = (recipe: (exchange: Exchange) => Exchange) =>
    set((s) => {
      const response = live === undefined ? undefined : s.responses[live];
      if (!response || live === undefined) return {};
      return { responses: { ...s.responses, [live]: { ...response, exchange: recipe(response.exchange) } } };
    });
  /** The exchange with `bytes` more counted, and said to be cut when it was. */
  const counted = (e: Exchange, bytes: number): Exchange => {
    const received = e.received + bytes;
    return overflowed ? { ...e, received, bodyNotKept: { reason: 'size', keptBytes: kept, totalBytes: received } } : { ...e, received };
  };
  const publish = () => {
    const bytes = takeUnpublished();
    if (bytes) updateLive((e) => counted(e, bytes));
  };
  return {
    responses: {},
    // A fresh chunk list per exchange: receiveBody appends in place, so sharing one would leak bodies across sends.
    beginExchange: (request, origin = {}) => {
      takeUnpublished();
      kept = 0;
      overflowed = false;
      const tabId = origin.tabId ?? get().activeTabId;
      live = tabId;
      set((state) => {
        // Room for this body: older tabs' bodies go first when the page's budget is used up.
        const s = { ...state, responses: withinBudget(state.responses, tabId) };
        const response = s.responses[tabId];
        const exchange: Exchange = { phase: 'sending', hops: [], chunks: [], received: 0, ...origin, tabId, request, startedAt: Date.now(), sentAt: Date.now() };
        const previous = previousFor(response, request, origin.draftId);
        const next: TabResponse = { exchange, view: response?.view ?? defaultView, ...(previous ? { previous } : {}) };
        return { responses: { ...s.responses, [tabId]: next } };
      });
    },
    receiveHead: (head) => updateLive((e) => ({ ...e, head })),
    receiveHop: (hop) => updateLive((e) => ({ ...e, hops: [...e.hops, hop] })),
    receiveBody: (chunk) => {
      // Chunks are appended in place at once (copying the list per chunk would be quadratic);
      // the count and the notification follow within PUBLISH_MS, the first one right away.
      const exchange = live === undefined ? undefined : get().responses[live]?.exchange;
      if (!exchange) return;
      const room = BODY_KEEP_BYTES - kept;
      if (chunk.length <= room) {
        exchange.chunks.push(chunk);
        kept += chunk.length;
      } else {
        // A copy of the part that fits, so the rest of the network buffer is not held by a view of it.
        if (room > 0) exchange.chunks.push(chunk.slice(0, room));
        kept += Math.max(room, 0);
        overflowed = true;
      }
      unpublished += chunk.length;
      timer ??= setTimeout(publish, exchange.received === 0 ? 0 : PUBLISH_MS);
    },
    completeExchange: (summary) => {
      const bytes = takeUnpublished();
      updateLive((e) => ({ ...counted(e, bytes), phase: 'done', summary }));
    },
    failExchange: (error) => {
      const bytes = takeUnpublished();
      updateLive((e) => ({ ...counted(e, bytes), phase: 'failed', error }));
    },
    markNotSent: (tabId, message) =>
      set((s) => {
        const response = s.responses[tabId];
        const exchange: Exchange = { phase: 'failed', hops: [], chunks: [], received: 0, tabId, notSent: true, error: { kind: 'bad_request', message } };
        return { responses: { ...s.responses, [tabId]: { exchange, view: response?.view ?? defaultView, ...(response?.previous ? { previous: response.previous } : {}) } } };
      }),
    restoreExchange: (tabId, exchange) =>
      set((s) => (s.responses[tabId] || !s.tabs.some((t) => t.id === tabId) ? {} : { responses: { ...s.responses, [tabId]: { exchange: { ...exchange, tabId }, view: defaultView } } })),
    setInspectorView: (patch) =>
      set((s) => {
        const response = s.responses[s.activeTabId];
        if (!response) return {};
        return { responses: { ...s.responses, [s.activeTabId]: { ...response, view: { ...response.view, ...patch } } } };
      }),
    dropResponse: (tabId) =>
      set((s) => {
        if (!(tabId in s.responses)) return {};
        const { [tabId]: _dropped, ...rest } = s.responses;
        return { responses: rest };
      }),
  };
};
