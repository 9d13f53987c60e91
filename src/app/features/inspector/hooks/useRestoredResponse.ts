/**
 * After a reload, a tab's last response comes back from history: when the active tab has
 * no response in this page but remembers a history entry, the entry and its stored body
 * are read and shown, marked as from history.
 */
import { useEffect } from 'react';
import type { HistoryEntry, RelaySizes } from '../../../../core';
import type { Exchange } from '../exchangeSlice';
import { useWorkbenchApi, useWorkbench } from '../../../base/state/StoreProvider';
import { loadWorkspaceSession } from '../../workspace/workspaceSessionLoader';
import { HISTORY_MASK_LIMIT, isTextualType } from '../../workspace/historyBodyKinds';
import { HISTORY_BODY_LIMIT } from '../../workspace/historyRecorder';
import type { BodyNotKept } from '../bodyBudget';

/** Why a history entry that had a body came back without one (it says no more than its size and type tell). */
export function historyBodyNotKept(entry: HistoryEntry): BodyNotKept | undefined {
  const size = entry.sizes?.responseBodyDecoded;
  if (entry.responseBodyRef || !size) return undefined;
  const type = entry.responseHeaders?.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  const reason = size > HISTORY_BODY_LIMIT ? 'history-size' : size > HISTORY_MASK_LIMIT && isTextualType(type) ? 'history-unchecked' : 'history-storage';
  return { reason, keptBytes: 0, totalBytes: size };
}

/** The exchange a history entry describes, with its body bytes. */
export function exchangeFromHistory(entry: HistoryEntry, body: Uint8Array | undefined): Exchange {
  const sentAt = Date.parse(entry.at);
  const request = { method: entry.wire.method, url: entry.wire.url, headers: entry.wire.headers, ...(entry.wire.bodyText !== undefined ? { body: [entry.wire.bodyText] } : {}) };
  const chunks = body && body.length ? [body] : [];
  const exchange: Exchange = { phase: entry.error ? 'failed' : 'done', request, hops: [], chunks, received: body?.length ?? 0, fromHistory: true, draftId: entry.draft.id };
  if (!Number.isNaN(sentAt)) exchange.sentAt = sentAt;
  const notKept = body && body.length ? undefined : historyBodyNotKept(entry);
  if (notKept) exchange.bodyNotKept = notKept;
  if (entry.status !== undefined) {
    exchange.head = { status: entry.status, reason: entry.reason ?? '', httpVersion: entry.httpVersion ?? '1.1', headers: entry.responseHeaders ?? [] };
  }
  if (entry.error) exchange.error = { kind: entry.error.kind as NonNullable<Exchange['error']>['kind'], message: entry.error.message };
  else if (entry.timings) {
    const sizes: RelaySizes = { requestHeaders: 0, requestBody: 0, responseHeaders: 0, responseBodyWire: 0, responseBodyDecoded: body?.length ?? 0, ...entry.sizes };
    exchange.summary = {
      timings: entry.timings,
      sizes,
      sent: { method: request.method, url: request.url, headText: '', headers: request.headers, bodyBytes: sizes.requestBody },
      hops: [],
      insecureTls: false,
    };
  }
  return exchange;
}

export function useRestoredResponse(): void {
  const store = useWorkbenchApi();
  const activeTabId = useWorkbench((s) => s.activeTabId);
  const historyId = useWorkbench((s) => (s.responses[s.activeTabId] ? undefined : s.tabs.find((t) => t.id === s.activeTabId)?.lastHistoryId));
  useEffect(() => {
    if (!historyId) return;
    let cancelled = false;
    void (async () => {
      const session = await loadWorkspaceSession(store);
      await session.ready;
      const entry = await session.readHistoryEntry(historyId);
      if (cancelled || !entry.ok) return;
      const blob = entry.value.responseBodyRef ? await session.readResponseBody(entry.value.responseBodyRef) : undefined;
      const body = blob ? new Uint8Array(await blob.arrayBuffer()) : undefined;
      if (!cancelled) store.getState().restoreExchange(activeTabId, exchangeFromHistory(entry.value, body));
    })();
    return () => {
      cancelled = true;
    };
  }, [store, activeTabId, historyId]);
}
