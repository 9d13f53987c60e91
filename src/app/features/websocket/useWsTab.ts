import { useWorkbench } from '../../base/state/StoreProvider';
import { emptyTab, useWsStore, type WsTabState } from './wsStore';

const EMPTY = emptyTab();

/** The active tab's id and its WebSocket state. */
export function useWsTab(): { tabId: string; tab: WsTabState } {
  const tabId = useWorkbench((s) => s.activeTabId);
  const tab = useWsStore((s) => s.tabs[tabId]) ?? EMPTY;
  return { tabId, tab };
}

/** The active tab's id and its connection phase alone (no re-render per message batch). */
export function useWsPhase(): { tabId: string; phase: WsTabState['phase'] } {
  const tabId = useWorkbench((s) => s.activeTabId);
  const phase = useWsStore((s) => s.tabs[tabId]?.phase) ?? 'idle';
  return { tabId, phase };
}
