/**
 * Watches the store's exchange and reports each one that finished (`done` or `failed`)
 * with the draft it was sent from and its response body as one Blob, so history records
 * every send without the send path knowing about history.
 */
import type { StoreApi } from 'zustand';
import { workspaceItemId, type RequestDraft } from '../../../core';
import { forEachChangedExchange } from '../../base/state/exchange';
import { draftOfTab } from '../../base/state/tabs';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { ExchangeRecord } from './workspaceRecords';

/** Response bodies larger than this are not kept in history (their size still is). */
export const HISTORY_BODY_LIMIT = 25 * 1024 * 1024;

/**
 * Calls `onFinished` for every exchange that ends after this is called, in whichever tab;
 * returns the unsubscribe. The tab remembers the entry, so its response can be shown again
 * after a reload.
 */
export function watchFinishedExchanges(store: StoreApi<WorkbenchState>, onFinished: (record: ExchangeRecord, body: Blob | undefined) => void): () => void {
  const sentFrom = new Map<string, RequestDraft>();
  return store.subscribe((state, previous) =>
    forEachChangedExchange(state, previous, (exchange, before, tabId) => {
      if (exchange.phase === 'sending' && (before.phase !== 'sending' || before.startedAt !== exchange.startedAt || before.request !== exchange.request)) {
        // The draft as it was when Send was pressed, not as it is edited while the answer arrives.
        const draft = draftOfTab(state, tabId);
        if (draft) sentFrom.set(tabId, draft);
        return;
      }
      if ((exchange.phase !== 'done' && exchange.phase !== 'failed') || before.phase !== 'sending' || !exchange.request) return;
      const draft = sentFrom.get(tabId) ?? draftOfTab(state, tabId) ?? state.draft;
      sentFrom.delete(tabId);
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
      store.getState().rememberTabHistory(tabId, record.id);
    }),
  );
}
