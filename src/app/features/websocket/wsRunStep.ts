/**
 * The app runner's WebSocket step: the handshake built as the tab's Connect builds it (with
 * the run's data row), a channel to the relay, the saved messages sent in order, what arrives
 * collected for the request's time limit (or count), closed with 1000; mapped onto core/run's
 * ExchangeView (status 101 or the refusal's, body = JSON array of the messages received) for
 * the request's assertions and captures, all reported masked.
 */
import { substituteVariables } from '../../../core';
import { CHANNEL_KEY_PREFIX, CHANNEL_PATH, CHANNEL_PROTOCOL, type ChannelEvent, type ChannelRequest } from '../../../core/protocols/websocket/channel';
import { base64Of } from '../../../core/protocols/websocket/messageFormat';
import { runMessages, webSocketExchangeView, webSocketOutcomeLine } from '../../../core/protocols/websocket/runView';
import { DEFAULT_COLLECT_MS, emptyWebSocketSettings } from '../../../core/protocols/websocket/settings';
import type { WebSocketTranscript } from '../../../core/protocols/websocket/transcript';
import { evaluateAssertions } from '../../../core/run/assertions';
import { evaluateCaptures, maskedValue } from '../../../core/run/captures';
import type { RunStepResult } from '../../../core/run/types';
import { rememberExchangeSecrets } from '../../../core/workspace/redact';
import { maskSecretText } from '../../../core/workspace/secretLedger';
import { relayToken } from '../../base/relay/session';
import type { AppProtocolStep } from '../runner/protocolSteps';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { openMetaFor } from './connection';

/** How long the closing handshake may take before the channel is dropped. */
const CLOSE_GRACE_MS = 3000;

export const runWebSocketAppStep: AppProtocolStep = async (store, request, step, signal) => {
  const draft = request.draft;
  // Iterations are reported from 1, as the HTTP steps report them (workbenchSteps.ts).
  const result: RunStepResult = { requestId: request.id, name: request.name, path: step.request.path, iteration: step.iteration + 1, method: 'WEBSOCKET', url: maskSecretText(draft.url), captures: [], assertions: [], tests: [], scriptErrors: [] };
  const fail = (kind: string, message: string) => ({ result: { ...result, error: { kind, message: maskSecretText(message) } } });
  const settings = { ...emptyWebSocketSettings(), ...(draft.websocket ?? {}) };
  const extra = step.dataRow ?? {};
  const prepared = await openMetaFor(store, draft, extra);
  if (!prepared.ok) return fail('bad_request', prepared.message);
  const values = { ...activeEnvironmentValues(store.getState()), ...extra };
  const outgoing = runMessages(settings.messages, (text) => substituteVariables(text, values).text);
  if (!outgoing.ok) return fail('bad_message', outgoing.error.message);
  result.url = maskSecretText(prepared.meta.url);
  const started = performance.now();
  const transcript: WebSocketTranscript = { messages: [] };
  await new Promise<void>((resolve) => {
    const channel = new WebSocket(new URL(CHANNEL_PATH, location.href).href.replace(/^http/, 'ws'), [CHANNEL_PROTOCOL, `${CHANNEL_KEY_PREFIX}${relayToken()}`]);
    const timers: ReturnType<typeof setTimeout>[] = [];
    let received = 0;
    let closing = false;
    const say = (r: ChannelRequest) => channel.readyState === WebSocket.OPEN && channel.send(JSON.stringify(r));
    const done = () => {
      for (const t of timers) clearTimeout(t);
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const close = () => {
      if (closing) return;
      closing = true;
      say({ type: 'close', code: 1000, reason: 'run step done' });
      timers.push(setTimeout(() => channel.close(), CLOSE_GRACE_MS));
    };
    const onAbort = () => channel.close();
    signal.addEventListener('abort', onAbort, { once: true });
    channel.onopen = () => say({ type: 'open', meta: prepared.meta });
    channel.onclose = () => {
      if (!transcript.closure && !transcript.refusal && !transcript.failure) transcript.failure = { kind: signal.aborted ? 'aborted' : 'relay', message: signal.aborted ? 'The run was stopped.' : 'The channel to the Wirebench server closed.' };
      done();
    };
    channel.onmessage = (e: MessageEvent<string>) => {
      const event = JSON.parse(e.data) as ChannelEvent;
      if (event.type === 'handshake') {
        transcript.handshake = event.handshake;
        for (const m of outgoing.value) say(m.opcode === 'text' ? { type: 'send', opcode: 'text', text: m.text } : { type: 'send', opcode: 'binary', data: base64Of(m.bytes) });
        timers.push(setTimeout(close, settings.collectMs ?? DEFAULT_COLLECT_MS));
      } else if (event.type === 'messages') {
        for (const m of event.messages) {
          transcript.messages.push(m);
          if (m.direction === 'received' && (m.opcode === 'text' || m.opcode === 'binary')) received += 1;
        }
        if (settings.collectCount && received >= settings.collectCount) close();
      } else if (event.type === 'refused') transcript.refusal = event.refusal;
      else if (event.type === 'failed') transcript.failure = event.failure;
      else if (event.type === 'closed') {
        transcript.closure = event.closure;
        if (event.failure) transcript.failure = event.failure;
      }
    };
  });
  const durationMs = performance.now() - started;
  const view = webSocketExchangeView(transcript, { method: 'GET', url: prepared.meta.url, headers: prepared.meta.headers }, durationMs);
  if (!view) return fail(transcript.failure?.kind ?? 'websocket', webSocketOutcomeLine(transcript));
  rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) });
  result.status = view.status;
  result.reason = view.reason;
  result.durationMs = Math.round(durationMs);
  result.responseHeaders = view.headers.map((h) => ({ name: h.name, value: maskSecretText(h.value) }));
  if (transcript.handshake && transcript.failure && transcript.failure.kind !== 'closed') result.error = { kind: transcript.failure.kind, message: maskSecretText(transcript.failure.message) };
  result.captures = evaluateCaptures(request.captures ?? [], view).map((c) => (c.value !== undefined && c.secret ? { ...c, value: maskedValue(c.value) } : c.value !== undefined ? { ...c, value: maskSecretText(c.value) } : c));
  result.assertions = evaluateAssertions(request.assertions ?? [], view).map((a) => ({ ...a, ...(a.actual !== undefined ? { actual: maskSecretText(a.actual) } : {}) }));
  return { result };
};
