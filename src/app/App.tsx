import { useMemo, useRef } from 'react';
import { RequestPane } from './shell/RequestPane';
import { InspectorPane } from './features/inspector/InspectorPane';
import { SplitPane } from './base/components/SplitPane';
import { PaneBoundary } from './base/components/PaneBoundary';
import { Sidebar } from './shell/Sidebar';
import { AppHeader } from './shell/AppHeader';
import { CommandPalette, ShortcutsDialog } from './shell/lazyParts';
import { RunnerHost } from './features/runner/RunnerHost';
import { SidebarResizer } from './shell/SidebarResizer';
import { useGlobalShortcuts } from './shell/useGlobalShortcuts';
import { usePaneOrientation } from './shell/usePaneOrientation';
import { useTheme } from './shell/useTheme';
import { useSend } from './features/send/useSend';
import { useWorkbench } from './base/state/StoreProvider';
import { useStartWorkspaceSession } from './features/workspace/workspaceSessionLoader';
import { useSecretKeeper } from './features/vault/useSecretKeeper';

/** The workbench: the sidebar, then the composer and its tab's response, side by side or stacked. */
export function App() {
  const { send, cancel, sending } = useSend();
  // Loads collections, environments and history, and stores them as the person works.
  useStartWorkspaceSession();
  // Secrets kept out of storage come back into open requests when the vault opens.
  useSecretKeeper();
  const shell = useMemo(() => ({ send, cancel, sending }), [send, cancel, sending]);
  useGlobalShortcuts(shell);
  const theme = useTheme();
  const collapsed = useWorkbench((s) => s.sidebarCollapsed);
  const paletteOpen = useWorkbench((s) => s.paletteOpen);
  const shortcutsOpen = useWorkbench((s) => s.shortcutsOpen);
  const sidebarWidth = useWorkbench((s) => s.sidebarWidth);
  const panesArea = useRef<HTMLDivElement>(null);
  const orientation = usePaneOrientation(panesArea);
  return (
    <div className="app">
      <AppHeader theme={theme} />
      <main className={`app-main${collapsed ? ' app-main-collapsed' : ''}`} style={collapsed ? undefined : { gridTemplateColumns: `${sidebarWidth}px 5px minmax(0, 1fr)` }}>
        {collapsed ? null : (
          <>
            <PaneBoundary name="The sidebar">
              <Sidebar />
            </PaneBoundary>
            <SidebarResizer />
          </>
        )}
        <div className="panes" ref={panesArea} data-orientation={orientation}>
          <SplitPane
            key={orientation}
            orientation={orientation}
            initial={orientation === 'vertical' ? 0.56 : 0.5}
            label={orientation === 'vertical' ? 'Resize request and response (stacked)' : 'Resize request and response panes'}
            left={
              <PaneBoundary name="The request composer">
                <RequestPane onSend={send} onCancel={cancel} sending={sending} />
              </PaneBoundary>
            }
            right={
              <PaneBoundary name="The response">
                <InspectorPane />
              </PaneBoundary>
            }
          />
        </div>
      </main>
      <CommandPalette shell={shell} open={paletteOpen} />
      <ShortcutsDialog wanted={shortcutsOpen} />
      <RunnerHost cancelSend={cancel} />
    </div>
  );
}
