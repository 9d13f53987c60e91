import type { StateCreator } from 'zustand';
import type { RelayError, RelayHead, RelayHop, RelaySummary, SigningStep, WireRequest } from '../../../core';
import { BODY_KEEP_BYTES, withinBudget } from './bodyBudget';
import { defaultView, idleExchange, sameRequest, type Exchange, type InspectorView, type TabResponse } from '../../base/state/exchange';
import type { WorkbenchState } from '../../shell/store/workbenchState';

export { activeExchange, activePrevious, activeResponse, activeView, forEachChangedExchange, idleExchange, sameRequest } from '../../base/state/exchange';
export type { Exchange, InspectorTab, InspectorView, TabResponse } from '../../base/state/exchange';

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
