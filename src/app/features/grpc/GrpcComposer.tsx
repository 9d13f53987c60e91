/**
 * The gRPC request: the server address (variables marked), where the services come from
 * (server reflection, or .proto files uploaded or pasted), Load services, the service and
 * method, the deadline, the request message (seeded with a sample of its type, checked as
 * typed), the metadata (the draft's headers) and auth; Invoke and Cancel; for client and
 * bidi streams, the next message, Send and End stream.
 */
import { useMemo, useState } from 'react';
import { draftWithUrl } from '../../../core';
import { describeDeadline } from '../../../core/protocols/grpc/deadline';
import { findGrpcMethod, GRPC_CALL_KIND_LABELS, grpcCallKind } from '../../../core/protocols/grpc/descriptorModel';
import { checkGrpcMessage } from '../../../core/protocols/grpc/messageCheck';
import { grpcSampleJson } from '../../../core/protocols/grpc/messageSample';
import type { GrpcSettings } from '../../../core/protocols/grpc/settings';
import { UrlEditor } from '../../base/editors/UrlEditor';
import { HeadersTable } from '../composer/HeadersTable';
import { useEnvironmentValues } from '../environments/useEnvironmentValues';
import { AuthPanel } from '../composer/lazyParts';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { cancelCall, endStream, invoke, loadServices, sendNext } from './grpcActions';
import { grpcSettingsOf } from './grpcPrepare';
import { useGrpcStore, useGrpcTab } from './grpcStore';
import { GrpcProtoFiles } from './GrpcProtoFiles';
import './grpc.css';

type Section = 'message' | 'metadata' | 'auth';

