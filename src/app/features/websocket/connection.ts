/**
 * Connect, send, ping, close for a WebSocket tab. The handshake request is built as an HTTP
 * send builds its request (variables, auth with the vault's token, the workspace's proxy, the
 * host's client certificates and CA bundles, the cookie jar), then the page opens its channel
 * to the relay (`/api/ws`, the page key as a subprotocol) and asks it to open the upstream.
 */
import type { StoreApi } from 'zustand';
import { buildWireRequest, draftWithUrl, substituteVariables, type RequestDraft } from '../../../core';
import { CHANNEL_KEY_PREFIX, CHANNEL_PATH, CHANNEL_PROTOCOL, type ChannelEvent, type ChannelRequest, type WebSocketOpenMeta } from '../../../core/protocols/websocket/channel';
import { emptyWebSocketSettings } from '../../../core/protocols/websocket/settings';
import { rememberExchangeSecrets } from '../../../core/workspace/redact';
import { cookieJarOf } from '../cookies/cookieJarStore';
import { hostNetworkOptions } from '../../base/relay/networkOptions';
import { proxySettingsLoaded } from '../../base/relay/proxySettings';
import { relayToken } from '../../base/relay/session';
import { trustedFingerprintsFor } from '../../base/relay/trustedCertificates';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { relayTlsFor } from '../../base/relay/tlsSettingsStore';
import { lockedSecretsMessage, secretKeeper, unresolvedKeptSecrets } from '../../base/secrets/secretKeeper';
import { appendMessages, flushMessages, useWsStore } from './wsStore';
import { recordWebSocketHistory } from './wsHistory';

const channels = new Map<string, WebSocket>();

