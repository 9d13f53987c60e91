/**
 * A GraphQL subscription's history entry, made when it ends: the handshake as the exchange's
 * request and head (101, or the refusal's status), and the transcript — where it went, the
 * results and errors received, how it ended — as a JSON body. It goes to history by the same
 * path as a WebSocket connection (`workspaceSession` listens here), so the one redaction gate
 * masks it: the draft and the handshake's headers through `SecretRedaction`, the body through
 * the history body masking; the texts are masked with the session's ledger first
 * (`maskSecretText`), so a token a result repeats is never stored. Kept small: the workspace
 * session imports it on the first screen.
 */
import type { StoreApi } from 'zustand';
import { workspaceItemId, type HeaderField, type RequestDraft } from '../../../core';
import type { WebSocketClosure, WebSocketHandshake, WebSocketRefusal } from '../../../core/protocols/websocket/transcript';
import { maskSecretText } from '../../../core/workspace/secretLedger';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { ExchangeRecord } from '../workspace/workspaceRecords';
import { registerHistorySource } from '../workspace/historySources';

type Listener = (record: ExchangeRecord, body: Blob | undefined) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with each subscription's entry as it ends; returns the remover. */
export function onGraphQlSubscriptionHistory(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
// Heard by the workspace session (history) once this protocol's code has loaded.
registerHistorySource(onGraphQlSubscriptionHistory);

/** Most events a history entry keeps (the last ones). */
const HISTORY_EVENTS = 5_000;

/** What a subscription's history body holds. */
export interface SubscriptionTranscript {
  kind: 'graphql-subscription';
  url: string;
  protocol?: string;
  events: { at: number; kind: string; text: string }[];
  droppedEvents?: number;
  closure?: WebSocketClosure;
  problem?: string;
}

export interface FinishedSubscription {
  url: string;
  requestHeaders: HeaderField[];
  startedAt: number;
  handshake?: WebSocketHandshake;
  refusal?: WebSocketRefusal;
  closure?: WebSocketClosure;
  events: readonly { at: number; kind: string; text: string }[];
  problem?: string;
}

export function recordGraphQlSubscriptionHistory(store: StoreApi<WorkbenchState>, tabId: string, draft: RequestDraft, done: FinishedSubscription): void {
  if (listeners.size === 0) return;
  const transcript: SubscriptionTranscript = {
    kind: 'graphql-subscription',
    url: maskSecretText(done.url),
    ...(done.handshake ? { protocol: done.handshake.protocol } : {}),
    events: done.events.slice(-HISTORY_EVENTS).map((e) => ({ at: e.at, kind: e.kind, text: maskSecretText(e.text) })),
    ...(done.events.length > HISTORY_EVENTS ? { droppedEvents: done.events.length - HISTORY_EVENTS } : {}),
    ...(done.closure ? { closure: done.closure } : {}),
    ...(done.problem ? { problem: maskSecretText(done.problem) } : {}),
  };
  const status = done.handshake?.status ?? done.refusal?.status;
  const answerHeaders = done.handshake?.responseHeaders ?? done.refusal?.headers ?? [];
  const record: ExchangeRecord = {
    id: workspaceItemId('his'),
    sentAt: done.handshake?.at ?? done.startedAt,
    draft,
    wire: { method: 'GET', url: done.url, headers: done.handshake?.requestHeaders ?? done.requestHeaders },
    bodyStored: true,
    ...(status !== undefined ? { head: { status, reason: done.handshake?.statusText ?? done.refusal?.statusText ?? '', httpVersion: '1.1', headers: [...answerHeaders.filter((h) => !/^content-type$/i.test(h.name)), { name: 'Content-Type', value: 'application/json' }] } } : {}),
    ...(status === undefined && done.problem ? { error: { kind: 'refused' as const, message: maskSecretText(done.problem) } } : {}),
    ...(done.closure && done.handshake ? { elapsedMs: done.closure.at - done.handshake.at } : {}),
  };
  const body = new Blob([JSON.stringify(transcript)], { type: 'application/json' });
  for (const l of listeners) l(record, body);
  store.getState().rememberTabHistory(tabId, record.id);
}
