/**
 * How much response body the page keeps (issue 32 item 4). Each exchange keeps its first
 * `BODY_KEEP_BYTES` in memory and only counts the rest; all tabs together keep at most
 * `PAGE_BODY_BUDGET`, and a new send drops the bodies of the tabs sent longest ago (Compare's
 * earlier answers first) until it fits. A body not kept whole says so, with how much was
 * kept and why, instead of looking empty or complete.
 */
import { formatSize } from './format/lineText';
import type { BodyNotKept, Exchange, TabResponse } from '../../base/state/exchange';

export type { BodyNotKept, BodyNotKeptReason } from '../../base/state/exchange';

/** Bytes of one response body kept in the page. */
export const BODY_KEEP_BYTES = 64 * 1024 * 1024;
/** Bytes of response bodies kept in the page across every tab. */
export const PAGE_BODY_BUDGET = 256 * 1024 * 1024;

/** History's limits (workspace/historyRecorder.ts, historyBodies.ts), repeated here so the store needs no workspace code. */
const HISTORY_BODY_BYTES = 25 * 1024 * 1024;
const HISTORY_CHECK_BYTES = 16 * 1024 * 1024;

const keptOf = (exchange: Exchange | undefined) => (exchange ? exchange.chunks.reduce((n, c) => n + c.length, 0) : 0);

/** The exchange with its body dropped to make room. */
function dropped(exchange: Exchange): Exchange {
  return { ...exchange, chunks: [], bodyNotKept: { reason: 'budget', keptBytes: 0, totalBytes: exchange.received } };
}

/**
 * The responses with old bodies dropped until at most `budget` bytes are kept, not touching
 * tab `keep` (the one about to receive). Oldest sends go first, Compare's earlier answers
 * before any tab's current one. Returns the same object when nothing had to go.
 */
export function withinBudget(responses: Record<string, TabResponse>, keep: string, budget = PAGE_BODY_BUDGET - BODY_KEEP_BYTES): Record<string, TabResponse> {
  type Slot = { tabId: string; which: 'exchange' | 'previous'; bytes: number; at: number };
  const slots: Slot[] = [];
  let total = 0;
  for (const [tabId, response] of Object.entries(responses)) {
    for (const which of ['previous', 'exchange'] as const) {
      const bytes = keptOf(response[which]);
      if (!bytes) continue;
      total += bytes;
      if (tabId !== keep) slots.push({ tabId, which, bytes, at: which === 'previous' ? -1 : (response[which]?.sentAt ?? 0) });
    }
  }
  if (total <= budget) return responses;
  slots.sort((a, b) => a.at - b.at);
  const next = { ...responses };
  for (const slot of slots) {
    if (total <= budget) break;
    const response = next[slot.tabId]!;
    if (slot.which === 'previous') {
      const { previous: _gone, ...rest } = response;
      next[slot.tabId] = rest;
    } else {
      next[slot.tabId] = { ...response, exchange: dropped(response.exchange) };
    }
    total -= slot.bytes;
  }
  return next;
}

const size = formatSize;

/** The sentence a body not kept whole shows, in plain words. */
export function notKeptSentence(notKept: BodyNotKept): string {
  const total = notKept.totalBytes ? ` of ${size(notKept.totalBytes)}` : '';
  switch (notKept.reason) {
    case 'size':
      return `Only the first ${size(notKept.keptBytes)}${total} of this body is kept in the page (at most ${size(BODY_KEEP_BYTES)} per response, so a huge answer cannot use up the tab's memory); the rest arrived and was counted, not kept.`;
    case 'budget':
      return `This body${total} is no longer kept: the page keeps at most ${size(PAGE_BODY_BUDGET)} of response bodies across tabs, and newer sends needed the room. Send the request again to see it.`;
    case 'history-size':
      return `This body${total} was not kept after the reload: history stores bodies up to ${size(HISTORY_BODY_BYTES)}. Send the request again to see it.`;
    case 'history-unchecked':
      return `This body${total} was not kept after the reload: text bodies over ${size(HISTORY_CHECK_BYTES)} cannot be checked for secrets, so history does not store them. Send the request again to see it.`;
    case 'history-storage':
      return `This body${total} was not kept after the reload: the browser's storage refused it (it may be full). Send the request again to see it.`;
  }
}
