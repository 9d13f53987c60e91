/**
 * Per-tab live state of MCP tabs, keyed by tab id (not in the workbench store): the
 * session (its ref in the relay, the handshake), the wire as it happens, what the server
 * listed, the call in flight and its outcome, the authorization steps. What is saved lives
 * on the draft (`draft.mcp`); this is what a reload forgets.
 */
import { create } from 'zustand';
import type { AuthPlan, AuthStep } from '../../../core/protocols/mcp/authDiscovery';
import type { McpWireEntry } from '../../../core/protocols/mcp/wire';

export interface McpHandshakeView {
  negotiation: { requested: string; answered: string; explanation: string };
  serverInfo: Record<string, unknown>;
  serverCapabilities: Record<string, unknown>;
  capabilityLines: string[];
  clientCapabilityLines: string[];
  instructions?: string;
  sessionId?: string;
}

export interface McpFailureView {
  kind: string;
  message: string;
  error?: { code: number; message: string; data?: unknown };
  status?: number;
  challenges?: string[];
}

export type McpOutcomeView = { ok: true; result: Record<string, unknown>; id: string } | { ok: false; failure: McpFailureView; id?: string };

export type McpListKind = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

export interface McpListState {
  items: Record<string, unknown>[];
  /** The cursor of the next page, when the server said there is one. */
  nextCursor?: string;
  loading: boolean;
  error?: string;
}

export interface McpCallView {
  kind: 'tool' | 'resource' | 'prompt' | 'completion';
  name: string;
  /** The page's own reference, for Cancel. */
  ref: string;
  running: boolean;
  outcome?: McpOutcomeView;
  /** The tool's output schema at call time (for the structured content check). */
  outputSchema?: unknown;
  progress?: { progress: number; total?: number; message?: string };
}

export interface McpTabState {
  status: 'idle' | 'connecting' | 'connected' | 'failed' | 'closed';
  ref?: string;
  wire: McpWireEntry[];
  handshake?: McpHandshakeView;
  failure?: McpFailureView;
  lists: Partial<Record<McpListKind, McpListState>>;
  call?: McpCallView;
  /** Why the last button press did nothing (bad arguments, no vault…), shown beside it. */
  problem?: string;
  auth?: { running: boolean; steps: AuthStep[]; plan?: AuthPlan; error?: string; entryId?: string; note?: string };
  abort?: AbortController;
}

interface McpStore {
  tabs: Record<string, McpTabState>;
  patch(tabId: string, change: Partial<McpTabState> | ((t: McpTabState) => Partial<McpTabState>)): void;
}

export const blankMcpTab = (): McpTabState => ({ status: 'idle', wire: [], lists: {} });

export const useMcpStore = create<McpStore>((set) => ({
  tabs: {},
  patch: (tabId, change) =>
    set((s) => {
      const current = s.tabs[tabId] ?? blankMcpTab();
      const next = typeof change === 'function' ? change(current) : change;
      return { tabs: { ...s.tabs, [tabId]: { ...current, ...next } } };
    }),
}));

/** The tab's state (blank when it has none yet). */
export function useMcpTab(tabId: string): McpTabState {
  return useMcpStore((s) => s.tabs[tabId]) ?? BLANK;
}
const BLANK = blankMcpTab();
