/**
 * `wirebench run` step of an MCP request: connect to the server in-process with the relay's
 * MCP session (headers and auth from the draft, a vault token from `--vault`), make the
 * saved call (`draft.mcp.call`: tools/call, resources/read or prompts/get), end the session,
 * and map the outcome onto core/run's ExchangeView (status 200 and body = the result JSON,
 * or the JSON-RPC error's code and the error, or the HTTP status that refused) so captures
 * and assertions work unchanged. Masked.
 */
import { buildWireRequest, substituteVariables, type RequestDraft } from '../core';
import { mcpCallRequest, mcpExchangeView } from '../core/protocols/mcp/mcpExchange';
import { emptyMcpSettings } from '../core/protocols/mcp/settings';
import { evaluateAssertions, evaluateCaptures, maskedValue, type Assertion, type Capture, type RunStepResult } from '../core/run';
import { xmlXPath } from '../core/run/xmlXPath';
import { rememberExchangeSecrets } from '../core/workspace/redact';
import { McpSession, type McpOutcome } from '../relay/mcp/mcpSession';
import type { PlannedRequest } from './plan';
import type { StepContext, StepOutcome } from './step';

/** Used when --timeout sets none, so a stuck server cannot hold the run. */
const DEFAULT_TIMEOUT_MS = 30_000;

export async function runMcpStep(planned: PlannedRequest, ctx: StepContext): Promise<StepOutcome> {
  const { request, path } = planned;
  const { mask, variables } = ctx;
  const draft: RequestDraft = request.draft;
  const settings = { ...emptyMcpSettings(), ...(draft.mcp ?? {}) };
  const result: RunStepResult = { requestId: request.id, name: mask.text(request.name), path: path.map((p) => mask.text(p)), iteration: ctx.iteration, method: 'MCP', url: mask.text(draft.url), captures: [], assertions: [], tests: [], scriptErrors: [] };
  const fail = (kind: string, message: string): StepOutcome => ({ result: { ...result, error: { kind, message: mask.text(message) } } });
  const values = variables.values();
  const planned2 = mcpCallRequest({ ...settings, ...(settings.call ? { call: { ...settings.call, name: substituteVariables(settings.call.name, values).text, arguments: substituteVariables(settings.call.arguments, values).text } } : {}) });
  if (!planned2.ok) return fail('bad_request', `${planned2.error.message} ("${request.name}")`);
  const httpDraft: RequestDraft = { ...draft, method: 'POST', body: { ...draft.body, kind: 'none' } };
  let built = buildWireRequest(httpDraft, values);
  if (built.ok && built.value.vaultPending) {
    const credential = ctx.vault ? await ctx.vault.credential(draft.auth.vaultEntryId ?? '', values) : { ok: false as const, error: { message: `the request takes its token from vault entry "${draft.auth.vaultEntryId ?? ''}"; describe it with --vault FILE` } };
    if (!credential.ok) return fail('auth', credential.error.message);
    built = buildWireRequest(httpDraft, values, { vaultCredential: credential.value });
  }
  if (!built.ok) return fail('bad_request', built.error.message);
  const url = built.value.wire.url;
  const headers = built.value.wire.headers.filter((h) => !/^(host|content-type|content-length|user-agent|accept-encoding|accept)$/i.test(h.name));
  rememberExchangeSecrets({ request: { method: 'POST', url, headers }, headers: [] }, mask.ledger);
  result.url = mask.text(url);
  const started = Date.now();
  const session = new McpSession({ url, transport: settings.transport, headers, ...(settings.protocolVersion ? { protocolVersion: settings.protocolVersion } : {}) });
  const timeoutMs = ctx.timeoutMs || DEFAULT_TIMEOUT_MS;
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
  rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) }, mask.ledger);
  result.method = `MCP ${planned2.value.label}`;
  result.status = view.status;
  result.reason = view.reason;
  result.durationMs = view.durationMs;
  result.responseHeaders = mask.headers(view.headers);
  if (!outcome.ok && !outcome.failure.error && outcome.failure.kind !== 'unauthorized') return fail(outcome.failure.kind, outcome.failure.message);
  const extra = request as { captures?: Capture[]; assertions?: Assertion[] };
  for (const capture of evaluateCaptures(extra.captures ?? [], view, { xpath: xmlXPath })) {
    if (capture.value !== undefined) variables.set(capture.scope, capture.variable, capture.value, capture.secret);
    const shown = capture.error ? { ...capture, error: mask.text(capture.error) } : capture;
    result.captures.push(capture.value !== undefined && (capture.secret || mask.isSecret(capture.value)) ? { ...shown, value: maskedValue(capture.value) } : shown);
  }
  const now = variables.values();
  const resolved = (extra.assertions ?? []).map((a) => (a.kind === 'compare' && a.expected !== undefined ? { ...a, expected: substituteVariables(a.expected, now).text } : a));
  result.assertions.push(...evaluateAssertions(resolved, view, { xpath: xmlXPath }).map((a) => ({ ...a, label: mask.text(a.label), ...(a.actual !== undefined ? { actual: mask.text(a.actual) } : {}), ...(a.message ? { message: mask.text(a.message) } : {}) })));
  return { result };
}
