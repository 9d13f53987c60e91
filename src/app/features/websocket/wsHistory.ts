/**
 * A WebSocket connection's history entry, made when it ends: the handshake as the exchange's
 * request and head (101, or the refusal's status), and the transcript (handshake, messages,
 * close) as a JSON body. It goes to history by the same path as an HTTP exchange
 * (`workspaceSession` listens here), so the one redaction gate masks it: the draft and the
 * handshake's headers through `SecretRedaction`, the transcript through the body masking.
 */
import type { StoreApi } from 'zustand';
import { workspaceItemId, type RequestDraft } from '../../../core';
import type { WebSocketTranscript } from '../../../core/protocols/websocket/transcript';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { ExchangeRecord } from '../workspace/workspaceRecords';
import { registerHistorySource } from '../workspace/historySources';
import { useWsStore } from './wsStore';

type Listener = (record: ExchangeRecord, body: Blob | undefined) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with each WebSocket connection's entry as it ends; returns the remover. */
export function onWebSocketHistory(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
// Heard by the workspace session (history) once this protocol's code has loaded.
registerHistorySource(onWebSocketHistory);

/** Most messages a history entry keeps (the last ones). */
const HISTORY_MESSAGES = 5_000;

export function recordWebSocketHistory(store: StoreApi<WorkbenchState>, tabId: string, draft: RequestDraft): void {
  const tab = useWsStore.getState().tabs[tabId];
  if (!tab || listeners.size === 0) return;
  const transcript: WebSocketTranscript & { droppedMessages?: number } = {
    ...(tab.handshake ? { handshake: tab.handshake } : {}),
    ...(tab.refusal ? { refusal: tab.refusal } : {}),
    ...(tab.failure ? { failure: tab.failure } : {}),
    ...(tab.closure ? { closure: tab.closure } : {}),
    messages: tab.messages.slice(-HISTORY_MESSAGES),
  };
  if (tab.messages.length > HISTORY_MESSAGES || tab.dropped) transcript.droppedMessages = tab.dropped + Math.max(tab.messages.length - HISTORY_MESSAGES, 0);
  const status = tab.handshake?.status ?? tab.refusal?.status;
  const record: ExchangeRecord = {
    id: workspaceItemId('his'),
    sentAt: tab.handshake?.at ?? Date.now(),
    draft,
    wire: { method: 'GET', url: draft.url, headers: tab.handshake?.requestHeaders ?? [] },
    bodyStored: true,
    ...(status !== undefined
      ? { head: { status, reason: tab.handshake?.statusText ?? tab.refusal?.statusText ?? '', httpVersion: '1.1', headers: [...(tab.handshake?.responseHeaders ?? tab.refusal?.headers ?? []).filter((h) => !/^content-type$/i.test(h.name)), { name: 'Content-Type', value: 'application/json' }] } }
      : {}),
    ...(tab.failure && !tab.handshake && !tab.refusal ? { error: { kind: 'refused' as const, message: tab.failure.message } } : {}),
    ...(tab.closure && tab.handshake ? { elapsedMs: tab.closure.at - tab.handshake.at } : {}),
  };
  const body = new Blob([JSON.stringify(transcript)], { type: 'application/json' });
  for (const l of listeners) l(record, body);
  store.getState().rememberTabHistory(tabId, record.id);
}