export function GrpcComposer() {
  const store = useWorkbenchApi();
  const tabId = useWorkbench((s) => s.activeTabId);
  const draft = useWorkbench((s) => s.draft);
  const updateDraft = useWorkbench((s) => s.updateDraft);
  const env = useEnvironmentValues();
  const defined = useMemo(() => new Set(Object.keys(env)), [env]);
  const tab = useGrpcTab(tabId);
  const patch = useGrpcStore((s) => s.patch);
  const [section, setSection] = useState<Section>('message');
  const settings = grpcSettingsOf(draft);
  const setSettings = (change: Partial<GrpcSettings>) => updateDraft((d) => ({ ...d, grpc: { ...grpcSettingsOf(d), ...change } }));
  const catalog = tab.catalog;
  const service = catalog?.services.find((s) => s.name === settings.service);
  const found = catalog ? findGrpcMethod(catalog, settings.service, settings.method) : undefined;
  const method = found?.ok ? found.method : undefined;
  const kind = method ? grpcCallKind(method) : undefined;
  const message = settings.messages[0] ?? '{}';
  const check = catalog && method ? checkGrpcMessage(catalog, method.requestType, message) : undefined;
  const streamOpen = tab.running && (kind === 'client-streaming' || kind === 'bidi') && Boolean(tab.transcript?.callId) && !tab.transcript?.halfClosed;
  const chooseMethod = (serviceName: string, methodName: string) => {
    const m = catalog?.services.find((s) => s.name === serviceName)?.methods.find((x) => x.name === methodName);
    setSettings({ service: serviceName, method: methodName, ...(m && catalog ? { messages: [grpcSampleJson(catalog, m.requestType)] } : {}) });
  };
  const pickSandbox = async () => {
    const info = (await fetch('/sandbox/grpc/info').then((r) => r.json()).catch(() => ({ grpc: false, detail: 'The sandbox could not be reached.' }))) as { grpc: boolean; address?: string; detail?: string };
    if (!info.grpc || !info.address) return patch(tabId, { problem: info.detail ?? 'The sandbox gRPC server is not running.' });
    patch(tabId, { problem: undefined });
    updateDraft((d) => ({ ...draftWithUrl(d, info.address!), grpc: { ...grpcSettingsOf(d), source: 'reflection' } }));
  };
  return (
    <div className="grpc-composer">
      <div className="request-line">
        <label className="visually-hidden" htmlFor="grpc-address">Server address</label>
        <span className="grpc-scheme-hint" aria-hidden="true">gRPC</span>
        <UrlEditor value={draft.url} defined={defined} onChange={(next) => updateDraft((d) => draftWithUrl(d, next))} onSubmit={() => void invoke(store, tabId)} describedBy="grpc-problem" />
        {tab.running ? (
          <button type="button" className="danger" onClick={() => void cancelCall(tabId)}>Cancel</button>
        ) : (
          <button type="button" className="primary" onClick={() => void invoke(store, tabId)}>Invoke</button>
        )}
      </div>
      <div className="grpc-row">
        <button type="button" onClick={() => void pickSandbox()}>Use the sandbox gRPC server</button>
      </div>
      <p id="grpc-problem" className={tab.problem ? 'field-error send-problem' : 'visually-hidden'} role={tab.problem ? 'alert' : undefined}>{tab.problem ?? ''}</p>
      <fieldset className="grpc-source">
        <legend>Services from</legend>
        <label><input type="radio" name={`grpc-source-${tabId}`} checked={settings.source === 'reflection'} onChange={() => setSettings({ source: 'reflection' })} /> Server reflection</label>
        <label><input type="radio" name={`grpc-source-${tabId}`} checked={settings.source === 'proto'} onChange={() => setSettings({ source: 'proto' })} /> .proto files</label>
        <button type="button" onClick={() => void loadServices(store, tabId)} disabled={tab.loading}>{tab.loading ? 'Loading…' : 'Load services'}</button>
        <span className="grpc-loaded" role="status">{catalog && !tab.loadError ? `${catalog.services.length} service${catalog.services.length === 1 ? '' : 's'} from ${tab.catalogFrom ?? ''}` : ''}</span>
      </fieldset>
      {tab.loadError ? <p className="field-error" role="alert">Services not loaded: {tab.loadError.message}</p> : null}
      {settings.source === 'proto' ? <GrpcProtoFiles files={settings.protoFiles} onChange={(protoFiles) => setSettings({ protoFiles })} /> : null}
      <div className="grpc-pickers">
        <label>
          Service
          <select value={settings.service} onChange={(e) => chooseMethod(e.target.value, catalog?.services.find((s) => s.name === e.target.value)?.methods[0]?.name ?? '')}>
            {!service ? <option value={settings.service}>{settings.service || '(load services first)'}</option> : null}
            {catalog?.services.map((s) => <option key={s.name} value={s.name}>{s.name}</option>)}
          </select>
        </label>
        <label>
          Method
          <select value={settings.method} onChange={(e) => chooseMethod(settings.service, e.target.value)}>
            {!method ? <option value={settings.method}>{settings.method || '(none)'}</option> : null}
            {service?.methods.map((m) => <option key={m.name} value={m.name}>{m.name} — {GRPC_CALL_KIND_LABELS[grpcCallKind(m)]}</option>)}
          </select>
        </label>
        <label>
          Deadline (ms)
          <input type="text" inputMode="numeric" value={settings.deadlineMs ? String(settings.deadlineMs) : ''} placeholder="none" onChange={(e) => setSettings({ deadlineMs: /^\d+$/.test(e.target.value) ? Number(e.target.value) : 0 })} aria-describedby="grpc-deadline-note" />
        </label>
      </div>
      <p id="grpc-deadline-note" className="hint">{describeDeadline(settings.deadlineMs)}</p>
      {kind ? <p className="hint">{GRPC_CALL_KIND_LABELS[kind]}: {method?.requestType} → {method?.responseType}</p> : null}
      <div role="tablist" aria-label="gRPC request parts" className="section-tabs">
        {(['message', 'metadata', 'auth'] as Section[]).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={section === s} onClick={() => setSection(s)}>{s === 'message' ? 'Message' : s === 'metadata' ? 'Metadata' : 'Auth'}</button>
        ))}
      </div>
      {section === 'message' ? (
        <div className="grpc-message">
          <label htmlFor={`grpc-message-${tabId}`}>Request message (JSON){method ? ` — ${method.requestType}` : ''}</label>
          <textarea id={`grpc-message-${tabId}`} className="grpc-json" rows={8} spellCheck={false} value={message} onChange={(e) => setSettings({ messages: [e.target.value, ...settings.messages.slice(1)] })} aria-invalid={check && !check.ok ? true : undefined} aria-describedby={`grpc-message-check-${tabId}`} />
          <div className="grpc-row">
            {catalog && method ? <button type="button" onClick={() => setSettings({ messages: [grpcSampleJson(catalog, method.requestType), ...settings.messages.slice(1)] })}>Reset to sample</button> : null}
            <span id={`grpc-message-check-${tabId}`} className={check && !check.ok ? 'field-error' : 'hint'}>
              {check ? (check.ok ? 'The message matches its type.' : check.problems.map((p) => p.message).join(' ')) : 'Load services to check the message against its type.'}
            </span>
          </div>
          {streamOpen ? (
            <div className="grpc-stream">
              <label htmlFor={`grpc-next-${tabId}`}>Next message on the stream (JSON)</label>
              <textarea id={`grpc-next-${tabId}`} className="grpc-json" rows={4} spellCheck={false} value={tab.nextMessage} onChange={(e) => patch(tabId, { nextMessage: e.target.value })} />
              <div className="grpc-row">
                <button type="button" onClick={() => void sendNext(store, tabId)}>Send message</button>
                <button type="button" onClick={() => void endStream(tabId)}>End stream</button>
              </div>
            </div>
          ) : null}
        </div>
      ) : section === 'metadata' ? (
        <div className="grpc-metadata">
          <p className="hint">The request headers are sent as gRPC metadata (names lowercased; a name ending in -bin carries base64).</p>
          <HeadersTable />
        </div>
      ) : (
        <AuthPanel />
      )}
    </div>
  );
}
