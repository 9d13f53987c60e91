/**
 * What the MCP composer's buttons do for a tab: Connect (the handshake, the wire folded
 * in as it happens), list with pagination, Call / Read / Get, Cancel, Disconnect. Nothing
 * typed is lost on a failure: the problem is shown beside the button, the draft unchanged.
 */
import type { StoreApi } from 'zustand';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { mcpCancel, mcpClose, mcpRequest, streamMcpSession, type McpStreamEvent } from './mcpClient';
import { prepareMcp } from './mcpPrepare';
import { useMcpStore, type McpCallView, type McpListKind, type McpTabState } from './mcpStore';

const patch = (tabId: string, change: Parameters<ReturnType<typeof useMcpStore.getState>['patch']>[1]) => useMcpStore.getState().patch(tabId, change);
const tab = (tabId: string): McpTabState | undefined => useMcpStore.getState().tabs[tabId];

/** Keeps at most this many wire entries per tab (the oldest dropped first, said in the view). */
export const MCP_WIRE_LIMIT = 2000;

function onEvent(tabId: string, e: McpStreamEvent): void {
  if (e.type === 'session') return patch(tabId, { ref: e.ref });
  if (e.type === 'wire') {
    return patch(tabId, (t) => {
      const wire = t.wire.length >= MCP_WIRE_LIMIT ? [...t.wire.slice(1 - MCP_WIRE_LIMIT), e.entry] : [...t.wire, e.entry];
      const m = e.entry.message;
      // Progress of the call in flight, from its notifications as they arrive.
      if (m?.kind === 'notification' && m.method === 'notifications/progress' && t.call?.running && t.call.ref && String(m.params?.progressToken) === callIds.get(t.call.ref)) {
        const p = m.params!;
        return { wire, call: { ...t.call, progress: { progress: Number(p.progress), ...(typeof p.total === 'number' ? { total: p.total } : {}), ...(typeof p.message === 'string' ? { message: p.message } : {}) } } };
      }
      return { wire };
    });
  }
  if (e.type === 'issued') {
    if (e.call) callIds.set(e.call, e.id);
    return;
  }
  if (e.type === 'connected') return patch(tabId, { status: 'connected', handshake: e.handshake, failure: undefined });
  if (e.type === 'failed') return patch(tabId, { status: 'failed', failure: e.failure });
  patch(tabId, (t) => ({ status: t.status === 'failed' ? 'failed' : 'closed', ref: undefined, abort: undefined, call: t.call?.running ? { ...t.call, running: false } : t.call }));
}

const callIds = new Map<string, string>();

export async function connect(store: StoreApi<WorkbenchState>, tabId: string, retried = false): Promise<void> {
  const current = tab(tabId);
  if (current?.status === 'connecting' || current?.status === 'connected') return;
  const state = store.getState();
  const prepared = await prepareMcp(state.draft, activeEnvironmentValues(state));
  if (!prepared.ok) return patch(tabId, { problem: prepared.message });
  const abort = new AbortController();
  patch(tabId, { status: 'connecting', wire: [], lists: {}, handshake: undefined, failure: undefined, problem: undefined, call: undefined, abort });
  const { url, headers, settings, network } = prepared.value;
  const draft = state.draft;
  await streamMcpSession({ url, headers, network, transport: settings.transport, ...(settings.protocolVersion ? { protocolVersion: settings.protocolVersion } : {}) }, (e) => onEvent(tabId, e), abort.signal);
  // The session is over: its transcript goes to history (masked by the recorder).
  const { recordMcpHistory } = await import('./mcpHistory');
  recordMcpHistory(store, tabId, draft, tab(tabId), url, headers);
  // A vault token the server refused as invalid or expired (RFC 6750 invalid_token): renewed once, then connected again.
  const failure = tab(tabId)?.failure;
  if (!retried && failure?.kind === 'unauthorized' && draft.auth.scheme === 'vault' && draft.auth.vaultEntryId) {
    const { handleUnauthorized } = await import('../vault/vaultAccess');
    if ((await handleUnauthorized(draft.auth.vaultEntryId, failure.challenges?.[0])) === 'refreshed') await connect(store, tabId, true);
  }
}

