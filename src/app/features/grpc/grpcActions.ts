/**
 * What the gRPC composer's buttons do for a tab: Load services, Invoke (the call's events
 * folded into the tab's transcript as they arrive), Send (the next message of a stream),
 * End stream, Cancel. Nothing typed is lost on a failure: the problem is shown beside the
 * button and the draft stays as it was.
 */
import type { StoreApi } from 'zustand';
import { recordGrpcHistory } from './grpcHistory';
import { applyGrpcEvent, emptyGrpcTranscript, type GrpcTranscript } from '../../../core/protocols/grpc/callModel';
import { findGrpcMethod, grpcCallKind } from '../../../core/protocols/grpc/descriptorModel';
import { checkGrpcMessage } from '../../../core/protocols/grpc/messageCheck';
import { checkGrpcDeadline } from '../../../core/protocols/grpc/deadline';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { cancelGrpcCall, describeGrpcServices, endGrpcStream, sendGrpcMessage, streamGrpcCall } from './grpcClient';
import { grpcSettingsOf, prepareGrpc } from './grpcPrepare';
import { useGrpcStore } from './grpcStore';

const patch = (tabId: string, change: Parameters<ReturnType<typeof useGrpcStore.getState>['patch']>[1]) => useGrpcStore.getState().patch(tabId, change);

export async function loadServices(store: StoreApi<WorkbenchState>, tabId: string): Promise<void> {
  const state = store.getState();
  patch(tabId, { loading: true, loadError: undefined });
  const prepared = await prepareGrpc(state.draft, activeEnvironmentValues(state));
  if (!prepared.ok) return patch(tabId, { loading: false, loadError: { kind: 'bad_request', message: prepared.message } });
  const { target, metadata } = prepared.value;
  const result = await describeGrpcServices(target, metadata);
  if (!result.ok) return patch(tabId, { loading: false, loadError: result.error });
  const from = result.source === 'reflection' ? `server reflection (${result.reflectionVersion ?? 'v1'}) at ${target.url}` : `${Object.keys(target.protoFiles ?? {}).join(', ')}`;
  patch(tabId, { loading: false, catalog: result.catalog, catalogFrom: from });
  // A draft naming no service yet (or one the server does not have) starts on the first one.
  const settings = grpcSettingsOf(store.getState().draft);
  const known = findGrpcMethod(result.catalog, settings.service, settings.method);
  if (!known.ok && result.catalog.services[0]?.methods[0]) {
    const svc = result.catalog.services[0];
    const { grpcSampleJson } = await import('../../../core/protocols/grpc/messageSample');
    const method = svc.methods[0]!;
    store.getState().updateDraft((d) => ({ ...d, grpc: { ...grpcSettingsOf(d), service: svc.name, method: method.name, messages: [grpcSampleJson(result.catalog, method.requestType)] } }));
  }
}

export async function invoke(store: StoreApi<WorkbenchState>, tabId: string): Promise<void> {
  const tab = useGrpcStore.getState().tabs[tabId];
  if (tab?.running) return;
  const state = store.getState();
  const draft = state.draft;
  const settings = grpcSettingsOf(draft);
  if (!settings.service || !settings.method) return patch(tabId, { problem: 'Choose a service and a method first (Load services lists them).' });
  const deadline = checkGrpcDeadline(String(settings.deadlineMs ?? 0));
  if (!deadline.ok) return patch(tabId, { problem: deadline.message });
  const prepared = await prepareGrpc(draft, activeEnvironmentValues(state));
  if (!prepared.ok) return patch(tabId, { problem: prepared.message });
  const catalog = tab?.catalog;
  const method = catalog ? findGrpcMethod(catalog, settings.service, settings.method) : undefined;
  const streamsIn = method?.ok ? method.method.clientStreaming : false;
  const texts = streamsIn ? prepared.value.messageTexts.slice(0, 1) : prepared.value.messageTexts.slice(0, 1);
  const messages: unknown[] = [];
  for (const text of texts) {
    const checked = catalog && method?.ok ? checkGrpcMessage(catalog, method.method.requestType, text) : undefined;
    if (checked && !checked.ok) return patch(tabId, { problem: `Not sent: ${checked.problems.map((p) => p.message).join(' ')}` });
    try {
      messages.push(checked?.ok ? checked.value : JSON.parse(text));
    } catch (err) {
      return patch(tabId, { problem: `Not sent: the message is not valid JSON (${(err as Error).message}).` });
    }
  }
  const abort = new AbortController();
  let transcript: GrpcTranscript = emptyGrpcTranscript(settings.service, settings.method);
  if (method?.ok) transcript.kind = grpcCallKind(method.method);
  patch(tabId, { running: true, problem: undefined, transcript, abort, deadlineMs: deadline.ms });
  const startedAt = Date.now();
  await streamGrpcCall(
    { ...prepared.value.target, service: settings.service, method: settings.method, messages, metadata: prepared.value.metadata, deadlineMs: deadline.ms },
    (event) => {
      transcript = applyGrpcEvent(transcript, event);
      patch(tabId, { transcript });
    },
    abort.signal,
  );
  patch(tabId, { running: false, abort: undefined });
  // The call's transcript to history (masked there by the one redaction gate), with the call as it ended.
  recordGrpcHistory(store, tabId, draft, prepared.value.metadata, useGrpcStore.getState().tabs[tabId]?.transcript ?? transcript, startedAt);
}

/** Sends the tab's next message on its client or bidi stream. */
export async function sendNext(store: StoreApi<WorkbenchState>, tabId: string): Promise<void> {
  const tab = useGrpcStore.getState().tabs[tabId];
  const callId = tab?.transcript?.callId;
  if (!tab?.running || !callId) return patch(tabId, { problem: 'No stream is open: Invoke first.' });
  const settings = grpcSettingsOf(store.getState().draft);
  const method = tab.catalog ? findGrpcMethod(tab.catalog, settings.service, settings.method) : undefined;
  const checked = tab.catalog && method?.ok ? checkGrpcMessage(tab.catalog, method.method.requestType, tab.nextMessage) : undefined;
  if (checked && !checked.ok) return patch(tabId, { problem: `Not sent: ${checked.problems.map((p) => p.message).join(' ')}` });
  let message: unknown;
  try {
    message = checked?.ok ? checked.value : JSON.parse(tab.nextMessage);
  } catch (err) {
    return patch(tabId, { problem: `Not sent: the message is not valid JSON (${(err as Error).message}).` });
  }
  const sent = await sendGrpcMessage(callId, message);
  patch(tabId, { problem: sent.ok ? undefined : sent.error.message });
}

export async function endStream(tabId: string): Promise<void> {
  const callId = useGrpcStore.getState().tabs[tabId]?.transcript?.callId;
  if (callId) await endGrpcStream(callId);
}

export async function cancelCall(tabId: string): Promise<void> {
  const tab = useGrpcStore.getState().tabs[tabId];
  const callId = tab?.transcript?.callId;
  if (callId) await cancelGrpcCall(callId);
  else tab?.abort?.abort();
}
