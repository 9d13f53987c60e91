/**
 * An MCP session in history: when its stream ends, one entry with the session's transcript
 * as the body (the handshake, every wire entry in order, how it ended), handed to the same
 * recorder as HTTP sends, which masks secrets in it through the one gate (the ledger and
 * the values the request carried) before anything is stored.
 */
import type { StoreApi } from 'zustand';
import { workspaceItemId, type RequestDraft } from '../../../core';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { ExchangeRecord } from '../workspace/workspaceRecords';
import { registerHistorySource } from '../workspace/historySources';
import type { McpTabState } from './mcpStore';

type Listener = (record: ExchangeRecord, body: Blob) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with each MCP session's entry as it ends; returns the remover. */
export function onMcpHistory(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
// Heard by the workspace session (history) once this protocol's code has loaded.
registerHistorySource(onMcpHistory);

/** Most wire entries an entry keeps (the last ones). */
const HISTORY_ENTRIES = 2_000;

export function recordMcpHistory(store: StoreApi<WorkbenchState>, tabId: string, draft: RequestDraft, tab: McpTabState | undefined, url: string, headers: { name: string; value: string }[]): void {
  if (!tab || listeners.size === 0 || tab.wire.length === 0) return;
  const transcript = {
    ...(tab.handshake ? { handshake: tab.handshake } : {}),
    ...(tab.failure ? { failure: tab.failure } : {}),
    wire: tab.wire.slice(-HISTORY_ENTRIES).map(({ message: _parsed, ...entry }) => entry),
    ...(tab.wire.length > HISTORY_ENTRIES ? { droppedEntries: tab.wire.length - HISTORY_ENTRIES } : {}),
  };
  const unauthorized = tab.failure?.status;
  const record: ExchangeRecord = {
    id: workspaceItemId('his'),
    sentAt: tab.wire[0]!.at,
    draft,
    wire: { method: 'POST', url, headers },
    bodyStored: true,
    head: { status: unauthorized ?? (tab.handshake ? 200 : 0), reason: tab.handshake ? 'MCP session' : tab.failure?.kind ?? '', httpVersion: '1.1', headers: [{ name: 'Content-Type', value: 'application/json' }] },
    elapsedMs: tab.wire[tab.wire.length - 1]!.at - tab.wire[0]!.at,
    ...(tab.failure && !tab.handshake && !unauthorized ? { error: { kind: 'refused' as const, message: tab.failure.message } } : {}),
  };
  const body = new Blob([JSON.stringify(transcript)], { type: 'application/json' });
  for (const l of listeners) l(record, body);
  store.getState().rememberTabHistory(tabId, record.id);
}