export async function disconnect(tabId: string): Promise<void> {
  const t = tab(tabId);
  // The relay ends the session (DELETE) and then its stream, whose last lines say how the DELETE went.
  const closed = t?.ref ? await mcpClose(t.ref) : { ok: false };
  if (!closed.ok) {
    t?.abort?.abort();
    patch(tabId, { status: 'closed', ref: undefined, abort: undefined });
  }
}

const LIST_METHODS: Record<McpListKind, { method: string; field: string }> = {
  tools: { method: 'tools/list', field: 'tools' },
  resources: { method: 'resources/list', field: 'resources' },
  resourceTemplates: { method: 'resources/templates/list', field: 'resourceTemplates' },
  prompts: { method: 'prompts/list', field: 'prompts' },
};

/** Lists one kind; `more` asks for the next page with the cursor the server gave. */
export async function list(tabId: string, kind: McpListKind, more = false): Promise<void> {
  const t = tab(tabId);
  if (!t?.ref) return;
  const was = t.lists[kind];
  const cursor = more ? was?.nextCursor : undefined;
  patch(tabId, (s) => ({ lists: { ...s.lists, [kind]: { items: more ? was?.items ?? [] : [], loading: true } } }));
  const { method, field } = LIST_METHODS[kind];
  const outcome = await mcpRequest(t.ref, method, cursor ? { cursor } : undefined, `list-${kind}-${Date.now()}`, false);
  patch(tabId, (s) => {
    const before = more ? s.lists[kind]?.items ?? [] : [];
    if (!outcome.ok) return { lists: { ...s.lists, [kind]: { items: before, loading: false, error: outcome.failure.message } } };
    const items = Array.isArray(outcome.result[field]) ? (outcome.result[field] as Record<string, unknown>[]) : [];
    const next = typeof outcome.result.nextCursor === 'string' ? outcome.result.nextCursor : undefined;
    return { lists: { ...s.lists, [kind]: { items: [...before, ...items], loading: false, ...(next ? { nextCursor: next } : {}) } } };
  });
}

/** Lists everything the server's capabilities offer, after Connect. */
export async function listOffered(tabId: string): Promise<void> {
  const caps = tab(tabId)?.handshake?.serverCapabilities ?? {};
  const kinds: McpListKind[] = [...('tools' in caps ? (['tools'] as const) : []), ...('resources' in caps ? (['resources', 'resourceTemplates'] as const) : []), ...('prompts' in caps ? (['prompts'] as const) : [])];
  await Promise.all(kinds.map((k) => list(tabId, k)));
}

/** Sends one request as the tab's call (tools/call, resources/read, prompts/get, completion/complete). */
export async function call(tabId: string, kind: McpCallView['kind'], name: string, method: string, params: Record<string, unknown>, outputSchema?: unknown): Promise<void> {
  const t = tab(tabId);
  if (!t?.ref) return patch(tabId, { problem: 'Connect first.' });
  if (t.call?.running) return;
  const ref = `call-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  patch(tabId, { problem: undefined, call: { kind, name, ref, running: true, ...(outputSchema !== undefined ? { outputSchema } : {}) } });
  const outcome = await mcpRequest(t.ref, method, params, ref, kind === 'tool');
  callIds.delete(ref);
  patch(tabId, (s) => (s.call?.ref === ref ? { call: { ...s.call, running: false, outcome } } : {}));
}

export async function cancelCall(tabId: string): Promise<void> {
  const t = tab(tabId);
  if (!t?.ref || !t.call?.running) return;
  await mcpCancel(t.ref, t.call.ref);
}
