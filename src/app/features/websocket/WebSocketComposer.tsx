/**
 * A WebSocket tab's request side: the address line (variables marked as in HTTP) with
 * Connect / Disconnect / Reconnect, the subprotocols offered and permessage-deflate, then the
 * message composer, saved messages, close controls, and the handshake's headers and auth
 * (the draft's own, so environments, secrets and the vault apply as for HTTP).
 */
import { useMemo, useState } from 'react';
import { draftWithUrl } from '../../../core';
import { DEFAULT_COLLECT_MS, emptyWebSocketSettings, type WebSocketSettings } from '../../../core/protocols/websocket/settings';
import { ChecksPanel } from '../checks/lazyChecks';
import { AuthPanel } from '../composer/AuthPanel';
import { UrlEditor } from '../../base/editors/UrlEditor';
import { HeadersTable } from '../composer/HeadersTable';
import { useEnvironmentValues } from '../environments/useEnvironmentValues';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { CloseControls } from './CloseControls';
import { connect, disconnect } from './connection';
import { MessageComposer } from './MessageComposer';
import { useWsPhase } from './useWsTab';
import './websocket.css';

type Section = 'message' | 'headers' | 'auth' | 'checks';

const SECTION_LABELS: Record<Section, string> = { message: 'Messages', headers: 'Handshake headers', auth: 'Auth', checks: 'Checks' };

export function WebSocketComposer() {
  const store = useWorkbenchApi();
  const url = useWorkbench((s) => s.draft.url);
  const settings = useWorkbench((s) => s.draft.websocket) ?? emptyWebSocketSettings();
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const env = useEnvironmentValues();
  const defined = useMemo(() => new Set(Object.keys(env)), [env]);
  // Only the phase: the composer is not re-rendered for each batch of messages.
  const { tabId, phase } = useWsPhase();
  const [section, setSection] = useState<Section>('message');
  const live = phase === 'connecting' || phase === 'open' || phase === 'closing';
  const setSettings = (change: Partial<WebSocketSettings>) => updateDraft((d) => ({ ...d, websocket: { ...(d.websocket ?? emptyWebSocketSettings()), ...change } }));
  const onConnect = () => void connect(store, tabId);
  return (
    <div className="ws-composer">
      <div className="request-line">
        <span className="ws-scheme-tag" aria-hidden="true">WS</span>
        <UrlEditor value={url} defined={defined} onChange={(next) => updateDraft((d) => draftWithUrl(d, next))} onSubmit={live ? () => {} : onConnect} />
        {live ? (
          <button type="button" className="danger" onClick={() => disconnect(tabId)} disabled={phase === 'closing'}>
            Disconnect
          </button>
        ) : (
          <button type="button" className="primary" onClick={onConnect}>
            {phase === 'closed' ? 'Reconnect' : 'Connect'}
          </button>
        )}
      </div>
      <div className="ws-options">
        <label>
          Subprotocols{' '}
          <input
            type="text"
            value={settings.subprotocols.join(', ')}
            placeholder="e.g. chat, json"
            aria-describedby="ws-subprotocols-hint"
            onChange={(e) => setSettings({ subprotocols: e.target.value.split(',').map((p) => p.trim()).filter((p, i, all) => p !== '' || i === all.length - 1) })}
          />
        </label>
        <span id="ws-subprotocols-hint" className="visually-hidden">Offered in Sec-WebSocket-Protocol, in order of preference, separated by commas.</span>
        <label>
          <input type="checkbox" checked={settings.deflate} onChange={(e) => setSettings({ deflate: e.target.checked })} /> Offer permessage-deflate
        </label>
      </div>
      <div className="ws-sections" role="tablist" aria-label="WebSocket request parts">
        {(['message', 'headers', 'auth', 'checks'] as const).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={section === s} className={section === s ? 'active' : ''} onClick={() => setSection(s)}>
            {SECTION_LABELS[s]}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="ws-section-body">
        {section === 'message' ? (
          <>
            <MessageComposer tabId={tabId} open={phase === 'open'} />
            <CloseControls tabId={tabId} open={phase === 'open'} />
          </>
        ) : section === 'headers' ? (
          <HeadersTable />
        ) : section === 'auth' ? (
          <AuthPanel />
        ) : (
          <>
            <p className="muted ws-checks-note">
              In the runner and <code>wirebench run</code>, this request connects, sends its saved messages in order, collects what arrives for the time below (or until the count), then closes. The checks read status 101 (or a refusal’s status), the handshake’s headers, and as body the JSON array of the messages received.
            </p>
            <div className="ws-options">
              <label>
                Collect for (ms){' '}
                <input type="number" min={0} max={600000} step={100} value={settings.collectMs ?? DEFAULT_COLLECT_MS} onChange={(e) => setSettings({ collectMs: Math.min(Math.max(Number(e.target.value) || 0, 0), 600_000) })} />
              </label>
              <label>
                Stop after (messages){' '}
                <input type="number" min={0} step={1} value={settings.collectCount ?? ''} placeholder="no limit" onChange={(e) => setSettings({ collectCount: Number(e.target.value) > 0 ? Math.floor(Number(e.target.value)) : undefined })} />
              </label>
            </div>
            <ChecksPanel />
          </>
        )}
      </div>
    </div>
  );
}
