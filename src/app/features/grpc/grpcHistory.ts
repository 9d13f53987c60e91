/**
 * A gRPC call's history entry, made when the call ends: the call as the exchange's request
 * (POST /package.Service/Method with the metadata sent) and head (HTTP/2 200 carrying the
 * response metadata and trailers, grpc-status among them; none when the call never reached
 * a status), and the transcript (what went, what came, how it ended) as a JSON body. It goes
 * to history by the same path as a WebSocket connection's (`workspaceSession` listens here),
 * so the one redaction gate masks it: the draft and the metadata through `SecretRedaction`,
 * the transcript through the body masking.
 */
import type { StoreApi } from 'zustand';
import { workspaceItemId, type HeaderField, type RequestDraft } from '../../../core';
import type { GrpcTranscript } from '../../../core/protocols/grpc/callModel';
import { grpcStatusInfo } from '../../../core/protocols/grpc/statusCodes';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { ExchangeRecord } from '../workspace/workspaceRecords';
import { registerHistorySource } from '../workspace/historySources';

type Listener = (record: ExchangeRecord, body: Blob | undefined) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with each gRPC call's entry as it ends; returns the remover. */
export function onGrpcHistory(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
// Heard by the workspace session (history) once this protocol's code has loaded.
registerHistorySource(onGrpcHistory);

/** Most messages each way an entry keeps (the last ones). */
const HISTORY_MESSAGES = 5_000;

/** The entry of call `t` made from `draft` with `metadata` sent, and its transcript text. */
export function grpcHistoryRecord(draft: RequestDraft, metadata: readonly HeaderField[], t: GrpcTranscript, startedAt: number): { record: ExchangeRecord; transcript: string } {
  const kept = { ...t, sent: t.sent.slice(-HISTORY_MESSAGES), received: t.received.slice(-HISTORY_MESSAGES) };
  const dropped = t.sent.length - kept.sent.length + (t.received.length - kept.received.length);
  const transcript = JSON.stringify(dropped > 0 ? { ...kept, droppedMessages: dropped } : kept);
  const url = `${draft.url.replace(/\/+$/, '')}/${t.service}/${t.method}`;
  const record: ExchangeRecord = {
    id: workspaceItemId('his'),
    sentAt: startedAt,
    draft,
    wire: { method: 'POST', url, headers: [...metadata] },
    bodyStored: true,
    ...(t.status
      ? {
          head: {
            status: 200,
            reason: `grpc-status ${t.status.code} ${grpcStatusInfo(t.status.code).name}`,
            httpVersion: '2',
            headers: [
              ...(t.headers ?? []).filter((h) => !/^content-type$/i.test(h.name)),
              ...t.status.trailers,
              { name: 'grpc-status', value: String(t.status.code) },
              ...(t.status.details ? [{ name: 'grpc-message', value: t.status.details }] : []),
              { name: 'Content-Type', value: 'application/json' },
            ],
          },
          // Event times are milliseconds since the call started.
          elapsedMs: Math.max(0, t.status.at),
        }
      : {}),
    ...(t.error && !t.status ? { error: { kind: 'refused' as const, message: t.error.message } } : {}),
  };
  return { record, transcript };
}

/** Records call `t` of tab `tabId` in history (when history is listening) and links the tab to its entry. */
export function recordGrpcHistory(store: StoreApi<WorkbenchState>, tabId: string, draft: RequestDraft, metadata: readonly HeaderField[], t: GrpcTranscript, startedAt: number): void {
  if (listeners.size === 0 || (!t.status && !t.error)) return;
  const { record, transcript } = grpcHistoryRecord(draft, metadata, t, startedAt);
  const body = new Blob([transcript], { type: 'application/json' });
  for (const l of listeners) l(record, body);
  store.getState().rememberTabHistory(tabId, record.id);
}

/** The transcript a history entry's body holds (a tab reopened from history restores it as its exchange); undefined when it is not one. */
export function transcriptFromHistory(chunks: readonly Uint8Array[]): GrpcTranscript | undefined {
  if (chunks.length === 0) return undefined;
  try {
    const text = new TextDecoder().decode(chunks.length === 1 ? chunks[0] : new Uint8Array(chunks.flatMap((c) => [...c])));
    const value = JSON.parse(text) as Partial<GrpcTranscript>;
    if (typeof value.service !== 'string' || typeof value.method !== 'string' || !Array.isArray(value.sent) || !Array.isArray(value.received)) return undefined;
    return value as GrpcTranscript;
  } catch {
    return undefined;
  }
}