/** The draft's URL as the HTTP builder takes it: ws: → http:, wss: → https: (the relay maps them back). */
export function httpFormOf(url: string): string {
  return url.replace(/^\s*ws(s?):\/\//i, (_m, s: string) => `http${s}://`);
}

/** The upstream description for `draft`, or what stops it being sent. */
export async function openMetaFor(store: StoreApi<WorkbenchState>, draft: RequestDraft, extraValues: Readonly<Record<string, string>> = {}): Promise<{ ok: true; meta: WebSocketOpenMeta } | { ok: false; message: string }> {
  const state = store.getState();
  const env = { ...activeEnvironmentValues(state), ...extraValues };
  const locked = unresolvedKeptSecrets([draft, env]);
  if (locked.length > 0) return { ok: false, message: lockedSecretsMessage(locked, secretKeeper.getState().status) };
  // Variables first: a {{base}} may hold the ws:// scheme the HTTP builder would refuse.
  const address = substituteVariables(draft.url, env).text.trim();
  const asHttp = { ...draftWithUrl(draft, httpFormOf(address)), method: 'GET', body: { ...draft.body, kind: 'none' as const } };
  let built = buildWireRequest(asHttp, env);
  if (!built.ok) return { ok: false, message: built.error.message };
  if (built.value.vaultPending && draft.auth.vaultEntryId) {
    const { resolveVaultAuth } = await import('../vault/vaultAccess');
    const credential = await resolveVaultAuth(draft.auth.vaultEntryId, built.value.wire.url);
    if (!credential.ok) return { ok: false, message: `No token from the vault: ${credential.error.message}` };
    built = buildWireRequest(asHttp, env, { vaultCredential: credential.value });
    if (!built.ok) return { ok: false, message: built.error.message };
  }
  const wire = built.value.wire;
  // The handshake's credentials join the session's ledger: the transcript and history mask them.
  rememberExchangeSecrets({ request: { method: 'GET', url: wire.url, headers: wire.headers }, headers: [] });
  const tls = relayTlsFor(wire.url);
  if (!tls.ok) return { ok: false, message: tls.message };
  const loading = proxySettingsLoaded();
  if (loading) await loading;
  const settings = draft.websocket ?? emptyWebSocketSettings();
  const jar = draft.options.cookies === false ? undefined : cookieJarOf(store);
  const original = /^wss?:/i.test(address) ? wire.url.replace(/^http/, 'ws') : wire.url;
  return {
    ok: true,
    meta: {
      url: original,
      headers: wire.headers.filter((h) => !/^(content-length|content-type)$/i.test(h.name)),
      subprotocols: settings.subprotocols.filter((p) => p.trim() !== ''),
      deflate: settings.deflate,
      timeoutMs: draft.options.timeoutMs,
      ...hostNetworkOptions(wire.url, tls.value, { trustedFingerprints: trustedFingerprintsFor }),
      insecureTls: draft.options.insecureTls || tls.value.verificationOff,
      ...(jar ? { cookies: jar.getState().jar } : {}),
    },
  };
}

/** The transcript to history once the page is idle: its masking is work the live list need not wait for. */
function keepInHistory(store: StoreApi<WorkbenchState>, tabId: string, draft: RequestDraft): void {
  const later = typeof requestIdleCallback === 'function' ? (f: () => void) => requestIdleCallback(f, { timeout: 2000 }) : (f: () => void) => setTimeout(f, 0);
  later(() => recordWebSocketHistory(store, tabId, draft));
}

function say(tabId: string, request: ChannelRequest): boolean {
  const channel = channels.get(tabId);
  if (!channel || channel.readyState !== WebSocket.OPEN) return false;
  channel.send(JSON.stringify(request));
  return true;
}

/** Opens the tab's WebSocket (closing one still open). */
export async function connect(store: StoreApi<WorkbenchState>, tabId: string): Promise<void> {
  disconnect(tabId, 1000, '', true);
  const draft = store.getState().draft;
  const ws = useWsStore.getState();
  ws.reset(tabId, draft.url);
  const prepared = await openMetaFor(store, draft);
  if (!prepared.ok) {
    ws.patch(tabId, { phase: 'closed', failure: { kind: 'bad_request', message: prepared.message } });
    return;
  }
  const channel = new WebSocket(new URL(CHANNEL_PATH, location.href).href.replace(/^http/, 'ws'), [CHANNEL_PROTOCOL, `${CHANNEL_KEY_PREFIX}${relayToken()}`]);
  channels.set(tabId, channel);
  let ended = false;
  channel.onopen = () => channel.send(JSON.stringify({ type: 'open', meta: prepared.meta } satisfies ChannelRequest));
  channel.onmessage = (e: MessageEvent<string>) => {
    const event = JSON.parse(e.data) as ChannelEvent;
    const patch = useWsStore.getState().patch;
    switch (event.type) {
      case 'messages':
        appendMessages(tabId, event.messages);
        break;
      case 'handshake':
        patch(tabId, { phase: 'open', handshake: event.handshake });
        break;
      case 'refused':
        ended = true;
        patch(tabId, { phase: 'closed', refusal: event.refusal });
        keepInHistory(store, tabId, draft);
        break;
      case 'failed':
        ended = true;
        patch(tabId, { phase: 'closed', failure: event.failure });
        keepInHistory(store, tabId, draft);
        break;
      case 'problem':
        patch(tabId, { problem: event.message });
        break;
      case 'closed':
        ended = true;
        flushMessages();
        patch(tabId, { phase: 'closed', closure: event.closure, ...(event.failure ? { failure: event.failure } : {}) });
        keepInHistory(store, tabId, draft);
        break;
    }
  };
  channel.onclose = () => {
    if (channels.get(tabId) === channel) channels.delete(tabId);
    if (ended) return;
    flushMessages();
    const tab = useWsStore.getState().tabs[tabId];
    if (tab && tab.phase !== 'closed') {
      useWsStore.getState().patch(tabId, { phase: 'closed', failure: { kind: 'relay', message: 'The channel to the Wirebench server closed (the server stopped, or the session is gone), so the WebSocket was dropped.' } });
    }
  };
}

export function sendText(tabId: string, text: string): boolean {
  return say(tabId, { type: 'send', opcode: 'text', text });
}

export function sendBinary(tabId: string, base64: string): boolean {
  return say(tabId, { type: 'send', opcode: 'binary', data: base64 });
}

export function ping(tabId: string): boolean {
  return say(tabId, { type: 'ping' });
}

/** Starts the closing handshake; with `drop` the channel is closed at once (a reconnect). */
export function disconnect(tabId: string, code = 1000, reason = '', drop = false): void {
  const channel = channels.get(tabId);
  if (!channel) return;
  if (drop) {
    channels.delete(tabId);
    channel.close();
    return;
  }
  useWsStore.getState().patch(tabId, { phase: 'closing', problem: undefined });
  say(tabId, { type: 'close', code, reason });
}
