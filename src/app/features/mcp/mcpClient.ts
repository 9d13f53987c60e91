/**
 * The page's side of the MCP channel to the relay (`/api/mcp/…`, with the page key like
 * every `/api` call): open a session and read its NDJSON events as they come, make a
 * request, cancel one, close, and run the authorization discovery.
 */
import type { HeaderField } from '../../../core';
import type { NetworkOptions } from '../../base/relay/networkOptions';
import type { AuthPlan, AuthStep } from '../../../core/protocols/mcp/authDiscovery';
import type { McpWireEntry } from '../../../core/protocols/mcp/wire';
import { relayToken } from '../../base/relay/session';
import type { McpFailureView, McpHandshakeView, McpOutcomeView } from './mcpStore';

const headers = () => ({ 'Content-Type': 'application/json', 'X-Wirebench-Token': relayToken() });

export type McpStreamEvent =
  | { type: 'session'; ref: string }
  | { type: 'wire'; entry: McpWireEntry }
  | { type: 'connected'; handshake: McpHandshakeView }
  | { type: 'failed'; failure: McpFailureView }
  | { type: 'issued'; call?: string; id: string }
  | { type: 'closed' };

const unreachable = (err: unknown) => `The Wirebench server could not be reached (${(err as Error).message}). Check that it is still running.`;

async function refusal(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    return (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {
    return text.trim() || `HTTP ${response.status}`;
  }
}

/** Opens a session; `onEvent` gets each event as its line arrives; resolves when the stream ends. */
export async function streamMcpSession(body: { url: string; transport: string; headers: HeaderField[]; protocolVersion?: string; network?: NetworkOptions }, onEvent: (e: McpStreamEvent) => void, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/mcp/sessions', { method: 'POST', headers: headers(), body: JSON.stringify(body), signal });
  } catch (err) {
    if (!signal.aborted) onEvent({ type: 'failed', failure: { kind: 'network', message: unreachable(err) } });
    return;
  }
  if (!response.ok || !response.body) return onEvent({ type: 'failed', failure: { kind: 'http', message: `The relay refused to connect: ${await refusal(response)}` } });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += value;
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl).trim();
        pending = pending.slice(nl + 1);
        if (line) onEvent(JSON.parse(line) as McpStreamEvent);
      }
    }
  } catch (err) {
    if (!signal.aborted) onEvent({ type: 'failed', failure: { kind: 'network', message: `The connection to the Wirebench server broke (${(err as Error).message}).` } });
  }
  onEvent({ type: 'closed' });
}

async function post<T>(path: string, body: unknown, fallback: (message: string) => T): Promise<T> {
  try {
    const response = await fetch(path, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
    const value = (await response.json().catch(() => undefined)) as (T & { error?: string }) | undefined;
    if (!value) return fallback(`The relay answered HTTP ${response.status} without JSON.`);
    if (!response.ok && typeof value.error === 'string') return fallback(value.error);
    return value;
  } catch (err) {
    return fallback(unreachable(err));
  }
}

export function mcpRequest(ref: string, method: string, params: Record<string, unknown> | undefined, call: string, progress: boolean): Promise<McpOutcomeView> {
  return post(`/api/mcp/sessions/${ref}/request`, { method, params, call, progress }, (message) => ({ ok: false, failure: { kind: 'http', message } }));
}

export function mcpCancel(ref: string, call: string): Promise<{ ok: boolean }> {
  return post(`/api/mcp/sessions/${ref}/cancel`, { call }, () => ({ ok: false }));
}

export function mcpClose(ref: string): Promise<{ ok: boolean }> {
  return post(`/api/mcp/sessions/${ref}/close`, {}, () => ({ ok: false }));
}

export function mcpDiscover(body: { url: string; headers: HeaderField[]; redirectUri: string; clientId?: string; network?: NetworkOptions }): Promise<{ steps: AuthStep[]; plan?: AuthPlan; error?: string }> {
  return post('/api/mcp/discover', body, (message) => ({ steps: [], error: message }));
}
