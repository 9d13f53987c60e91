/**
 * The shape of what the store holds of a request's exchange (a tab's response, the one
 * before it for Compare, how the inspector reads it) and the selectors over it. Below every
 * feature: the inspector's slice (`features/inspector/exchangeSlice.ts`) fills it, and the
 * checks, history, lessons and the runner read it.
 */
import type { RelayError, RelayHead, RelayHop, RelaySummary, SigningStep, WireRequest } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';

/** Why a body is not (wholly) in the page. */
export type BodyNotKeptReason =
  /** Larger than BODY_KEEP_BYTES: the first part is kept. */
  | 'size'
  /** Dropped to make room for a newer send. */
  | 'budget'
  /** After a reload: history kept no copy (too large for history, or text too large to check for secrets). */
  | 'history-size'
  | 'history-unchecked'
  /** After a reload: history could not store it (the browser's storage refused). */
  | 'history-storage';

export interface BodyNotKept {
  reason: BodyNotKeptReason;
  /** Bytes of the body the page holds (the start of it). */
  keptBytes: number;
  /** Bytes the body had, when known. */
  totalBytes?: number;
}

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

export const idleExchange: Exchange = Object.freeze({ phase: 'idle', hops: [], chunks: [], received: 0 }) as Exchange;
/** How a response is read before the person chose: the Body tab. */
export const defaultView: InspectorView = Object.freeze({ tab: 'body' }) as InspectorView;

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

