/**
 * The response side of an MCP tab: the last call's result (content parts, structured
 * content with its schema check, or the error explained), the handshake's negotiation,
 * and "The wire": every JSON-RPC message both ways in order, ids matched, live.
 */
import { useState } from 'react';
import { useWorkbench } from '../../base/state/StoreProvider';
import { McpHandshakeView } from './McpHandshakeView';
import { McpResultView } from './McpResultView';
import { useMcpTab } from './mcpStore';
import { McpWireView } from './McpWireView';
import './mcp.css';

type View = 'result' | 'wire' | 'handshake';

export function McpResponse() {
  const tabId = useWorkbench((s) => s.activeTabId);
  const tab = useMcpTab(tabId);
  const [view, setView] = useState<View>('result');
  const labels: Record<View, string> = { result: 'Result', wire: `The wire (${tab.wire.length})`, handshake: 'Handshake' };
  return (
    <section className="pane inspector mcp-response" aria-label="Response">
      <div role="tablist" aria-label="MCP response views" className="section-tabs">
        {(Object.keys(labels) as View[]).map((v) => (
          <button key={v} type="button" role="tab" aria-selected={view === v} onClick={() => setView(v)}>{labels[v]}</button>
        ))}
      </div>
      <div className="mcp-response-body" role="tabpanel" aria-label={labels[view]}>
        {view === 'result' ? <McpResultView tabId={tabId} /> : view === 'wire' ? <McpWireView entries={tab.wire} /> : <McpHandshakeView tabId={tabId} />}
      </div>
    </section>
  );
}
