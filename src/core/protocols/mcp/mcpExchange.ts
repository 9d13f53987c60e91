/**
 * An MCP call as a run step sees it: the saved call (`draft.mcp.call`) as the JSON-RPC
 * request it makes, and its outcome mapped onto core/run's ExchangeView so the existing
 * captures and assertions work unchanged — status 200 with body = the result JSON (a tool
 * error too: its `isError` is in the body), or the JSON-RPC error's code with body = the
 * error object, or the HTTP status that refused the session (401…).
 */
import type { ExchangeView } from '../../run/exchangeView';
import { fail, ok, type HeaderField, type Result } from '../../types';
import { explainJsonRpcCode } from './errorCodes';
import type { McpSettings } from './settings';
import { parseArgumentsText } from './toolSchema';

/** The request a saved call makes. */
export function mcpCallRequest(settings: McpSettings): Result<{ method: string; params: Record<string, unknown>; label: string }> {
  const call = settings.call;
  if (!call || !call.name.trim()) return fail({ kind: 'mcp-call', message: 'The request names no tool, resource or prompt to call: choose one in the MCP composer and save.' });
  if (call.kind === 'resource') return ok({ method: 'resources/read', params: { uri: call.name }, label: `resources/read ${call.name}` });
  const args = parseArgumentsText(call.arguments);
  if (!args.ok) return args;
  if (call.kind === 'prompt') return ok({ method: 'prompts/get', params: { name: call.name, arguments: Object.fromEntries(Object.entries(args.value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) }, label: `prompts/get ${call.name}` });
  return ok({ method: 'tools/call', params: { name: call.name, arguments: args.value }, label: `tools/call ${call.name}` });
}

export type McpStepOutcome =
  | { ok: true; result: Record<string, unknown> }
  | { ok: false; failure: { kind: string; message: string; error?: { code: number; message: string; data?: unknown }; status?: number } };

/** The outcome as an exchange view, or undefined when nothing came back to look at (a network failure). */
export function mcpExchangeView(outcome: McpStepOutcome, request: { url: string; headers: HeaderField[]; method: string; params: Record<string, unknown>; durationMs?: number; sessionId?: string }): ExchangeView | undefined {
  const sent = { method: 'POST', url: request.url, headers: request.headers, bodyText: JSON.stringify({ jsonrpc: '2.0', method: request.method, params: request.params }) };
  const headers: HeaderField[] = [{ name: 'Content-Type', value: 'application/json' }, ...(request.sessionId ? [{ name: 'Mcp-Session-Id', value: request.sessionId }] : [])];
  const view = (status: number, reason: string, body: unknown): ExchangeView => {
    const bodyText = JSON.stringify(body);
    return { request: sent, status, reason, headers, bodyText, ...(request.durationMs !== undefined ? { durationMs: request.durationMs } : {}), sizeBytes: new TextEncoder().encode(bodyText).length };
  };
  if (outcome.ok) return view(200, outcome.result.isError === true ? 'Tool error' : 'OK', outcome.result);
  const f = outcome.failure;
  if (f.error) return view(f.error.code, explainJsonRpcCode(f.error.code).name, f.error);
  if (f.status) return view(f.status, f.kind, { error: f.kind, message: f.message });
  return undefined;
}
