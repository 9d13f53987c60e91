/**
 * The MCP request: the server URL (variables marked), the transport, Connect / Disconnect,
 * Authorize (the MCP authorization chain into the vault), then what the server offers —
 * tools, resources and templates, prompts, each list paged — and the selected one's form:
 * a tool's input schema as a generated form or raw JSON arguments, Call and Cancel.
 * Headers and auth are the draft's own.
 */
import { useMemo, useState } from 'react';
import { draftWithUrl } from '../../../core';
import { MCP_PROTOCOL_VERSIONS } from '../../../core/protocols/mcp/versions';
import type { McpSettings } from '../../../core/protocols/mcp/settings';
import { UrlEditor } from '../../base/editors/UrlEditor';
import { HeadersTable } from '../composer/HeadersTable';
import { useEnvironmentValues } from '../environments/useEnvironmentValues';
import { AuthPanel } from '../composer/lazyParts';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { connect, disconnect, listOffered } from './mcpActions';
import { McpAuthPanel } from './McpAuthPanel';
import { McpCatalog } from './McpCatalog';
import { mcpSettingsOf } from './mcpPrepare';
import { useMcpTab } from './mcpStore';
import './mcp.css';

type Section = 'server' | 'headers' | 'auth';

export function McpComposer() {
  const store = useWorkbenchApi();
  const tabId = useWorkbench((s) => s.activeTabId);
  const draft = useWorkbench((s) => s.draft);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const env = useEnvironmentValues();
  const defined = useMemo(() => new Set(Object.keys(env)), [env]);
  const tab = useMcpTab(tabId);
  const [section, setSection] = useState<Section>('server');
  const settings = mcpSettingsOf(draft);
  const setSettings = (change: Partial<McpSettings>) => updateDraft((d) => ({ ...d, mcp: { ...mcpSettingsOf(d), ...change } }));
  const live = tab.status === 'connected' || tab.status === 'connecting';
  const doConnect = async () => {
    await connect(store, tabId);
  };
  return (
    <div className="mcp-composer">
      <div className="request-line">
        <span className="mcp-scheme-hint" aria-hidden="true">MCP</span>
        <UrlEditor value={draft.url} defined={defined} onChange={(next) => updateDraft((d) => draftWithUrl(d, next))} onSubmit={() => void doConnect()} describedBy="mcp-problem" />
        {live ? (
          <button type="button" className="danger" onClick={() => void disconnect(tabId)}>Disconnect</button>
        ) : (
          <button type="button" className="primary" onClick={() => void doConnect()}>Connect</button>
        )}
      </div>
      <div className="mcp-row">
        <button type="button" onClick={() => updateDraft((d) => draftWithUrl(d, `${location.origin}/sandbox/mcp`))}>Use the sandbox MCP server</button>
      </div>
      <p className="mcp-status" role="status">
        {tab.status === 'connecting' ? 'Connecting: initialize sent…' : tab.status === 'connected' ? `Connected to ${String(tab.handshake?.serverInfo.name ?? 'the server')} (protocol ${tab.handshake?.negotiation.answered ?? '?'}${tab.handshake?.sessionId ? `, session ${tab.handshake.sessionId}` : ''}).` : tab.status === 'closed' ? 'Disconnected.' : ''}
      </p>
      <p id="mcp-problem" className={tab.problem ? 'field-error send-problem' : 'visually-hidden'} role={tab.problem ? 'alert' : undefined}>{tab.problem ?? ''}</p>
      {tab.status === 'failed' && tab.failure ? (
        <div className="field-error mcp-failure" role="alert">
          <p>Not connected: {tab.failure.message}</p>
          {tab.failure.kind === 'unauthorized' ? <p>The server wants a token. <strong>Authorize</strong> below finds out where to get one and signs you in through the vault.</p> : null}
        </div>
      ) : null}
      <div role="tablist" aria-label="MCP request parts" className="section-tabs">
        {(['server', 'headers', 'auth'] as Section[]).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={section === s} onClick={() => setSection(s)}>{s === 'server' ? 'Server' : s === 'headers' ? 'Headers' : 'Auth'}</button>
        ))}
      </div>
      {section === 'server' ? (
        <div className="mcp-settings">
          <label>
            Transport
            <select value={settings.transport} onChange={(e) => setSettings({ transport: e.target.value as McpSettings['transport'] })}>
              <option value="streamable-http">Streamable HTTP (2025-03-26 and later)</option>
              <option value="sse">HTTP+SSE (2024-11-05)</option>
            </select>
          </label>
          <label>
            Protocol version asked for
            <select value={settings.protocolVersion ?? ''} onChange={(e) => setSettings({ protocolVersion: e.target.value || undefined })}>
              <option value="">Newest ({MCP_PROTOCOL_VERSIONS[0]})</option>
              {MCP_PROTOCOL_VERSIONS.slice(1).map((v) => <option key={v} value={v}>{v}</option>)}
            </select>
          </label>
        </div>
      ) : section === 'headers' ? (
        <div className="mcp-section"><HeadersTable /></div>
      ) : (
        <div className="mcp-section">
          <McpAuthPanel tabId={tabId} clientId={settings.clientId ?? ''} onClientId={(clientId) => setSettings({ clientId: clientId || undefined })} />
          <AuthPanel />
        </div>
      )}
      {tab.status === 'connected' ? (
        <div className="mcp-row">
          <button type="button" onClick={() => void listOffered(tabId)}>List what the server offers</button>
        </div>
      ) : null}
      {tab.status === 'connected' ? <McpCatalog tabId={tabId} /> : null}
    </div>
  );
}
