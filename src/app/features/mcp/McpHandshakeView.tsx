/** The handshake: the version asked for and agreed, with why; the server's identity, capabilities and instructions; the client's capabilities. */
import { useMcpTab } from './mcpStore';

export function McpHandshakeView({ tabId }: { tabId: string }) {
  const tab = useMcpTab(tabId);
  const h = tab.handshake;
  if (!h) return <p className="hint">{tab.status === 'failed' ? `No handshake: ${tab.failure?.message ?? ''}` : 'Connect runs initialize, then notifications/initialized; what was agreed shows here.'}</p>;
  return (
    <div className="mcp-handshake">
      <h3>Protocol version</h3>
      <p>Asked for <code>{h.negotiation.requested}</code>, agreed <code>{h.negotiation.answered}</code>. {h.negotiation.explanation}</p>
      <h3>Server</h3>
      <p><code>{String(h.serverInfo.name ?? '?')}</code> {String(h.serverInfo.version ?? '')}{h.serverInfo.title ? ` — ${String(h.serverInfo.title)}` : ''}{h.sessionId ? `; session ${h.sessionId}` : '; no session id (stateless)'}</p>
      <h3>What the server offers</h3>
      <ul>{h.capabilityLines.map((l) => <li key={l}>{l}</li>)}</ul>
      <h3>What this client declared</h3>
      <ul>{h.clientCapabilityLines.map((l) => <li key={l}>{l}</li>)}</ul>
      {h.instructions ? (<><h3>Instructions from the server</h3><p>{h.instructions}</p></>) : null}
    </div>
  );
}
