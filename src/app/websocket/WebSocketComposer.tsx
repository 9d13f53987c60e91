/**
 * A WebSocket tab's request side: the address line (variables marked as in HTTP) with
 * Connect / Disconnect / Reconnect, the subprotocols offered and permessage-deflate, then the
 * message composer, saved messages, close controls, and the handshake's headers and auth
 * (the draft's own, so environments, secrets and the vault apply as for HTTP).
 */
import { useMemo, useState } from 'react';
import { draftWithUrl } from '../../core';
import { emptyWebSocketSettings, type WebSocketSettings } from '../../core/protocols/websocket/settings';
import { AuthPanel } from '../composer/AuthPanel';
import { UrlEditor } from '../composer/editors/UrlEditor';
import { HeadersTable } from '../composer/HeadersTable';
import { useEnvironmentValues } from '../composer/useComposerView';
import { useWorkbench, useWorkbenchApi } from '../store/StoreProvider';
import { CloseControls } from './CloseControls';
import { connect, disconnect } from './connection';
import { MessageComposer } from './MessageComposer';
import { useWsPhase } from './useWsTab';
import './websocket.css';

type Section = 'message' | 'headers' | 'auth';

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
        {(['message', 'headers', 'auth'] as const).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={section === s} className={section === s ? 'active' : ''} onClick={() => setSection(s)}>
            {s === 'message' ? 'Messages' : s === 'headers' ? 'Handshake headers' : 'Auth'}
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
        ) : (
          <AuthPanel />
        )}
      </div>
    </div>
  );
}
