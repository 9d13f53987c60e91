/**
 * `wirebench run` step of an MCP request: connect to the server in-process with the relay's
 * MCP session (headers and auth from the draft, a vault token from `--vault`), make the
 * saved call (`draft.mcp.call`: tools/call, resources/read or prompts/get), end the session,
 * every request going as an HTTP step's would (the relay's engine through `relayFetch`: the
 * proxy the server's environment names, `--insecure`),
 * and map the outcome onto core/run's ExchangeView (status 200 and body = the result JSON,
 * or the JSON-RPC error's code and the error, or the HTTP status that refused) so captures
 * and assertions work unchanged. Masked.
 */
import { substituteVariables, type RequestDraft } from '../core';
import { mcpCallRequest, mcpExchangeView } from '../core/protocols/mcp/mcpExchange';
import { emptyMcpSettings } from '../core/protocols/mcp/settings';
import { rememberExchangeSecrets } from '../core/workspace/redact';
import { McpSession, type McpOutcome } from '../relay/mcp/mcpSession';
import { relayFetch } from '../relay/relayFetch';
import { buildLiveRequest, finishLiveStep, liveDeadlineMs, startLiveStep } from './liveStep';
import type { PlannedRequest } from './plan';
import type { StepContext, StepOutcome } from './step';

export async function runMcpStep(planned: PlannedRequest, ctx: StepContext): Promise<StepOutcome> {
  const { request } = planned;
  const { mask, variables } = ctx;
  const draft: RequestDraft = request.draft;
  const settings = { ...emptyMcpSettings(), ...(draft.mcp ?? {}) };
  const step = startLiveStep(planned, ctx, 'MCP');
  const { result, fail } = step;
  const values = variables.values();
  const planned2 = mcpCallRequest({ ...settings, ...(settings.call ? { call: { ...settings.call, name: substituteVariables(settings.call.name, values).text, arguments: substituteVariables(settings.call.arguments, values).text } } : {}) });
  if (!planned2.ok) return fail('bad_request', `${planned2.error.message} ("${request.name}")`);
  const httpDraft: RequestDraft = { ...draft, method: 'POST', body: { ...draft.body, kind: 'none' } };
  const built = await buildLiveRequest(httpDraft, ctx, values);
  if (!built.ok) return fail(built.kind, built.message);
  const url = built.value.wire.url;
  const headers = built.value.wire.headers.filter((h) => !/^(host|content-type|content-length|user-agent|accept-encoding|accept)$/i.test(h.name));
  rememberExchangeSecrets({ request: { method: 'POST', url, headers }, headers: [] }, mask.ledger);
  result.url = mask.text(url);
  const started = Date.now();
  const viaRelay = relayFetch({ network: { ...(ctx.insecure || draft.options.insecureTls ? { insecureTls: true } : {}) } });
  const session = new McpSession({ url, transport: settings.transport, headers, fetch: viaRelay, ...(settings.protocolVersion ? { protocolVersion: settings.protocolVersion } : {}) });
  const timeoutMs = liveDeadlineMs(ctx);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<McpOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, failure: { kind: 'timeout', message: `No answer within ${timeoutMs} ms; the call was cancelled (notifications/cancelled) and the session ended.` } }), timeoutMs);
  });
  let outcome: McpOutcome;
  let id: string | undefined;
  try {
    const work = (async (): Promise<McpOutcome> => {
      const hello = await session.connect();
      if (!hello.ok) return hello;
      return session.request(planned2.value.method, planned2.value.params, { onId: (i) => (id = i) });
    })();
    outcome = await Promise.race([work, deadline]);
    if (!outcome.ok && outcome.failure.kind === 'timeout' && id) await session.cancel(id, 'wirebench run: timeout');
  } finally {
    clearTimeout(timer);
    await session.close();
  }
  const view = mcpExchangeView(outcome, { url, headers, method: planned2.value.method, params: planned2.value.params, durationMs: Date.now() - started, ...(session.handshake?.sessionId ? { sessionId: session.handshake.sessionId } : {}) });
  if (!view) return fail(outcome.ok ? 'mcp' : outcome.failure.kind, outcome.ok ? 'No result.' : outcome.failure.message);
  result.method = `MCP ${planned2.value.label}`;
  // A failure without a JSON-RPC error (the network, a dropped stream) fails the step; a 401 or a JSON-RPC error is for assertions to judge.
  const failed = !outcome.ok && !outcome.failure.error && outcome.failure.kind !== 'unauthorized' ? { kind: outcome.failure.kind, message: outcome.failure.message } : undefined;
  return finishLiveStep(planned, ctx, step, view, { reason: view.reason, durationMs: view.durationMs, ...(failed ? { error: failed, checks: false } : {}) });
}
