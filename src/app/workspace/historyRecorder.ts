/**
 * Watches the store's exchange and reports each one that finished (`done` or `failed`)
 * with the draft it was sent from and its response body as one Blob, so history records
 * every send without the send path knowing about history.
 */
import type { StoreApi } from 'zustand';
import { workspaceItemId, type RequestDraft } from '../../core';
import type { WorkbenchState } from '../store/workbenchStore';
import type { ExchangeRecord } from './workspaceRecords';

/** Response bodies larger than this are not kept in history (their size still is). */
export const HISTORY_BODY_LIMIT = 25 * 1024 * 1024;

/** Calls `onFinished` for every exchange that ends after this is called; returns the unsubscribe. */
export function watchFinishedExchanges(store: StoreApi<WorkbenchState>, onFinished: (record: ExchangeRecord, body: Blob | undefined) => void): () => void {
  let sentFrom: RequestDraft | undefined;
  return store.subscribe((state, previous) => {
    const exchange = state.exchange;
    const before = previous.exchange;
    if (exchange === before) return;
    if (exchange.phase === 'sending' && (before.phase !== 'sending' || before.startedAt !== exchange.startedAt || before.request !== exchange.request)) {
      // The draft as it was when Send was pressed, not as it is edited while the answer arrives.
      sentFrom = state.tabs.find((t) => t.id === exchange.tabId)?.draft ?? state.draft;
      return;
    }
    if ((exchange.phase !== 'done' && exchange.phase !== 'failed') || before.phase !== 'sending' || !exchange.request) return;
    const draft = sentFrom ?? state.draft;
    sentFrom = undefined;
    const keepBody = exchange.received > 0 && exchange.received <= HISTORY_BODY_LIMIT;
    const body = keepBody ? new Blob(exchange.chunks as Uint8Array<ArrayBuffer>[], { type: exchange.head?.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '' }) : undefined;
    const record: ExchangeRecord = {
      id: workspaceItemId('his'),
      sentAt: exchange.sentAt ?? Date.now(),
      draft,
      wire: exchange.request,
      bodyStored: body !== undefined,
    };
    if (exchange.head) record.head = exchange.head;
    if (exchange.summary) record.summary = exchange.summary;
    if (exchange.error) record.error = exchange.error;
    if (exchange.startedAt !== undefined) record.elapsedMs = Date.now() - exchange.startedAt;
    onFinished(record, body);
  });
}
