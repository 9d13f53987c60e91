/**
 * The app runner's MCP step: connect through the relay with the draft's headers and auth
 * (the vault's token included), make the saved call, end the session, and map the outcome
 * onto core/run's ExchangeView (status 200 and body = the result JSON, or the JSON-RPC
 * error's code) for the request's assertions and captures. Captured values are reported
 * (masked); they are not written into variables by this step.
 */
import { mcpCallRequest, mcpExchangeView } from '../../../core/protocols/mcp/mcpExchange';
import { substituteVariables } from '../../../core';
import { evaluateAssertions } from '../../../core/run/assertions';
import { evaluateCaptures, maskedValue } from '../../../core/run/captures';
import type { RunStepResult } from '../../../core/run/types';
import { rememberExchangeSecrets } from '../../../core/workspace/redact';
import { maskSecretText } from '../../../core/workspace/secretLedger';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import type { AppProtocolStep } from '../runner/protocolSteps';
import { mcpClose, mcpRequest, streamMcpSession, type McpStreamEvent } from './mcpClient';
import { prepareMcp } from './mcpPrepare';
import type { McpOutcomeView } from './mcpStore';

export const runMcpAppStep: AppProtocolStep = async (store, request, step, signal) => {
  const result: RunStepResult = { requestId: request.id, name: request.name, path: step.request.path, iteration: step.iteration, method: 'MCP', url: maskSecretText(request.draft.url), captures: [], assertions: [], tests: [], scriptErrors: [] };
  const fail = (kind: string, message: string) => ({ result: { ...result, error: { kind, message: maskSecretText(message) } } });
  const env = { ...activeEnvironmentValues(store.getState()), ...(step.dataRow ?? {}) };
  const prepared = await prepareMcp(request.draft, env);
  if (!prepared.ok) return fail('bad_request', prepared.message);
  const { url, headers, settings, network } = prepared.value;
  const planned = mcpCallRequest({ ...settings, ...(settings.call ? { call: { ...settings.call, name: substituteVariables(settings.call.name, env).text, arguments: substituteVariables(settings.call.arguments, env).text } } : {}) });
  if (!planned.ok) return fail('bad_request', planned.error.message);
  const started = performance.now();
  const abort = new AbortController();
  signal.addEventListener('abort', () => abort.abort(), { once: true });
  let ref = '';
  let sessionId: string | undefined;
  const connected = new Promise<McpOutcomeView | undefined>((resolve) => {
    void streamMcpSession({ url, headers, network, transport: settings.transport }, (e: McpStreamEvent) => {
      if (e.type === 'session') ref = e.ref;
      else if (e.type === 'connected') {
        sessionId = e.handshake.sessionId;
        resolve(undefined);
      } else if (e.type === 'failed') resolve({ ok: false, failure: e.failure });
      else if (e.type === 'closed') resolve({ ok: false, failure: { kind: 'closed', message: 'The session closed before it was ready.' } });
    }, abort.signal);
  });
  const refused = await connected;
  const outcome: McpOutcomeView = refused ?? (await mcpRequest(ref, planned.value.method, planned.value.params, `run-${request.id}`, false));
  if (ref) await mcpClose(ref);
  abort.abort();
  const view = mcpExchangeView(outcome, { url, headers, method: planned.value.method, params: planned.value.params, durationMs: Math.round(performance.now() - started), ...(sessionId ? { sessionId } : {}) });
  if (!view) return fail(outcome.ok ? 'mcp' : outcome.failure.kind, outcome.ok ? 'No result.' : outcome.failure.message);
  rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) });
  result.method = `MCP ${planned.value.label}`;
  result.status = view.status;
  result.reason = view.reason;
  result.durationMs = view.durationMs;
  result.responseHeaders = view.headers.map((h) => ({ name: h.name, value: maskSecretText(h.value) }));
  result.captures = evaluateCaptures(request.captures ?? [], view).map((c) => (c.value !== undefined && c.secret ? { ...c, value: maskedValue(c.value) } : c.value !== undefined ? { ...c, value: maskSecretText(c.value) } : c));
  result.assertions = evaluateAssertions(request.assertions ?? [], view).map((a) => ({ ...a, ...(a.actual !== undefined ? { actual: maskSecretText(a.actual) } : {}) }));
  return { result };
};
