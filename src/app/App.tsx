import { useEffect } from 'react';
import { RequestPane } from './components/RequestPane';
import { InspectorPane } from './inspector/InspectorPane';
import { SplitPane } from './components/SplitPane';
import { PaneBoundary } from './components/PaneBoundary';
import { Sidebar } from './shell/Sidebar';
import { useSend } from './hooks/useSend';
import { useWorkspaceSession } from './workspace/useWorkspaceSession';
import { useSecretKeeper } from './secrets/useSecretKeeper';

/** The workbench: composer on the left, response on the right. */
export function App() {
  const { send, cancel, sending } = useSend();
  // Loads collections, environments and history, and stores them as the person works.
  useWorkspaceSession();
  // Secrets kept out of storage come back into open requests when the vault opens.
  useSecretKeeper();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        send();
      } else if (e.key === 'Escape' && sending) {
        e.preventDefault();
        cancel();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [send, cancel, sending]);
  return (
    <div className="app">
      <header className="app-header">
        <h1>Wirebench</h1>
        <p className="muted">Every request goes through the local relay on this machine.</p>
      </header>
      <main className="app-main">
        <PaneBoundary name="The sidebar">
          <Sidebar />
        </PaneBoundary>
        <SplitPane
          label="Resize request and response panes"
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
      </main>
    </div>
  );
}
